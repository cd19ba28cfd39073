// Capacity screens: the engine's generic screens for every definition under its own cata
// (/plan/index/capacity-group, /plan/index/vendor-setting, /plan/index/demand,
// /scm/index/vendor-kpi, /scm/index/order-allocation, …), the supplier/brand capacity screen, the
// allocation versions with what a supplier received, and the capacity board (lazy: ECharts).
import { registerEntity, registerTemplate } from '@seamline/web/engine';
import { capacityEntities } from '../meta';
import './register-messages';

for (const def of capacityEntities) registerEntity(def);
registerTemplate('index', 'scm', 'vendor-capacity', () => import('./CapacityScreen'));
registerTemplate('index', 'scm', 'demand-allocation', () => import('./AllocationScreen'));
registerTemplate('page', 'plan', 'capacity-board', () => import('./BoardScreen'));
