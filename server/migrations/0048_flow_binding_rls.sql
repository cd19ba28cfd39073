-- Flow bindings (areas/flow, docs/flow.md 'Flow bindings'): a tenant table; flows that existed
-- before 'active' was added stay usable.
SELECT seamline_enable_tenant_rls('cpm_flow_binding'::regclass);
--> statement-breakpoint
UPDATE cpm_process SET active = true WHERE active IS NULL;
