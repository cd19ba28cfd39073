-- Issue 23 (orders, capacity, development): order numbers unique without regard to case, demand
-- states that follow the quantity actually covered, the version a supplier received by number and
-- title, whether a supplier can answer a sample or quote request, the material order as a document
-- of two companies, the vendor setting that applies, and BOM revisions.
--
-- Customer order numbers: 'g-race-1' and 'G-RACE-1' are one number in the receiving company.
DROP INDEX IF EXISTS ord_customer_order_code_uq;
--> statement-breakpoint
CREATE UNIQUE INDEX ord_customer_order_code_uq ON ord_customer_order (client_id, lower(code));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ord_customer_order_code_taken(p_client uuid, p_code text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT EXISTS (SELECT 1 FROM ord_customer_order o WHERE o.client_id = p_client AND lower(o.code) = lower(p_code))
     AND (p_client = seamline_client_id()
          OR EXISTS (SELECT 1 FROM md_vendor v WHERE v.client_id = seamline_client_id() AND v.supplier_client_id = p_client::text))
$$;
--> statement-breakpoint
-- A demand line's state is the state its quantity reached, not the furthest of its lines: the
-- lines of the published version (else of a draft) — the least advanced of them; and while they
-- cover less than the demand's quantity it is at most 'allocated' (20), never 'submitted' (30)
-- or 'daily-allocated' (40).
CREATE OR REPLACE FUNCTION cap_demand_follow_lines() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  d uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.demand_id ELSE NEW.demand_id END;
  st int;
  covered bigint;
  wanted bigint;
  s text;
BEGIN
  SELECT min(l.status::int), sum(l.qty) INTO st, covered FROM cap_allocation_line l
   WHERE l.demand_id = d AND l.status <> '100' AND l.qty > 0 AND l.status::int >= 20;
  IF st IS NULL THEN
    SELECT CASE WHEN count(*) > 0 THEN 10 ELSE 0 END INTO st FROM cap_allocation_line l
     WHERE l.demand_id = d AND l.status = '10' AND l.qty > 0;
  ELSE
    SELECT quantity INTO wanted FROM cap_demand WHERE id = d;
    IF covered < wanted AND st > 20 THEN
      st := 20;
    END IF;
  END IF;
  s := st::text;
  UPDATE cap_demand SET status = s, version = version + 1, updated_at = now()
   WHERE id = d AND status IS DISTINCT FROM s;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The versions a supplier received lines of (published or archived), by number and title: the
-- supplier cannot read the brand's version rows, only what names them.
CREATE OR REPLACE FUNCTION cap_received_versions() RETURNS TABLE (id uuid, version_no integer, title text, status text, published_at text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT v.id, v.version_no, v.title::text, v.status::text, to_char(v.published_at, 'YYYY-MM-DD HH24:MI')
    FROM cap_demand_allocation v
   WHERE v.status <> 'draft'
     AND EXISTS (SELECT 1 FROM cap_allocation_line l WHERE l.version_id = v.id AND l.supplier_client_id = seamline_client_id())
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION cap_received_versions() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION cap_received_versions() TO seamline_app;
--> statement-breakpoint
-- Whether a company has a menu switched on (a supplier that cannot open its sample or quote menu
-- can never answer such a request): of the caller's own company, or of a company it has as a
-- linked vendor, nobody else's.
CREATE OR REPLACE FUNCTION plm_company_opens(p_client uuid, p_menu text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT EXISTS (SELECT 1 FROM client_menu cm JOIN menu m ON m.id = cm.menu_id WHERE cm.client_id = p_client AND m.code = p_menu)
     AND (p_client = seamline_client_id()
          OR EXISTS (SELECT 1 FROM md_vendor v WHERE v.client_id = seamline_client_id() AND v.supplier_client_id = p_client::text))
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION plm_company_opens(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION plm_company_opens(uuid, text) TO seamline_app;
--> statement-breakpoint
-- A material order to a supplier on the platform is one document of two companies (issue 23): the
-- supplier (vendor_client_id) reads it and its lines, and may change only its status, the date it
-- confirms and its reason for declining (ord_counterpart_guard keeps every other column).
CREATE INDEX ord_material_order_vendor_idx ON ord_material_order (vendor_client_id, created_at);
--> statement-breakpoint
CREATE POLICY ord_material_order_vendor_read ON ord_material_order FOR SELECT TO seamline_app
  USING (vendor_client_id = seamline_client_id()::text);
--> statement-breakpoint
CREATE POLICY ord_material_order_vendor_update ON ord_material_order FOR UPDATE TO seamline_app
  USING (vendor_client_id = seamline_client_id()::text)
  WITH CHECK (vendor_client_id = seamline_client_id()::text);
--> statement-breakpoint
CREATE POLICY ord_material_order_lines_vendor_read ON ord_material_order_lines FOR SELECT TO seamline_app
  USING (EXISTS (SELECT 1 FROM ord_material_order o WHERE o.id = ord_material_order_lines.parent_id AND o.vendor_client_id = seamline_client_id()::text));
--> statement-breakpoint
CREATE TRIGGER ord_material_order_guard BEFORE UPDATE ON ord_material_order
  FOR EACH ROW EXECUTE FUNCTION ord_counterpart_guard('status,confirmed_date,reject_reason', '');
--> statement-breakpoint
-- Who to notify in the other company of an order: its administrators, named only to a company
-- that shares a customer, outsourced or material order with it, or that it has as a linked vendor
-- (a material order is announced while it is being written).
CREATE OR REPLACE FUNCTION ord_counterpart_admins(p_client uuid) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT uc.user_id FROM user_client uc
   WHERE uc.client_id = p_client AND uc.user_type = 'ADMIN'
     AND (
       EXISTS (SELECT 1 FROM ord_customer_order o
                WHERE (o.client_id = p_client AND o.buyer_client_id = seamline_client_id()::text)
                   OR (o.client_id = seamline_client_id() AND o.buyer_client_id = p_client::text))
       OR EXISTS (SELECT 1 FROM ord_outsourced_order o
                   WHERE (o.client_id = p_client AND o.vendor_client_id = seamline_client_id()::text)
                      OR (o.client_id = seamline_client_id() AND o.vendor_client_id = p_client::text AND o.status <> 'DRAFT'))
       OR EXISTS (SELECT 1 FROM ord_material_order o
                   WHERE (o.client_id = p_client AND o.vendor_client_id = seamline_client_id()::text)
                      OR (o.client_id = seamline_client_id() AND o.vendor_client_id = p_client::text))
       OR EXISTS (SELECT 1 FROM md_vendor v WHERE v.client_id = seamline_client_id() AND v.supplier_client_id = p_client::text AND v.platform_link = 'exists')
     )
$$;
--> statement-breakpoint
-- The vendor setting that applies to each vendor is marked (its newest active one).
UPDATE cap_vendor_setting s SET applies = (s.id = (
  SELECT x.id FROM cap_vendor_setting x WHERE x.client_id = s.client_id AND x.vendor_id = s.vendor_id AND x.status = 'active'
   ORDER BY x.updated_at DESC, x.id LIMIT 1));
--> statement-breakpoint
-- Every BOM so far is its first revision.
UPDATE plm_bom SET revision = 1 WHERE revision IS NULL;
