-- Approval flows: the designer's tables, the demo flow document and the runtime are tenant tables.
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY[
    'cpm_process', 'cpm_process_nodes', 'cpm_project_type',
    'scm_purchase_requirement', 'scm_purchase_requirement_lines',
    'cpm_instance', 'cpm_task', 'cpm_history', 'cpm_node_user'
  ]::regclass[]) AS tbl;
