// Materials on a shipment notice (issue 27): a mill ships a material order the buyer (a factory)
// placed on it. Such a line names the material order (material_order_id) instead of a customer
// order; its style_code is the material's code, it has no colour or size, and it carries the
// material order's unit (metres, kilograms: not only whole pieces). The order must be the
// caller's as supplier (vendor_client_id, migration 0052's policies let it read the order) and
// confirmed (ACCEPTED or CALLED); a material ships at most what is still open on it: ordered −
// what the supplier's other notices carried (or, if more, what the buyer received). The buyer of such a line is the
// company that placed the material order.
import { addDec, compareDec, quantityText, roundDec, subDec, t, type Lang } from '@seamline/core';
import { sql, type Row, type Tx } from '@seamline/server/api';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Material-order states a supplier may ship from (MO_STATUS ACCEPTED, CALLED). */
const SHIPPABLE = ['ACCEPTED', 'CALLED'];
const SHIPPED_STATES = ['SHIPPED', 'PARTLY_RECEIVED', 'RECEIVED'];
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isMaterialLine = (l: Row): boolean => typeof l.material_order_id === 'string' && l.material_order_id.trim() !== '';

export interface MaterialCheck {
  buyer: string | null;
  /** Per line index of the lines given: why it cannot ship (not open, not on the order, over). */
  problems: Map<number, { kind: 'notOpen' | 'notOnOrder' | 'over'; message: string }>;
  /** Per line index: the material order line's unit. */
  units: Map<number, string>;
  /** The material orders shipped (id → number). */
  orders: Map<string, string>;
}

/** Per material order line (key 'order id|MATERIAL CODE'): ordered, received, unit; what the supplier's notices other than `self` carried. */
async function orderedAndShipped(tx: Tx, me: string, self: string, ids: string[]) {
  const ordered = new Map<string, OrderedLine>();
  const shipped = new Map<string, string>();
  if (!ids.length) return { ordered, shipped };
  const list = `{${ids.join(',')}}`;
  for (const r of rowsOf<Row>(
    await tx.execute(sql`select parent_id::text as mo, upper(coalesce(material_code, '')) as code, sum(qty)::text as qty, sum(coalesce(received_qty, 0))::text as received, max(unit) as unit
      from ord_material_order_lines where parent_id = any(${list}::uuid[]) group by 1, 2`),
  )) ordered.set(`${r.mo}|${r.code}`, { qty: String(r.qty), received: String(r.received), unit: String(r.unit ?? '') });
  for (const r of rowsOf<Row>(
    await tx.execute(sql`select l.material_order_id as mo, upper(l.style_code) as code, sum(l.qty)::text as qty
      from shp_shipment_lines l join shp_shipment s on s.id = l.parent_id
     where s.client_id = ${me} and s.id <> ${self}::uuid and s.status = any(${`{${SHIPPED_STATES.join(',')}}`}::text[]) and l.material_order_id = any(${list}::text[])
     group by 1, 2`),
  )) shipped.set(`${r.mo}|${r.code}`, String(r.qty));
  return { ordered, shipped };
}

interface OrderedLine {
  qty: string;
  received: string;
  unit: string;
}

/** What is still open: what left on the supplier's notices is on its way or received; a receipt counts once. */
const openOf = (line: OrderedLine, sent = '0'): string => subDec(line.qty, compareDec(sent, line.received) > 0 ? sent : line.received);

/**
 * The shipment form's choice (issue 27): the caller's confirmed material orders (as supplier),
 * one row per material with something still open — the order, its buyer, the material, its unit
 * and the open quantity, by the same rule the save checks. A draft being edited passes its id, so
 * what it carries itself is not counted as gone.
 */
