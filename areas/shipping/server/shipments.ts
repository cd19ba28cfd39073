// The supplier's side of a shipment notice: the save hook (cartons and contents consistent, the
// orders open and of one buyer, nothing shipped beyond the buyer's over-ship tolerance, totals,
// SSCCs kept once given), the ship and cancel effects, and the company's shipping settings.
import { addDec, compareDec, divDec, et, isDecimal, mulDec, quantityText, roundDec, subDec, t, unitLabel, unitProblem, type Lang } from '@seamline/core';
import { BizError, client, eq, sql, type EntityHooks, type HookDocument, type Row, type Tx } from '@seamline/server/api';
import { CO_STATUS } from '../../orders/meta';
import { GS1_PREFIX_RE, makeSscc, SH_STATUS } from '../meta';
import { checkMaterialLines, isMaterialLine } from './materials';
import { shpSetting } from './schema';

export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const dec4 = (v: string) => roundDec(v, 4) ?? '0.0000';
const keyOf = (l: { order_id?: unknown; style_code?: unknown; colour?: unknown; size?: unknown }) =>
  `${String(l.order_id)}|${String(l.style_code ?? '').toUpperCase()}|${String(l.colour ?? '')}|${String(l.size ?? '')}`;

export interface ShipLine {
  order_id?: unknown;
  style_code?: unknown;
  colour?: unknown;
  size?: unknown;
  qty?: unknown;
}

/** States whose lines count as shipped against an order. */
const SHIPPED_STATES = [SH_STATUS.SHIPPED, SH_STATUS.PARTLY_RECEIVED, SH_STATUS.RECEIVED];

export interface OrderRef {
  id: string;
  code: string;
  buyer_client_id: string | null;
  status: string;
}

/**
 * The orders of the lines, locked (two shipments of one order check their quantities in turn),
 * each open for shipping — accepted (or completed) and placed by a brand on the platform — and all
 * of one buyer. Problems are message texts per line index.
 */
export async function lockOrders(tx: Tx, clientId: string, lines: ShipLine[], lang: Lang): Promise<{ orders: Map<string, OrderRef>; buyer: string | null; problems: Map<number, string> }> {
  const ids = [...new Set(lines.map((l) => String(l.order_id)))].sort();
  const problems = new Map<number, string>();
  const orders = new Map<string, OrderRef>();
  if (ids.length) {
    const list = `{${ids.join(',')}}`;
    for (const o of rowsOf<OrderRef>(
      await tx.execute(sql`select id, code, buyer_client_id, status from ord_customer_order where client_id = ${clientId} and id = any(${list}::uuid[]) order by id for update`),
    )) orders.set(o.id, o);
  }
  let buyer: string | null = null;
  lines.forEach((l, i) => {
    const o = orders.get(String(l.order_id));
    if (!o || !o.buyer_client_id || (o.status !== CO_STATUS.IN_PROGRESS && o.status !== CO_STATUS.COMPLETED)) {
      problems.set(i, t(lang, 'shipping.orderNotOpen', { code: o?.code ?? '' }));
      return;
    }
    if (buyer && buyer !== o.buyer_client_id) problems.set(i, t(lang, 'shipping.oneBuyer'));
    buyer ??= o.buyer_client_id;
  });
  return { orders, buyer, problems };
}

/**
 * Shipping more than is open on an order line (style × colour × size of an order) is refused
 * beyond the buyer's over-ship tolerance: open = ordered × (1 + tolerance %) − shipped by the
 * supplier's other shipments that left (drafts do not count). Call after lockOrders.
 */
