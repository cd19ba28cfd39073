// The invoice routes (docs/finance.md 'Endpoints'): a draft from a shipment, corrections, the
// actions of INVOICE_ACTIONS, the shared view (lines with held reasons in the reader's language,
// payments, set-offs), both companies' lists, and the buyer's terms.
import { formatAmount, type Lang } from '@seamline/core';
import { R, S, registryOf, conflict, dataObject, expectedVersion, forbidden, loadActor, notFound, pageParams, canWrite, sql, sqlRows, type Api, type AuthedContext, type Row, type Tx } from '@seamline/server/api';
import { actionsFrom } from '../../orders/meta/actions';
import { CREDITABLE, FINANCE_BASE, FINANCE_MENU, INV_STATUS, INVOICE_ACTIONS } from '../meta';
import { approvalFlowOf, approvalView, refuseWhileFlowRuns, startInvoiceApproval } from './approval';
import { creditsOf } from './credit';
import { FINANCE_RIGHTS, reasonOf, runInvoiceAction, sideOf, statusLabel, visibleInvoice } from './actions';
import { INVOICE_COLS, LINE_COLS, invoiceFromShipments, matchOnSubmit, shipmentIdsOf, openAmount, saveLines } from './invoices';
import { announceApproved, companyName, tellBoth } from './notices';
import { saveSettings, settingsOf } from './settings';

export const MENU = [FINANCE_MENU];
const plain = (r: Row): Row => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
const today = () => new Date().toISOString().slice(0, 10);

/** The invoice as either company reads it: lines (held reason in the reader's language), payments, set-offs, its actions. */
export async function invoiceView(tx: Tx, ctx: AuthedContext, id: unknown): Promise<Row> {
  const row = await visibleInvoice(tx, id);
  const side = row && sideOf(row, ctx.session.clientId);
  if (!row || !side) throw notFound();
  const en = ctx.lang === 'en';
  const lines = await sqlRows(tx, sql`select ${LINE_COLS} from fin_invoice_line where invoice_id = ${row.id} order by seq`);
  const payments = await sqlRows(tx, sql`select id, amount::text as amount, currency, paid_on::text as paid_on, reference, created_at from fin_payment where invoice_id = ${row.id} order by paid_on, created_at`);
  const setOffs = await sqlRows(tx, sql`select id, code, amount::text as amount, ticket_code, note_date::text as note_date from fin_debit_note where invoice_id = ${row.id} order by note_date`);
  // The shipments it bills: the one it was made from first, then the others its lines name.
  const shipments = await sqlRows<{ id: string; code: string }>(tx, sql`select s.id, s.code from shp_shipment s
    where s.id = ${row.shipment_id} or s.id in (select l.parent_id from fin_invoice_line il join shp_shipment_lines l on l.id = il.shipment_line_id where il.invoice_id = ${row.id})
    order by s.id = ${row.shipment_id} desc, s.code`);
  const shipmentOfLine = new Map((await sqlRows<{ id: string; code: string }>(tx, sql`select il.id, s.code from fin_invoice_line il
    join shp_shipment_lines l on l.id = il.shipment_line_id join shp_shipment s on s.id = l.parent_id where il.invoice_id = ${row.id}`)).map((r) => [r.id, r.code]));
  return {
    ...plain(row),
    side,
    status_label: statusLabel(row.status, ctx.lang),
    open_amount: openAmount(row),
    total_text: formatAmount(row.total, row.currency, ctx.lang),
    shipment_code: shipments[0]?.code ?? null,
    shipments: shipments.map((s) => ({ id: s.id, code: s.code })),
    supplier_name: await companyName(tx, String(row.client_id)),
    buyer_name: await companyName(tx, String(row.buyer_client_id)),
    lines: lines.map(({ held_reason_en, held_reason_zh, ...l }) => ({ ...l, shipment_code: shipmentOfLine.get(String(l.id)) ?? null, held_reason: (en ? held_reason_en : held_reason_zh) ?? null })),
    payments: payments.map(plain),
    set_offs: setOffs,
    // The buyer's approval flow: whether one is bound (approve then starts it) and the one running.
    approval_flow: side === 'counterpart' && !!(await approvalFlowOf(tx, ctx.session.clientId)),
    approval: await approvalView(tx, row, ctx.session.clientId, ctx.lang),
    credit_notes: await creditsOf(tx, String(row.id), ctx.session.clientId, ctx.lang as Lang),
    // Either side may issue a credit note while the invoice is approved and still owed.
    can_credit: ctx.session.userType !== 'GUEST' && CREDITABLE.includes(String(row.status)),
    actions: ctx.session.userType === 'GUEST' ? [] : actionsFrom(INVOICE_ACTIONS, row.status, side).map((a) => a.action),
  };
}

