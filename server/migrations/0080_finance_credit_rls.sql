-- Credit notes (areas/finance, docs/finance.md 'Credit notes', 'Visibility'): the issuer's row,
-- read by the other company of the invoice; the supplier answers the buyer's (status, dispute
-- reason, and the date it comes in force). The supplier's invoice may now take a credit past
-- approval: credit_amount joins the columns the invoice's guard lets either side move.
SELECT seamline_enable_tenant_rls('fin_credit_note');
--> statement-breakpoint
CREATE POLICY fin_credit_note_party_read ON fin_credit_note FOR SELECT TO seamline_app
  USING (supplier_client_id = seamline_client_id() OR buyer_client_id = seamline_client_id());
--> statement-breakpoint
CREATE POLICY fin_credit_note_supplier_update ON fin_credit_note FOR UPDATE TO seamline_app
  USING (supplier_client_id = seamline_client_id() AND status IN ('OPEN', 'DISPUTED'))
  WITH CHECK (supplier_client_id = seamline_client_id() AND status IN ('APPLIED', 'DISPUTED'));
--> statement-breakpoint
CREATE TRIGGER fin_credit_note_guard BEFORE UPDATE ON fin_credit_note
  FOR EACH ROW EXECUTE FUNCTION ord_counterpart_guard('status,dispute_reason,note_date', '');
--> statement-breakpoint
DROP TRIGGER fin_invoice_guard ON fin_invoice;
--> statement-breakpoint
CREATE TRIGGER fin_invoice_guard BEFORE UPDATE ON fin_invoice
  FOR EACH ROW EXECUTE FUNCTION ord_counterpart_guard('status,reject_reason,approved_by,approved_at,paid_amount,set_off_amount,credit_amount', 'DRAFT,HELD');
