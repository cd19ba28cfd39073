import { addMessages } from '../../../web/src/i18n';
import { plmEn, plmZh } from './messages';

addMessages(plmEn, plmZh);
