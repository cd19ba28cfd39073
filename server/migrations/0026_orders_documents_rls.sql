-- Orders and production (areas/orders, docs/orders.md 'Visibility'): tenant policies for every
-- table, plus the two cross-company documents. Permissive policies add up (OR).
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY[
    'ord_customer_order', 'ord_customer_order_lines', 'ord_production_plan', 'ord_work_order', 'ord_work_order_sizes',
    'ord_outsourced_order', 'ord_material_order', 'ord_material_order_lines', 'scm_purchase_requirement_bom'
  ]::regclass[]) AS tbl;
--> statement-breakpoint
-- The order number is unique in the receiving company (spec §8; the server answers first, this is the wall).
CREATE UNIQUE INDEX ord_customer_order_code_uq ON ord_customer_order (client_id, code);
--> statement-breakpoint
CREATE INDEX ord_customer_order_buyer_idx ON ord_customer_order (buyer_client_id, created_at);
--> statement-breakpoint
CREATE UNIQUE INDEX ord_production_plan_code_uq ON ord_production_plan (client_id, code);
--> statement-breakpoint
CREATE UNIQUE INDEX ord_work_order_code_uq ON ord_work_order (client_id, code);
--> statement-breakpoint
CREATE UNIQUE INDEX ord_outsourced_order_code_uq ON ord_outsourced_order (client_id, code);
--> statement-breakpoint
CREATE INDEX ord_outsourced_order_vendor_idx ON ord_outsourced_order (vendor_client_id, created_at);
--> statement-breakpoint
-- A customer order placed by a brand on the platform: the brand (buyer_client_id) reads it and
-- its lines, writes it only as a new open order in the name of a supplier it has as a vendor on
-- the platform, and may change it afterwards only as ord_counterpart_guard allows (withdraw).
CREATE POLICY ord_customer_order_buyer_read ON ord_customer_order FOR SELECT TO seamline_app
  USING (buyer_client_id = seamline_client_id()::text);
--> statement-breakpoint
CREATE POLICY ord_customer_order_buyer_place ON ord_customer_order FOR INSERT TO seamline_app
  WITH CHECK (
    buyer_client_id = seamline_client_id()::text AND status = 'OPEN'
    AND EXISTS (SELECT 1 FROM md_vendor v WHERE v.client_id = seamline_client_id() AND v.supplier_client_id = ord_customer_order.client_id::text)
  );
--> statement-breakpoint
CREATE POLICY ord_customer_order_buyer_update ON ord_customer_order FOR UPDATE TO seamline_app
  USING (buyer_client_id = seamline_client_id()::text)
  WITH CHECK (buyer_client_id = seamline_client_id()::text);
--> statement-breakpoint
CREATE POLICY ord_customer_order_lines_buyer_read ON ord_customer_order_lines FOR SELECT TO seamline_app
  USING (EXISTS (SELECT 1 FROM ord_customer_order o WHERE o.id = ord_customer_order_lines.parent_id AND o.buyer_client_id = seamline_client_id()::text));
--> statement-breakpoint
CREATE POLICY ord_customer_order_lines_buyer_place ON ord_customer_order_lines FOR INSERT TO seamline_app
  WITH CHECK (EXISTS (SELECT 1 FROM ord_customer_order o
                       WHERE o.id = ord_customer_order_lines.parent_id AND o.client_id = ord_customer_order_lines.client_id
                         AND o.buyer_client_id = seamline_client_id()::text AND o.status = 'OPEN'));
--> statement-breakpoint
-- An outsourced order: the vendor company reads it once submitted (never a draft) and may
-- confirm it and report progress (the guard keeps every other column as the owner wrote it).
CREATE POLICY ord_outsourced_order_vendor_read ON ord_outsourced_order FOR SELECT TO seamline_app
  USING (vendor_client_id = seamline_client_id()::text AND status <> 'DRAFT');
--> statement-breakpoint
CREATE POLICY ord_outsourced_order_vendor_update ON ord_outsourced_order FOR UPDATE TO seamline_app
  USING (vendor_client_id = seamline_client_id()::text AND status <> 'DRAFT')
  WITH CHECK (vendor_client_id = seamline_client_id()::text AND status <> 'DRAFT');
--> statement-breakpoint
-- What each side may change. The counterpart: only the columns in `free` (TG_ARGV[0], comma
-- separated). The owner of a document past its first state (TG_ARGV[1]): the same columns only.
CREATE OR REPLACE FUNCTION ord_counterpart_guard() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  me uuid := seamline_client_id();
  free text[] := string_to_array(TG_ARGV[0], ',') || ARRAY['version', 'updated_by', 'updated_at'];
BEGIN
  IF me IS NULL THEN
    RETURN NEW;
  END IF;
  IF me = OLD.client_id AND (TG_ARGV[1] = '' OR OLD.status = TG_ARGV[1]) THEN
    RETURN NEW;
  END IF;
  IF (to_jsonb(NEW) - free) IS DISTINCT FROM (to_jsonb(OLD) - free) THEN
    RAISE EXCEPTION 'orders: this change is not allowed to this company now' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Customer order: the owner changes anything (its own checks); the brand only withdraws.
CREATE TRIGGER ord_customer_order_guard BEFORE UPDATE ON ord_customer_order
  FOR EACH ROW EXECUTE FUNCTION ord_counterpart_guard('status', '');
--> statement-breakpoint
-- Outsourced order: free while a draft; once submitted only status and progress move, on either side.
CREATE TRIGGER ord_outsourced_order_guard BEFORE UPDATE ON ord_outsourced_order
  FOR EACH ROW EXECUTE FUNCTION ord_counterpart_guard('status,completed_qty', 'DRAFT');
--> statement-breakpoint
-- Is an order number taken in a company? For a brand placing an order on a supplier it has as a
-- vendor (it cannot read the supplier's other orders); false for any other company.
CREATE OR REPLACE FUNCTION ord_customer_order_code_taken(p_client uuid, p_code text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT EXISTS (SELECT 1 FROM ord_customer_order o WHERE o.client_id = p_client AND o.code = p_code)
     AND (p_client = seamline_client_id()
          OR EXISTS (SELECT 1 FROM md_vendor v WHERE v.client_id = seamline_client_id() AND v.supplier_client_id = p_client::text))
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION ord_customer_order_code_taken(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ord_customer_order_code_taken(uuid, text) TO seamline_app;
--> statement-breakpoint
-- Who to notify in the other company of an order: its administrators, named only to a company
-- that shares a customer order or an outsourced order with it.
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
     )
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION ord_counterpart_admins(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ord_counterpart_admins(uuid) TO seamline_app;