export async function overShipProblems(tx: Tx, clientId: string, shipmentId: string, lines: ShipLine[], orders: Map<string, OrderRef>, buyer: string, lang: Lang): Promise<Map<number, { kind: 'notOnOrder' | 'over'; message: string }>> {
  const problems = new Map<number, { kind: 'notOnOrder' | 'over'; message: string }>();
  const ids = [...orders.keys()];
  if (!ids.length) return problems;
  const list = `{${ids.join(',')}}`;
  const ordered = new Map<string, string>();
  for (const r of rowsOf<Row>(
    await tx.execute(sql`select parent_id as order_id, upper(style_code) as style_code, colour, size, sum(qty)::text as qty
      from ord_customer_order_lines where client_id = ${clientId} and parent_id = any(${list}::uuid[]) group by 1, 2, 3, 4`),
  )) ordered.set(keyOf(r), String(r.qty));
  const shipped = new Map<string, string>();
  const states = `{${SHIPPED_STATES.join(',')}}`;
  for (const r of rowsOf<Row>(
    await tx.execute(sql`select l.order_id, upper(l.style_code) as style_code, l.colour, l.size, sum(l.qty)::text as qty
      from shp_shipment_lines l join shp_shipment s on s.id = l.parent_id
     where s.client_id = ${clientId} and s.id <> ${shipmentId} and s.status = any(${states}::text[]) and l.order_id = any(${list}::uuid[])
     group by 1, 2, 3, 4`),
  )) shipped.set(keyOf(r), String(r.qty));
  const [pctRow] = rowsOf<{ pct: string }>(await tx.execute(sql`select shp_over_ship_pct(${buyer}::uuid)::text as pct`));
  const pct = pctRow?.pct ?? '0';
  const here = new Map<string, { qty: string; index: number }>();
  lines.forEach((l, index) => {
    const k = keyOf(l);
    const prev = here.get(k);
    here.set(k, { qty: addDec(prev?.qty ?? '0', String(l.qty)), index: prev?.index ?? index });
  });
  for (const [k, { qty, index }] of here) {
    const line = lines[index]!;
    const code = orders.get(String(line.order_id))?.code ?? '';
    const params = { code, style: String(line.style_code ?? '').toUpperCase(), colour: String(line.colour ?? ''), size: String(line.size ?? '') };
    const o = ordered.get(k);
    if (o === undefined) {
      problems.set(index, { kind: 'notOnOrder', message: t(lang, 'shipping.notOnOrder', params) });
      continue;
    }
    const before = shipped.get(k) ?? '0';
    const allowed = mulDec(o, addDec('1', divDec(pct, '100', 8)!));
    if (compareDec(addDec(before, qty), allowed) > 0) {
      const open = subDec(allowed, before);
      // Pieces read whole (issue 30): '60', not '60.0000'.
      const pcs = (v: string) => quantityText(v, 'PCS');
      const text = t(lang, 'shipping.overShip', { ...params, qty: pcs(qty), open: pcs(compareDec(open, '0') < 0 ? '0' : open), ordered: pcs(o), shipped: pcs(before), pct: roundDec(pct, 2)! });
      problems.set(index, { kind: 'over', message: text });
    }
  }
  return problems;
}

/** The company's shipping settings (defaults when it has none). */
export async function settingsOf(tx: Tx, clientId: string): Promise<{ gs1_prefix: string | null; over_ship_pct: string }> {
  const [s] = await tx.select().from(shpSetting).where(eq(shpSetting.clientId, clientId));
  return { gs1_prefix: s?.gs1Prefix ?? null, over_ship_pct: roundDec(s?.overShipPct ?? '0', 4)! };
}

export async function saveSettings(tx: Tx, clientId: string, body: Record<string, unknown>): Promise<void> {
  const prefix = body.gs1_prefix === null || body.gs1_prefix === undefined ? '' : String(body.gs1_prefix).trim();
  if (prefix && !GS1_PREFIX_RE.test(prefix)) throw new BizError('shipping.prefixInvalid');
  const pct = String(body.over_ship_pct ?? '0').trim() || '0';
  if (!/^\d+(\.\d{1,4})?$/.test(pct) || !isDecimal(pct) || compareDec(pct, '100') > 0) throw new BizError('shipping.toleranceInvalid');
  await tx
    .insert(shpSetting)
    .values({ clientId, gs1Prefix: prefix || null, overShipPct: pct })
    .onConflictDoUpdate({ target: [shpSetting.clientId], set: { gs1Prefix: prefix || null, overShipPct: pct, updatedAt: sql`now()` } });
}

/** `n` new SSCCs of the company: its counter moves in this transaction (one writer at a time per company). */
export async function nextSsccs(tx: Tx, clientId: string, n: number): Promise<string[] | null> {
  if (n === 0) return [];
  const [row] = rowsOf<{ prefix: string | null; last: string }>(
    await tx.execute(sql`update shp_setting set next_serial = next_serial + ${n} where client_id = ${clientId} and gs1_prefix is not null
      returning gs1_prefix as prefix, next_serial::text as last`),
  );
  if (!row?.prefix) return null;
  const first = Number(row.last) - n;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = makeSscc(row.prefix, first + i);
    if (!s) throw new BizError('shipping.serialsUsedUp');
    out.push(s);
  }
  return out;
}

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

