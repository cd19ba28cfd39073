-- References stay inside the tenant (issue 11, docs/security.md 'References'): the users a company
-- may reference and see named. Its own members, and the members of a company it is linked with
-- through a vendor record (its vendor names that company in supplier_client_id, or that company
-- names it): a brand binds a supplier's contact to the supplier's account. Nobody else: another
-- tenant's user id is 'not found' and never labelled. SECURITY DEFINER because the partner's
-- memberships are invisible inside the tenant; inside one, p_client must be the tenant itself.
CREATE OR REPLACE FUNCTION seamline_visible_users(p_client uuid, p_ids uuid[]) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT DISTINCT uc.user_id
      FROM user_client uc
     WHERE uc.user_id = ANY (p_ids)
       AND p_client = coalesce(seamline_client_id(), p_client)
       AND (uc.client_id = p_client
            OR EXISTS (SELECT 1 FROM md_vendor v
                        WHERE (v.client_id = p_client AND v.supplier_client_id = uc.client_id::text)
                           OR (v.client_id = uc.client_id AND v.supplier_client_id = p_client::text)))
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION seamline_visible_users(uuid, uuid[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION seamline_visible_users(uuid, uuid[]) TO seamline_app;
