import { addMessages } from '../../../web/src/i18n';
import { rptEn, rptZh } from './messages';

addMessages(rptEn, rptZh);