export async function openMaterialOrders(tx: Tx, me: string, shipmentId?: string): Promise<Row[]> {
  const self = UUID_RE.test(String(shipmentId ?? '')) ? String(shipmentId) : '00000000-0000-0000-0000-000000000000';
  const orders = rowsOf<Row>(
    await tx.execute(sql`select o.id::text as id, o.code, c.name as buyer_name, to_char(o.confirmed_date, 'YYYY-MM-DD') as confirmed_date
      from ord_material_order o left join client c on c.id::text = o.client_id::text
     where o.vendor_client_id = ${me}::text and o.status = any(${`{${SHIPPABLE.join(',')}}`}::text[]) order by o.code`),
  );
  const { ordered, shipped } = await orderedAndShipped(tx, me, self, orders.map((o) => String(o.id)));
  const out: Row[] = [];
  for (const o of orders)
    for (const [key, line] of ordered) {
      const [mo, material] = key.split('|');
      if (mo !== o.id || !material) continue;
      const open = openOf(line, shipped.get(key));
      if (compareDec(open, '0') <= 0) continue;
      out.push({ material_order_id: o.id, code: o.code, buyer_name: o.buyer_name ?? '', confirmed_date: o.confirmed_date, material_code: material, unit: line.unit || 'PCS', ordered: roundDec(line.qty, 4), open: roundDec(open, 4) });
    }
  return out;
}

export async function checkMaterialLines(tx: Tx, me: string, shipmentId: string, lines: Row[], lang: Lang): Promise<MaterialCheck> {
  const out: MaterialCheck = { buyer: null, problems: new Map(), units: new Map(), orders: new Map() };
  // A notice being created has no id yet: none of the others is it.
  const self = UUID_RE.test(String(shipmentId)) ? shipmentId : '00000000-0000-0000-0000-000000000000';
  const ids = [...new Set(lines.filter(isMaterialLine).map((l) => String(l.material_order_id).trim().toLowerCase()))].filter((id) => UUID_RE.test(id)).sort();
  const list = `{${ids.join(',')}}`;
  const orders = new Map<string, Row>();
  if (ids.length)
    for (const o of rowsOf<Row>(await tx.execute(sql`select id::text as id, code, client_id::text as client_id, status from ord_material_order where id = any(${list}::uuid[]) and vendor_client_id = ${me}::text`)))
      orders.set(String(o.id), o);
  const { ordered, shipped } = await orderedAndShipped(tx, me, self, ids);
  const here = new Map<string, { qty: string; index: number }>();
  lines.forEach((l, index) => {
    if (!isMaterialLine(l)) return;
    const id = String(l.material_order_id).trim().toLowerCase();
    const o = orders.get(id);
    if (!o) {
      out.problems.set(index, { kind: 'notOpen', message: t(lang, 'shipping.materialOrderNotOpen', { code: '' }) });
      return;
    }
    // The buyer and the unit are the order's even before it is confirmed (a draft may wait for that).
    out.orders.set(id, String(o.code));
    if (out.buyer && out.buyer !== o.client_id) out.problems.set(index, { kind: 'notOpen', message: t(lang, 'shipping.oneBuyer') });
    out.buyer ??= String(o.client_id);
    const key = `${id}|${String(l.style_code ?? '').toUpperCase()}`;
    const line = ordered.get(key);
    if (!line) {
      out.problems.set(index, { kind: 'notOnOrder', message: t(lang, 'shipping.notOnMaterialOrder', { material: String(l.style_code ?? '').toUpperCase(), code: String(o.code) }) });
      return;
    }
    out.units.set(index, line.unit || 'PCS');
    if (!SHIPPABLE.includes(String(o.status))) {
      out.problems.set(index, { kind: 'notOpen', message: t(lang, 'shipping.materialOrderNotOpen', { code: String(o.code) }) });
      return;
    }
    const prev = here.get(key);
    here.set(key, { qty: addDec(prev?.qty ?? '0', String(l.qty ?? '0')), index: prev?.index ?? index });
  });
  for (const [key, { qty, index }] of here) {
    const line = ordered.get(key)!;
    const open = openOf(line, shipped.get(key));
    if (compareDec(qty, open) > 0) {
      const q = (v: string) => quantityText(roundDec(v, 4)!, line.unit || 'PCS');
      const l = lines[index]!;
      out.problems.set(index, {
        kind: 'over',
        message: t(lang, 'shipping.overShipMaterial', { code: out.orders.get(key.split('|')[0]!) ?? '', material: String(l.style_code ?? '').toUpperCase(), qty: q(qty), open: q(compareDec(open, '0') < 0 ? '0' : open), ordered: q(line.qty) }),
      });
    }
  }
  return out;
}
