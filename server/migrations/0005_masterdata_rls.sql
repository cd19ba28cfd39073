-- The master-data entity tables (and their child tables) are tenant tables.
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY[
    'md_dictionary', 'md_service', 'md_company', 'md_plant', 'md_org', 'md_position',
    'md_vendor', 'md_vendor_contacts', 'md_vendor_addresses',
    'md_customer', 'md_customer_contacts', 'md_customer_delivery',
    'md_material', 'md_material_prices', 'md_material_shares',
    'md_workshop', 'md_production_line', 'md_production_line_members', 'md_production_line_capacity',
    'md_process'
  ]::regclass[]) AS tbl;
