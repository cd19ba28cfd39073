// The statement between a buyer and a supplier for a period (docs/finance.md 'Statement'):
// approved invoices (owed to the supplier), payments, undisputed debit notes and credit notes in
// force (less owed), with
// the opening balance, a running balance and the closing one; ageing of what the open invoices
// still owe by due date as of the period's end. Both companies read the same rows (the invoices
// are the supplier's, payments and notes the buyer's; each reads the other's through its
// policies), so both sides see the same statement. Sums are SQL numeric, running balances exact.
import { addDec, roundDec, type Lang } from '@seamline/core';
import { R, S,
  addSheet, isUuid, loadTransferConfig, openWriter, removeScratch, safeCell, scratchFile, sendPath, sql, sqlRows, XLSX_TYPE,
  type Api, type AuthedContext, type Row, type Tx,
} from '@seamline/server/api';
import { AGE_BUCKETS, ageBucket, CN_STATUS, DN_STATUS, FINANCE_BASE, PAYABLE } from '../meta';
import { fieldError } from './actions';
import { isoDate } from './money';
import { companyName } from './notices';
import { MENU } from './routes';

export interface StatementEntry {
  date: string;
  kind: 'invoice' | 'payment' | 'debit_note' | 'credit_note';
  ref: string;
  currency: string;
  /** Owed to the supplier (+) or settled (−), 4 places. */
  amount: string;
  balance: string;
}

const inList = (xs: readonly string[]) => sql.join(xs.map((s) => sql`${s}`), sql`, `);
// A debit note is the buyer's claim: it counts from the day it is raised unless the supplier disputes it.
const NOTE_COUNTS = [DN_STATUS.OPEN, DN_STATUS.ACCEPTED, DN_STATUS.SET_OFF];

/** Every movement between the two companies up to `to` (opening = before `from`). */
async function movements(tx: Tx, buyer: string, supplier: string, to: string): Promise<Omit<StatementEntry, 'balance'>[]> {
  // On one day the invoices come first (a credit or payment of that day never shows the balance below zero), then in the order written.
  return sqlRows(tx, sql`select * from (
    select invoice_date::text as date, 'invoice' as kind, code as ref, currency, total::text as amount, created_at as at from fin_invoice
      where client_id = ${supplier} and buyer_client_id = ${buyer} and status in (${inList(PAYABLE)}) and invoice_date <= ${to}
    union all
    select p.paid_on::text, 'payment', coalesce(p.reference, i.code), p.currency, (-p.amount)::text, p.created_at from fin_payment p join fin_invoice i on i.id = p.invoice_id
      where p.client_id = ${buyer} and p.supplier_client_id = ${supplier} and p.paid_on <= ${to}
    union all
    select note_date::text, 'debit_note', code, currency, (-amount)::text, created_at from fin_debit_note
      where client_id = ${buyer} and supplier_client_id = ${supplier} and status in (${inList(NOTE_COUNTS)}) and note_date <= ${to}
    union all
    select note_date::text, 'credit_note', code, currency, (-amount)::text, created_at from fin_credit_note
      where supplier_client_id = ${supplier} and buyer_client_id = ${buyer} and status = ${CN_STATUS.APPLIED} and note_date <= ${to}
    ) m order by date, kind <> 'invoice', at, ref`);
}

export async function statementOf(tx: Tx, ctx: AuthedContext): Promise<Row> {
  const me = ctx.session.clientId;
  const q = ctx.query;
  const lang = ctx.lang as Lang;
  // The caller is the buyer (naming a supplier) or the supplier (naming a buyer).
  const asBuyer = isUuid(q.supplier_id);
  const other = asBuyer ? q.supplier_id : q.buyer_id;
  if (!isUuid(other)) fieldError(asBuyer ? 'supplier_id' : 'buyer_id', 'finance.supplierUnknown', lang);
  const [buyer, supplier] = asBuyer ? [me, other as string] : [other as string, me];
  const from = isoDate(q.from);
  const to = isoDate(q.to);
  if (!from || !to || from > to) fieldError('from', 'finance.periodInvalid', lang);
  const all = await movements(tx, buyer, supplier, to);
  // One balance per currency: amounts of different currencies are never added.
  const opening: Record<string, string> = {};
  const running: Record<string, string> = {};
  const entries: StatementEntry[] = [];
  for (const m of all) {
    const cur = m.currency;
    running[cur] = roundDec(addDec(running[cur] ?? '0', m.amount), 4)!;
    if (m.date < from) opening[cur] = running[cur]!;
    else entries.push({ date: m.date, kind: m.kind, ref: m.ref, currency: cur, amount: m.amount, balance: running[cur]! });
  }
  const fix = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, roundDec(v, 4)!]));
  // Ageing: what approved invoices still owe, by their due date as of the period's end.
  const open = await sqlRows<{ currency: string; due_date: string; open: string }>(tx, sql`
    select currency, due_date::text as due_date, (total - paid_amount - set_off_amount - credit_amount)::text as open from fin_invoice
      where client_id = ${supplier} and buyer_client_id = ${buyer} and status in (${inList(PAYABLE)}) and invoice_date <= ${to} and total - paid_amount - set_off_amount - credit_amount > 0`);
  const ageing: Record<string, Record<string, string>> = {};
  for (const o of open) {
    const b = (ageing[o.currency] ??= Object.fromEntries(AGE_BUCKETS.map((k) => [k, '0.0000'])));
    const k = ageBucket(o.due_date, to);
    b[k] = roundDec(addDec(b[k]!, o.open), 4)!;
  }
  return {
    buyer_id: buyer,
    supplier_id: supplier,
    buyer_name: await companyName(tx, buyer),
    supplier_name: await companyName(tx, supplier),
    from,
    to,
    opening: fix(opening),
    entries,
    closing: fix(running),
    ageing,
  };
}

