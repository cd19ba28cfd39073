-- A demand line shows the furthest state of its live allocation lines (spec §4 'Capacity
-- allocation'): pending in a draft, allocated once published, submitted once the supplier
-- confirmed, daily-allocated once its order allocation is confirmed; none (or only closed
-- ones) → not received. The supplier's confirmation moves the brand's demand too, so the
-- function runs as its owner (the supplier cannot read or write cap_demand).
CREATE OR REPLACE FUNCTION cap_demand_follow_lines() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  d uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.demand_id ELSE NEW.demand_id END;
  s text;
BEGIN
  SELECT coalesce(max(l.status::int), 0)::text INTO s FROM cap_allocation_line l
   WHERE l.demand_id = d AND l.status <> '100' AND l.qty > 0;
  UPDATE cap_demand SET status = s, version = version + 1, updated_at = now()
   WHERE id = d AND status IS DISTINCT FROM s;
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION cap_demand_follow_lines() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER cap_allocation_line_demand AFTER INSERT OR DELETE OR UPDATE OF status, qty ON cap_allocation_line
  FOR EACH ROW EXECUTE FUNCTION cap_demand_follow_lines();
