// The shipping area's tables: the shipment notice and its cartons and lines (engine tables of the
// definition), and the area's own:
// - shp_setting: one row per company — its GS1 company prefix, the next SSCC serial (a counter
//   taken with a conditional UPDATE in the saving transaction, so two saves never share a serial)
//   and the over-ship tolerance it grants its suppliers (the buyer's word; default 0 %).
// - shp_receipt: one receipt of a shipment by the buyer (the buyer's row; the supplier reads it),
//   pointing at the posted stock receipt that carried the goods into the buyer's bins.
// - shp_receipt_line: what arrived of one shipment line: unique per shipment line, so a line (and
//   its carton) is received exactly once however many receipts race for it.
// Cross-company policies: migration 0061_shipping_rls.sql. Relative imports only (drizzle-kit).
import { clientId, id, index, numeric, pgTable, tablesOf, text, timestampTz, uniqueIndex, uuid, bigint } from '@seamline/server/tables';
import { shippingEntities } from '../meta/index';

export const { shp_shipment, shp_shipment_cartons, shp_shipment_lines } = tablesOf(shippingEntities);

const qty = (name: string) => numeric(name, { precision: 18, scale: 4 });

export const shpSetting = pgTable(
  'shp_setting',
  {
    id: id(),
    clientId: clientId(),
    gs1Prefix: text('gs1_prefix'),
    nextSerial: bigint('next_serial', { mode: 'number' }).notNull().default(1),
    overShipPct: qty('over_ship_pct').notNull().default('0'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shp_setting_client_uq').on(t.clientId)],
);

export const shpReceipt = pgTable(
  'shp_receipt',
  {
    id: id(),
    clientId: clientId(),
    shipmentId: uuid('shipment_id').notNull(),
    /** The supplier whose shipment it is (reads the receipt). */
    supplierClientId: uuid('supplier_client_id').notNull(),
    /** The posted stock receipt (scm_stock_receipt) of the buyer. */
    stockReceiptId: uuid('stock_receipt_id').notNull(),
    docNo: text('doc_no').notNull(),
    receivedBy: uuid('received_by'),
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
  },
  (t) => [index('shp_receipt_shipment_idx').on(t.shipmentId), index('shp_receipt_supplier_idx').on(t.supplierClientId)],
);

export const shpReceiptLine = pgTable(
  'shp_receipt_line',
  {
    id: id(),
    clientId: clientId(),
    receiptId: uuid('receipt_id').notNull(),
    shipmentId: uuid('shipment_id').notNull(),
    supplierClientId: uuid('supplier_client_id').notNull(),
    cartonId: uuid('carton_id').notNull(),
    lineId: uuid('line_id').notNull(),
    binId: uuid('bin_id').notNull(),
    shippedQty: qty('shipped_qty').notNull(),
    receivedQty: qty('received_qty').notNull(),
    damagedQty: qty('damaged_qty').notNull().default('0'),
    reason: text('reason'),
  },
  (t) => [uniqueIndex('shp_receipt_line_line_uq').on(t.lineId), index('shp_receipt_line_shipment_idx').on(t.shipmentId)],
);
