// The two-company documents: customer orders (a brand places them on a supplier on the platform;
// the supplier accepts, rejects with a reason, completes with a confirmation when short) and
// outsourced orders (submitted to a vendor; a vendor on the platform confirms and reports
// progress, an off-platform vendor is tracked by hand). Visibility is the database's
// (migration 0026): each side reads exactly the documents it shares; a third company gets 404.
import { addDec, checkDocument, compareDec, mulDec, quantityText, roundDec, t, unitProblem, type Lang } from '@seamline/core';
import {
  R, S,
  and, client, dataObject, desc, emitBusinessEvent, eq, HttpError, isUuid, notify, ValidationError, sql, type Api, type AuthedContext, type Tx, loadActor,
  registryOf, type Registry, type Row, pageParams,
} from '@seamline/server/api';
import { md_vendor } from '../../masterdata/server/schema';
import {
  actionsFrom,
  CO_STATUS,
  CUSTOMER_ORDER_ACTIONS,
  customerOrderEntity,
  finishedQtyProblem,
  MATERIAL_ORDER_ACTIONS,
  MO_STATUS,
  OO_STATUS,
  OUTSOURCED_ORDER_ACTIONS,
  type OrderAction,
} from '../meta';
import { actionRoutes, lockVisible, refuse, sideOf, viewShared, type ActionContext } from './actions';
import { lockOrderNumber } from './hooks';
import { ord_customer_order, ord_customer_order_lines, ord_material_order, ord_outsourced_order } from './schema';

export const ORDERS_MODULE = 'ORDERS';
const CO_URL = (id: string) => `/scm/index/customer-order?id=${id}`;
const OO_URL = (id: string) => `/scm/ectabindex/outsourced-order?id=${id}`;
const CO_MENU = ['SCM_CUSTOMER_ORDER'];
const OO_MENU = ['SCM_OUTSOURCED_ORDER'];
const MO_URL = (id: string) => `/scm/ecindex/material-order?tab=received&id=${id}`;
const MO_MENU = ['SCM_MATERIAL_ORDER'];

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** PostgreSQL text cannot hold NUL: such input is refused as malformed rather than failing in the database. */
export function refuseNul(value: unknown): void {
  const walk = (v: unknown): boolean =>
    typeof v === 'string' ? v.includes('\u0000') : Array.isArray(v) ? v.some(walk) : typeof v === 'object' && v !== null ? Object.values(v).some(walk) : false;
  if (walk(value)) refuse('http.badRequest');
}

/** Tells the other company of a document (its administrators); the web refetches on it (live). */
export async function tellCompany(
  tx: Tx,
  from: { userId: string; clientId: string },
  toClientId: string,
  key: string,
  /** The same for both languages, or per language (an amount is formatted for the reader's). */
  params: Record<string, string> | ((lang: 'en' | 'zh') => Record<string, string>),
  opts: { relatedKey: string; url: string; menuId: string; alsoUser?: unknown },
): Promise<void> {
  const paramsIn = (lang: 'en' | 'zh') => (typeof params === 'function' ? params(lang) : params);
  if (!isUuid(toClientId) || toClientId === from.clientId) return;
  const admins = rowsOf<{ id: string }>(await tx.execute(sql`select ord_counterpart_admins(${toClientId}::uuid) as id`));
  // The user who wrote the document on that side (the brand's buyer who placed it) hears too.
  const also = isUuid(opts.alsoUser) ? [opts.alsoUser] : [];
  await notify(tx, from, {
    type: 'MSG',
    toUserIds: [...new Set([...admins.map((a) => a.id), ...also])],
    toClientId,
    module: ORDERS_MODULE,
    functionSubarea: opts.menuId,
    relatedKey: opts.relatedKey,
    content: { en: t('en', key, paramsIn('en')), zh: t('zh', key, paramsIn('zh')) },
    url: opts.url,
    menuId: opts.menuId,
  });
}

async function companyName(tx: Tx, id: string): Promise<string> {
  const [c] = await tx.select({ name: client.name }).from(client).where(eq(client.id, id));
  return c?.name ?? '';
}

