// The area's labels join i18next whenever one of its screens or its panel is loaded.
import { addMessages } from '@seamline/web/engine';
import { formsMessages } from '../meta';
import { formsEn, formsZh } from './messages';

addMessages({ ...formsMessages.en, ...formsEn }, { ...formsMessages.zh, ...formsZh });
