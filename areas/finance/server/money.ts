// Money that settles invoices (docs/finance.md 'Payments', 'Debit notes'): the buyer's payments
// (partial allowed), debit notes raised from a ticket's deduction that the supplier accepts or
// disputes, and the set-off of an accepted note against an invoice. Either settles through the
// invoice's 'pay' row: APPROVED / PARTLY_PAID → PARTLY_PAID, or PAID when nothing is left owed.
import { compareDec, formatAmount, subDec, type Lang } from '@seamline/core';
import { R, S,
  BizError, conflict, dataObject, expectedVersion, forbidden, loadActor, notFound, recordId, sql, sqlRows, canWrite,
  type Api, type AuthedContext, type Row, type Tx,
} from '@seamline/server/api';
import { DN_STATUS, DN_STATUSES, FINANCE_BASE, INV_STATUS, moneyText } from '../meta';
import { FINANCE_RIGHTS, fieldError, reasonOf, runInvoiceAction, type InvoiceActionContext, type InvoiceChange } from './actions';
import { openAmount } from './invoices';
import { FIN_EVENTS, publish, tellBoth } from './notices';
import { invoiceView, MENU } from './routes';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
export const isoDate = (v: unknown): string | null => (typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v) ? v : null);

/** Settles `amount` of the locked invoice (paid or set off): the change, PARTLY_PAID or PAID when nothing is left owed. */
function settle(c: InvoiceActionContext, amount: string, column: 'paid_amount' | 'set_off_amount'): InvoiceChange {
  const open = openAmount(c.row);
  if (compareDec(amount, open) > 0) fieldError('amount', 'finance.overPay', c.lang, { amount, open });
  return {
    to: compareDec(subDec(open, amount), '0') === 0 ? INV_STATUS.PAID : INV_STATUS.PARTLY_PAID,
    set: { [column]: sql`${sql.identifier(column)} + ${amount}::numeric` },
  };
}

const NOTE_COLS = sql.raw(`id, client_id, supplier_client_id, code, ticket_id, ticket_code, note_date::text as note_date, amount::text as amount,
  ratio::text as ratio, currency, deduction_type, voucher, reason, status, dispute_reason, invoice_id, version`);

async function visibleNote(tx: Tx, id: unknown, lock = false): Promise<Row> {
  const [n] = await sqlRows(tx, sql`select ${NOTE_COLS} from fin_debit_note where id = ${recordId(id)} ${lock ? sql`for update` : sql``}`);
  if (!n) throw notFound();
  return n;
}

const noteLabel = (status: unknown, lang: Lang) => {
  const v = DN_STATUSES.find((x) => x.value === status);
  return v ? (lang === 'en' ? v.label.en : v.label.zh) : String(status);
};

/** The supplier's answer to a debit note: accept (from open or disputed) or dispute with a reason (from open). */
async function answerNote(ctx: AuthedContext, tx: Tx, answer: 'accept' | 'dispute'): Promise<Row> {
  const data = dataObject(ctx.body);
  const seen = await visibleNote(tx, data.id);
  const me = ctx.session.clientId;
  if (seen.supplier_client_id !== me) throw seen.client_id === me ? forbidden('orders.counterpartOnly') : notFound();
  if (!canWrite(FINANCE_RIGHTS, await loadActor(tx, ctx.session, ctx.lang))) throw forbidden();
  if (expectedVersion(data.version) !== Number(seen.version)) throw conflict();
  const from: string[] = answer === 'accept' ? [DN_STATUS.OPEN, DN_STATUS.DISPUTED] : [DN_STATUS.OPEN];
  const refuse = (status: unknown): never => {
    throw new BizError('finance.noteState', { status: noteLabel(status, ctx.lang), action: ctx.lang === 'en' ? answer : answer === 'accept' ? '接受' : '提出异议' });
  };
  if (!from.includes(String(seen.status))) refuse(seen.status);
  const reason = answer === 'dispute' ? reasonOf(data.reason, ctx.lang) : null;
  const [row] = await sqlRows(tx, sql`select ${NOTE_COLS} from fin_debit_note where id = ${seen.id} for update`);
  if (!row || !from.includes(String(row.status))) refuse(row?.status ?? seen.status);
  await tx.execute(sql`update fin_debit_note set status = ${answer === 'accept' ? DN_STATUS.ACCEPTED : DN_STATUS.DISPUTED},
      dispute_reason = ${reason}, version = version + 1, updated_at = now() where id = ${seen.id}`);
  await tellBoth(ctx, tx, String(seen.client_id), 'finance.notify.noteAnswered', { code: String(seen.code), answer: answer === 'accept' ? 'accepted' : 'disputed' }, String(seen.id));
  return visibleNote(tx, seen.id);
}

