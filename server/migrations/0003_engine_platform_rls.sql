-- The engine's platform tables are tenant tables: RLS on, the tenant policy and the app role's grants.
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY['serial_number_config', 'serial_number_counter', 'data_rule', 'audit_log']::regclass[]) AS tbl;
--> statement-breakpoint
-- The audit trail is append-only for tenant code.
REVOKE UPDATE, DELETE ON audit_log FROM seamline_app;
