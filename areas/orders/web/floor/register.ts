// The floor's screens: the scanning station, the warehouse overview (over the engine's generic
// index of /scm/index/warehouse), the bundle-ticket print page, and the document extensions
// (stock posting, work-order bundles and progress, customer-order progress).
import { registerDocumentExtension, registerTemplate } from '@seamline/web/engine';
import { floorExtension } from './extensions';
import './messages';

/** Called after the area's definitions are registered: a later registration wins a tie. */
export function registerFloorScreens(): void {
  registerTemplate('zp.scanValidate', undefined, undefined, () => import('./ScanStation'));
  registerTemplate('index', 'scm', 'warehouse', () => import('./WarehouseScreen'));
  registerTemplate('print.opt', undefined, 'bundle-ticket', () => import('./BundleTickets'));
  registerDocumentExtension(floorExtension);
}
