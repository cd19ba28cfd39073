// The shipping area's isomorphic half (issue 26; docs/shipping.md): the shipment notice, its
// state table, the GS1 identifiers of its cartons and the area's texts.
import type { EntityDef } from '@seamline/core';
import { shipmentEntity } from './shipment';

export * from './messages';
export * from './shipment';
export * from './sscc';

export const shippingEntities: EntityDef[] = [shipmentEntity];
