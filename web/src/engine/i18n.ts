// The engine screens' texts join the app's catalogue when the engine loads (it is lazy, so
// /login does not carry them).
import { addMessages } from '../i18n';
import { engineEn, engineZh } from '../i18n/engine';

addMessages(engineEn, engineZh);
