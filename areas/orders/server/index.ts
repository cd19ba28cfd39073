// The orders-and-production area (spec §1 'Orders and production'; docs/orders.md): the engine
// serves the definitions of ../meta (documents under scmapi, floor under vfapi) with the hooks of
// ./hooks; ./documents serves the two-company documents (customer orders placed by brands,
// outsourced orders), ./planning the plans, work orders and the calendar; ./floor the warehouse
// and shop floor.
import { defineArea, type Api, type Tx, registerEntities } from '@seamline/server/api';
import { ordersEntities, ordersMessages } from '../meta';
import { documentRoutes } from './documents';
import { floorHooks, floorRoutes, seedFloor } from './floor';
import { ordersHooks } from './hooks';
import { allocationOrderRoutes, registerAllocationOrders } from './allocationOrders';
import { registerMaterialReceipts } from './materialReceipts';
import { mrpRoutes } from './mrp';
import { planningRoutes } from './planning';
import { registerProcessUsage } from './processUsage';
import { seedOrders } from './seed';

export const ordersModule = registerEntities(ordersEntities, {
  hooks: { ...ordersHooks, ...floorHooks },
  // Bins and stock documents are reached from the warehouse screen, bundles from their work order:
  // their menu permission (and data rules) are those screens'.
  menuCode: {
    'warehouse-bin': 'SCM_WAREHOUSE',
    'stock-receipt': 'SCM_WAREHOUSE',
    'stock-issue': 'SCM_WAREHOUSE',
    'stock-move': 'SCM_WAREHOUSE',
    bundle: 'FACTORY_WORK_ORDER',
  },
});

registerProcessUsage(); // master data's processes count the work orders made in them as uses
registerAllocationOrders(); // a published allocation (capacity) becomes orders (issue 27)
registerMaterialReceipts(); // a material order received through a shipment notice counts on the order (issue 27)

export const ordersArea = defineArea({
  name: 'orders',
  messages: ordersMessages,
  routes: (api: Api) => {
    ordersModule.routes(api);
    documentRoutes(api);
    planningRoutes(api);
    mrpRoutes(api); // materials from the BOM (issue 27)
    allocationOrderRoutes(api);
    floorRoutes(api); // floor: warehouse, stock moves, bundle tickets, scan validation
  },
  seed: async (tx: Tx) => {
    await seedOrders(tx);
    await seedFloor(tx); // floor: warehouses, bins, stock
  },
});
