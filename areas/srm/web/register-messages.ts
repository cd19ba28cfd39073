import { addMessages } from '@seamline/web/engine';
import { srmEn, srmZh } from './messages';

addMessages(srmEn, srmZh);
