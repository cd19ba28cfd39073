import { addMessages } from '@seamline/web/engine';
import { plmEn, plmZh } from './messages';

addMessages(plmEn, plmZh);
