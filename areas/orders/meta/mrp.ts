// Material requirement of a customer order (issue 27, 'Materials from the BOM'): pure arithmetic,
// exact decimals. Gross need per material = Σ over the order's style × colour quantities of
// quantity × consumption × (1 + wastage / 100), for every line of the style's released BOM that
// applies to the colour (a line without a colourway applies to all); net = gross − free stock −
// already on order, never below 0. Sizes do not change consumption, so lines are first summed per
// style × colour (the bench's 3,200 lines become 400 before any BOM line is touched).
import { addDec, compareDec, divDec, isCountedUnit, mulDec, roundDec, subDec } from '@seamline/core';

export interface MrpOrderLine {
  style_code: string;
  colour: string;
  qty: string;
}

/** A line of the released BOM revision of a style, with its colourway's code and names (if any). */
export interface MrpBomLine {
  style_code: string;
  colour_code: string | null;
  colour_name_en: string | null;
  colour_name_zh: string | null;
  material_code: string;
  material_name: string | null;
  consumption: string;
  wastage_pct: string | null;
  unit: string | null;
}

export interface GrossNeed {
  material_code: string;
  material_name: string | null;
  /** The BOM's unit ('' when the BOM names none: the material's own then applies). */
  unit: string;
  gross: string;
}

export interface GrossResult {
  needs: GrossNeed[];
  /** Styles of the order without a released BOM (their materials cannot be planned). */
  styles_without_bom: string[];
}

const norm = (s: unknown) => String(s ?? '').trim().toLowerCase();

/** Whether a BOM line applies to an order line's colour: no colourway, or its code / English / Chinese name. */
export function appliesTo(line: MrpBomLine, colour: string): boolean {
  if (!line.colour_code) return true;
  const c = norm(colour);
  return c === norm(line.colour_code) || c === norm(line.colour_name_en) || c === norm(line.colour_name_zh);
}

/** Per piece, with wastage: consumption × (1 + wastage / 100), unrounded. */
export function perPiece(line: Pick<MrpBomLine, 'consumption' | 'wastage_pct'>): string {
  const w = line.wastage_pct ? divDec(line.wastage_pct, '100', 12)! : '0';
  return mulDec(line.consumption, addDec('1', w));
}

/** Gross need per material and unit, rounded half-up to 4 places once, at the end. */
export function grossNeed(orderLines: readonly MrpOrderLine[], bomLines: readonly MrpBomLine[]): GrossResult {
  const qtyByStyleColour = new Map<string, { style: string; colour: string; qty: string }>();
  for (const l of orderLines) {
    const key = `${norm(l.style_code)}\u0000${norm(l.colour)}`;
    const cur = qtyByStyleColour.get(key);
    if (cur) cur.qty = addDec(cur.qty, l.qty);
    else qtyByStyleColour.set(key, { style: norm(l.style_code), colour: l.colour, qty: String(l.qty) });
  }
  // Each BOM line's need per piece is computed once, not once per colour of the order.
  const bomByStyle = new Map<string, Array<MrpBomLine & { per: string }>>();
  for (const b of bomLines) {
    const k = norm(b.style_code);
    const list = bomByStyle.get(k) ?? [];
    list.push({ ...b, per: perPiece(b) });
    bomByStyle.set(k, list);
  }
  const needs = new Map<string, GrossNeed>();
  const missing = new Set<string>();
  for (const { style, colour, qty } of qtyByStyleColour.values()) {
    const lines = bomByStyle.get(style);
    if (!lines) {
      missing.add(style.toUpperCase());
      continue;
    }
    for (const b of lines) {
      if (!appliesTo(b, colour)) continue;
      const unit = b.unit ?? '';
      const key = `${b.material_code}\u0000${unit}`;
      const add = mulDec(qty, b.per);
      const cur = needs.get(key);
      if (cur) cur.gross = addDec(cur.gross, add);
      else needs.set(key, { material_code: b.material_code, material_name: b.material_name, unit, gross: add });
    }
  }
  const out = [...needs.values()].map((n) => ({ ...n, gross: roundDec(n.gross, 4)! }));
  out.sort((a, b) => (a.material_code < b.material_code ? -1 : a.material_code > b.material_code ? 1 : a.unit < b.unit ? -1 : 1));
  return { needs: out, styles_without_bom: [...missing].sort() };
}

/** Net need: gross − free stock − on order, at least 0, 4 places. */
export function netNeed(gross: string, freeStock: string, onOrder: string): string {
  const n = subDec(subDec(gross, freeStock), onOrder);
  return compareDec(n, '0') > 0 ? roundDec(n, 4)! : '0.0000';
}

/**
 * What to order of a net need: the net itself, except that a counted unit (pieces, cones, rolls) is
 * bought whole — 128.125 cones are ordered as 129. The remainder shows as stock after receipt.
 */
export function orderQty(net: string, unit: string): string {
  if (!isCountedUnit(unit)) return net;
  const [whole, frac = ''] = net.split('.');
  return roundDec(/[1-9]/.test(frac) ? addDec(whole, '1') : whole, 4)!;
}

// The answer of GET scmapi/customer-order/materials, for the server and the screen.
/** One material of the requirement. `problem` says why it cannot be ordered (then it is not). */
export interface RequirementLine {
  material_code: string;
  material_name: string | null;
  material_id: string | null;
  unit: string;
  vendor_id: string | null;
  vendor_code: string | null;
  vendor_name: string | null;
  gross: string;
  free_stock: string;
  on_order: string;
  /** Already ordered for this customer order (not declined): what earlier runs made. */
  ordered_for_order: string;
  net: string;
  /** What the action orders: the net, whole for a counted unit (orderQty). */
  order_qty: string;
  problem: 'noMaterial' | 'noVendor' | 'unitMismatch' | null;
}

export interface Requirement {
  order: { id: string; code: string; status: string; version: number; delivery_date: string | null };
  lines: RequirementLine[];
  styles_without_bom: string[];
  /** What the action would order now (net > 0 and orderable). */
  orderable: number;
}