// --- customer orders ---------------------------------------------------------------------------

async function rejectEffect(c: ActionContext): Promise<Row> {
  refuseNul(c.data.reason);
  const reason = typeof c.data.reason === 'string' ? c.data.reason.trim() : '';
  if (!reason) refuse('orders.reasonRequired');
  if (reason.length > 1000) refuse('orders.reasonTooLong');
  return { reject_reason: reason };
}

/**
 * ORD-05 / ORD-06: the finished quantity must be a number ≥ 0; less than ordered asks first —
 * the answer is 400 with data.warning 'SHORT_FINISH' until the call repeats with confirm=1.
 */
async function completeEffect(c: ActionContext): Promise<Row> {
  const finished = c.data.finished_qty;
  if (finishedQtyProblem(finished)) refuse('orders.finishedQtyInvalid');
  if (unitProblem(finished, 'PCS')) refuse('orders.wholePieces');
  const ordered = String(c.row.total_qty ?? '0');
  const confirmed = c.data.confirm === true || c.data.confirm === 1 || c.data.confirm === '1' || c.data.confirm === 'true';
  if (compareDec(String(finished), ordered) < 0 && !confirmed) {
    const f = roundDec(String(finished), 4)!;
    const o = roundDec(ordered, 4)!;
    // The text counts pieces ('80 of 100 pcs'); the data keeps the exact values.
    refuse('orders.shortFinish', { finished: quantityText(f, 'PCS'), ordered: quantityText(o, 'PCS') }, { warning: 'SHORT_FINISH', finished: f, ordered: o });
  }
  return { finished_qty: roundDec(String(finished), 4) };
}

/** Issue 27: the order's hand-offs as business events (the out-API publishes them by name). */
const CO_EVENTS: Record<string, string> = { accept: 'customer-order.accepted', reject: 'customer-order.rejected', complete: 'customer-order.completed' };

async function afterCustomerOrder(c: ActionContext, action: OrderAction): Promise<void> {
  const row = c.row;
  const type = CO_EVENTS[action.action];
  if (type)
    await emitBusinessEvent(c.tx, {
      type,
      clientId: c.actor.session.clientId,
      userId: c.actor.session.userId,
      lang: c.lang,
      data: { customer_order_ids: [String(row.id)], code: String(row.code ?? ''), status: String(row.status ?? ''), ...(action.action === 'reject' ? { reason: String(row.reject_reason ?? '') } : {}) },
    });
  const other = c.side === 'owner' ? String(row.buyer_client_id ?? '') : String(row.client_id);
  await tellCompany(c.tx, { userId: c.actor.session.userId, clientId: c.actor.session.clientId }, other, `orders.notify.co.${action.action}`, {
    code: String(row.code ?? ''),
    company: await companyName(c.tx, c.actor.session.clientId),
    reason: String(row.reject_reason ?? ''),
  }, { relatedKey: String(row.id), url: CO_URL(String(row.id)), menuId: 'SCM_CUSTOMER_ORDER', alsoUser: c.side === 'owner' && row.buyer_client_id ? row.created_by : undefined });
}

/**
 * Writes a checked order in the supplier's name as the buyer's (one document, two companies) and
 * tells the supplier: the number taken at the supplier → 422 naming it. Used by placing and by a
 * published allocation (issue 27), so both make the same row.
 */
