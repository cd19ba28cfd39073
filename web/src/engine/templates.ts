// The engine's screens that are not tied to one definition: a menu category's landing page and
// the /superdemo showcase. Definitions bring their own screens through registerEntity.
import { registerTemplate } from '../router/templates';
import './demo/register';

export function registerEngineTemplates(): void {
  registerTemplate('menuindex', undefined, undefined, () => import('./screens/MenuIndexScreen'));
  registerTemplate('superdemo', undefined, undefined, () => import('./demo/DemoHub'));
  registerTemplate('superdemopage.opt', undefined, undefined, () => import('./demo/DemoHub'));
  registerTemplate('superdemopage.form', undefined, undefined, () => import('./demo/DemoFormScreen'));
  registerTemplate('superdemopage.dynapage', undefined, undefined, () => import('./demo/DemoDynaPage'));
}
