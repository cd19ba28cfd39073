-- The company card's case slots (child table of md_company) are tenant rows.
SELECT seamline_enable_tenant_rls('md_company_cases');
