// Supplier invoice (issue 26, finance half; docs/finance.md): the supplier (the factory) bills the
// brand for what it shipped or what the brand received of one shipment notice — the brand's bill
// control per supplier, like Odoo's 'ordered / received quantities'. One document of two
// companies: the row is the supplier's (client_id), the brand is buyer_client_id and reads it once
// submitted. The states are the table INVOICE_ACTIONS below; submit runs the three-way match and
// lands on MATCHED or HELD; payments and set-offs move APPROVED → PARTLY_PAID → PAID.
import { defineStatuses, type Label } from '@seamline/core';
import type { OrderAction } from '../../orders/meta/actions';

export const L = (en: string, zh: string): Label => ({ en, zh });
export const FINANCE_AREA = 'finance';
export const FINANCE_PREFIX = 'scmapi';
export const FINANCE_MENU = 'SCM_FINANCE';
export const FINANCE_BASE = `${FINANCE_PREFIX}/finance`;

export const { codes: INV_STATUS, values: INV_STATUSES } = defineStatuses({
  DRAFT: ['Draft', '草稿', 'default'],
  SUBMITTED: ['Submitted', '已提交', 'blue'],
  MATCHED: ['Matched', '已匹配', 'cyan'],
  HELD: ['Held', '已挂起', 'orange'],
  APPROVED: ['Approved', '已批准', 'geekblue'],
  PARTLY_PAID: ['Partly paid', '部分付款', 'purple'],
  PAID: ['Paid', '已付清', 'green'],
});

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

export const { codes: DN_STATUS, values: DN_STATUSES } = defineStatuses({
  OPEN: ['Awaiting supplier', '待供应商确认', 'orange'],
  ACCEPTED: ['Accepted', '已接受', 'blue'],
  DISPUTED: ['Disputed', '有异议', 'red'],
  SET_OFF: ['Set off', '已抵扣', 'green'],
});
