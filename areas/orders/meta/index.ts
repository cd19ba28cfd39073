// The orders-and-production area's isomorphic half (spec §1 'Orders and production', §3, §4):
// document definitions (prefix scmapi), their transition tables and messages. The warehouse and
// shop-floor definitions (prefix vfapi) come from ./floor.
import type { EntityDef } from '@seamline/core';
import { customerOrderEntity } from './customer-order';
import { floorEntities } from './floor';
import { materialOrderEntity } from './material-order';
import { outsourcedOrderEntity } from './outsourced-order';
import { productionPlanEntity, workOrderEntity } from './production';
import { purchaseRequirementEntity } from './purchase-requirement';

export * from './actions';
export * from './customer-order';
export * from './fields';
export * from './material-order';
export * from './messages';
export * from './mrp';
export * from './outsourced-order';
export * from './production';
export { purchaseRequirementEntity } from './purchase-requirement';

/** The documents of the area (scmapi). */
export const documentEntities: EntityDef[] = [
  customerOrderEntity,
  productionPlanEntity,
  workOrderEntity,
  outsourcedOrderEntity,
  materialOrderEntity,
  purchaseRequirementEntity,
];

/** Every engine definition of the area (documents first, then the floor's). */
export const ordersEntities: EntityDef[] = [
  ...documentEntities,
  ...floorEntities, // floor: warehouse, bins, stock, moves, bundle tickets (meta/floor.ts)
];
export * from './planning';
