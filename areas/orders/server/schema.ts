// The orders area's tables, built from its definitions (server/src/db/schema.ts re-exports them so
// drizzle-kit writes their migrations). Cross-company policies: migrations *_orders_*_rls.sql.
// Relative imports (not @seamline/server/api): drizzle-kit reads this file through db/schema.ts.
// The floor half adds one line: export const { wh_… } = tablesOf(floorEntities);
import { tablesOf } from '../../../server/src/engine/entityTables';
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
