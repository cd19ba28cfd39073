// The shipping routes (docs/shipping.md 'Endpoints'): ship and cancel through the orders area's
// action route (its state table, sides, version, audit), the shared view and the buyer's list of
// incoming shipments (read through the database's policies: a third company gets 404), the
// receipt, labels and packing list, and the company's shipping settings.
import { quantityText, t, type Lang } from '@seamline/core';
import {
  R, S,
  asc, BizError, dataObject, desc, emitBusinessEvent, eq, forbidden, isUuid, loadActor, notFound, pageParams, registryOf, sql, type Api, type AuthedContext, type Registry, type Row, type Tx,
} from '@seamline/server/api';
import bwipjs from 'bwip-js/node';
import { actionRoutes, viewShared, type ActionContext } from '../../orders/server/actions';
import { tellCompany } from '../../orders/server/documents';
import { actionsFrom, type OrderAction } from '../../orders/meta';
import { SHIPMENT_ACTIONS, SHIPMENT_MENU, SUPPLIER_ACTIONS, ssccText } from '../meta';
import { checkShipmentGuards } from './guards';
import { checkMaterialLines, isMaterialLine, openMaterialOrders } from './materials';
import { postReceipt } from './receive';
import { contentProblems, lockOrders, nextSsccs, ordersOf, overShipProblems, rowsOf, saveSettings, settingsOf, type ShipLine } from './shipments';
import { shp_shipment } from './schema';

const MENU = [SHIPMENT_MENU];
const URL = (id: string, side: 'owner' | 'counterpart') => `/scm/index/shipment?${side === 'counterpart' ? 'tab=incoming&' : ''}id=${id}`;

async function companyName(tx: Tx, id: string): Promise<string> {
  const [c] = rowsOf<{ name: string }>(await tx.execute(sql`select name from client where id = ${id}`));
  return c?.name ?? '';
}

/** Ship: contents and SSCCs complete, nothing beyond the buyer's tolerance, no guard objects. */
async function shipEffect(c: ActionContext): Promise<Row> {
  const { tx, row, lang } = c;
  const me = c.actor.session.clientId;
  const lines = rowsOf<Row>(await tx.execute(sql`select * from shp_shipment_lines where parent_id = ${row.id} order by seq`));
  const cartons = rowsOf<Row>(await tx.execute(sql`select id, carton_no, sscc from shp_shipment_cartons where parent_id = ${row.id} order by seq`));
  // A draft may have been saved half-filled: what ships must be whole.
  const [content] = contentProblems(cartons, lines, lang);
  if (content) throw new BizError('shipping.refused', { text: content.message });
  // Cartons saved before the company set its GS1 prefix get their SSCCs now.
  const missing = cartons.filter((x) => !x.sscc);
  if (missing.length) {
    const ssccs = await nextSsccs(tx, me, missing.length);
    if (!ssccs) throw new BizError('shipping.noPrefix');
    for (const [i, x] of missing.entries()) await tx.execute(sql`update shp_shipment_cartons set sscc = ${ssccs[i]} where id = ${x.id}`);
  }
  // Garments of customer orders, and (issue 27) materials of material orders placed on this company.
  const garments = lines.filter((l) => !isMaterialLine(l));
  const { orders, buyer, problems } = await lockOrders(tx, me, garments as ShipLine[], lang);
  const materials = await checkMaterialLines(tx, me, String(row.id), lines, lang);
  const first = (m: Map<number, string>) => [...m.values()][0];
  const refuse = (text: string): never => {
    throw new BizError('shipping.refused', { text });
  };
  if (materials.problems.size) refuse([...materials.problems.values()][0]!.message);
  if (garments.length && (problems.size || !buyer)) refuse(first(problems) ?? t(lang, 'shipping.noLines'));
  if (!buyer && !materials.buyer) refuse(t(lang, 'shipping.noLines'));
  if (buyer && materials.buyer && buyer !== materials.buyer) refuse(t(lang, 'shipping.oneBuyer'));
  const over = buyer ? await overShipProblems(tx, me, String(row.id), garments as ShipLine[], orders, buyer, lang) : new Map();
  if (over.size) refuse([...over.values()][0]!.message);
  const refusal = await checkShipmentGuards({ tx, clientId: me, shipment: row, orders: [...orders.values()].map((o) => ({ id: o.id, code: o.code })), lang });
  if (refusal) throw new BizError(refusal.key, refusal.params);
  return { actual_ship_date: row.actual_ship_date ?? new Date().toISOString().slice(0, 10) };
}

