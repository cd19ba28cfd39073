// The access area's texts (sign-in, sign-up, password reset, members, profile). The router's route
// table (web/src/router/routes.tsx) loads this with the app's entry: /login shows them before any
// other area code loads.
import { addMessages } from '@seamline/web/engine';
import { accessEn, accessZh } from './messages';

addMessages(accessEn, accessZh);
