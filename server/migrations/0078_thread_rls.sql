-- Issue 27, one thread: policies and functions of the hand-offs (docs/thread.md).
-- Allocation becomes orders: the brand's links from a published allocation to its orders.
SELECT seamline_enable_tenant_rls('ord_allocation_order'::regclass);
--> statement-breakpoint
-- T&A on the order: the plan of a customer order belongs to the order's receiving company (the
-- factory does the work and most events happen there); the brand that placed the order reads it.
CREATE POLICY plm_node_following_buyer_read ON plm_node_following FOR SELECT TO seamline_app
  USING (customer_order_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM ord_customer_order o WHERE o.id = plm_node_following.customer_order_id AND o.client_id = plm_node_following.client_id
       AND o.buyer_client_id = seamline_client_id()::text));
--> statement-breakpoint
CREATE POLICY plm_node_following_nodes_buyer_read ON plm_node_following_nodes FOR SELECT TO seamline_app
  USING (EXISTS (
    SELECT 1 FROM plm_node_following p JOIN ord_customer_order o ON o.id = p.customer_order_id AND o.client_id = p.client_id
     WHERE p.id = plm_node_following_nodes.parent_id AND o.buyer_client_id = seamline_client_id()::text));
--> statement-breakpoint
-- Placing an order applies the T&A template of its style (else of the style's season) of the company
-- that placed it (the brand; the factory for its own orders): a plan in the receiving company's name,
-- planned dates = basis date (delivery, or order date) + offset. Callable by either company of the
-- order; at most one plan per order (a second call returns the first); NULL when no template applies.
CREATE OR REPLACE FUNCTION plm_apply_order_tna(p_order uuid, p_user uuid) RETURNS uuid
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  o record;
  st record;
  cfg record;
  owner uuid;
  basis date;
  plan uuid;
  plan_code text;
BEGIN
  SELECT * INTO o FROM ord_customer_order
   WHERE id = p_order AND (client_id = seamline_client_id() OR buyer_client_id = seamline_client_id()::text);
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('plm_tna:' || p_order::text, 0));
  SELECT id INTO plan FROM plm_node_following WHERE client_id = o.client_id AND customer_order_id = o.id ORDER BY created_at LIMIT 1;
  IF plan IS NOT NULL THEN RETURN plan; END IF;
  owner := coalesce(nullif(o.buyer_client_id, '')::uuid, o.client_id);
  SELECT s.id, s.season_id INTO st FROM ord_customer_order_lines l
    JOIN plm_style s ON s.client_id = owner AND upper(s.code) = upper(l.style_code)
   WHERE l.parent_id = o.id ORDER BY l.seq LIMIT 1;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT c.id, c.code, c.basis INTO cfg FROM plm_follow_node_config c
   WHERE c.client_id = owner AND (c.style_id = st.id OR (c.style_id IS NULL AND st.season_id IS NOT NULL AND c.season_id = st.season_id))
   ORDER BY (c.style_id IS NOT NULL) DESC, c.code LIMIT 1;
  IF NOT FOUND THEN RETURN NULL; END IF;
  basis := CASE WHEN cfg.basis = 'ORDER' THEN o.order_date ELSE o.delivery_date END;
  IF basis IS NULL THEN RETURN NULL; END IF;
  plan_code := left('TA-' || upper(o.code), 40);
  IF EXISTS (SELECT 1 FROM plm_node_following WHERE client_id = o.client_id AND code = plan_code) THEN
    plan_code := left('TA-' || upper(o.code), 33) || '-' || left(replace(p_order::text, '-', ''), 6);
  END IF;
  INSERT INTO plm_node_following (client_id, code, customer_order_id, order_ref, basis_date, late_nodes, created_by, updated_by)
  VALUES (o.client_id, plan_code, o.id, left(o.code || ' · ' || cfg.code, 60), basis, 0, p_user, p_user)
  RETURNING id INTO plan;
  INSERT INTO plm_node_following_nodes (client_id, parent_id, seq, node_code, node_name, owner_role, depends_on, planned_date, projected_date, state, critical, event)
  SELECT o.client_id, plan, n.seq, n.node_code, n.node_name, n.owner_role, n.depends_on,
         basis + coalesce(n.offset_days, 0), basis + coalesce(n.offset_days, 0), 'planned', false, n.event
    FROM plm_follow_node_config_nodes n WHERE n.parent_id = cfg.id ORDER BY n.seq;
  RETURN plan;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION plm_apply_order_tna(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION plm_apply_order_tna(uuid, uuid) TO seamline_app;
--> statement-breakpoint
-- A milestone completes from its event: every node of the order's plan waiting for the event gets
-- the event's day as its actual date (done, or late after its plan). Callable by either company of
-- the order (the factory scans and ships, the brand inspects) and, for a passed inspection, by its
-- inspection company; returns the nodes completed.
CREATE OR REPLACE FUNCTION plm_order_node_done(p_order uuid, p_event text, p_day date) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  n integer;
BEGIN
  UPDATE plm_node_following_nodes x
     SET actual_date = p_day, state = CASE WHEN p_day > x.planned_date THEN 'late' ELSE 'done' END
    FROM plm_node_following p JOIN ord_customer_order o ON o.id = p.customer_order_id AND o.client_id = p.client_id
   WHERE x.parent_id = p.id AND o.id = p_order
     AND (o.client_id = seamline_client_id() OR o.buyer_client_id = seamline_client_id()::text
          -- an inspection company passes the order's inspection: the one event it may complete
          OR (p_event = 'INSPECTION_PASSED' AND EXISTS (SELECT 1 FROM qc_inspection q WHERE q.customer_order_id = p_order::text
                AND q.status = 'PASSED' AND q.inspector_client_id = seamline_client_id()::text)))
     AND x.event = p_event AND x.actual_date IS NULL;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN
    UPDATE plm_node_following SET version = version + 1, updated_at = now() WHERE customer_order_id = p_order;
  END IF;
  RETURN n;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION plm_order_node_done(uuid, text, date) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION plm_order_node_done(uuid, text, date) TO seamline_app;