const KIND: Record<string, [string, string]> = { invoice: ['Invoice', '发票'], payment: ['Payment', '付款'], debit_note: ['Debit note', '扣款单'], credit_note: ['Credit note', '贷项通知单'] };
const BUCKET: Record<string, [string, string]> = {
  notDue: ['Not due', '未到期'], d1_30: ['1–30 days', '1–30 天'], d31_60: ['31–60 days', '31–60 天'], d61_90: ['61–90 days', '61–90 天'], over90: ['Over 90 days', '90 天以上'],
};

async function writeStatement(st: Row, lang: Lang, path: string): Promise<string> {
  const w = (p: [string, string]) => (lang === 'en' ? p[0] : p[1]);
  const wb = openWriter(path);
  const ws = addSheet(wb, lang === 'en' ? 'Statement' : '对账单', [
    { header: w(['Date', '日期']), width: 12 }, { header: w(['Document', '单据']), width: 14 }, { header: w(['Reference', '编号']), width: 28 },
    { header: w(['Currency', '币种']), width: 10 }, { header: w(['Amount', '金额']), width: 18 }, { header: w(['Balance', '余额']), width: 18 },
  ]);
  for (const [cur, v] of Object.entries(st.opening as Record<string, string>)) ws.addRow([st.from, w(['Opening balance', '期初余额']), '', cur, '', v]).commit();
  for (const e of st.entries as StatementEntry[]) ws.addRow([e.date, w(KIND[e.kind]!), safeCell(e.ref), e.currency, e.amount, e.balance]).commit();
  for (const [cur, v] of Object.entries(st.closing as Record<string, string>)) {
    const r = ws.addRow([st.to, w(['Closing balance', '期末余额']), '', cur, '', v]);
    r.font = { bold: true };
    r.commit();
  }
  ws.commit();
  const ag = addSheet(wb, lang === 'en' ? 'Ageing' : '账龄', [{ header: w(['Currency', '币种']), width: 10 }, ...AGE_BUCKETS.map((k) => ({ header: w(BUCKET[k]!), width: 16 }))]);
  for (const [cur, b] of Object.entries(st.ageing as Record<string, Record<string, string>>)) ag.addRow([cur, ...AGE_BUCKETS.map((k) => b[k]!)]).commit();
  ag.commit();
  await wb.commit();
  return `${lang === 'en' ? 'Statement' : '对账单'}-${safeName(String(st.supplier_name))}-${st.from}-${st.to}.xlsx`;
}

const safeName = (s: string) => s.replace(/[\\/:*?"<>|]/g, '_').slice(0, 60);

/** A statement between the caller and one counterpart over a period: the buyer names the supplier, the supplier the buyer. */
const STATEMENT_SCHEMA = R.get('The statement with one counterpart over a period: invoices, debit notes, payments, running balance and ageing per currency', { query: { supplier_id: S.uuid('As the buyer'), buyer_id: S.uuid('As the supplier'), from: S.date(), to: S.date() }, required: ['from', 'to'] });

export function statementRoutes(api: Api): void {
  api.get(`${FINANCE_BASE}/statement`, { auth: true, menu: MENU, schema: STATEMENT_SCHEMA }, (ctx) => ctx.tenant((tx) => statementOf(tx, ctx)));
  api.get(`${FINANCE_BASE}/statement-export`, { auth: true, menu: MENU, schema: { ...STATEMENT_SCHEMA, summary: 'The statement as an xlsx workbook' } }, async (ctx) => {
    const st = await ctx.tenant((tx) => statementOf(tx, ctx));
    const path = await scratchFile(loadTransferConfig(ctx.config).tmpDir, 'xlsx');
    try {
      await sendPath(ctx.reply, path, { type: XLSX_TYPE, filename: await writeStatement(st, ctx.lang as Lang, path) });
    } finally {
      await removeScratch(path);
    }
  });
}

