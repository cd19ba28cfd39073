import { addMessages } from '../../../web/src/i18n';
import { capEn, capZh } from './messages';

addMessages(capEn, capZh);
