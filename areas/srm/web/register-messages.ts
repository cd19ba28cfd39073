import { addMessages } from '../../../web/src/i18n';
import { srmEn, srmZh } from './messages';

addMessages(srmEn, srmZh);
