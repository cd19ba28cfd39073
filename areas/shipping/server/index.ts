// The shipping area (issue 26, docs/shipping.md): shipment notices of a supplier against the
// customer orders a brand placed on it, SSCC-labelled cartons, and the brand's receipts into its
// warehouse. Guards of other areas (quality) register through ./guards.
import { defineArea, registerEntities, type Api, type Tx } from '@seamline/server/api';
import { shippingEntities, shippingMessages } from '../meta';
import { shippingRoutes } from './routes';
import { seedShipping } from './seed';
import { shipmentHooks } from './shipments';

export { registerShipmentGuard, type ShipmentGuard, type ShipmentGuardInput, type ShipmentRefusal } from './guards';

export const shippingModule = registerEntities(shippingEntities, { hooks: { shipment: shipmentHooks } });

export const shippingArea = defineArea({
  name: 'shipping',
  messages: shippingMessages,
  routes: (api: Api) => {
    shippingModule.routes(api);
    shippingRoutes(api);
  },
  seed: (tx: Tx) => seedShipping(tx),
});