export async function writePlacedOrder(
  tx: Tx,
  session: { userId: string; clientId: string },
  supplier: string,
  values: Row,
  lines: Row[],
  lang: Lang,
): Promise<Row> {
  const me = session.clientId;
  const code = String(values.code);
  await lockOrderNumber(tx, supplier, code);
  const [taken] = rowsOf<{ taken: boolean }>(await tx.execute(sql`select ord_customer_order_code_taken(${supplier}::uuid, ${code}) as taken`));
  if (taken?.taken) throw new ValidationError({ code: [t(lang, 'orders.duplicateCode')] });
  let totalQty = '0';
  let totalAmount = '0';
  const lineRows = lines.map((l, seq) => {
    const a = l.price ? roundDec(mulDec(String(l.qty), String(l.price)), 4)! : '0.0000';
    totalQty = addDec(totalQty, String(l.qty));
    totalAmount = addDec(totalAmount, a);
    return { seq, style_code: l.style_code, colour: l.colour, size: l.size, qty: l.qty, price: l.price ?? null, amount: a };
  });
  const [created] = (await tx
    .insert(ord_customer_order)
    .values({
      client_id: supplier,
      code,
      buyer_client_id: me,
      buyer_name: await companyName(tx, me),
      order_date: values.order_date,
      delivery_date: values.delivery_date ?? null,
      remark: values.remark ?? null,
      currency: values.currency,
      total_qty: roundDec(totalQty, 4),
      total_amount: roundDec(totalAmount, 4),
      produced_qty: '0',
      status: CO_STATUS.OPEN,
      version: 1,
      created_by: session.userId,
      updated_by: session.userId,
    } as never)
    .returning()) as Row[];
  await tx.insert(ord_customer_order_lines).values(lineRows.map((l) => ({ ...l, client_id: supplier, parent_id: created.id })) as never);
  await tellCompany(tx, session, supplier, 'orders.notify.co.placed', { code, company: String(created.buyer_name ?? '') }, {
    relatedKey: String(created.id),
    url: CO_URL(String(created.id)),
    menuId: 'SCM_CUSTOMER_ORDER',
  });
  // Issue 27: listeners (the T&A of the order's style) act in this transaction.
  await emitBusinessEvent(tx, { type: 'customer-order.placed', clientId: me, userId: session.userId, lang, data: { customer_order_ids: [String(created.id)], supplier_client_id: supplier } });
  return created;
}

/** A brand places an order on a supplier on the platform: the supplier's customer order. */
async function place(tx: Tx, ctx: AuthedContext, registry: Registry): Promise<Row> {
  const body = dataObject(ctx.body);
  refuseNul(body);
  const me = ctx.session.clientId;
  const reg = registry.get('customer-order')!;
  const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
  if (actor.session.userType === 'GUEST') throw new HttpError(403, 'http.forbidden');
  const supplier = body.supplier_client_id;
  if (!isUuid(supplier) || supplier === me) refuse('orders.supplierNotLinked');
  const [vendor] = await tx
    .select({ id: md_vendor.id })
    .from(md_vendor)
    .where(and(eq(md_vendor.client_id, me), eq(md_vendor.supplier_client_id, supplier), eq(md_vendor.platform_link, 'exists')))
    .limit(1);
  if (!vendor) refuse('orders.supplierNotLinked');
  // The definition's own checks (number, dates, lines per style × colour × size, 4-decimal prices).
  const doc: Record<string, unknown> = {
    code: body.code,
    order_date: body.order_date ?? new Date().toISOString().slice(0, 10),
    delivery_date: body.delivery_date ?? null,
    remark: body.remark ?? null,
    currency: body.currency ?? 'CNY',
    lines: Array.isArray(body.lines) ? body.lines : [],
  };
  const { values, errors } = checkDocument(customerOrderEntity, doc, { session: actor.context, lang: ctx.lang, routeAction: 'edit' });
  const lines = (Array.isArray(values.lines) ? values.lines : []) as Row[];
  if (lines.length === 0 && !errors.lines) errors.lines = [t(ctx.lang, 'orders.linesRequired')];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const created = await writePlacedOrder(tx, ctx.session, supplier as string, values as Row, lines, ctx.lang);
  return viewShared(tx, registry, reg, created);
}

// --- outsourced orders -------------------------------------------------------------------------

/**
 * Submit: a vendor linked to a company on the platform receives the order (it becomes readable
 * there, and its administrators are told); any other vendor cannot, so the order is tracked by
 * hand and the user is told so (spec §8 'Outsource', ORD-12).
 */
