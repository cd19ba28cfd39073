// The orders area's tables, built from its definitions (server/src/db/schema.ts re-exports them so
// drizzle-kit writes their migrations). Cross-company policies: migrations *_orders_*_rls.sql.
// Relative imports (not @seamline/server/api): drizzle-kit reads this file through db/schema.ts.
// The floor half adds one line: export const { wh_… } = tablesOf(floorEntities);
import { businessColumns, date, numeric, pgTable, tablesOf, text, uniqueIndex, uuid } from '@seamline/server/tables';
import { documentEntities } from '../meta';
import { floorEntities } from '../meta/floor';

export const {
  ord_customer_order,
  ord_customer_order_lines,
  ord_production_plan,
  ord_work_order,
  ord_work_order_sizes,
  ord_outsourced_order,
  ord_material_order,
  ord_material_order_lines,
  scm_purchase_requirement,
  scm_purchase_requirement_lines,
  scm_purchase_requirement_bom,
} = tablesOf(documentEntities);
// floor: warehouse, bins, stock documents, bundle tickets (engine) + stock ledger, stock, scans, progress
export const { scm_warehouse, scm_bin, scm_stock_receipt, scm_stock_receipt_lines, scm_stock_issue, scm_stock_issue_lines, scm_stock_move, scm_stock_move_lines, vf_bundle, vf_bundle_steps } = tablesOf(floorEntities);
export * from './floor/schema';

// Allocation becomes orders (issue 27): one row per demand × vendor of a brand's published
// allocation — the customer order it created (or linked to) on a vendor on the platform, or an
// order tracked by hand for a vendor off it. Unique per demand × vendor: publishing again (a new
// version) updates the row and never makes a second order.
export const ordAllocationOrder = pgTable(
  'ord_allocation_order',
  {
    ...businessColumns(),
    demandId: uuid('demand_id').notNull(),
    vendorId: uuid('vendor_id').notNull(),
    /** The vendor's company on the platform; null → tracked by hand (MANUAL). */
    supplierClientId: uuid('supplier_client_id'),
    versionId: uuid('version_id').notNull(),
    demandNo: text('demand_no').notNull(),
    styleNo: text('style_no').notNull(),
    vendorName: text('vendor_name').notNull(),
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** 'PLATFORM' | 'MANUAL' */
    tracking: text('tracking').notNull(),
    customerOrderId: uuid('customer_order_id'),
    orderCode: text('order_code').notNull(),
  },
  (t) => [uniqueIndex('ord_allocation_order_uq').on(t.clientId, t.demandId, t.vendorId)],
);
