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
  const ordered = new Map<string, { qty: string; received: string; unit: string }>();
  const shipped = new Map<string, string>();
  if (ids.length) {
    for (const r of rowsOf<Row>(
      await tx.execute(sql`select parent_id::text as mo, upper(coalesce(material_code, '')) as code, sum(qty)::text as qty, sum(coalesce(received_qty, 0))::text as received, max(unit) as unit
        from ord_material_order_lines where parent_id = any(${list}::uuid[]) group by 1, 2`),
    )) ordered.set(`${r.mo}|${r.code}`, { qty: String(r.qty), received: String(r.received), unit: String(r.unit ?? '') });
    for (const r of rowsOf<Row>(
      await tx.execute(sql`select l.material_order_id as mo, upper(l.style_code) as code, sum(l.qty)::text as qty
        from shp_shipment_lines l join shp_shipment s on s.id = l.parent_id
       where s.client_id = ${me} and s.id <> ${self}::uuid and s.status = any(${`{${SHIPPED_STATES.join(',')}}`}::text[]) and l.material_order_id = any(${`{${ids.join(',')}}`}::text[])
       group by 1, 2`),
    )) shipped.set(`${r.mo}|${r.code}`, String(r.qty));
  }
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
    // What left on the supplier's other notices is on its way or received; a receipt counts once.
    const sent = shipped.get(key) ?? '0';
    const open = subDec(line.qty, compareDec(sent, line.received) > 0 ? sent : line.received);
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
