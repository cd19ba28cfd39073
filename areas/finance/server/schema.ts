// The finance area's tables (docs/finance.md). Hand-written like the ticket's: every document is
// shared by two companies, which the engine's single-company endpoints do not express.
// - fin_invoice / fin_invoice_line: the supplier's invoice (client_id = supplier) against one
//   shipment notice, made out to buyer_client_id; each line names the shipment line it bills.
// - fin_setting: the buyer's terms per supplier (supplier_client_id) or for all (null): bill on
//   shipped or received, price and quantity tolerances, tax rate. The supplier never reads them.
// - fin_payment: the buyer's payment of an invoice (the buyer's row; the supplier reads it).
// - fin_debit_note: the buyer's debit note against a supplier, from a ticket's deduction.
// - fin_credit_note: a reduction of one approved invoice, issued by the supplier (in force at once)
//   or asked for by the buyer (in force once the supplier accepts); the issuer's row.
// Cross-company policies: migration 0068_finance_rls.sql. Relative imports only (drizzle-kit).
import { clientId, date, id, index, integer, numeric, pgTable, text, timestampTz, unique, uniqueIndex, uuid } from '@seamline/server/tables';

const dec4 = (name: string) => numeric(name, { precision: 18, scale: 4 });
const isoDate = (name: string) => date(name, { mode: 'string' });

export const finInvoice = pgTable(
  'fin_invoice',
  {
    id: id(),
    clientId: clientId(),
    buyerClientId: uuid('buyer_client_id').notNull(),
    shipmentId: uuid('shipment_id').notNull(),
    code: text('code').notNull(),
    invoiceDate: isoDate('invoice_date').notNull(),
    dueDate: isoDate('due_date').notNull(),
    currency: text('currency').notNull(),
    billOn: text('bill_on').notNull(),
    taxRate: dec4('tax_rate').notNull().default('0'),
    subtotal: dec4('subtotal').notNull().default('0'),
    taxAmount: dec4('tax_amount').notNull().default('0'),
    total: dec4('total').notNull().default('0'),
    paidAmount: dec4('paid_amount').notNull().default('0'),
    /** Debit notes set off against this invoice. */
    setOffAmount: dec4('set_off_amount').notNull().default('0'),
    /** Credit notes in force on this invoice (fin_credit_note APPLIED). */
    creditAmount: dec4('credit_amount').notNull().default('0'),
    status: text('status').notNull().default('DRAFT'),
    rejectReason: text('reject_reason'),
    remark: text('remark'),
    approvedBy: uuid('approved_by'),
    approvedAt: timestampTz('approved_at'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_invoice_code_uq').on(t.clientId, t.code),
    index('fin_invoice_buyer_idx').on(t.buyerClientId, t.status, t.createdAt),
    index('fin_invoice_client_idx').on(t.clientId, t.status, t.createdAt),
    index('fin_invoice_shipment_idx').on(t.shipmentId),
  ],
);

export const finInvoiceLine = pgTable(
  'fin_invoice_line',
  {
    id: id(),
    /** The invoice's company (the supplier): the line is shared with the invoice. */
    clientId: clientId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => finInvoice.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    shipmentLineId: uuid('shipment_line_id').notNull(),
    orderId: uuid('order_id').notNull(),
    orderCode: text('order_code').notNull(),
    styleCode: text('style_code').notNull(),
    colour: text('colour').notNull(),
    size: text('size').notNull(),
    qty: dec4('qty').notNull(),
    price: dec4('price').notNull(),
    amount: dec4('amount').notNull(),
    /** Set by the match on submit: the order's price and what had been received then. */
    orderPrice: dec4('order_price'),
    receivedQty: dec4('received_qty'),
    matchStatus: text('match_status'),
    /** Why the line is held, in both languages (the buyer and the supplier may read different ones). */
    heldReasonEn: text('held_reason_en'),
    heldReasonZh: text('held_reason_zh'),
  },
  (t) => [index('fin_invoice_line_invoice_idx').on(t.invoiceId), index('fin_invoice_line_shipment_line_idx').on(t.shipmentLineId)],
);

export const finSetting = pgTable(
  'fin_setting',
  {
    id: id(),
    /** The buyer whose terms these are. */
    clientId: clientId(),
    /** The supplier they apply to; null = every supplier without its own row. */
    supplierClientId: uuid('supplier_client_id'),
    billOn: text('bill_on').notNull().default('received'),
    pricePct: dec4('price_pct').notNull().default('0'),
    qtyPct: dec4('qty_pct').notNull().default('0'),
    taxRate: dec4('tax_rate').notNull().default('0'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('fin_setting_uq').on(t.clientId, t.supplierClientId).nullsNotDistinct()],
);

export const finPayment = pgTable(
  'fin_payment',
  {
    id: id(),
    /** The buyer that paid. */
    clientId: clientId(),
    supplierClientId: uuid('supplier_client_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    amount: dec4('amount').notNull(),
    currency: text('currency').notNull(),
    paidOn: isoDate('paid_on').notNull(),
    reference: text('reference'),
    createdBy: uuid('created_by'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('fin_payment_invoice_idx').on(t.invoiceId), index('fin_payment_supplier_idx').on(t.supplierClientId, t.paidOn)],
);

export const finDebitNote = pgTable(
  'fin_debit_note',
  {
    id: id(),
    /** The buyer that deducts (the ticket's opener). */
    clientId: clientId(),
    supplierClientId: uuid('supplier_client_id').notNull(),
    code: text('code').notNull(),
    ticketId: uuid('ticket_id'),
    ticketCode: text('ticket_code'),
    noteDate: isoDate('note_date').notNull(),
    amount: dec4('amount').notNull(),
    ratio: dec4('ratio'),
    currency: text('currency').notNull(),
    deductionType: text('deduction_type'),
    voucher: text('voucher'),
    reason: text('reason'),
    status: text('status').notNull().default('OPEN'),
    disputeReason: text('dispute_reason'),
    /** The invoice it was set off against. */
    invoiceId: uuid('invoice_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_debit_note_ticket_uq').on(t.ticketId),
    uniqueIndex('fin_debit_note_code_uq').on(t.clientId, t.code),
    index('fin_debit_note_supplier_idx').on(t.supplierClientId, t.noteDate),
  ],
);

export const finCreditNote = pgTable(
  'fin_credit_note',
  {
    id: id(),
    /** The company that issued it: the supplier, or the buyer asking for the reduction. */
    clientId: clientId(),
    supplierClientId: uuid('supplier_client_id').notNull(),
    buyerClientId: uuid('buyer_client_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    code: text('code').notNull(),
    noteDate: isoDate('note_date').notNull(),
    amount: dec4('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    /** OPEN (the buyer's, awaiting the supplier) → APPLIED or DISPUTED; the supplier's is APPLIED at once. */
    status: text('status').notNull().default('OPEN'),
    disputeReason: text('dispute_reason'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_credit_note_code_uq').on(t.clientId, t.code),
    index('fin_credit_note_invoice_idx').on(t.invoiceId),
    index('fin_credit_note_parties_idx').on(t.supplierClientId, t.buyerClientId, t.noteDate),
  ],
);
