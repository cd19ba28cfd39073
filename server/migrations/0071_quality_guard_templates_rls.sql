-- Issue 25, step 3. (1) The inspector who finishes records its name and the time (the report's
-- signature line) and answers the template's checks on the brand's row; the party guard of 0058 lets the inspector write these too.
-- The brand (the row's owner) writes the rest as before: the exception ticket it opens on a
-- failure (ticket_id, ticket_code), the penalty and deduction it presets.
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
    free := free || ARRAY['status', 'sampled_qty', 'critical_count', 'major_count', 'minor_count', 'result', 'comment',
                          'finished_by', 'finished_by_name', 'finished_at', 'checks'];
  END IF;
  IF (to_jsonb(NEW) - free) IS DISTINCT FROM (to_jsonb(OLD) - free) THEN
    RAISE EXCEPTION 'quality: this change is not allowed to this company' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- (2) Inspection templates are one company's master data (the brand's): the tenant policy only.
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY['qc_template', 'qc_template_defects', 'qc_template_checks']::regclass[]) AS tbl;
