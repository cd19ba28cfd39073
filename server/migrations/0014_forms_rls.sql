-- The dynamic-form tables (definitions, scenarios, submitted values) are tenant tables.
SELECT seamline_enable_tenant_rls('dynamic_form');
--> statement-breakpoint
SELECT seamline_enable_tenant_rls('dynamic_form_scenario');
--> statement-breakpoint
SELECT seamline_enable_tenant_rls('dynamic_form_value');
