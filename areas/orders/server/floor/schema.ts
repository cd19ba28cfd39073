// The floor's own tables (beside the engine tables of its definitions):
// - scm_stock_ledger: append-only; one row per bin and item a posted stock document touched
//   (migration orders_floor_rls revokes UPDATE/DELETE from tenants and a trigger refuses them
//   for everyone). The stock of a bin is the sum of its ledger rows.
// - scm_stock: that sum kept per bin and item, written in the posting transaction with the
//   ledger row; CHECK quantity >= 0 is the last wall against negative stock.
// - vf_scan: one booked scan of a bundle at a process; unique (bundle, process) among the scans
//   not cancelled, so a bundle is never booked twice at one process, however many scanners race.
//   Tenants insert scans and may only set cancelled_at/cancelled_by (migration orders_scan_cancel):
//   a cancelled scan stays as history and the bundle may be scanned at that process again.
// - vf_progress: pieces done per work order and process, the sum of its scans, readable by the
//   brand whose customer order the work order serves (brand_client_id; policy in the migration).
import { check, clientId, id, index, integer, numeric, pgTable, sql, text, timestampTz, unique, uniqueIndex, uuid } from '@seamline/server/tables';

const qty = (name: string) => numeric(name, { precision: 18, scale: 4 });

/** Where and what: the bin, and the item as a key plus its material or style, colour and size. */
const binItem = () => ({
  binId: uuid('bin_id').notNull(),
  itemKey: text('item_key').notNull(),
  materialId: uuid('material_id'),
  styleCode: text('style_code'),
  colour: text('colour'),
  size: text('size'),
});

export const scmStockLedger = pgTable(
  'scm_stock_ledger',
  {
    id: id(),
    clientId: clientId(),
    /** 'stock-receipt' | 'stock-issue' | 'stock-move' */
    docEntity: text('doc_entity').notNull(),
    docId: uuid('doc_id').notNull(),
    docNo: text('doc_no').notNull(),
    lineId: uuid('line_id'),
    ...binItem(),
    /** Signed: + into the bin, − out of it. */
    delta: qty('delta').notNull(),
    /** The bin's stock of the item after this row. */
    balance: qty('balance').notNull(),
    postedBy: uuid('posted_by'),
    postedAt: timestampTz('posted_at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('scm_stock_ledger_bin_idx').on(t.clientId, t.binId, t.itemKey), index('scm_stock_ledger_doc_idx').on(t.clientId, t.docId)],
);

export const scmStock = pgTable(
  'scm_stock',
  {
    id: id(),
    clientId: clientId(),
    ...binItem(),
    quantity: qty('quantity').notNull().default('0'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('scm_stock_bin_item_uq').on(t.clientId, t.binId, t.itemKey), check('scm_stock_not_negative', sql`${t.quantity} >= 0`)],
);

export const vfScan = pgTable(
  'vf_scan',
  {
    id: id(),
    clientId: clientId(),
    bundleId: uuid('bundle_id').notNull(),
    workOrderId: uuid('work_order_id').notNull(),
    processId: uuid('process_id').notNull(),
    seq: integer('seq').notNull(),
    quantity: integer('quantity').notNull(),
    station: text('station'),
    scannedBy: uuid('scanned_by'),
    scannedAt: timestampTz('scanned_at').notNull().default(sql`clock_timestamp()`),
    /** Set when the scan is taken back (vfapi/scan/cancel); its pieces no longer count. */
    cancelledAt: timestampTz('cancelled_at'),
    cancelledBy: uuid('cancelled_by'),
  },
  (t) => [
    uniqueIndex('vf_scan_booked_uq').on(t.bundleId, t.processId).where(sql`${t.cancelledAt} is null`),
    index('vf_scan_wo_idx').on(t.clientId, t.workOrderId, t.scannedAt),
  ],
);

export const vfProgress = pgTable(
  'vf_progress',
  {
    id: id(),
    clientId: clientId(),
    /** The brand whose customer order the work order serves (reads this row), or null. */
    brandClientId: uuid('brand_client_id'),
    workOrderId: uuid('work_order_id').notNull(),
    /** The work order's number, for the brand, who cannot read the factory's work order itself. */
    workOrderCode: text('work_order_code'),
    /** The customer order the work order serves (the brand looks progress up by it). */
    orderId: uuid('order_id'),
    processId: uuid('process_id').notNull(),
    seq: integer('seq').notNull(),
    processName: text('process_name').notNull(),
    /** Pieces of the work order routed through this process (the bundles' quantities). */
    plannedQty: integer('planned_qty').notNull().default(0),
    doneQty: integer('done_qty').notNull().default(0),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('vf_progress_wo_process_uq').on(t.workOrderId, t.processId),
    index('vf_progress_client_idx').on(t.clientId, t.workOrderId),
    index('vf_progress_brand_idx').on(t.brandClientId, t.orderId),
  ],
);