async function storedChildren(tx: Tx, id: string): Promise<{ cartons: Row[]; lines: Row[] }> {
  const cartons = rowsOf<Row>(await tx.execute(sql`select * from shp_shipment_cartons where parent_id = ${id} order by seq`));
  const lines = rowsOf<Row>(await tx.execute(sql`select * from shp_shipment_lines where parent_id = ${id} order by seq`));
  return { cartons, lines };
}

/**
 * Cartons and contents agree: carton numbers unique, every line in a carton of the shipment,
 * every carton filled, at least one of each. Problems as texts (child row → message).
 */
export function contentProblems(cartons: Row[], lines: Row[], lang: Lang): { field: string; message: string; child?: { name: string; index: number } }[] {
  const out: { field: string; message: string; child?: { name: string; index: number } }[] = [];
  const numbers = new Set<number>();
  cartons.forEach((c, index) => {
    const n = Number(c.carton_no);
    if (numbers.has(n)) out.push({ field: 'carton_no', message: t(lang, 'shipping.duplicateCarton', { carton: n }), child: { name: 'cartons', index } });
    numbers.add(n);
  });
  if (!lines.length || !cartons.length) out.push({ field: '_document', message: t(lang, 'shipping.noLines') });
  lines.forEach((l, index) => {
    if (!numbers.has(Number(l.carton_no))) out.push({ field: 'carton_no', message: t(lang, 'shipping.noCarton', { carton: String(l.carton_no) }), child: { name: 'lines', index } });
  });
  const filled = new Set(lines.map((l) => Number(l.carton_no)));
  cartons.forEach((c, index) => {
    if (!filled.has(Number(c.carton_no))) out.push({ field: 'carton_no', message: t(lang, 'shipping.emptyCarton', { carton: String(c.carton_no) }), child: { name: 'cartons', index } });
  });
  return out;
}

/**
 * A draft may be saved half-filled (as a stock document may): whether its cartons and contents
 * agree and its orders are open is checked when it ships. What a save does check: nothing beyond
 * the buyer's over-ship tolerance on the open orders it names (told early, checked again at ship),
 * and one buyer; it sets the buyer, the totals and the SSCCs.
 */
