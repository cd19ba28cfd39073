// Style development (PLM, spec §1 'Style design and development'): the engine definitions of the
// area, in dependency order. Sample requests and quotes are two-company documents served by
// ../server/exchange.ts, not engine entities (docs/development.md).
import type { EntityDef } from '@seamline/core';
import { bomEntity } from './bom';
import { measurementChartEntity } from './chart';
import { colourEntity, seasonEntity, sizeEntity, trendEntity } from './library';
import { styleEntity } from './style';
import { followNodeConfigEntity, nodeFollowingEntity, poTrackingEntity } from './tnaEntities';

export const developmentEntities: EntityDef[] = [
  seasonEntity,
  colourEntity,
  sizeEntity,
  trendEntity,
  styleEntity,
  bomEntity,
  measurementChartEntity,
  followNodeConfigEntity,
  poTrackingEntity,
  nodeFollowingEntity,
];

export * from './fields';
export * from './costing';
export * from './grading';
export * from './composition';
export * from './tna';
export * from './messages';
export { BOM_STATUS, bomEntity } from './bom';
export { STYLE_STATUS, styleEntity } from './style';
export { measurementChartEntity } from './chart';
export { colourEntity, seasonEntity, sizeEntity, trendEntity } from './library';
export { followNodeConfigEntity, nodeFollowingEntity, poTrackingEntity } from './tnaEntities';
