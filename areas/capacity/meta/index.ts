// The capacity area's engine definitions (spec §1 'Capacity planning', §3 'Capacity', §4
// 'Capacity allocation'); the allocation engine is ./allocation, ISO weeks ./weeks.
import type { EntityDef } from '@seamline/core';
import { vendorCapacityEntity, vendorKpiEntity } from './capacity';
import { demandAllocationEntity, demandEntity, orderAllocationEntity } from './demand';
import { capacityGroupEntity, vendorSettingEntity } from './groups';

export const capacityEntities: EntityDef[] = [
  capacityGroupEntity,
  vendorSettingEntity,
  vendorCapacityEntity,
  vendorKpiEntity,
  demandEntity,
  demandAllocationEntity,
  orderAllocationEntity,
];
export * from './fields';
export * from './messages';
export { capacityGroupEntity, vendorSettingEntity } from './groups';
export { vendorCapacityEntity, vendorKpiEntity } from './capacity';
export { demandEntity, demandAllocationEntity, orderAllocationEntity } from './demand';
