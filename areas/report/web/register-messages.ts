import { addMessages } from '@seamline/web/engine';
import { rptEn, rptZh } from './messages';

addMessages(rptEn, rptZh);
