// The invoice's approval through a flow the buyer binds (docs/finance.md 'Approval'): the flow
// area's bindings list the document types a company may bind a flow to (FLOW_DOCUMENT_TYPES in
// areas/flow/meta/flow-binding.ts, a frozen definition: the supplier invoice's entry is written
// there), so the buyer binds it on the same flow-binding screen as its purchase requirements.
// Unbound, the direct approve right stays.

/** The name the invoice's approvals and its binding go by (cpm_instance.entity, cpm_flow_binding.entity). */
export const INVOICE_ENTITY = 'supplier-invoice';
