-- The users an exception ticket may invite or make admin (issue 13): the active members of the
-- ticket's two companies who can open tickets at all — the company has COLLAB_TICKET switched on
-- and the user opens it (super admin, company administrator, or a role granting it; a guest, an
-- invited or unassigned membership, a frozen membership or account never). SECURITY DEFINER, as
-- the other company's roles are out of the caller's reach; nothing for a ticket the caller's
-- company is no party to.
CREATE OR REPLACE FUNCTION tk_ticket_invitable_users(ticket uuid)
  RETURNS TABLE (user_id uuid, client_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT uc.user_id, uc.client_id
      FROM tk_ticket t
      JOIN user_client uc ON uc.client_id IN (t.client_id, t.counterpart_client_id) AND uc.status = 'ACTIVE'
      JOIN app_user u ON u.id = uc.user_id AND u.status = 'ACTIVE'
      JOIN menu m ON m.code = 'COLLAB_TICKET'
      JOIN client_menu cm ON cm.menu_id = m.id AND cm.client_id = uc.client_id
     WHERE t.id = ticket
       AND seamline_client_id() IN (t.client_id, t.counterpart_client_id)
       AND (u.is_super_admin
            OR uc.user_type = 'ADMIN'
            OR (uc.user_type IN ('COMMON', 'user') AND EXISTS (
                  SELECT 1 FROM user_role ur
                    JOIN role_menu rm ON rm.role_id = ur.role_id AND rm.client_id = ur.client_id
                   WHERE ur.user_id = uc.user_id AND ur.client_id = uc.client_id AND rm.menu_id = m.id)))
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tk_ticket_invitable_users(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tk_ticket_invitable_users(uuid) TO seamline_app;
