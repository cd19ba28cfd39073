// Credit notes (docs/finance.md 'Credit notes'): a reduction of one approved invoice still owed,
// exact to 4 decimals. The supplier's is in force at once (it lowers its own claim); the buyer's
// is a request the supplier accepts (in force) or disputes with a reason — the buyer's word alone
// never lowers what the supplier billed. In force, it lowers what the invoice still owes (like a
// payment: PARTLY_PAID, or PAID when nothing is left) and stands on both statements.
import type { StatusValue } from '@seamline/core';
import { L } from './invoice';

export const CN_STATUS = { OPEN: 'OPEN', APPLIED: 'APPLIED', DISPUTED: 'DISPUTED' } as const;

export const CN_STATUSES: StatusValue[] = [
  { value: CN_STATUS.OPEN, label: L('Awaiting supplier', '待供应商确认'), color: 'orange' },
  { value: CN_STATUS.APPLIED, label: L('In force', '已生效'), color: 'green' },
  { value: CN_STATUS.DISPUTED, label: L('Disputed', '有异议'), color: 'red' },
];

/** Invoice states a credit note may be issued on: approved and still owed. */
export const CREDITABLE = ['APPROVED', 'PARTLY_PAID'] as readonly string[];
