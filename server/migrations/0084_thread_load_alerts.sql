-- Issue 27, one thread (docs/thread.md): a vendor's confirmed orders reduce the capacity it offers;
-- late T&A nodes are alerted once.
--
-- The load of the caller's vendors' confirmed customer orders (IN_PROGRESS), in minutes per
-- supplier company and ISO week ('YYYY-Www') from p_from on. An order's minutes are the supplier's
-- own day plan of it (cap_order_allocation) when it has one, else the published allocation lines
-- that made it (ord_allocation_order → cap_allocation_line of that version). Orders the caller's
-- own allocations made are left out: its allocation run plans them itself. The caller learns only
-- totals per week of its own vendors, never whose orders they are.
CREATE OR REPLACE FUNCTION cap_vendor_order_load(p_from text) RETURNS TABLE (supplier uuid, week text, minutes numeric)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  WITH suppliers AS (
    SELECT DISTINCT v.supplier_client_id::uuid AS id FROM md_vendor v
     WHERE v.client_id = seamline_client_id() AND v.platform_link = 'exists'
       AND v.supplier_client_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
       AND v.supplier_client_id::uuid <> seamline_client_id()),
  confirmed AS (
    SELECT o.id, o.client_id FROM ord_customer_order o JOIN suppliers s ON s.id = o.client_id
     WHERE o.status = 'IN_PROGRESS'
       AND NOT EXISTS (SELECT 1 FROM ord_allocation_order a WHERE a.customer_order_id = o.id AND a.client_id = seamline_client_id())),
  planned AS (
    SELECT c.client_id AS supplier, to_char(p.work_date, 'IYYY-"W"IW') AS week, p.minutes
      FROM cap_order_allocation p JOIN confirmed c ON c.id = p.customer_order_id AND p.client_id = c.client_id),
  allocated AS (
    SELECT c.client_id AS supplier, l.week, l.minutes FROM confirmed c
      JOIN ord_allocation_order a ON a.customer_order_id = c.id
      JOIN cap_allocation_line l ON l.client_id = a.client_id AND l.version_id = a.version_id AND l.demand_id = a.demand_id AND l.vendor_id = a.vendor_id
     WHERE l.qty > 0 AND NOT EXISTS (SELECT 1 FROM cap_order_allocation p WHERE p.customer_order_id = c.id AND p.client_id = c.client_id))
  SELECT x.supplier, x.week, sum(x.minutes) FROM (SELECT * FROM planned UNION ALL SELECT * FROM allocated) x
   WHERE x.week >= p_from AND x.minutes > 0 GROUP BY 1, 2
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION cap_vendor_order_load(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION cap_vendor_order_load(text) TO seamline_app;
--> statement-breakpoint
-- A late node's alert, once: written by the sweep (as the system); a company reads its own.
SELECT seamline_enable_tenant_rls('plm_tna_late_alert'::regclass);
--> statement-breakpoint
-- Shipment lines carry a unit now (materials ship in metres, kilograms…): every earlier line was garments.
UPDATE shp_shipment_lines SET unit = 'PCS' WHERE unit IS NULL;
--> statement-breakpoint
-- Out-API event subscriptions (issue 27, areas/outapi/server/events.ts): queues one delivery per
-- event subscription (usage 'event', API ID = the event type) of p_client, with the body given,
-- and returns the deliveries with their job ids (the caller's queue takes them). p_client is the
-- caller itself or a company it shares a customer order or a material order with; for any other
-- company nothing is written. Another company's log does not name the caller's user.
CREATE OR REPLACE FUNCTION outapi_event_deliveries(p_client uuid, p_api_id text, p_body text, p_user uuid, p_fail_after integer)
  RETURNS TABLE (delivery_id uuid, job_id uuid)
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  me uuid := seamline_client_id();
BEGIN
  IF me IS NULL THEN RETURN; END IF;
  IF p_client <> me AND NOT EXISTS (
       SELECT 1 FROM ord_customer_order o
        WHERE (o.client_id = p_client AND o.buyer_client_id = me::text) OR (o.client_id = me AND o.buyer_client_id = p_client::text))
     AND NOT EXISTS (
       SELECT 1 FROM ord_material_order m
        WHERE (m.client_id = p_client AND m.vendor_client_id = me::text) OR (m.client_id = me AND m.vendor_client_id = p_client::text)) THEN
    RETURN;
  END IF;
  RETURN QUERY
  INSERT INTO outapi_delivery AS d (client_id, created_by, updated_by, config_id, api_id, usage, method, target_url, body, items, status, fail_after, job_id)
  SELECT c.client_id, CASE WHEN p_client = me THEN p_user END, CASE WHEN p_client = me THEN p_user END, c.id, c.api_id, 'push', c.send_method, c.target_url,
         p_body, 1, 'queued', p_fail_after, gen_random_uuid()
    FROM outapi_config c
   WHERE c.client_id = p_client AND c.usage = 'event' AND c.api_id = p_api_id
  RETURNING d.id, d.job_id;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION outapi_event_deliveries(uuid, text, text, uuid, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION outapi_event_deliveries(uuid, text, text, uuid, integer) TO seamline_app;
