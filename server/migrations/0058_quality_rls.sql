-- Quality inspections (areas/quality, docs/quality.md 'Visibility'): the row is the booking brand's
-- (client_id); the factory of the order (factory_client_id) and the inspector (inspector_client_id)
-- read it and take their steps. Every write goes through the area's routes; these policies are
-- the wall, so any fourth company reads nothing (404). Permissive policies add up (OR).
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY['qc_inspection', 'qc_inspection_lines', 'qc_inspection_defects', 'qc_inspection_readings']::regclass[]) AS tbl;
--> statement-breakpoint
CREATE UNIQUE INDEX qc_inspection_code_uq ON qc_inspection (client_id, code);
--> statement-breakpoint
CREATE INDEX qc_inspection_factory_idx ON qc_inspection (factory_client_id, inspection_date);
--> statement-breakpoint
CREATE INDEX qc_inspection_inspector_idx ON qc_inspection (inspector_client_id, inspection_date);
--> statement-breakpoint
CREATE INDEX qc_inspection_order_idx ON qc_inspection (customer_order_id);
--> statement-breakpoint
CREATE UNIQUE INDEX qc_inspection_defects_key_uq ON qc_inspection_defects (parent_id, client_key);
--> statement-breakpoint
-- Is the current company a party (factory or inspector) of an inspection?
CREATE OR REPLACE FUNCTION qc_is_party(p_factory text, p_inspector text) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT p_factory = seamline_client_id()::text OR p_inspector = seamline_client_id()::text $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION qc_is_party(text, text) TO seamline_app;
--> statement-breakpoint
CREATE POLICY qc_inspection_party_read ON qc_inspection FOR SELECT TO seamline_app
  USING (qc_is_party(factory_client_id, inspector_client_id));
--> statement-breakpoint
CREATE POLICY qc_inspection_party_update ON qc_inspection FOR UPDATE TO seamline_app
  USING (qc_is_party(factory_client_id, inspector_client_id))
  WITH CHECK (qc_is_party(factory_client_id, inspector_client_id));
--> statement-breakpoint
-- Children: readable by the parties of their inspection; defects and readings are written by the
-- inspector (the brand or the factory when they inspect themselves are covered by tenant_isolation
-- or by this policy), in the brand's name (client_id of the inspection).
CREATE OR REPLACE FUNCTION qc_party_of(p_parent uuid, p_client uuid, p_inspector_only boolean) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$
  SELECT EXISTS (SELECT 1 FROM qc_inspection i
                  WHERE i.id = p_parent AND i.client_id = p_client
                    AND (i.inspector_client_id = seamline_client_id()::text
                         OR (NOT p_inspector_only AND i.factory_client_id = seamline_client_id()::text)))
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION qc_party_of(uuid, uuid, boolean) TO seamline_app;
--> statement-breakpoint
CREATE POLICY qc_inspection_lines_party_read ON qc_inspection_lines FOR SELECT TO seamline_app
  USING (qc_party_of(parent_id, client_id, false));
--> statement-breakpoint
CREATE POLICY qc_inspection_defects_party_read ON qc_inspection_defects FOR SELECT TO seamline_app
  USING (qc_party_of(parent_id, client_id, false));
--> statement-breakpoint
CREATE POLICY qc_inspection_defects_inspector_write ON qc_inspection_defects FOR INSERT TO seamline_app
  WITH CHECK (qc_party_of(parent_id, client_id, true));
--> statement-breakpoint
CREATE POLICY qc_inspection_defects_inspector_delete ON qc_inspection_defects FOR DELETE TO seamline_app
  USING (qc_party_of(parent_id, client_id, true));
--> statement-breakpoint
CREATE POLICY qc_inspection_readings_party_read ON qc_inspection_readings FOR SELECT TO seamline_app
  USING (qc_party_of(parent_id, client_id, false));
--> statement-breakpoint
CREATE POLICY qc_inspection_readings_inspector_write ON qc_inspection_readings FOR INSERT TO seamline_app
  WITH CHECK (qc_party_of(parent_id, client_id, true));
--> statement-breakpoint
-- Who hears of an inspection's steps in another company: its administrators, named only to a
-- company that shares an inspection with it (as ord_counterpart_admins does for orders).
CREATE OR REPLACE FUNCTION qc_party_admins(p_client uuid) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT uc.user_id FROM user_client uc
   WHERE uc.client_id = p_client AND uc.user_type = 'ADMIN'
     AND EXISTS (SELECT 1 FROM qc_inspection i
                  WHERE ARRAY[i.client_id::text, i.factory_client_id, i.inspector_client_id] @> ARRAY[p_client::text, seamline_client_id()::text])
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION qc_party_admins(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION qc_party_admins(uuid) TO seamline_app;
--> statement-breakpoint
-- What each party may change of the brand's row: the factory the date and the state, the inspector
-- the state, the counts and the verdict; the brand (owner) anything. The routes decide which step is
-- open; this keeps a party's update from touching anything else (as ord_counterpart_guard does).
CREATE OR REPLACE FUNCTION qc_party_guard() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  me text := seamline_client_id()::text;
  free text[] := ARRAY['version', 'updated_by', 'updated_at'];
BEGIN
  IF me IS NULL OR me = OLD.client_id::text THEN
    RETURN NEW;
  END IF;
  IF me = OLD.factory_client_id THEN
    free := free || ARRAY['status', 'proposed_date', 'inspection_date'];
  END IF;
  IF me = OLD.inspector_client_id THEN
    free := free || ARRAY['status', 'sampled_qty', 'critical_count', 'major_count', 'minor_count', 'result', 'comment'];
  END IF;
  IF (to_jsonb(NEW) - free) IS DISTINCT FROM (to_jsonb(OLD) - free) THEN
    RAISE EXCEPTION 'quality: this change is not allowed to this company' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER qc_inspection_guard BEFORE UPDATE ON qc_inspection
  FOR EACH ROW EXECUTE FUNCTION qc_party_guard();