const SORTS: Record<string, string> = { code: 'code', created_at: 'created_at', due_date: 'due_date', total: 'total', status: 'status' };

/** Either company's invoices: `side` ours (the supplier's) or incoming (the buyer's); page, filter, sort. */
async function invoiceList(tx: Tx, ctx: AuthedContext): Promise<Row> {
  const { page, size } = pageParams(ctx.query, { maxSize: 200 });
  const q = ctx.query;
  const me = ctx.session.clientId;
  const incoming = q.side === 'incoming';
  const status = typeof q.status === 'string' && /^[A-Z_]{1,20}$/.test(q.status) ? q.status : null;
  const code = typeof q.code === 'string' ? q.code.replace(/\u0000/g, '').trim().slice(0, 60) : '';
  const sort = typeof q.sort === 'string' && SORTS[q.sort] ? SORTS[q.sort]! : 'created_at';
  const where = sql`${incoming ? sql`buyer_client_id = ${me}` : sql`client_id = ${me}`}
    ${status ? sql`and status = ${status}` : sql``}
    ${code ? sql`and code ilike ${'%' + code.replace(/[\\%_]/g, (m) => `\\${m}`) + '%'}` : sql``}`;
  const [{ n }] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from fin_invoice where ${where}`);
  const rows = await sqlRows(tx, sql`select ${INVOICE_COLS}, (select name from client c where c.id = ${incoming ? sql`fin_invoice.client_id` : sql`fin_invoice.buyer_client_id`}) as counterpart_name
      from fin_invoice where ${where} order by ${sql.identifier(sort)} ${q.order === 'asc' ? sql`asc` : sql`desc`}, id desc limit ${size} offset ${(page - 1) * size}`);
  return { rows: rows.map((r) => ({ ...plain(r), open_amount: openAmount(r), status_label: statusLabel(r.status, ctx.lang) })), total: n, page, size };
}

/** The supplier's shipments that can be invoiced (shipped onwards), newest first. */
async function billableShipments(tx: Tx, ctx: AuthedContext): Promise<Row[]> {
  return sqlRows(tx, sql`select s.id, s.code, s.status, s.buyer_client_id, s.total_qty::text as total_qty, s.received_qty::text as received_qty,
      (select name from client c where c.id::text = s.buyer_client_id) as buyer_name
    from shp_shipment s where s.client_id = ${ctx.session.clientId} and s.status in ('SHIPPED', 'PARTLY_RECEIVED', 'RECEIVED')
    order by s.created_at desc limit 200`);
}

async function writer(tx: Tx, ctx: AuthedContext): Promise<void> {
  if (!canWrite(FINANCE_RIGHTS, await loadActor(tx, ctx.session, ctx.lang))) throw forbidden();
}

export function invoiceRoutes(api: Api): void {
  const base = `${FINANCE_BASE}/invoice`;
  const view = (ctx: AuthedContext, tx: Tx, id: unknown) => invoiceView(tx, ctx, id);

  api.get(`${base}/list`, { auth: true, menu: MENU, schema: R.get('Invoices of my company: issued (ours) or received (incoming)', { query: { side: S.enum(['ours', 'incoming']), status: S.string(), code: S.string('Part of the code'), sort: S.string(), order: S.enum(['asc', 'desc']), page: S.integer(), size: S.integer() } }) }, (ctx) => ctx.tenant((tx) => invoiceList(tx, ctx)));
  api.get(`${base}/view`, { auth: true, menu: MENU, params: ['id'], schema: R.byId('One invoice with its lines, match results, payments and set-offs') }, (ctx) => ctx.tenant((tx) => view(ctx, tx, ctx.query.id)));
  api.get(`${base}/billable-shipments`, { auth: true, menu: MENU, schema: R.get('My shipments that can be invoiced (shipped onwards)') }, (ctx) => ctx.tenant((tx) => billableShipments(tx, ctx)));

  api.post(`${base}/from-shipment`, { auth: true, menu: MENU, schema: R.post('A draft invoice from one or more of my shipments (one buyer, one currency), billed as the buyer set for me', { DATA: S.object({ shipment_ids: S.list(S.uuid(), 'The shipments; the first names the invoice'), shipment_id: S.uuid('One shipment (instead of shipment_ids)') }) }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      await writer(tx, ctx);
      const actor = await loadActor(tx, ctx.session, ctx.lang);
      return view(ctx, tx, await invoiceFromShipments(tx, actor, shipmentIdsOf(dataObject(ctx.body)), today()));
    }),
  );

  // Corrections of a draft or held invoice: the supplier's, versioned.
  api.post(`${base}/save`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc("Correct a draft or held invoice's lines (the supplier)", { lines: S.list(S.object({ id: S.uuid(), qty: S.decimal(), price: S.decimal() })) }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      await writer(tx, ctx);
      const data = dataObject(ctx.body);
      const row = await visibleInvoice(tx, data.id, true);
      if (!row || sideOf(row, ctx.session.clientId) === null) throw notFound();
      if (row.client_id !== ctx.session.clientId) throw forbidden('orders.ownerOnly');
      if (expectedVersion(data.version) !== Number(row.version)) throw conflict();
      await saveLines(tx, row, data, ctx.lang as Lang);
      return view(ctx, tx, row.id);
    }),
  );

  api.post(`${base}/submit`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc('Submit an invoice: the three-way match runs (matched or held)') }, (ctx) =>
    ctx.tenant(async (tx) => {
      const { after } = await runInvoiceAction(ctx, tx, 'submit', async (c) => ({ to: await matchOnSubmit(tx, c.row, c.lang), set: { reject_reason: null } }));
      await tellBoth(ctx, tx, String(after.buyer_client_id), 'finance.notify.submitted', {
        code: String(after.code), amount: formatAmount(after.total, after.currency, 'en'), state: statusLabel(after.status, 'en'),
      }, String(after.id));
      return view(ctx, tx, after.id);
    }),
  );

  const registry = registryOf(api);
  api.post(`${base}/approve`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc("Approve a matched invoice (the buyer): at once, or through the buyer's bound approval flow") }, (ctx) =>
    ctx.tenant(async (tx) => {
      const flow = await approvalFlowOf(tx, ctx.session.clientId);
      if (flow) {
        // Bound: the flow decides; the invoice stays matched until its last node approves (approval.ts).
        const { after } = await runInvoiceAction(ctx, tx, 'approve', async (c) => {
          await startInvoiceApproval(tx, ctx, registry, c.row, flow);
          return { handedOn: 'approve-submitted' };
        }, { roles: { any: ['APPROVER', 'BUYER'] } });
        return view(ctx, tx, after.id);
      }
      const { after } = await runInvoiceAction(ctx, tx, 'approve', async (c) => {
        await refuseWhileFlowRuns(tx, c.row);
        return { set: { approved_by: ctx.session.userId, approved_at: sql`now()` } };
      });
      await tellBoth(ctx, tx, String(after.client_id), 'finance.notify.approved', { code: String(after.code), amount: formatAmount(after.total, after.currency, 'en') }, String(after.id));
      await announceApproved(tx, { clientId: ctx.session.clientId, userId: ctx.session.userId, lang: ctx.lang as Lang }, String(after.id));
      return view(ctx, tx, after.id);
    }),
  );

  api.post(`${base}/reject`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc('Return an invoice to the supplier with a reason (the buyer)', { reason: S.string() }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      let reason = '';
      const { after } = await runInvoiceAction(ctx, tx, 'reject', async (c) => {
        await refuseWhileFlowRuns(tx, c.row);
        reason = reasonOf(c.data.reason, c.lang);
        return { to: INV_STATUS.DRAFT, set: { reject_reason: reason } };
      });
      await tellBoth(ctx, tx, String(after.client_id), 'finance.notify.rejected', { code: String(after.code), reason }, String(after.id));
      return view(ctx, tx, after.id);
    }),
  );

  api.get(`${FINANCE_BASE}/settings`, { auth: true, menu: MENU, schema: R.get('My bill control and match tolerances, as a buyer (default and per supplier)') }, (ctx) => ctx.tenant((tx) => settingsOf(tx, ctx.session.clientId)));
  api.post(`${FINANCE_BASE}/settings`, { auth: true, menu: MENU, schema: R.save('Set bill control and tolerances (administrators)', S.object({ supplier_client_id: S.uuid('Empty: the default'), bill_on: S.enum(['SHIPPED', 'RECEIVED']), price_pct: S.decimal(), qty_pct: S.decimal(), tax_rate: S.decimal() })) }, (ctx) =>
    ctx.tenant(async (tx) => {
      // The buyer's terms: its administrators only.
      if (ctx.session.userType !== 'ADMIN') throw forbidden();
      await saveSettings(tx, ctx.session.clientId, dataObject(ctx.body), ctx.lang as Lang);
      return settingsOf(tx, ctx.session.clientId);
    }),
  );
}
