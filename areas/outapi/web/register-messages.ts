import { addMessages } from '@seamline/web/engine';
import { outEn, outZh } from './messages';

addMessages(outEn, outZh);
