-- Tenancy guard rails (hand-written; drizzle-kit does not generate roles or policies).
--
-- Tenant code runs as the role seamline_app (Db.withTenant: SET LOCAL ROLE + app.client_id), which
-- is subject to row-level security. The engine filters by client_id itself; these policies are the
-- defence in depth. The migrating user (owner/superuser) bypasses RLS: that is Db.asSystem.
-- seamline_app gets nothing by default: a table is reachable from tenant code only once granted,
-- and a table with client_id is granted through seamline_enable_tenant_rls(), which adds the policy.

-- Roles are cluster-wide: several databases (tests, staging) share this one.
DO $$ BEGIN
  CREATE ROLE seamline_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- The connecting user must be allowed to SET ROLE seamline_app. A superuser always is; a plain
-- owner needs the membership, which only a role administrator can grant: if this fails here,
-- the first tenant request fails loudly with 'permission denied to set role'.
DO $$ BEGIN
  EXECUTE format('GRANT seamline_app TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO seamline_app;
--> statement-breakpoint
-- The current tenant, or NULL outside withTenant (a reset custom setting reads as '').
CREATE OR REPLACE FUNCTION seamline_client_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.client_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION seamline_client_id() TO seamline_app;
--> statement-breakpoint
-- Every tenant table goes through this: RLS on, one policy keyed on client_id, and the grants.
CREATE OR REPLACE FUNCTION seamline_enable_tenant_rls(tbl regclass) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s TO seamline_app '
    'USING (client_id = seamline_client_id()) WITH CHECK (client_id = seamline_client_id())', tbl);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO seamline_app', tbl);
END $$;
--> statement-breakpoint
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY['user_client', 'role', 'user_role', 'role_menu', 'client_menu', 'user_setting']::regclass[]) AS tbl;
--> statement-breakpoint
-- Global catalogues: read-only for tenants.
GRANT SELECT ON menu, platform TO seamline_app;
--> statement-breakpoint
-- Users belong to several companies, so app_user has no tenant; tenants may read and update it.
GRANT SELECT, UPDATE ON app_user TO seamline_app;
--> statement-breakpoint
-- Companies are visible to each other (collaboration needs partner names); each edits only itself.
ALTER TABLE client ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY client_read ON client FOR SELECT TO seamline_app USING (true);
--> statement-breakpoint
CREATE POLICY client_update_own ON client FOR UPDATE TO seamline_app
  USING (id = seamline_client_id()) WITH CHECK (id = seamline_client_id());
--> statement-breakpoint
GRANT SELECT, UPDATE ON client TO seamline_app;
-- auth_session, login_attempt and server_key get no grant: only asSystem reaches them.
