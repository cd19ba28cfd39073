-- Exception tickets and discovery connections: tenant tables, plus the explicit cross-company
-- rules (areas/ticket/server/schema.ts, areas/discovery/server/schema.ts).
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY['tk_ticket_category', 'tk_ticket', 'tk_ticket_member', 'tk_ticket_comment', 'dsc_connection']::regclass[]) AS tbl;
--> statement-breakpoint
-- The company a ticket was opened against reads it and updates it (close, public flag, group);
-- it can neither create nor delete tickets in the opener's name.
CREATE POLICY ticket_counterpart_read ON tk_ticket FOR SELECT TO seamline_app
  USING (counterpart_client_id = seamline_client_id());
--> statement-breakpoint
CREATE POLICY ticket_counterpart_update ON tk_ticket FOR UPDATE TO seamline_app
  USING (counterpart_client_id = seamline_client_id()) WITH CHECK (counterpart_client_id = seamline_client_id());
--> statement-breakpoint
-- Members and comments carry the ticket's client_id and are shared with whoever sees the ticket
-- (the EXISTS runs under tk_ticket's own policies, so that is exactly the two companies).
CREATE POLICY ticket_party ON tk_ticket_member FOR ALL TO seamline_app
  USING (EXISTS (SELECT 1 FROM tk_ticket t WHERE t.id = tk_ticket_member.ticket_id))
  WITH CHECK (EXISTS (SELECT 1 FROM tk_ticket t WHERE t.id = tk_ticket_member.ticket_id AND t.client_id = tk_ticket_member.client_id));
--> statement-breakpoint
CREATE POLICY ticket_party ON tk_ticket_comment FOR ALL TO seamline_app
  USING (EXISTS (SELECT 1 FROM tk_ticket t WHERE t.id = tk_ticket_comment.ticket_id))
  WITH CHECK (EXISTS (SELECT 1 FROM tk_ticket t WHERE t.id = tk_ticket_comment.ticket_id AND t.client_id = tk_ticket_comment.client_id));
--> statement-breakpoint
-- The users of the two companies of a ticket the caller's company is party to (admins only when
-- asked): whom to notify and whom a member may invite. Nothing for any other ticket.
CREATE OR REPLACE FUNCTION tk_ticket_party_users(ticket uuid, only_admins boolean)
  RETURNS TABLE (user_id uuid, client_id uuid, user_type text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT uc.user_id, uc.client_id, uc.user_type
      FROM tk_ticket t
      JOIN user_client uc ON uc.client_id IN (t.client_id, t.counterpart_client_id)
      JOIN app_user u ON u.id = uc.user_id AND u.status = 'ACTIVE'
     WHERE t.id = ticket
       AND seamline_client_id() IN (t.client_id, t.counterpart_client_id)
       AND (NOT only_admins OR uc.user_type = 'ADMIN')
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tk_ticket_party_users(uuid, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tk_ticket_party_users(uuid, boolean) TO seamline_app;
--> statement-breakpoint
-- A connection request is read and answered (accept / reject) by the company it was sent to.
CREATE POLICY connection_receiver_read ON dsc_connection FOR SELECT TO seamline_app
  USING (to_client_id = seamline_client_id());
--> statement-breakpoint
CREATE POLICY connection_receiver_update ON dsc_connection FOR UPDATE TO seamline_app
  USING (to_client_id = seamline_client_id()) WITH CHECK (to_client_id = seamline_client_id());
