// The finance area (issue 26, finance half; docs/finance.md): supplier invoices against shipments
// with the three-way match, the buyer's approval and payments, debit notes from tickets'
// deductions (registered with the ticket area's close hook), credit notes, statements with ageing.
import { compareDec, formatAmount } from '@seamline/core';
import { defineArea, sql, sqlRows, type Api, type Tx } from '@seamline/server/api';
import { tellCompany } from '../../orders/server/documents';
import { registerTicketClosedHook } from '../../ticket/server';
import { FINANCE_MENU, financeMessages } from '../meta';
import { creditRoutes } from './credit';
import { moneyRoutes } from './money';
import { companyName } from './notices';
import { invoiceRoutes } from './routes';
import { seedFinance } from './seed';
import { statementRoutes } from './statement';

// A closed ticket with a deduction raises the opener's debit note against the other company.
registerTicketClosedHook('finance.debit-note', async ({ tx, ticket, session }) => {
  if (!ticket.deductionAmount || compareDec(ticket.deductionAmount, '0') <= 0) return;
  const [note] = await sqlRows<{ id: string | null }>(tx, sql`select fin_note_from_ticket(${ticket.id}::uuid) as id`);
  if (!note?.id) return;
  const [{ currency } = { currency: null }] = await sqlRows<{ currency: string | null }>(tx, sql`select currency from fin_debit_note where id = ${note.id}::uuid`);
  const company = await companyName(tx, ticket.clientId);
  const amount = ticket.deductionAmount;
  const params = (lang: 'en' | 'zh') => ({ company, code: `DN-${ticket.code}`, amount: formatAmount(amount, currency, lang), ticket: ticket.code });
  const opts = { relatedKey: note.id, url: '/scm/page/finance?tab=notes', menuId: FINANCE_MENU };
  for (const to of [ticket.counterpartClientId, ticket.clientId]) await tellCompany(tx, session, to, 'finance.notify.debitNote', params, opts);
});

export const financeArea = defineArea({
  name: 'finance',
  messages: financeMessages,
  routes: (api: Api) => {
    invoiceRoutes(api);
    moneyRoutes(api);
    creditRoutes(api);
    statementRoutes(api);
  },
  seed: (tx: Tx) => seedFinance(tx),
});
