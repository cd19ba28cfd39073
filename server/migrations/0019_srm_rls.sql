-- Sourcing (areas/srm): tenant policies for every table, plus the deliberate cross-company rules
-- of docs/sourcing.md 'Visibility'. Permissive policies add up (OR); the RESTRICTIVE ones below
-- narrow what a company may insert in its own name.
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY[
    'srm_project', 'srm_project_items', 'srm_project_rfi_questions',
    'srm_eval_config', 'srm_eval_config_items', 'srm_eval_config_options', 'srm_eval_config_reviewers',
    'srm_admission_eval', 'srm_admission_eval_scores',
    'srm_supplier_eval', 'srm_supplier_eval_kpis',
    'srm_invitation', 'srm_rfi_record', 'srm_quotation', 'srm_quotation_line', 'srm_quotation_tier'
  ]::regclass[]) AS tbl;
--> statement-breakpoint
-- An invited supplier reads its invitation once the brand has posted it (never a draft).
CREATE POLICY srm_invitation_supplier_read ON srm_invitation FOR SELECT TO seamline_app
  USING (supplier_client_id = seamline_client_id() AND status <> 'draft');
--> statement-breakpoint
-- A project is readable by the suppliers invited to it (posted invitation) and, once public and
-- started (RFI or RFQ sent), by every company on the platform. Nobody but the owner may change it.
CREATE POLICY srm_project_counterpart_read ON srm_project FOR SELECT TO seamline_app
  USING (
    (is_public AND (info_stage <> '0' OR publish_stage <> '0'))
    OR EXISTS (SELECT 1 FROM srm_invitation i
                WHERE i.project_id = srm_project.id AND i.supplier_client_id = seamline_client_id() AND i.status <> 'draft')
  );
