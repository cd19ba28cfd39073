-- Import error reports are tenant rows: RLS on, the tenant policy and the app role's grants.
SELECT seamline_enable_tenant_rls('import_report'::regclass);