async function afterAction(c: ActionContext, action: OrderAction): Promise<void> {
  if (action.action !== 'ship') return;
  const row = c.row;
  // Issue 27: the orders it carries were shipped today (their T&A listens), in this transaction.
  const shipped = rowsOf<{ id: string }>(await c.tx.execute(sql`select distinct order_id::text as id from shp_shipment_lines where parent_id = ${row.id} and order_id is not null`));
  const materialOrders = rowsOf<{ id: string }>(await c.tx.execute(sql`select distinct material_order_id as id from shp_shipment_lines where parent_id = ${row.id} and material_order_id is not null`));
  await emitBusinessEvent(c.tx, {
    type: 'shipment.shipped',
    clientId: c.actor.session.clientId,
    userId: c.actor.session.userId,
    lang: c.lang,
    data: { shipment_id: String(row.id), buyer_client_id: String(row.buyer_client_id ?? ''), customer_order_ids: shipped.map((o) => o.id), material_order_ids: materialOrders.map((o) => o.id) },
  });
  const [n] = rowsOf<{ n: number }>(await c.tx.execute(sql`select count(*)::int as n from shp_shipment_cartons where parent_id = ${row.id}`));
  await tellCompany(c.tx, c.actor.session, String(row.buyer_client_id ?? ''), 'shipping.notify.ship', {
    company: await companyName(c.tx, c.actor.session.clientId),
    code: String(row.code ?? ''),
    qty: quantityText(String(row.total_qty ?? '0'), 'PCS'),
    cartons: String(n?.n ?? 0),
  }, { relatedKey: String(row.id), url: URL(String(row.id), 'counterpart'), menuId: SHIPMENT_MENU });
}

/** A shipment either company of it may read (RLS: the owner, or the buyer once shipped). */
async function visible(tx: Tx, id: unknown): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const [row] = (await tx.select().from(shp_shipment).where(eq(shp_shipment.id, id))) as Row[];
  if (!row) throw notFound();
  return row;
}

const plain = (r: Row): Row => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

/** The document, the caller's side, the actions open to it, and what was received of each line. */
async function sharedView(tx: Tx, ctx: AuthedContext, registry: Registry): Promise<Row> {
  const row = await visible(tx, ctx.query.id);
  const me = ctx.session.clientId;
  const side = row.client_id === me ? 'owner' : 'counterpart';
  const doc = await viewShared(tx, registry, registry.get('shipment')!, row);
  const received = rowsOf<Row>(
    await tx.execute(sql`select rl.line_id, rl.carton_id, rl.bin_id, rl.shipped_qty::text as shipped_qty, rl.received_qty::text as received_qty,
        rl.damaged_qty::text as damaged_qty, rl.reason, r.doc_no, r.received_at
      from shp_receipt_line rl join shp_receipt r on r.id = rl.receipt_id where rl.shipment_id = ${row.id} order by r.received_at, rl.line_id`),
  );
  return {
    doc,
    side,
    owner_name: await companyName(tx, String(row.client_id)),
    actions: ctx.session.userType === 'GUEST' ? [] : actionsFrom(SHIPMENT_ACTIONS, row.status, side).map((a) => a.action),
    received: received.map(plain),
  };
}

const SORTS: Record<string, string> = { code: 'code', created_at: 'created_at', actual_ship_date: 'actual_ship_date', status: 'status', total_qty: 'total_qty' };