async function submitEffect(c: ActionContext): Promise<Row> {
  const [vendor] = await c.tx
    .select({ supplier: md_vendor.supplier_client_id, link: md_vendor.platform_link })
    .from(md_vendor)
    .where(and(eq(md_vendor.client_id, c.actor.session.clientId), eq(md_vendor.id, String(c.row.vendor_id ?? ''))));
  const sender = await companyName(c.tx, c.actor.session.clientId);
  if (vendor && vendor.link === 'exists' && isUuid(vendor.supplier)) {
    return { tracking: 'PLATFORM', vendor_client_id: vendor.supplier, sender_name: sender };
  }
  c.data._notice = t(c.lang, 'orders.supplierNotOnPlatform');
  return { tracking: 'MANUAL', vendor_client_id: null, sender_name: sender };
}

/** The owner records the vendor's steps only for an order tracked by hand. */
async function manualOnly(c: ActionContext): Promise<void> {
  if (c.row.tracking !== 'MANUAL') refuse('orders.vendorActs');
}

async function afterOutsourced(c: ActionContext, action: OrderAction): Promise<void> {
  const row = c.row;
  const other = c.side === 'owner' ? String(row.vendor_client_id ?? '') : String(row.client_id);
  if (!isUuid(other)) return;
  await tellCompany(c.tx, { userId: c.actor.session.userId, clientId: c.actor.session.clientId }, other, `orders.notify.oo.${action.action}`, {
    code: String(row.code ?? ''),
    company: await companyName(c.tx, c.actor.session.clientId),
  }, { relatedKey: String(row.id), url: OO_URL(String(row.id)), menuId: 'SCM_OUTSOURCED_ORDER', alsoUser: c.side === 'counterpart' ? row.created_by : undefined });
}

/** Progress of a confirmed outsourced order: by the vendor on the platform, else by its owner. */
async function reportProgress(tx: Tx, ctx: AuthedContext, registry: Registry): Promise<Row> {
  const reg = registry.get('outsourced-order')!;
  const data = dataObject(ctx.body);
  const row = await lockVisible(tx, reg, data.id);
  const side = sideOf(row, ctx.session.clientId, 'vendor_client_id');
  if (!side) throw new HttpError(404, 'http.notFound');
  if (ctx.session.userType === 'GUEST') throw new HttpError(403, 'http.forbidden');
  const mine = row.tracking === 'MANUAL' ? 'owner' : 'counterpart';
  if (side !== mine) refuse(mine === 'owner' ? 'orders.ownerOnly' : 'orders.vendorActs');
  if (Number(data.version) !== Number(row.version)) throw new HttpError(409, 'biz.changedByOthers');
  if (row.status !== OO_STATUS.CONFIRMED) refuse('orders.progressNotOpen');
  const q = data.completed_qty;
  if (finishedQtyProblem(q) || compareDec(String(q), String(row.qty)) > 0) refuse('orders.progressInvalid', { max: quantityText(String(row.qty), 'PCS') });
  if (unitProblem(q, 'PCS')) refuse('orders.wholePieces');
  const t2 = reg.tables.main;
  await tx
    .update(t2)
    .set({ completed_qty: roundDec(String(q), 4), version: sql`${t2.version} + 1`, updated_by: ctx.session.userId, updated_at: sql`now()` } as never)
    .where(eq(t2.id, String(row.id)));
  const [after] = (await tx.select().from(t2).where(eq(t2.id, String(row.id)))) as Row[];
  if (side === 'counterpart') {
    await tellCompany(tx, ctx.session, String(row.client_id), 'orders.notify.oo.progress', {
      code: String(row.code ?? ''),
      company: await companyName(tx, ctx.session.clientId),
      qty: roundDec(String(q), 4)!,
    }, { relatedKey: String(row.id), url: OO_URL(String(row.id)), menuId: 'SCM_OUTSOURCED_ORDER' });
  }
  return viewShared(tx, registry, reg, after);
}

// --- material orders (issue 23: a supplier on the platform receives them) ----------------------

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The supplier confirms the order with the delivery date it promises. */
async function confirmMaterialEffect(c: ActionContext): Promise<Row> {
  const day = c.data.confirmed_date;
  if (typeof day !== 'string' || !DATE_RE.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) refuse('orders.confirmedDateRequired');
  return { confirmed_date: day };
}

/** The supplier declines with a reason, which the sender reads. */
async function declineMaterialEffect(c: ActionContext): Promise<Row> {
  const { reject_reason } = await rejectEffect(c);
  return { reject_reason };
}

