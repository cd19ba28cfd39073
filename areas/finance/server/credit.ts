// Credit notes (docs/finance.md 'Credit notes'; meta/credit.ts): a reduction of one approved
// invoice still owed. The supplier's is in force at once; the buyer's waits for the supplier's
// accept (in force) or dispute (with a reason). In force, it raises the invoice's credit_amount
// under the invoice's row lock — the same lock payments and set-offs take — so credits and
// payments together never exceed the total (20 concurrent credits: tested). The note is the
// issuer's row; the other company reads it (migration 0080), the supplier answers the buyer's.
import { compareDec, formatAmount, type Lang } from '@seamline/core';
import {
  auditLog, BizError, canWrite, conflict, dataObject, expectedVersion, forbidden, loadActor, notFound, recordId, sql, sqlRows,
  R, S, type Api, type AuthedContext, type Row, type Tx,
} from '@seamline/server/api';
import { CN_STATUS, CN_STATUSES, CREDITABLE, FINANCE_BASE, INV_STATUS, moneyText } from '../meta';
import { FINANCE_RIGHTS, fieldError, reasonOf, sideOf, statusLabel, visibleInvoice } from './actions';
import { openAmount } from './invoices';
import { isoDate } from './money';
import { tellBoth } from './notices';
import { invoiceView, MENU } from './routes';

export const CREDIT_COLS = sql.raw(`id, client_id, supplier_client_id, buyer_client_id, invoice_id, code, note_date::text as note_date,
  amount::text as amount, currency, reason, status, dispute_reason, version, created_at`);

export const creditLabel = (status: unknown, lang: Lang): string => {
  const v = CN_STATUSES.find((x) => x.value === status);
  return v ? (lang === 'en' ? v.label.en : v.label.zh) : String(status ?? '');
};

/** The credit notes of an invoice the caller reads, oldest first, with who issued each. */
export async function creditsOf(tx: Tx, invoiceId: string, me: string, lang: Lang): Promise<Row[]> {
  const rows = await sqlRows(tx, sql`select ${CREDIT_COLS} from fin_credit_note where invoice_id = ${invoiceId} order by created_at, code`);
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at,
    by: r.client_id === r.supplier_client_id ? 'supplier' : 'buyer',
    mine: r.client_id === me,
    status_label: creditLabel(r.status, lang),
  }));
}

/**
 * Puts `amount` of credit in force on the invoice: locked, still creditable, at most what it still
 * owes; PARTLY_PAID, or PAID when nothing is left. Written by the supplier (its own row).
 */
async function applyCredit(ctx: AuthedContext, tx: Tx, invoiceId: unknown, amount: string, code: string): Promise<Row> {
  const lang = ctx.lang as Lang;
  const row = await visibleInvoice(tx, invoiceId, true);
  if (!row) throw notFound();
  if (!CREDITABLE.includes(String(row.status))) throw new BizError('finance.creditState', { status: statusLabel(row.status, lang) });
  const open = openAmount(row);
  if (compareDec(amount, open) > 0) fieldError('amount', 'finance.overCredit', lang, { amount, open });
  const to = compareDec(amount, open) === 0 ? INV_STATUS.PAID : INV_STATUS.PARTLY_PAID;
  await tx.execute(sql`update fin_invoice set credit_amount = credit_amount + ${amount}::numeric, status = ${to}, version = version + 1,
    updated_by = ${ctx.session.userId}, updated_at = now() where id = ${row.id}`);
  await tx.insert(auditLog).values({
    clientId: ctx.session.clientId,
    entity: 'supplier-invoice',
    recordId: String(row.id),
    action: 'credit',
    userId: ctx.session.userId,
    changes: [{ field: 'status', old: String(row.status), new: to }, { field: 'credit_amount', old: String(row.credit_amount), new: `+${amount} (${code})` }],
  });
  return row;
}

async function writer(tx: Tx, ctx: AuthedContext): Promise<void> {
  if (!canWrite(FINANCE_RIGHTS, await loadActor(tx, ctx.session, ctx.lang))) throw forbidden();
}