/** Shipments made out to the caller (the brand): page, sort, filter by status and number prefix. */
async function incomingList(tx: Tx, ctx: AuthedContext): Promise<Row> {
  const { page, size } = pageParams(ctx.query, { maxSize: 200 });
  const q = ctx.query;
  const status = typeof q.status === 'string' && /^[A-Z_]{1,20}$/.test(q.status) ? q.status : null;
  const code = typeof q.code === 'string' ? q.code.replace(/\u0000/g, '').trim().slice(0, 40) : '';
  const sortField = typeof q.sort === 'string' && SORTS[q.sort] ? SORTS[q.sort]! : 'created_at';
  const dir = q.order === 'asc' ? asc : desc;
  const where = sql`buyer_client_id = ${ctx.session.clientId}
    ${status ? sql`and status = ${status}` : sql``}
    ${code ? sql`and code ilike ${code.replace(/[\\%_]/g, (m) => `\\${m}`) + '%'}` : sql``}`;
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from shp_shipment where ${where}`));
  const rows = (await tx
    .select()
    .from(shp_shipment)
    .where(where)
    .orderBy(dir(sql.identifier(sortField)), desc(shp_shipment.id))
    .limit(size)
    .offset((page - 1) * size)) as Row[];
  const names = new Map<string, string>();
  for (const r of rows) if (!names.has(String(r.client_id))) names.set(String(r.client_id), await companyName(tx, String(r.client_id)));
  return { rows: rows.map((r) => ({ ...plain(r), supplier_name: names.get(String(r.client_id)) ?? '' })), total: n, page, size };
}

/** GS1-128 of an SSCC, drawn on the server as SVG (no canvas); the label prints its own text. */
export function ssccBarcode(sscc: string): string {
  return bwipjs.toSVG({ bcid: 'gs1-128', text: `(00)${sscc}`, height: 18, scale: 2, includetext: false, paddingwidth: 6 });
}

/** Carton labels and packing list: header, the two companies, orders, every carton with its contents and barcode. */
async function labels(tx: Tx, ctx: AuthedContext, registry: Registry): Promise<Row> {
  const row = await visible(tx, ctx.query.id);
  const doc = await viewShared(tx, registry, registry.get('shipment')!, row);
  const orders = await ordersOf(tx, String(row.id));
  const code = new Map(orders.map((o) => [o.id, o.code]));
  const lines: Row[] = ((doc.lines as Row[]) ?? []).map((l): Row => ({ ...l, order_code: code.get(String(l.order_id)) ?? '' }));
  const cartons = ((doc.cartons as Row[]) ?? []).map((c) => ({
    ...c,
    sscc_text: c.sscc ? ssccText(String(c.sscc)) : null,
    svg: c.sscc ? ssccBarcode(String(c.sscc)) : null,
    contents: lines.filter((l) => Number(l.carton_no) === Number(c.carton_no)),
  }));
  return { doc: { ...doc, lines }, supplier_name: await companyName(tx, String(row.client_id)), orders, cartons };
}

export function shippingRoutes(api: Api): void {
  const registry = registryOf(api);
  actionRoutes(api, { entity: 'shipment', table: SUPPLIER_ACTIONS, counterpart: 'buyer_client_id', menu: MENU, effects: { ship: shipEffect }, after: afterAction });

  api.get('scmapi/shipment/shared-view', { schema: R.byId('A shipment (mine, or one coming to me) with the actions open to me'), auth: true, menu: MENU, params: ['id'] }, (ctx) => ctx.tenant((tx) => sharedView(tx, ctx, registry)));
  api.get('scmapi/shipment/incoming-list', { schema: R.get('Shipments coming to my company', { query: { status: S.string(), p: S.paging() } }), auth: true, menu: MENU }, (ctx) => ctx.tenant((tx) => incomingList(tx, ctx)));
  api.get('scmapi/shipment/material-orders', { schema: R.get('My confirmed material orders (as supplier) with what is open per material, for a shipment line', { query: { id: S.string() } }), auth: true, menu: MENU }, (ctx) =>
    ctx.tenant((tx) => openMaterialOrders(tx, ctx.session.clientId, typeof ctx.query.id === 'string' ? ctx.query.id : undefined)),
  );
  api.get('scmapi/shipment/labels', { schema: R.byId("A shipment's carton labels"), auth: true, menu: MENU, params: ['id'] }, (ctx) => ctx.tenant((tx) => labels(tx, ctx, registry)));

  api.post('scmapi/shipment/receive', { params: ['id'], schema: R.onDoc('Receive a shipment into a bin (all or part of its cartons)', { bin_id: S.uuid(), cartons: S.list(S.map()), lines: S.list(S.map()) }), auth: true, menu: MENU }, (ctx) =>
    ctx.tenant(async (tx) => {
      if (ctx.session.userType === 'GUEST') throw forbidden();
      const actor = await loadActor(tx, ctx.session, ctx.lang, registry.get('shipment')!);
      const data = dataObject(ctx.body);
      const r = await postReceipt(tx, actor, ctx.lang as Lang, data);
      await tellCompany(tx, ctx.session, String(r.shipment.client_id), 'shipping.notify.receive', {
        company: await companyName(tx, ctx.session.clientId),
        code: String(r.shipment.code ?? ''),
        received: r.received,
        shipped: r.shipped,
      }, { relatedKey: String(r.shipment.id), url: URL(String(r.shipment.id), 'owner'), menuId: SHIPMENT_MENU });
      return sharedView(tx, { ...ctx, query: { id: String(r.shipment.id) } } as AuthedContext, registry);
    }),
  );

  api.get('scmapi/shipment/settings', { schema: R.get("My company's shipping settings", { response: S.map() }), auth: true, menu: MENU }, (ctx) => ctx.tenant((tx) => settingsOf(tx, ctx.session.clientId)));
  api.post('scmapi/shipment/settings', { schema: R.save("Change my company's shipping settings (administrators)", S.map()), auth: true, menu: MENU }, (ctx) =>
    ctx.tenant(async (tx) => {
      // Company settings: its administrators only.
      if (ctx.session.userType !== 'ADMIN') throw forbidden();
      await saveSettings(tx, ctx.session.clientId, dataObject(ctx.body));
      return settingsOf(tx, ctx.session.clientId);
    }),
  );
}
