-- Style development (areas/development): tenant policies on every table, plus the two-company
-- rules of docs/development.md 'Visibility': a sample request or quote (and its points) is the
-- brand's row naming one supplier company; that supplier reads it and may update it, and the
-- guard trigger lets each side change only its own columns. Nobody else sees it.
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY[
    'plm_season', 'plm_season_range_plan', 'plm_colour', 'plm_size_range', 'plm_size_range_sizes', 'plm_trend',
    'plm_style', 'plm_style_colourways', 'plm_bom', 'plm_bom_lines', 'plm_bom_tiers',
    'plm_measurement_chart', 'plm_measurement_chart_points', 'plm_follow_node_config', 'plm_follow_node_config_nodes',
    'plm_po_tracking', 'plm_node_following', 'plm_node_following_nodes',
    'plm_sample', 'plm_sample_point', 'plm_quote'
  ]::regclass[]) AS tbl;
--> statement-breakpoint
CREATE POLICY plm_sample_supplier_read ON plm_sample FOR SELECT TO seamline_app
  USING (supplier_client_id = seamline_client_id());
--> statement-breakpoint
CREATE POLICY plm_sample_supplier_answer ON plm_sample FOR UPDATE TO seamline_app
  USING (supplier_client_id = seamline_client_id())
  WITH CHECK (supplier_client_id = seamline_client_id() AND status IN ('requested', 'measured'));
--> statement-breakpoint
CREATE POLICY plm_sample_point_supplier_read ON plm_sample_point FOR SELECT TO seamline_app
  USING (supplier_client_id = seamline_client_id());
--> statement-breakpoint
CREATE POLICY plm_sample_point_supplier_answer ON plm_sample_point FOR UPDATE TO seamline_app
  USING (supplier_client_id = seamline_client_id())
  WITH CHECK (supplier_client_id = seamline_client_id());
--> statement-breakpoint
CREATE POLICY plm_quote_supplier_read ON plm_quote FOR SELECT TO seamline_app
  USING (supplier_client_id = seamline_client_id());
--> statement-breakpoint
CREATE POLICY plm_quote_supplier_answer ON plm_quote FOR UPDATE TO seamline_app
  USING (supplier_client_id = seamline_client_id())
  WITH CHECK (supplier_client_id = seamline_client_id() AND status IN ('requested', 'submitted'));
--> statement-breakpoint
-- A request names another company; a point names the same supplier as its sample.
ALTER TABLE plm_sample ADD CONSTRAINT plm_sample_two_companies_ck CHECK (supplier_client_id <> client_id);
--> statement-breakpoint
ALTER TABLE plm_quote ADD CONSTRAINT plm_quote_two_companies_ck CHECK (supplier_client_id <> client_id);
--> statement-breakpoint
ALTER TABLE plm_quote ADD CONSTRAINT plm_quote_tiers_ck CHECK (jsonb_typeof(tiers) = 'array' AND jsonb_array_length(tiers) <= 5);
--> statement-breakpoint
ALTER TABLE plm_bom_tiers ADD CONSTRAINT plm_bom_tiers_level_ck CHECK (level BETWEEN 1 AND 5);
--> statement-breakpoint
-- Each side changes only its columns: TG_ARGV[0] lists the supplier's (comma separated); status,
-- version and the update stamps are free to both (the server checks the transitions, the update
-- policy the supplier's target states). The supplier may change nothing else; the brand nothing
-- of the supplier's.
CREATE OR REPLACE FUNCTION plm_exchange_guard() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  me uuid := seamline_client_id();
  supplier_cols text[] := string_to_array(TG_ARGV[0], ',');
  free text[] := ARRAY['status', 'version', 'updated_by', 'updated_at'];
BEGIN
  IF me IS NULL THEN
    RETURN NEW;
  END IF;
  IF me = OLD.supplier_client_id AND me <> OLD.client_id THEN
    IF (to_jsonb(NEW) - supplier_cols - free) IS DISTINCT FROM (to_jsonb(OLD) - supplier_cols - free) THEN
      RAISE EXCEPTION 'plm: the supplier may change only its own answers' USING ERRCODE = 'insufficient_privilege';
    END IF;
  ELSIF (SELECT jsonb_object_agg(k, to_jsonb(NEW) -> k) FROM unnest(supplier_cols) k)
        IS DISTINCT FROM (SELECT jsonb_object_agg(k, to_jsonb(OLD) -> k) FROM unnest(supplier_cols) k) THEN
    RAISE EXCEPTION 'plm: the brand may not change the supplier''s answers' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER plm_sample_guard BEFORE UPDATE ON plm_sample FOR EACH ROW
  EXECUTE FUNCTION plm_exchange_guard('supplier_remarks,answered_at');
--> statement-breakpoint
CREATE TRIGGER plm_sample_point_guard BEFORE UPDATE ON plm_sample_point FOR EACH ROW
  EXECUTE FUNCTION plm_exchange_guard('measured');
--> statement-breakpoint
CREATE TRIGGER plm_quote_guard BEFORE UPDATE ON plm_quote FOR EACH ROW
  EXECUTE FUNCTION plm_exchange_guard('material_cost,labour_cost,overhead_cost,margin_pct,unit_price,tiers,lead_time_days,supplier_remarks,submitted_at');
--> statement-breakpoint
-- Who to notify in the other company: its administrators, named only to a company that shares a
-- sample request or quote with it (either direction).
CREATE OR REPLACE FUNCTION plm_counterpart_admins(p_client uuid) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT uc.user_id FROM user_client uc
   WHERE uc.client_id = p_client AND uc.user_type = 'ADMIN'
     AND (
       EXISTS (SELECT 1 FROM plm_sample s
                WHERE (s.client_id = seamline_client_id() AND s.supplier_client_id = p_client)
                   OR (s.client_id = p_client AND s.supplier_client_id = seamline_client_id()))
       OR EXISTS (SELECT 1 FROM plm_quote q
                   WHERE (q.client_id = seamline_client_id() AND q.supplier_client_id = p_client)
                      OR (q.client_id = p_client AND q.supplier_client_id = seamline_client_id()))
     )
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION plm_counterpart_admins(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION plm_counterpart_admins(uuid) TO seamline_app;