/** The sender records an acceptance only for a vendor that is not on the platform. */
async function recordMaterialAcceptance(c: ActionContext): Promise<void> {
  if (c.row.vendor_client_id) refuse('orders.supplierConfirms');
}

async function afterMaterialOrder(c: ActionContext, action: OrderAction): Promise<void> {
  const row = c.row;
  // Issue 27: the supplier's confirmation is a hand-off the buyer may subscribe to (out-API).
  if (action.action === 'confirm')
    await emitBusinessEvent(c.tx, {
      type: 'material-order.confirmed',
      clientId: c.actor.session.clientId,
      userId: c.actor.session.userId,
      lang: c.lang,
      data: { material_order_id: String(row.id), code: String(row.code ?? ''), confirmed_date: String(row.confirmed_date ?? ''), buyer_client_id: String(row.client_id) },
    });
  if (action.action === 'receive') await materialsReceived(c.tx, { clientId: c.actor.session.clientId, userId: c.actor.session.userId, lang: c.lang }, row);
  const other = c.side === 'owner' ? String(row.vendor_client_id ?? '') : String(row.client_id);
  if (!isUuid(other) || action.side === 'owner') return;
  await tellCompany(c.tx, { userId: c.actor.session.userId, clientId: c.actor.session.clientId }, other, `orders.notify.mo.${action.action}`, {
    code: String(row.code ?? ''),
    company: await companyName(c.tx, c.actor.session.clientId),
    date: String(c.data.confirmed_date ?? ''),
    reason: String(c.data.reason ?? ''),
  }, { relatedKey: String(row.id), url: `/scm/ecindex/material-order?id=${row.id}`, menuId: 'SCM_MATERIAL_ORDER', alsoUser: row.created_by });
}

/**
 * Issue 27: when the last open material order of a customer order is received, its materials are
 * in ('material-order.received'; the order's T&A listens). Orders for no customer order say nothing.
 */
export async function materialsReceived(tx: Tx, by: { clientId: string; userId: string; lang: Lang }, row: Row): Promise<void> {
  if (!isUuid(row.customer_order_id)) return;
  const [open] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from ord_material_order where client_id = ${by.clientId} and customer_order_id = ${row.customer_order_id}
                            and status in (${MO_STATUS.NEW}, ${MO_STATUS.ACCEPTED}, ${MO_STATUS.CALLED})`),
  );
  if (open && open.n > 0) return;
  await emitBusinessEvent(tx, { type: 'material-order.received', clientId: by.clientId, userId: by.userId, lang: by.lang, data: { material_order_id: String(row.id), customer_order_ids: [String(row.customer_order_id)] } });
}

/** Tells the supplier of a material order sent to it (on create; a save hook cannot notify after commit, so the route does). */
export async function tellMaterialSupplier(tx: Tx, from: { userId: string; clientId: string }, row: Row): Promise<void> {
  if (!isUuid(row.vendor_client_id)) return;
  await tellCompany(tx, from, String(row.vendor_client_id), 'orders.notify.mo.sent', { code: String(row.code ?? ''), company: await companyName(tx, from.clientId) }, {
    relatedKey: String(row.id),
    url: MO_URL(String(row.id)),
    menuId: 'SCM_MATERIAL_ORDER',
  });
}

// --- lists and views for both sides ------------------------------------------------------------

const PAGE_MAX = 200;

const paging = (query: Record<string, unknown>): { page: number; size: number } => pageParams(query, { maxSize: PAGE_MAX });

const STATUS_RE = /^[A-Z_]{1,20}$/;

/**
 * Documents another company shares with the caller: the orders it placed (customer orders whose
 * buyer it is) or the outsourced orders it received. Filters: status, code prefix.
 */
async function sharedList(tx: Tx, ctx: AuthedContext, kind: 'placed' | 'received' | 'received-material'): Promise<{ rows: Row[]; total: number; page: number; size: number }> {
  const me = ctx.session.clientId;
  const { page, size } = paging(ctx.query);
  const t2 = kind === 'placed' ? ord_customer_order : kind === 'received' ? ord_outsourced_order : ord_material_order;
  const mineCol = kind === 'placed' ? ord_customer_order.buyer_client_id : kind === 'received' ? ord_outsourced_order.vendor_client_id : ord_material_order.vendor_client_id;
  const status = typeof ctx.query.status === 'string' && STATUS_RE.test(ctx.query.status) ? ctx.query.status : null;
  const code = typeof ctx.query.code === 'string' ? ctx.query.code.replace(/\u0000/g, '').trim().slice(0, 64) : '';
  const where = and(
    eq(mineCol, me),
    status ? eq(t2.status, status) : undefined,
    code ? sql`${t2.code} like ${code.replace(/[\\%_]/g, (m) => `\\${m}`) + '%'}` : undefined,
  );
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${t2} where ${where}`));
  const rows = (await tx.select().from(t2).where(where).orderBy(desc(t2.created_at), desc(t2.id)).limit(size).offset((page - 1) * size)) as Row[];
  const companies = new Map<string, string>();
  for (const r of rows) {
    const owner = String(r.client_id);
    if (!companies.has(owner)) companies.set(owner, await companyName(tx, owner));
  }
  return {
    rows: rows.map((r) => ({ ...plain(r), company_name: companies.get(String(r.client_id)) ?? '' })),
    total: n,
    page,
    size,
  };
}