--> statement-breakpoint
-- Its RFQ items and RFI questions follow the project (the subquery runs under the project's policies).
CREATE POLICY srm_project_items_counterpart_read ON srm_project_items FOR SELECT TO seamline_app
  USING (EXISTS (SELECT 1 FROM srm_project p WHERE p.id = srm_project_items.parent_id));
--> statement-breakpoint
CREATE POLICY srm_project_rfi_questions_counterpart_read ON srm_project_rfi_questions FOR SELECT TO seamline_app
  USING (EXISTS (SELECT 1 FROM srm_project p WHERE p.id = srm_project_rfi_questions.parent_id));
--> statement-breakpoint
-- A supplier's RFI record and quotation: the brand reads them once submitted/posted and may
-- change their status (srm_counterpart_guard below keeps every other column as the supplier wrote it).
CREATE POLICY srm_rfi_record_brand_read ON srm_rfi_record FOR SELECT TO seamline_app
  USING (brand_client_id = seamline_client_id() AND status <> 'draft');
--> statement-breakpoint
CREATE POLICY srm_rfi_record_brand_decide ON srm_rfi_record FOR UPDATE TO seamline_app
  USING (brand_client_id = seamline_client_id() AND status <> 'draft')
  WITH CHECK (brand_client_id = seamline_client_id() AND status IN ('submitted', 'shortlisted', 'eliminated'));
--> statement-breakpoint
CREATE POLICY srm_quotation_brand_read ON srm_quotation FOR SELECT TO seamline_app
  USING (brand_client_id = seamline_client_id() AND status <> 'draft');
--> statement-breakpoint
CREATE POLICY srm_quotation_brand_decide ON srm_quotation FOR UPDATE TO seamline_app
  USING (brand_client_id = seamline_client_id() AND status <> 'draft')
  WITH CHECK (brand_client_id = seamline_client_id() AND status IN ('posted', 'selected', 'unselected', 'stopped'));
--> statement-breakpoint
CREATE POLICY srm_quotation_line_brand_read ON srm_quotation_line FOR SELECT TO seamline_app
  USING (brand_client_id = seamline_client_id() AND EXISTS (SELECT 1 FROM srm_quotation q WHERE q.id = srm_quotation_line.quotation_id));
--> statement-breakpoint
CREATE POLICY srm_quotation_tier_brand_read ON srm_quotation_tier FOR SELECT TO seamline_app
  USING (brand_client_id = seamline_client_id() AND EXISTS (SELECT 1 FROM srm_quotation_line l WHERE l.id = srm_quotation_tier.line_id));
--> statement-breakpoint
-- A supplier answers only projects it can see, and names their real owner as the brand.
CREATE POLICY srm_rfi_record_visible_project ON srm_rfi_record AS RESTRICTIVE FOR INSERT TO seamline_app
  WITH CHECK (EXISTS (SELECT 1 FROM srm_project p WHERE p.id = srm_rfi_record.project_id AND p.client_id = srm_rfi_record.brand_client_id));
--> statement-breakpoint
CREATE POLICY srm_quotation_visible_project ON srm_quotation AS RESTRICTIVE FOR INSERT TO seamline_app
  WITH CHECK (EXISTS (SELECT 1 FROM srm_project p WHERE p.id = srm_quotation.project_id AND p.client_id = srm_quotation.brand_client_id));
--> statement-breakpoint
ALTER TABLE srm_quotation_tier ADD CONSTRAINT srm_quotation_tier_level_ck CHECK (level BETWEEN 1 AND 5);
--> statement-breakpoint
-- The owner changes a document only while it is a draft; the counterpart only its status.
CREATE OR REPLACE FUNCTION srm_counterpart_guard() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  me uuid := seamline_client_id();
  free text[] := ARRAY['status', 'version', 'updated_by', 'updated_at', 'decided_at'];
BEGIN
  IF me IS NULL THEN
    RETURN NEW;
  END IF;
  IF me = OLD.client_id THEN
    IF OLD.status <> 'draft' THEN
      RAISE EXCEPTION 'srm: a posted document cannot change' USING ERRCODE = 'check_violation';
    END IF;
  ELSIF (to_jsonb(NEW) - free) IS DISTINCT FROM (to_jsonb(OLD) - free) THEN
    RAISE EXCEPTION 'srm: the counterpart may change only the status' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER srm_quotation_guard BEFORE UPDATE ON srm_quotation FOR EACH ROW EXECUTE FUNCTION srm_counterpart_guard();
--> statement-breakpoint
CREATE TRIGGER srm_rfi_record_guard BEFORE UPDATE ON srm_rfi_record FOR EACH ROW EXECUTE FUNCTION srm_counterpart_guard();
--> statement-breakpoint
-- §8 'unfinished company quotations': the brand may not read suppliers' drafts, but it may learn
-- how many of its project's quotations are still drafts (suppliers whose invitation it stopped
-- do not count). Only for the caller's own projects.
CREATE OR REPLACE FUNCTION srm_unfinished_quotations(p_project uuid) RETURNS integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT count(*)::int FROM srm_quotation q
   WHERE q.project_id = p_project AND q.status = 'draft' AND q.brand_client_id = seamline_client_id()
     AND NOT EXISTS (SELECT 1 FROM srm_invitation i
                      WHERE i.project_id = q.project_id AND i.supplier_client_id = q.client_id AND i.status = 'stopped')
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION srm_unfinished_quotations(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION srm_unfinished_quotations(uuid) TO seamline_app;
--> statement-breakpoint
-- Who to notify in the counterpart company: its administrators, named only to a company that
-- has a sourcing document with it (invitation, RFI record or quotation, either direction).
CREATE OR REPLACE FUNCTION srm_counterpart_admins(p_client uuid) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT uc.user_id FROM user_client uc
   WHERE uc.client_id = p_client AND uc.user_type = 'ADMIN'
     AND (
       EXISTS (SELECT 1 FROM srm_invitation i
                WHERE (i.client_id = seamline_client_id() AND i.supplier_client_id = p_client)
                   OR (i.client_id = p_client AND i.supplier_client_id = seamline_client_id()))
       OR EXISTS (SELECT 1 FROM srm_quotation q
                   WHERE (q.client_id = p_client AND q.brand_client_id = seamline_client_id())
                      OR (q.brand_client_id = p_client AND q.client_id = seamline_client_id()))
       OR EXISTS (SELECT 1 FROM srm_rfi_record r
                   WHERE (r.client_id = p_client AND r.brand_client_id = seamline_client_id())
                      OR (r.brand_client_id = p_client AND r.client_id = seamline_client_id()))
     )
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION srm_counterpart_admins(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION srm_counterpart_admins(uuid) TO seamline_app;
--> statement-breakpoint
-- Access-evaluation configs (spec §4): one active version per company. Activating one (the
-- engine's 'activate' transition) deactivates the earlier active version in the same statement.
CREATE UNIQUE INDEX srm_eval_config_one_active ON srm_eval_config (client_id) WHERE status = '10';
--> statement-breakpoint
CREATE UNIQUE INDEX srm_eval_config_version_uq ON srm_eval_config (client_id, version_no);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION srm_eval_config_activated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE srm_eval_config SET status = '40', version = version + 1, updated_at = now(), updated_by = NEW.updated_by
   WHERE client_id = NEW.client_id AND id <> NEW.id AND status = '10';
  NEW.activated_at := localtimestamp(0);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER srm_eval_config_activate BEFORE UPDATE OF status ON srm_eval_config
  FOR EACH ROW WHEN (NEW.status = '10' AND OLD.status IS DISTINCT FROM '10') EXECUTE FUNCTION srm_eval_config_activated();
--> statement-breakpoint
-- A confirmed periodic evaluation writes its grade to the vendor; a concluded admission
-- evaluation that admitted the vendor admits it (vendor status 10).
CREATE OR REPLACE FUNCTION srm_vendor_from_evaluation() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'srm_supplier_eval' THEN
    UPDATE md_vendor SET grade = NEW.grade, version = version + 1, updated_at = now(), updated_by = NEW.updated_by
     WHERE id = NEW.vendor_id AND client_id = NEW.client_id AND NEW.grade IS NOT NULL;
  ELSIF NEW.result = 'admitted' THEN
    UPDATE md_vendor SET status = '10', version = version + 1, updated_at = now(), updated_by = NEW.updated_by
     WHERE id = NEW.vendor_id AND client_id = NEW.client_id AND status <> '10';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER srm_supplier_eval_confirmed AFTER UPDATE OF status ON srm_supplier_eval
  FOR EACH ROW WHEN (NEW.status = '20' AND OLD.status IS DISTINCT FROM '20') EXECUTE FUNCTION srm_vendor_from_evaluation();
--> statement-breakpoint
CREATE TRIGGER srm_admission_eval_concluded AFTER UPDATE OF status ON srm_admission_eval
  FOR EACH ROW WHEN (NEW.status = '20' AND OLD.status IS DISTINCT FROM '20') EXECUTE FUNCTION srm_vendor_from_evaluation();
