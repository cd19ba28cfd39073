-- Collaboration tables are tenant tables.
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY[
    'notify_msg', 'collab_task', 'collab_task_participant',
    'collab_announcement', 'collab_announcement_read', 'collab_attachment'
  ]::regclass[]) AS tbl;
--> statement-breakpoint
-- A notification crosses companies (a factory notifies a brand): the sender's tenant may insert a
-- row into another company's inbox when the row says it comes from the sender's company. It can
-- neither read nor change that row afterwards (tenant_isolation still governs SELECT/UPDATE/DELETE).
CREATE POLICY notify_msg_send ON notify_msg FOR INSERT TO seamline_app
  WITH CHECK (from_client_id = seamline_client_id());
