-- Capacity (areas/capacity): tenant policies for every table, plus the cross-company rules of
-- docs/capacity.md 'Visibility'. Permissive policies add up (OR).
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY[
    'cap_capacity_group', 'cap_vendor_setting', 'cap_vendor_setting_groups', 'cap_vendor_capacity',
    'cap_vendor_kpi', 'cap_demand', 'cap_demand_allocation', 'cap_order_allocation', 'cap_allocation_line'
  ]::regclass[]) AS tbl;
--> statement-breakpoint
-- A brand reads the capacity a supplier company filled for it, only while one of the brand's
-- vendors is linked to that company. Nobody but the supplier may change it.
CREATE POLICY cap_vendor_capacity_brand_read ON cap_vendor_capacity FOR SELECT TO seamline_app
  USING (
    brand_client_id = seamline_client_id()::text
    AND EXISTS (SELECT 1 FROM md_vendor v
                 WHERE v.client_id = seamline_client_id() AND v.supplier_client_id = cap_vendor_capacity.client_id::text)
  );
--> statement-breakpoint
-- The supplier reads its own allocation lines once published (never a draft) and moves their
-- status only (cap_allocation_guard below); a third company sees nothing.
CREATE POLICY cap_allocation_line_supplier_read ON cap_allocation_line FOR SELECT TO seamline_app
  USING (supplier_client_id = seamline_client_id() AND status <> '10');
--> statement-breakpoint
CREATE POLICY cap_allocation_line_supplier_move ON cap_allocation_line FOR UPDATE TO seamline_app
  USING (supplier_client_id = seamline_client_id() AND status IN ('20', '30'))
  WITH CHECK (supplier_client_id = seamline_client_id() AND status IN ('30', '40'));
--> statement-breakpoint
-- The owner changes a line's quantities only while its version is a draft (status 10); after
-- that only the status moves, along the table of meta/fields.ts ALLOC_MOVES; the supplier may
-- change the status and its confirmation, nothing else. Published lines are never deleted.
CREATE OR REPLACE FUNCTION cap_allocation_guard() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  me uuid := seamline_client_id();
  free text[] := ARRAY['status', 'version', 'updated_by', 'updated_at', 'confirmed_at', 'confirmed_by'];
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF me IS NOT NULL AND OLD.status <> '10' THEN
      RAISE EXCEPTION 'capacity: a published allocation line cannot be deleted' USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF me IS NULL THEN
    RETURN NEW;
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = '10' AND NEW.status = '20')
    OR (OLD.status = '20' AND NEW.status IN ('30', '100'))
    OR (OLD.status = '30' AND NEW.status IN ('40', '100'))
    OR (OLD.status = '40' AND NEW.status = '100')) THEN
    RAISE EXCEPTION 'capacity: allocation line cannot move from % to %', OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  IF (me <> OLD.client_id OR OLD.status <> '10') AND (to_jsonb(NEW) - free) IS DISTINCT FROM (to_jsonb(OLD) - free) THEN
    RAISE EXCEPTION 'capacity: only the status of a published allocation line may change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cap_allocation_line_guard BEFORE UPDATE OR DELETE ON cap_allocation_line FOR EACH ROW EXECUTE FUNCTION cap_allocation_guard();
--> statement-breakpoint
-- A published or archived version is immutable except for archiving (published → archived).
CREATE OR REPLACE FUNCTION cap_version_guard() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'capacity: a published allocation version cannot be deleted' USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'archived' OR (OLD.status = 'published' AND NEW.status <> 'archived') THEN
    RAISE EXCEPTION 'capacity: a published allocation version cannot change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cap_demand_allocation_guard BEFORE UPDATE OR DELETE ON cap_demand_allocation FOR EACH ROW EXECUTE FUNCTION cap_version_guard();
--> statement-breakpoint
-- One published version per company at a time; version numbers unique.
CREATE UNIQUE INDEX cap_demand_allocation_one_published ON cap_demand_allocation (client_id) WHERE status = 'published';
--> statement-breakpoint
CREATE UNIQUE INDEX cap_demand_allocation_version_uq ON cap_demand_allocation (client_id, version_no);
--> statement-breakpoint
-- The brands that list the caller's company as a vendor (platform-linked), for the supplier's
-- capacity entry: id and name only.
CREATE OR REPLACE FUNCTION cap_my_brands() RETURNS TABLE (id uuid, name text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT DISTINCT c.id, c.name FROM md_vendor v JOIN client c ON c.id = v.client_id
   WHERE v.supplier_client_id = seamline_client_id()::text
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION cap_my_brands() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION cap_my_brands() TO seamline_app;
--> statement-breakpoint
-- The name of a brand's capacity group, told only to a supplier that brand lists as a vendor.
CREATE OR REPLACE FUNCTION cap_brand_group(p_brand uuid, p_code text) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT g.name FROM cap_capacity_group g
   WHERE g.client_id = p_brand AND g.code = p_code
     AND EXISTS (SELECT 1 FROM md_vendor v WHERE v.client_id = p_brand AND v.supplier_client_id = seamline_client_id()::text)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION cap_brand_group(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION cap_brand_group(uuid, text) TO seamline_app;
--> statement-breakpoint
-- Who to notify in the counterpart company: its administrators, named only to a company that
-- has an allocation line with it (either direction).
CREATE OR REPLACE FUNCTION cap_counterpart_admins(p_client uuid) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT uc.user_id FROM user_client uc
   WHERE uc.client_id = p_client AND uc.user_type = 'ADMIN'
     AND EXISTS (SELECT 1 FROM cap_allocation_line l
                  WHERE (l.client_id = seamline_client_id() AND l.supplier_client_id = p_client)
                     OR (l.client_id = p_client AND l.supplier_client_id = seamline_client_id()))
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION cap_counterpart_admins(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION cap_counterpart_admins(uuid) TO seamline_app;
--> statement-breakpoint
-- A confirmed order allocation that names an allocation line of the supplier marks it
-- daily-allocated (submitted → daily-allocated), in the supplier's own transaction: the
-- supplier's update policy and the guard above allow exactly that move.
CREATE OR REPLACE FUNCTION cap_order_allocation_confirmed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.allocation_line_id IS NOT NULL AND NEW.allocation_line_id ~ '^[0-9a-f-]{36}$' THEN
    UPDATE cap_allocation_line SET status = '40', version = version + 1, updated_at = now(), updated_by = NEW.updated_by
     WHERE id = NEW.allocation_line_id::uuid AND status = '30' AND supplier_client_id = NEW.client_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER cap_order_allocation_confirm AFTER UPDATE OF status ON cap_order_allocation
  FOR EACH ROW WHEN (NEW.status = 'confirmed' AND OLD.status IS DISTINCT FROM 'confirmed') EXECUTE FUNCTION cap_order_allocation_confirmed();
