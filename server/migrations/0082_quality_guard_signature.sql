-- Issue 25, e-signature at finish. The inspector who finishes also stores its drawn signature
-- (finished_signature, a PNG data URL) on the brand's row: the party guard of 0058 / 0071 lets the
-- inspector write it with the other finished_* columns. Everything else as in 0071.
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
                          'finished_by', 'finished_by_name', 'finished_at', 'finished_signature', 'checks'];
  END IF;
  IF (to_jsonb(NEW) - free) IS DISTINCT FROM (to_jsonb(OLD) - free) THEN
    RAISE EXCEPTION 'quality: this change is not allowed to this company' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
