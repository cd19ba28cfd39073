-- The name of an exception ticket's category for either of the ticket's two companies (issue 23):
-- a category is the opening company's (RLS keeps it there), yet the counterpart should read the
-- ticket's category, not '—'. SECURITY DEFINER returns only the name, and nothing for a ticket the
-- caller's company is no party to.
CREATE OR REPLACE FUNCTION tk_ticket_category_name(ticket uuid)
  RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT c.name
      FROM tk_ticket t
      JOIN tk_ticket_category c ON c.id = t.category_id AND c.client_id = t.client_id
     WHERE t.id = ticket
       AND seamline_client_id() IN (t.client_id, t.counterpart_client_id)
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tk_ticket_category_name(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tk_ticket_category_name(uuid) TO seamline_app;
