// The system area's texts (own profile page, user types). Loaded with the app's entry by the
// router's route table (web/src/router/routes.tsx), as the access area's are.
import { addMessages } from '@seamline/web/engine';
import { systemEn, systemZh } from './messages';

addMessages(systemEn, systemZh);
