import { addMessages } from '@seamline/web/engine';
import { capEn, capZh } from './messages';

addMessages(capEn, capZh);