/** Either company issues a credit note on an approved invoice: the supplier's in force at once, the buyer's awaiting the supplier. */
async function issueCredit(ctx: AuthedContext, tx: Tx): Promise<Row> {
  const data = dataObject(ctx.body);
  const lang = ctx.lang as Lang;
  const me = ctx.session.clientId;
  const seen = await visibleInvoice(tx, data.invoice_id);
  const side = seen && sideOf(seen, me);
  if (!seen || !side) throw notFound();
  await writer(tx, ctx);
  const amount = moneyText(data.amount, { positive: true }) ?? fieldError('amount', 'finance.amountInvalid', lang);
  const reason = reasonOf(data.reason, lang, 'reason', 'finance.creditReasonRequired');
  const noteDate = data.note_date === undefined || data.note_date === '' ? new Date().toISOString().slice(0, 10) : isoDate(data.note_date) ?? fieldError('note_date', 'finance.dateInvalid', lang);
  if (!CREDITABLE.includes(String(seen.status))) throw new BizError('finance.creditState', { status: statusLabel(seen.status, lang) });
  const supplierIssues = side === 'owner';
  // The buyer's request is checked against what is owed now, and again when the supplier accepts it.
  if (supplierIssues) await applyCredit(ctx, tx, seen.id, amount, '');
  else if (compareDec(amount, openAmount(seen)) > 0) fieldError('amount', 'finance.overCredit', lang, { amount, open: openAmount(seen) });
  const [{ n }] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from fin_credit_note where invoice_id = ${seen.id}`);
  let code = '';
  for (let k = n + 1; !code; k++) {
    const [row] = await sqlRows<{ code: string }>(tx, sql`insert into fin_credit_note (client_id, supplier_client_id, buyer_client_id, invoice_id, code, note_date, amount, currency, reason, status, created_by)
      values (${me}, ${seen.client_id}, ${seen.buyer_client_id}, ${seen.id}, ${`CN-${seen.code}-${k}`}, ${noteDate}, ${amount}, ${seen.currency}, ${reason},
        ${supplierIssues ? CN_STATUS.APPLIED : CN_STATUS.OPEN}, ${ctx.session.userId})
      on conflict (client_id, code) do nothing returning code`);
    code = row?.code ?? '';
  }
  const other = String(supplierIssues ? seen.buyer_client_id : seen.client_id);
  await tellBoth(ctx, tx, other, supplierIssues ? 'finance.notify.creditIssued' : 'finance.notify.creditRequested', {
    code, amount: formatAmount(amount, seen.currency, 'en'), invoice: String(seen.code), reason,
  }, String(seen.id));
  return invoiceView(tx, ctx, seen.id);
}

/** The supplier answers the buyer's credit note: accept (from open or disputed: in force) or dispute with a reason (from open). */
async function answerCredit(ctx: AuthedContext, tx: Tx, answer: 'accept' | 'dispute'): Promise<Row> {
  const data = dataObject(ctx.body);
  const lang = ctx.lang as Lang;
  const me = ctx.session.clientId;
  const [seen] = await sqlRows(tx, sql`select ${CREDIT_COLS} from fin_credit_note where id = ${recordId(data.id)}`);
  if (!seen) throw notFound();
  if (seen.client_id === me) throw forbidden('finance.creditOwnNote');
  if (seen.supplier_client_id !== me) throw notFound();
  await writer(tx, ctx);
  if (expectedVersion(data.version) !== Number(seen.version)) throw conflict();
  const from: string[] = answer === 'accept' ? [CN_STATUS.OPEN, CN_STATUS.DISPUTED] : [CN_STATUS.OPEN];
  const refuse = (status: unknown): never => {
    throw new BizError('finance.creditNoteState', { status: creditLabel(status, lang), action: lang === 'en' ? answer : answer === 'accept' ? '接受' : '提出异议' });
  };
  if (!from.includes(String(seen.status))) refuse(seen.status);
  const reason = answer === 'dispute' ? reasonOf(data.reason, lang) : null;
  const [row] = await sqlRows(tx, sql`select ${CREDIT_COLS} from fin_credit_note where id = ${seen.id} for update`);
  if (!row || !from.includes(String(row.status))) refuse(row?.status ?? seen.status);
  if (answer === 'accept') await applyCredit(ctx, tx, seen.invoice_id, String(seen.amount), String(seen.code));
  // In force from the day it is accepted: the statement's past does not change.
  await tx.execute(sql`update fin_credit_note set status = ${answer === 'accept' ? CN_STATUS.APPLIED : CN_STATUS.DISPUTED}, dispute_reason = ${reason},
    note_date = ${answer === 'accept' ? sql`current_date` : sql`note_date`}, version = version + 1, updated_at = now() where id = ${seen.id}`);
  await tellBoth(ctx, tx, String(seen.client_id), 'finance.notify.creditAnswered', { code: String(seen.code), answer: answer === 'accept' ? 'accepted' : 'disputed' }, String(seen.invoice_id));
  return invoiceView(tx, ctx, seen.invoice_id);
}

/** Credit notes between the caller and its counterparts, newest first: `side` issued (mine) or received (the other's). */
async function creditList(tx: Tx, ctx: AuthedContext): Promise<Row[]> {
  const me = ctx.session.clientId;
  const received = ctx.query.side === 'received';
  const rows = await sqlRows(tx, sql`select ${CREDIT_COLS}, (select code from fin_invoice i where i.id = n.invoice_id) as invoice_code,
      (select name from client c where c.id = case when n.client_id = n.supplier_client_id then n.buyer_client_id else n.supplier_client_id end) as counterpart_name
    from fin_credit_note n where ${received ? sql`client_id <> ${me}` : sql`client_id = ${me}`} order by note_date desc, code desc limit 500`);
  return rows.map((r) => ({ ...r, created_at: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at, status_label: creditLabel(r.status, ctx.lang as Lang) }));
}

export function creditRoutes(api: Api): void {
  const base = `${FINANCE_BASE}/credit-note`;
  api.get(`${base}/list`, { auth: true, menu: MENU, schema: R.get('Credit notes: issued by my company, or received from the other', { query: { side: S.enum(['issued', 'received']) } }) }, (ctx) => ctx.tenant((tx) => creditList(tx, ctx)));
  api.post(`${base}/issue`, { auth: true, menu: MENU, params: ['invoice_id'], schema: R.post("A credit note on an approved invoice: the supplier's in force at once, the buyer's awaiting the supplier", { DATA: S.object({ invoice_id: S.uuid(), amount: S.decimal(), reason: S.string(), note_date: S.date() }, ['invoice_id', 'amount', 'reason']) }) }, (ctx) =>
    ctx.tenant((tx) => issueCredit(ctx, tx)),
  );
  api.post(`${base}/accept`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc("Accept the buyer's credit note (the supplier): in force on the invoice") }, (ctx) => ctx.tenant((tx) => answerCredit(ctx, tx, 'accept')));
  api.post(`${base}/dispute`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc("Dispute the buyer's credit note with a reason (the supplier)", { reason: S.string() }) }, (ctx) => ctx.tenant((tx) => answerCredit(ctx, tx, 'dispute')));
}
