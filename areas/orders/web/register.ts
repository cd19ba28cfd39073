// Orders and production in the web: the engine's generic screens for the area's definitions under
// their own cata (scm, plan, prodmgm), plus the custom screens: customer orders with the orders
// placed on suppliers, outsourced orders with the received ones, the work-order list under /zp,
// and the planning calendar /zp/prodmgm/calendarview/work-order (registered for its opt only, so
// the generic calendar template stays for other opts).
import { registerEntity, registerTemplate, screenLoaders } from '@seamline/web/engine';
import { ordersEntities } from '../meta';
import './texts';
import './documentActions';
import { registerFloorScreens } from './floor/register';

for (const def of ordersEntities) registerEntity(def);
registerTemplate('index', 'scm', 'customer-order', () => import('./CustomerOrdersScreen'));
registerTemplate('ectabindex', 'scm', 'outsourced-order', () => import('./OutsourcedOrdersScreen'));
registerTemplate('ecindex', 'scm', 'material-order', () => import('./MaterialOrdersScreen'));
registerTemplate('zp.index', 'prodmgm', 'work-order', screenLoaders.index);
registerTemplate('zp.calendarview', 'prodmgm', 'work-order', () => import('./PlanningCalendar'));
registerFloorScreens(); // floor: scanning station, warehouse overview, bundle tickets, document extensions