async function checkShipment(tx: Tx, d: HookDocument, clientId: string, lang: Lang): Promise<void> {
  const stored = d.created ? { cartons: [], lines: [] } : await storedChildren(tx, d.id);
  const cartons = d.children.cartons ?? stored.cartons;
  const lines = d.children.lines ?? stored.lines;
  const garments = lines.filter((l) => !isMaterialLine(l));
  const { orders, buyer: garmentBuyer, problems } = await lockOrders(tx, clientId, garments as ShipLine[], lang);
  // Material lines (issue 27, ./materials): their unit is the material order's; what is not on the
  // order or beyond what is open is told on save, an order not (yet) confirmed when it ships.
  const materials = await checkMaterialLines(tx, clientId, d.id, lines, lang);
  lines.forEach((l, index) => {
    if (isMaterialLine(l)) {
      l.unit = materials.units.get(index) ?? l.unit ?? null;
      l.order_id = null;
      l.colour = null;
      l.size = null;
      const p = materials.problems.get(index);
      if (p && p.kind !== 'notOpen' && d.children.lines) d.error(p.kind === 'over' ? 'qty' : 'style_code', p.message, { name: 'lines', index });
      // A counted material (cones, rolls) ships whole, in the order's unit.
      const whole = l.unit ? unitProblem(l.qty, l.unit) : null;
      if (whole && d.children.lines) d.error('qty', et(lang, whole, { unit: unitLabel(String(l.unit), lang) }), { name: 'lines', index });
    } else {
      l.unit = 'PCS';
      if (!d.children.lines) return;
      if (!l.order_id || !l.colour || !l.size) d.error(!l.order_id ? 'order_id' : !l.colour ? 'colour' : 'size', t(lang, 'shipping.garmentLine'), { name: 'lines', index });
      // Garments are pieces (issue 30): the unit is set here, after the definition's check ran.
      const whole = unitProblem(l.qty, 'PCS');
      if (whole) d.error('qty', et(lang, whole, { unit: unitLabel('PCS', lang) }), { name: 'lines', index });
    }
  });
  const buyer = garmentBuyer ?? materials.buyer;
  // Only 'several buyers' is final on save; an order not (yet) open is the ship's refusal.
  const several = [...problems.values(), ...[...materials.problems.values()].map((p) => p.message)].find((m) => m === t(lang, 'shipping.oneBuyer'));
  if (several || (garmentBuyer && materials.buyer && garmentBuyer !== materials.buyer)) d.error('_document', t(lang, 'shipping.oneBuyer'));
  if (garmentBuyer) {
    const open = new Map([...orders].filter(([, o]) => o.buyer_client_id === buyer && (o.status === CO_STATUS.IN_PROGRESS || o.status === CO_STATUS.COMPLETED)));
    const openLines = lines.map((l, index) => ({ l, index })).filter(({ l }) => open.has(String(l.order_id)));
    const over = await overShipProblems(tx, clientId, d.id, openLines.map((x) => x.l) as ShipLine[], open, garmentBuyer, lang);
    for (const [i, p] of over) if (p.kind === 'over') d.error('qty', p.message, { name: 'lines', index: openLines[i]!.index });
  }
  const [b] = buyer ? await tx.select({ name: client.name }).from(client).where(eq(client.id, buyer)) : [];
  d.write.buyer_client_id = buyer;
  d.write.buyer_name = b?.name ?? null;
  d.write.total_qty = dec4(addDec('0', ...lines.map((l) => String(l.qty ?? '0'))));
  for (const f of ['gross_weight', 'net_weight', 'volume'] as const) {
    d.write[f] = dec4(addDec('0', ...cartons.map((c) => (c[f] === null || c[f] === undefined || c[f] === '' ? '0' : String(c[f])))));
  }
  if (d.children.cartons) {
    // A carton keeps the SSCC it was given (its label may be printed); new cartons get the next serials.
    const given = new Map(stored.cartons.map((c) => [Number(c.carton_no), c.sscc as string | null]));
    const used = new Set<string>();
    for (const c of d.children.cartons) {
      const s = given.get(Number(c.carton_no)) ?? null;
      c.sscc = s && !used.has(s) ? s : null;
      if (s) used.add(s);
    }
    const missing = d.children.cartons.filter((c) => !c.sscc);
    const ssccs = await nextSsccs(tx, clientId, missing.length);
    if (ssccs) missing.forEach((c, i) => (c.sscc = ssccs[i]));
  }
}

export const shipmentHooks: EntityHooks = {
  async beforeWrite(tx, docs, ctx) {
    for (const d of docs) {
      if (d.existing && d.existing.status !== SH_STATUS.DRAFT) {
        d.error('_document', t(ctx.lang, 'shipping.notEditable'));
        continue;
      }
      if (d.created) d.write.status = SH_STATUS.DRAFT;
      if (has(d.write, 'received_qty')) delete d.write.received_qty;
      await checkShipment(tx, d, ctx.clientId, ctx.lang);
    }
  },
  // Only a draft may be deleted: a shipped or cancelled notice is the record of what left.
  async inUse(tx, ids, ctx) {
    const list = `{${ids.join(',')}}`;
    const rows = rowsOf<{ code: string }>(await tx.execute(sql`select code from shp_shipment where client_id = ${ctx.clientId} and status <> 'DRAFT' and id = any(${list}::uuid[])`));
    return rows.length ? { count: rows.length, where: rows.map((r) => `${r.code}: ${t(ctx.lang, 'shipping.notEditable')}`) } : null;
  },
  async releaseInUse() {
    throw new BizError('shipping.notEditable');
  },
  inUseMessage: 'shipping.notEditable',
};

/** The customer orders a shipment carries (id and number), for guards and labels. */
export async function ordersOf(tx: Tx, shipmentId: string): Promise<{ id: string; code: string }[]> {
  return rowsOf<{ id: string; code: string }>(
    await tx.execute(sql`select distinct o.id, o.code from shp_shipment_lines l join ord_customer_order o on o.id = l.order_id where l.parent_id = ${shipmentId} order by o.code`),
  );
}

