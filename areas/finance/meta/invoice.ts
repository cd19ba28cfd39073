// Supplier invoice (issue 26, finance half; docs/finance.md): the supplier (the factory) bills the
// brand for what it shipped or what the brand received of one shipment notice — the brand's bill
// control per supplier, like Odoo's 'ordered / received quantities'. One document of two
// companies: the row is the supplier's (client_id), the brand is buyer_client_id and reads it once
// submitted. The states are the table INVOICE_ACTIONS below; submit runs the three-way match and
// lands on MATCHED or HELD; payments and set-offs move APPROVED → PARTLY_PAID → PAID.
import type { Label, StatusValue } from '@seamline/core';
import type { OrderAction } from '../../orders/meta/actions';

export const L = (en: string, zh: string): Label => ({ en, zh });
export const FINANCE_AREA = 'finance';
export const FINANCE_PREFIX = 'scmapi';
export const FINANCE_MENU = 'SCM_FINANCE';
export const FINANCE_BASE = `${FINANCE_PREFIX}/finance`;

export const INV_STATUS = {
  DRAFT: 'DRAFT',
  SUBMITTED: 'SUBMITTED',
  MATCHED: 'MATCHED',
  HELD: 'HELD',
  APPROVED: 'APPROVED',
  PARTLY_PAID: 'PARTLY_PAID',
  PAID: 'PAID',
} as const;

export const INV_STATUSES: StatusValue[] = [
  { value: INV_STATUS.DRAFT, label: L('Draft', '草稿'), color: 'default' },
  { value: INV_STATUS.SUBMITTED, label: L('Submitted', '已提交'), color: 'blue' },
  { value: INV_STATUS.MATCHED, label: L('Matched', '已匹配'), color: 'cyan' },
  { value: INV_STATUS.HELD, label: L('Held', '已挂起'), color: 'orange' },
  { value: INV_STATUS.APPROVED, label: L('Approved', '已批准'), color: 'geekblue' },
  { value: INV_STATUS.PARTLY_PAID, label: L('Partly paid', '部分付款'), color: 'purple' },
  { value: INV_STATUS.PAID, label: L('Paid', '已付清'), color: 'green' },
];

/**
 * Owner = the supplier that bills; counterpart = the brand that pays. 'submit' is written to
 * SUBMITTED and decided by the match in the same transaction (MATCHED or HELD), so SUBMITTED is
 * never a resting state. 'reject' sends the invoice back to the supplier as a draft with the reason.
 * 'pay' is the payment route's row (the amount decides PARTLY_PAID or PAID).
 */
export const INVOICE_ACTIONS: OrderAction[] = [
  {
    action: 'submit',
    label: L('Submit', '提交'),
    from: [INV_STATUS.DRAFT, INV_STATUS.HELD],
    to: INV_STATUS.SUBMITTED,
    side: 'owner',
    refusedIn: { MATCHED: 'finance.alreadySubmitted', APPROVED: 'finance.alreadyApproved', PARTLY_PAID: 'finance.alreadyApproved', PAID: 'finance.alreadyApproved' },
  },
  {
    action: 'approve',
    label: L('Approve', '批准'),
    from: [INV_STATUS.MATCHED],
    to: INV_STATUS.APPROVED,
    side: 'counterpart',
    // The direct approve right (docs/finance.md 'Approval'): the brand's approvers; administrators always.
    roles: { any: ['APPROVER'] },
    refusedIn: { HELD: 'finance.approveHeld', APPROVED: 'finance.alreadyApproved', PARTLY_PAID: 'finance.alreadyApproved', PAID: 'finance.alreadyApproved' },
  },
  {
    action: 'reject',
    label: L('Reject', '退回'),
    from: [INV_STATUS.MATCHED, INV_STATUS.HELD],
    to: INV_STATUS.DRAFT,
    side: 'counterpart',
    roles: { any: ['APPROVER', 'BUYER'] },
    needsReason: true,
    danger: true,
    refusedIn: { APPROVED: 'finance.rejectApproved', PARTLY_PAID: 'finance.rejectApproved', PAID: 'finance.rejectApproved' },
  },
  {
    action: 'pay',
    label: L('Record payment', '登记付款'),
    from: [INV_STATUS.APPROVED, INV_STATUS.PARTLY_PAID],
    to: INV_STATUS.PAID,
    side: 'counterpart',
    roles: { any: ['APPROVER', 'BUYER'] },
    refusedIn: { PAID: 'finance.alreadyPaid', MATCHED: 'finance.payUnapproved', HELD: 'finance.payUnapproved' },
  },
];

/** Who writes invoices and debit-note answers: the supplier's merchandisers; buyers and approvers act on their side. */
export const FINANCE_WRITERS = ['FACTORY', 'SUPPLIER', 'BUYER', 'APPROVER'];

export const findInvoiceAction = (action: string): OrderAction => INVOICE_ACTIONS.find((a) => a.action === action)!;

/** States in which the supplier may change the lines (a held invoice is corrected, then resubmitted). */
export const EDITABLE = [INV_STATUS.DRAFT, INV_STATUS.HELD] as readonly string[];
/** Invoices that bill quantities (count against what may still be billed). */
export const BILLING = [INV_STATUS.SUBMITTED, INV_STATUS.MATCHED, INV_STATUS.HELD, INV_STATUS.APPROVED, INV_STATUS.PARTLY_PAID, INV_STATUS.PAID] as readonly string[];
/** Invoices owed (on the statement, in the ageing). */
export const PAYABLE = [INV_STATUS.APPROVED, INV_STATUS.PARTLY_PAID, INV_STATUS.PAID] as readonly string[];

export const BILL_ON = { SHIPPED: 'shipped', RECEIVED: 'received' } as const;
export type BillOn = (typeof BILL_ON)[keyof typeof BILL_ON];

export const DN_STATUS = { OPEN: 'OPEN', ACCEPTED: 'ACCEPTED', DISPUTED: 'DISPUTED', SET_OFF: 'SET_OFF' } as const;
export const DN_STATUSES: StatusValue[] = [
  { value: DN_STATUS.OPEN, label: L('Awaiting supplier', '待供应商确认'), color: 'orange' },
  { value: DN_STATUS.ACCEPTED, label: L('Accepted', '已接受'), color: 'blue' },
  { value: DN_STATUS.DISPUTED, label: L('Disputed', '有异议'), color: 'red' },
  { value: DN_STATUS.SET_OFF, label: L('Set off', '已抵扣'), color: 'green' },
];
