-- Shipping (areas/shipping, docs/shipping.md 'Visibility'): tenant policies for every table, plus
-- the shipment as a document of two companies — the supplier owns it, the brand it ships to
-- (buyer_client_id) reads it once shipped and moves it only to 'partly received' / 'received'.
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY['shp_shipment', 'shp_shipment_cartons', 'shp_shipment_lines', 'shp_setting', 'shp_receipt', 'shp_receipt_line']::regclass[]) AS tbl;
--> statement-breakpoint
CREATE INDEX shp_shipment_buyer_idx ON shp_shipment (buyer_client_id, created_at);
--> statement-breakpoint
-- One SSCC is one carton of one company: the server assigns them from the company's counter, this is the wall.
CREATE UNIQUE INDEX shp_shipment_cartons_sscc_uq ON shp_shipment_cartons (client_id, sscc) WHERE sscc IS NOT NULL;
--> statement-breakpoint
CREATE INDEX shp_shipment_lines_order_idx ON shp_shipment_lines (client_id, order_id);
--> statement-breakpoint
-- The brand reads a shipment made out to it once shipped (never a draft nor one cancelled before shipping).
CREATE POLICY shp_shipment_buyer_read ON shp_shipment FOR SELECT TO seamline_app
  USING (buyer_client_id = seamline_client_id()::text AND status NOT IN ('DRAFT', 'CANCELLED'));
--> statement-breakpoint
CREATE POLICY shp_shipment_buyer_update ON shp_shipment FOR UPDATE TO seamline_app
  USING (buyer_client_id = seamline_client_id()::text AND status IN ('SHIPPED', 'PARTLY_RECEIVED'))
  WITH CHECK (buyer_client_id = seamline_client_id()::text AND status IN ('PARTLY_RECEIVED', 'RECEIVED'));
--> statement-breakpoint
-- The owner changes anything while DRAFT; past it either side moves only the status and the received quantity.
CREATE TRIGGER shp_shipment_guard BEFORE UPDATE ON shp_shipment
  FOR EACH ROW EXECUTE FUNCTION ord_counterpart_guard('status,received_qty', 'DRAFT');
--> statement-breakpoint
CREATE POLICY shp_shipment_cartons_buyer_read ON shp_shipment_cartons FOR SELECT TO seamline_app
  USING (EXISTS (SELECT 1 FROM shp_shipment s WHERE s.id = shp_shipment_cartons.parent_id
                   AND s.buyer_client_id = seamline_client_id()::text AND s.status NOT IN ('DRAFT', 'CANCELLED')));
--> statement-breakpoint
CREATE POLICY shp_shipment_lines_buyer_read ON shp_shipment_lines FOR SELECT TO seamline_app
  USING (EXISTS (SELECT 1 FROM shp_shipment s WHERE s.id = shp_shipment_lines.parent_id
                   AND s.buyer_client_id = seamline_client_id()::text AND s.status NOT IN ('DRAFT', 'CANCELLED')));
--> statement-breakpoint
-- The supplier reads what the brand received of its shipments (the differences, live).
CREATE POLICY shp_receipt_supplier_read ON shp_receipt FOR SELECT TO seamline_app
  USING (supplier_client_id = seamline_client_id());
--> statement-breakpoint
CREATE POLICY shp_receipt_line_supplier_read ON shp_receipt_line FOR SELECT TO seamline_app
  USING (supplier_client_id = seamline_client_id());
--> statement-breakpoint
-- The over-ship tolerance a brand grants (its setting, default 0 %), for a supplier it has placed
-- orders on; nobody else learns it.
CREATE OR REPLACE FUNCTION shp_over_ship_pct(p_buyer uuid) RETURNS numeric
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT CASE
    WHEN p_buyer = seamline_client_id()
      OR EXISTS (SELECT 1 FROM ord_customer_order o WHERE o.client_id = seamline_client_id() AND o.buyer_client_id = p_buyer::text)
    THEN coalesce((SELECT s.over_ship_pct FROM shp_setting s WHERE s.client_id = p_buyer), 0)
    ELSE 0
  END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION shp_over_ship_pct(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION shp_over_ship_pct(uuid) TO seamline_app;
