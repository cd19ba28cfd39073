-- Finance (areas/finance, docs/finance.md 'Visibility'): tenant policies for every table, plus the
-- documents of two companies — the supplier's invoice the buyer reads once submitted and moves
-- only by approving, returning or settling it; the buyer's payments and debit notes the supplier
-- reads, and a debit note the supplier answers.
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY['fin_invoice', 'fin_invoice_line', 'fin_setting', 'fin_payment', 'fin_debit_note']::regclass[]) AS tbl;
--> statement-breakpoint
-- The buyer reads an invoice once submitted, and still one it returned (a draft with its reason).
CREATE POLICY fin_invoice_buyer_read ON fin_invoice FOR SELECT TO seamline_app
  USING (buyer_client_id = seamline_client_id() AND (status <> 'DRAFT' OR reject_reason IS NOT NULL));
--> statement-breakpoint
CREATE POLICY fin_invoice_buyer_update ON fin_invoice FOR UPDATE TO seamline_app
  USING (buyer_client_id = seamline_client_id() AND status IN ('MATCHED', 'HELD', 'APPROVED', 'PARTLY_PAID'))
  WITH CHECK (buyer_client_id = seamline_client_id() AND status IN ('DRAFT', 'APPROVED', 'PARTLY_PAID', 'PAID'));
--> statement-breakpoint
-- The orders documents' guard, its second argument now a comma-separated list of the states in
-- which the owner changes anything (one state or '' as before, so its triggers keep their meaning).
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
  IF me = OLD.client_id AND (TG_ARGV[1] = '' OR OLD.status = ANY (string_to_array(TG_ARGV[1], ','))) THEN
    RETURN NEW;
  END IF;
  IF (to_jsonb(NEW) - free) IS DISTINCT FROM (to_jsonb(OLD) - free) THEN
    RAISE EXCEPTION 'orders: this change is not allowed to this company now' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The supplier changes anything while the invoice is a draft or held (corrections); past that
-- either side moves only the state and the settlement columns.
CREATE TRIGGER fin_invoice_guard BEFORE UPDATE ON fin_invoice
  FOR EACH ROW EXECUTE FUNCTION ord_counterpart_guard('status,reject_reason,approved_by,approved_at,paid_amount,set_off_amount', 'DRAFT,HELD');
--> statement-breakpoint
CREATE POLICY fin_invoice_line_buyer_read ON fin_invoice_line FOR SELECT TO seamline_app
  USING (EXISTS (SELECT 1 FROM fin_invoice i WHERE i.id = fin_invoice_line.invoice_id
                   AND i.buyer_client_id = seamline_client_id() AND (i.status <> 'DRAFT' OR i.reject_reason IS NOT NULL)));
--> statement-breakpoint
CREATE POLICY fin_payment_supplier_read ON fin_payment FOR SELECT TO seamline_app
  USING (supplier_client_id = seamline_client_id());
--> statement-breakpoint
CREATE POLICY fin_debit_note_supplier_read ON fin_debit_note FOR SELECT TO seamline_app
  USING (supplier_client_id = seamline_client_id());
--> statement-breakpoint
CREATE POLICY fin_debit_note_supplier_update ON fin_debit_note FOR UPDATE TO seamline_app
  USING (supplier_client_id = seamline_client_id() AND status IN ('OPEN', 'DISPUTED'))
  WITH CHECK (supplier_client_id = seamline_client_id() AND status IN ('ACCEPTED', 'DISPUTED'));
--> statement-breakpoint
CREATE TRIGGER fin_debit_note_guard BEFORE UPDATE ON fin_debit_note
  FOR EACH ROW EXECUTE FUNCTION ord_counterpart_guard('status,dispute_reason', '');
--> statement-breakpoint
-- The buyer's terms for the calling supplier (its own row, else the buyer's default) with the
-- payment terms and currency of the buyer's vendor record of it: for a company the buyer placed
-- orders on, or the buyer itself. The supplier's server uses the tolerances; no route shows them.
CREATE OR REPLACE FUNCTION fin_terms(p_buyer uuid)
  RETURNS TABLE (bill_on text, price_pct numeric, qty_pct numeric, tax_rate numeric, payment_terms text, currency text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  SELECT s.bill_on, s.price_pct, s.qty_pct, s.tax_rate, v.payment_terms::text, v.currency::text
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT x.* FROM fin_setting x WHERE x.client_id = p_buyer
                          AND (x.supplier_client_id = seamline_client_id() OR x.supplier_client_id IS NULL)
                        ORDER BY x.supplier_client_id NULLS LAST LIMIT 1) s ON true
    LEFT JOIN LATERAL (SELECT y.* FROM md_vendor y WHERE y.client_id = p_buyer AND y.supplier_client_id = seamline_client_id()::text
                        ORDER BY y.created_at LIMIT 1) v ON true
   WHERE p_buyer = seamline_client_id()
      OR EXISTS (SELECT 1 FROM ord_customer_order o WHERE o.client_id = seamline_client_id() AND o.buyer_client_id = p_buyer::text)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION fin_terms(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION fin_terms(uuid) TO seamline_app;
--> statement-breakpoint
-- A closed ticket's deduction becomes the opener's debit note against the other company, once
-- (unique per ticket); called from the ticket's close (either company may close), so it writes
-- the opener's row whoever calls. Answers the new note's id, or NULL.
CREATE OR REPLACE FUNCTION fin_note_from_ticket(p_ticket uuid) RETURNS uuid
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  tk tk_ticket%ROWTYPE;
  cur text;
  nid uuid;
BEGIN
  SELECT * INTO tk FROM tk_ticket WHERE id = p_ticket;
  IF NOT FOUND OR tk.status <> 100 OR coalesce(tk.deduction_amount, 0) <= 0
     OR seamline_client_id() IS NULL OR seamline_client_id() NOT IN (tk.client_id, tk.counterpart_client_id) THEN
    RETURN NULL;
  END IF;
  SELECT v.currency INTO cur FROM md_vendor v
   WHERE v.client_id = tk.client_id AND v.supplier_client_id = tk.counterpart_client_id::text AND v.currency IS NOT NULL
   ORDER BY v.created_at LIMIT 1;
  INSERT INTO fin_debit_note (client_id, supplier_client_id, code, ticket_id, ticket_code, note_date, amount, ratio, currency, deduction_type, voucher, reason)
  VALUES (tk.client_id, tk.counterpart_client_id, 'DN-' || tk.code, tk.id, tk.code, current_date, tk.deduction_amount, tk.deduction_ratio,
          coalesce(cur, 'CNY'), tk.deduction_type, tk.deduction_voucher, tk.closing_summary)
  ON CONFLICT DO NOTHING
  RETURNING id INTO nid;
  RETURN nid;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION fin_note_from_ticket(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION fin_note_from_ticket(uuid) TO seamline_app;
