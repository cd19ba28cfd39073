// Shipping in the web: the engine's list and form for the shipment notice under /scm, with its
// actions, labels and receipts under the form; the incoming tab for the buyer; the receive screen
// (scan field, 390 px) and the labels / packing-list print page.
import { registerEntity, registerTemplate } from '@seamline/web/engine';
import { shippingEntities } from '../meta';
import './texts';
import './documentActions';

for (const def of shippingEntities) registerEntity(def);
registerTemplate('index', 'scm', 'shipment', () => import('./ShipmentsScreen'));
registerTemplate('page', 'scm', 'shipment-receive', () => import('./ReceiveScreen'));
registerTemplate('page', 'scm', 'shipment-labels', () => import('./LabelsScreen'));