/** A row as the wire shows it (dates as text, decimals as text). */
function plain(r: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(r)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

/** One shared document with the side the caller is on and the actions open to it now. */
async function sharedView(tx: Tx, ctx: AuthedContext, registry: Registry, entity: string, counterpart: string, table: readonly OrderAction[]) {
  const reg = registry.get(entity)!;
  if (!isUuid(ctx.query.id)) throw new HttpError(404, 'http.notFound');
  const [row] = (await tx.select().from(reg.tables.main).where(eq(reg.tables.main.id, ctx.query.id))) as Row[];
  if (!row) throw new HttpError(404, 'http.notFound');
  const side = sideOf(row, ctx.session.clientId, counterpart)!;
  const doc = await viewShared(tx, registry, reg, row);
  return {
    doc,
    side,
    owner_name: await companyName(tx, String(row.client_id)),
    actions: ctx.session.userType === 'GUEST' ? [] : actionsFrom(table, row.status, side).map((a) => a.action),
  };
}

/**
 * A row of the two-company lists (placed, received): the document as stored, with the name of the
 * company that keeps it. Issue 28: the fields every row has are named, so the OpenAPI test checks
 * the real answer; the rest of the document's columns come along as they are stored.
 */
const SHARED_PAGE = S.page(
  S.object(
    {
      id: S.uuid(),
      version: S.integer(),
      client_id: S.uuid('The company that keeps the document'),
      code: S.string(),
      status: S.string(),
      created_at: S.dateTime(),
      company_name: S.string('The name of the company that keeps it'),
    },
    ['id', 'version', 'client_id', 'code', 'status', 'created_at', 'company_name'],
  ),
);

export function documentRoutes(api: Api): void {
  const registry = registryOf(api);
  actionRoutes(api, {
    entity: 'customer-order',
    table: CUSTOMER_ORDER_ACTIONS,
    counterpart: 'buyer_client_id',
    menu: CO_MENU,
    effects: { reject: rejectEffect, complete: completeEffect },
    after: afterCustomerOrder,
  });
  actionRoutes(api, {
    entity: 'outsourced-order',
    table: OUTSOURCED_ORDER_ACTIONS,
    counterpart: 'vendor_client_id',
    menu: OO_MENU,
    effects: {
      submit: submitEffect,
      'record-confirm': async (c) => void (await manualOnly(c)),
      'record-finish': async (c) => void (await manualOnly(c)),
    },
    after: afterOutsourced,
  });

  // The brand's vendors that are companies on the platform: where it may place an order.
  api.get('scmapi/customer-order/suppliers', { schema: R.get('My vendors that are companies on the platform: where I may place an order', { response: S.list(S.object({ vendor_id: S.uuid(), code: S.string(), name: S.string(), client_id: S.uuid() })) }), auth: true, menu: CO_MENU }, (ctx) =>
    ctx.tenant(async (tx) => {
      const rows = await tx
        .select({ vendor_id: md_vendor.id, code: md_vendor.code, name: md_vendor.short_name, client_id: md_vendor.supplier_client_id })
        .from(md_vendor)
        .where(and(eq(md_vendor.client_id, ctx.session.clientId), eq(md_vendor.platform_link, 'exists')))
        .orderBy(md_vendor.code);
      return rows.filter((r) => isUuid(r.client_id) && r.client_id !== ctx.session.clientId);
    }),
  );
  api.post('scmapi/customer-order/place', { schema: R.save("Place an order with a supplier (it becomes the supplier's customer order)", S.object({ supplier_client_id: S.uuid(), code: S.string(), order_date: S.date(), delivery_date: S.date(), currency: S.string(), remark: S.string(), lines: S.list(S.map({}, 'A line: style, colour, size, qty and price as exact decimals')) }, ['supplier_client_id', 'lines'])), auth: true, menu: CO_MENU }, (ctx) => ctx.tenant((tx) => place(tx, ctx, registry)));
  api.get('scmapi/customer-order/placed-list', { schema: R.get('Orders my company placed with suppliers', { query: { status: S.string(), code: S.string(), id: S.uuid() }, response: SHARED_PAGE }), auth: true, menu: CO_MENU }, (ctx) => ctx.tenant((tx) => sharedList(tx, ctx, 'placed')));
  api.get('scmapi/customer-order/shared-view', { schema: R.byId('An order I placed, as the supplier keeps it, with the actions open to me'), auth: true, menu: CO_MENU, params: ['id'] }, (ctx) =>
    ctx.tenant((tx) => sharedView(tx, ctx, registry, 'customer-order', 'buyer_client_id', CUSTOMER_ORDER_ACTIONS)),
  );
  api.get('scmapi/outsourced-order/received-list', { schema: R.get('Outsourced orders addressed to my company', { query: { status: S.string(), code: S.string(), id: S.uuid() }, response: SHARED_PAGE }), auth: true, menu: OO_MENU }, (ctx) => ctx.tenant((tx) => sharedList(tx, ctx, 'received')));
  api.get('scmapi/outsourced-order/shared-view', { schema: R.byId('An outsourced order addressed to me, with the actions open to me'), auth: true, menu: OO_MENU, params: ['id'] }, (ctx) =>
    ctx.tenant((tx) => sharedView(tx, ctx, registry, 'outsourced-order', 'vendor_client_id', OUTSOURCED_ORDER_ACTIONS)),
  );
  actionRoutes(api, {
    entity: 'material-order',
    table: MATERIAL_ORDER_ACTIONS,
    counterpart: 'vendor_client_id',
    menu: MO_MENU,
    effects: { confirm: confirmMaterialEffect, decline: declineMaterialEffect, accept: async (c) => void (await recordMaterialAcceptance(c)) },
    after: afterMaterialOrder,
  });
  api.get('scmapi/material-order/received-list', { schema: R.get('Material orders addressed to my company', { query: { status: S.string(), code: S.string(), id: S.uuid() }, response: SHARED_PAGE }), auth: true, menu: MO_MENU }, (ctx) => ctx.tenant((tx) => sharedList(tx, ctx, 'received-material')));
  api.get('scmapi/material-order/shared-view', { schema: R.byId('A material order addressed to me, with the actions open to me'), auth: true, menu: MO_MENU, params: ['id'] }, (ctx) =>
    ctx.tenant((tx) => sharedView(tx, ctx, registry, 'material-order', 'vendor_client_id', MATERIAL_ORDER_ACTIONS)),
  );
  api.post('scmapi/outsourced-order/progress', { params: ['id'], schema: R.onDoc("Report progress on an outsourced order addressed to me", { completed_qty: S.decimal(), confirmed_date: S.date() }), auth: true, menu: OO_MENU }, (ctx) => ctx.tenant((tx) => reportProgress(tx, ctx, registry)));
}