/** Debit notes of the caller: `side` issued (the buyer's) or received (the supplier's). */
async function noteList(tx: Tx, ctx: AuthedContext): Promise<Row[]> {
  const me = ctx.session.clientId;
  const received = ctx.query.side === 'received';
  const rows = await sqlRows(tx, sql`select ${NOTE_COLS}, (select name from client c where c.id = ${received ? sql`n.client_id` : sql`n.supplier_client_id`}) as counterpart_name
    from fin_debit_note n where ${received ? sql`supplier_client_id = ${me}` : sql`client_id = ${me}`} order by note_date desc, code desc limit 500`);
  return rows.map((r) => ({ ...r, status_label: noteLabel(r.status, ctx.lang) }));
}

export function moneyRoutes(api: Api): void {
  const base = FINANCE_BASE;
  // A payment: amount (partial allowed, never above what is owed), date, reference. No version: two
  // clerks paying one invoice at once pay in turn against the locked row.
  api.post(`${base}/invoice/pay`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc('Record a payment on an approved invoice (the buyer; partial allowed)', { amount: S.decimal(), paid_on: S.date(), reference: S.string() }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      let amount = '';
      let reference = '';
      const { after } = await runInvoiceAction(ctx, tx, 'pay', async (c) => {
        amount = moneyText(c.data.amount, { positive: true }) ?? fieldError('amount', 'finance.amountInvalid', c.lang);
        const paidOn = c.data.paid_on === undefined || c.data.paid_on === '' ? new Date().toISOString().slice(0, 10) : isoDate(c.data.paid_on) ?? fieldError('paid_on', 'finance.dateInvalid', c.lang);
        reference = typeof c.data.reference === 'string' ? c.data.reference.replace(/\u0000/g, '').trim() : '';
        if (reference.length > 100) fieldError('reference', 'finance.referenceTooLong', c.lang);
        const change = settle(c, amount, 'paid_amount');
        await tx.execute(sql`insert into fin_payment (client_id, supplier_client_id, invoice_id, amount, currency, paid_on, reference, created_by)
          values (${ctx.session.clientId}, ${c.row.client_id}, ${c.row.id}, ${amount}, ${c.row.currency}, ${paidOn}, ${reference || null}, ${ctx.session.userId})`);
        return change;
      }, { versioned: false });
      await tellBoth(ctx, tx, String(after.client_id), 'finance.notify.paid', { code: String(after.code), amount: formatAmount(amount, after.currency, 'en'), reference: reference || '—' }, String(after.id));
      const delivery = await publish(ctx, tx, FIN_EVENTS.paid, {
        event: 'payment.recorded', invoice_id: after.id, code: after.code, supplier_client_id: after.client_id, currency: after.currency,
        amount, reference: reference || null, paid_amount: after.paid_amount, open_amount: openAmount(after), status: after.status,
      });
      return { ...(await invoiceView(tx, ctx, after.id)), _delivery: delivery };
    }),
  );

  // Set-off: the buyer applies an accepted debit note of the same supplier and currency to an invoice.
  api.post(`${base}/invoice/set-off`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc('Set an accepted debit note off against an invoice (the buyer)', { note_id: S.uuid() }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const { after } = await runInvoiceAction(ctx, tx, 'pay', async (c) => {
        const seen = await visibleNote(tx, c.data.note_id);
        if (seen.client_id !== ctx.session.clientId) throw notFound();
        const [note] = await sqlRows(tx, sql`select ${NOTE_COLS} from fin_debit_note where id = ${seen.id} for update`);
        if (note!.status !== DN_STATUS.ACCEPTED) {
          throw new BizError('finance.noteState', { status: noteLabel(note!.status, c.lang), action: c.lang === 'en' ? 'set off' : '抵扣' });
        }
        if (note!.supplier_client_id !== c.row.client_id || note!.currency !== c.row.currency) throw new BizError('finance.noteOtherSupplier');
        const change = settle(c, String(note!.amount), 'set_off_amount');
        await tx.execute(sql`update fin_debit_note set status = ${DN_STATUS.SET_OFF}, invoice_id = ${c.row.id}, version = version + 1, updated_at = now() where id = ${note!.id}`);
        return change;
      }, { versioned: false });
      return invoiceView(tx, ctx, after.id);
    }),
  );

  api.get(`${base}/debit-note/list`, { auth: true, menu: MENU, schema: R.get('Debit notes: issued (the buyer) or received (the supplier)', { query: { side: S.enum(['issued', 'received']) } }) }, (ctx) => ctx.tenant((tx) => noteList(tx, ctx)));
  api.post(`${base}/debit-note/accept`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc('Accept a debit note (the supplier)') }, (ctx) => ctx.tenant((tx) => answerNote(ctx, tx, 'accept')));
  api.post(`${base}/debit-note/dispute`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc('Dispute a debit note (the supplier)', { reason: S.string() }) }, (ctx) => ctx.tenant((tx) => answerNote(ctx, tx, 'dispute')));
}

