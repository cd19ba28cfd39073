import { addMessages } from '../../../web/src/i18n';
import { outEn, outZh } from './messages';

addMessages(outEn, outZh);
