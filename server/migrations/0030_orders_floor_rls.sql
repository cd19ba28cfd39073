-- Warehouse and shop floor (areas/orders/server/floor): tenant policies for every table, plus
-- - the stock ledger is append-only: tenants may only read and insert, and a trigger refuses
--   UPDATE and DELETE for everyone (the owner too), so stock history cannot be rewritten;
-- - booked scans are never changed or removed by tenant code;
-- - the brand whose customer order a work order serves reads that work order's progress.
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY[
    'scm_warehouse', 'scm_bin',
    'scm_stock_receipt', 'scm_stock_receipt_lines', 'scm_stock_issue', 'scm_stock_issue_lines',
    'scm_stock_move', 'scm_stock_move_lines', 'scm_stock', 'scm_stock_ledger',
    'vf_bundle', 'vf_bundle_steps', 'vf_scan', 'vf_progress'
  ]::regclass[]) AS tbl;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON scm_stock_ledger FROM seamline_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON vf_scan FROM seamline_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION scm_stock_ledger_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'scm_stock_ledger is append-only'; END $$;
--> statement-breakpoint
CREATE TRIGGER scm_stock_ledger_append_only BEFORE UPDATE OR DELETE ON scm_stock_ledger
  FOR EACH ROW EXECUTE FUNCTION scm_stock_ledger_append_only();
--> statement-breakpoint
CREATE POLICY vf_progress_brand_read ON vf_progress FOR SELECT TO seamline_app
  USING (brand_client_id = seamline_client_id());
