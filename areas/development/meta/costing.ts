// BOM cost roll-up (spec §1 'bill of materials', §9 tier levels 1–5): exact decimals, 4 places,
// never floats. A line without a colour applies to every colourway; a line with one applies only
// to that colourway (lines per colourway where they differ). Tier prices replace a material's
// line price from their minimum quantity up.
import { addDec, compareDec, isDecimal, mulDec, round4 } from '@seamline/core';

export const TIER_LEVELS = [1, 2, 3, 4, 5] as const;
export const MAX_TIERS = TIER_LEVELS.length;

export interface CostLine {
  colour_id?: string | null;
  material_id?: string | null;
  consumption?: string | null;
  wastage_pct?: string | null;
  price?: string | null;
  currency?: string | null;
}
export interface Tier {
  material_id?: string | null;
  level?: string | number | null;
  min_qty?: string | null;
  price?: string | null;
}
export interface ColourwayCost {
  colour_id: string;
  /** Per currency: the exact 4-decimal cost of one garment. */
  totals: Record<string, string>;
  lines: Array<{ index: number; unit_price: string; tier_level: number | null; amount: string; currency: string }>;
}

/** Problems of a tier list: levels 1..5, each once per material, at most five per material. */
export function tierProblems(tiers: readonly Tier[]): Array<{ index: number; problem: 'level' | 'duplicate' | 'tooMany' }> {
  const out: Array<{ index: number; problem: 'level' | 'duplicate' | 'tooMany' }> = [];
  const seen = new Map<string, Set<number>>();
  tiers.forEach((t, index) => {
    const level = Number(t.level);
    const key = String(t.material_id ?? '');
    const levels = seen.get(key) ?? new Set<number>();
    seen.set(key, levels);
    if (!Number.isInteger(level) || level < 1 || level > MAX_TIERS) out.push({ index, problem: 'level' });
    else if (levels.has(level)) out.push({ index, problem: 'duplicate' });
    else if (levels.size >= MAX_TIERS) out.push({ index, problem: 'tooMany' });
    else levels.add(level);
  });
  return out;
}

/** The tier that applies at `qty`: the one with the largest min_qty ≤ qty (null: the line price). */
export function tierAt(tiers: readonly Tier[], materialId: string | null | undefined, qty: string | null | undefined): Tier | null {
  if (!materialId || !isDecimal(qty)) return null;
  let best: Tier | null = null;
  for (const t of tiers) {
    if (t.material_id !== materialId || !isDecimal(t.min_qty) || !isDecimal(t.price)) continue;
    if (compareDec(t.min_qty, qty) > 0) continue;
    if (!best || compareDec(t.min_qty, best.min_qty) > 0) best = t;
  }
  return best;
}

/** One line's cost per garment: consumption × (1 + wastage % / 100) × unit price, rounded to 4 places. */
export function lineAmount(consumption: string | null | undefined, wastagePct: string | null | undefined, unitPrice: string | null | undefined): string {
  const factor = addDec('1', mulDec(wastagePct ?? '0', '0.01'));
  return round4(mulDec(consumption ?? '0', factor, unitPrice ?? '0')) as string;
}

/**
 * The cost of one garment per colourway at order quantity `qty` (blank: line prices only).
 * Each line's amount is rounded to 4 places first, then the colourway total is their exact sum,
 * so the printed lines always add up to the printed total.
 */
export function rollUp(lines: readonly CostLine[], colourIds: readonly string[], tiers: readonly Tier[] = [], qty?: string | null, defaultCurrency = 'CNY'): ColourwayCost[] {
  return colourIds.map((colour) => {
    const totals: Record<string, string> = {};
    const out: ColourwayCost['lines'] = [];
    lines.forEach((line, index) => {
      if (line.colour_id && line.colour_id !== colour) return;
      const tier = tierAt(tiers, line.material_id, qty);
      const unitPrice = (tier ? tier.price : line.price) ?? '0';
      const amount = lineAmount(line.consumption, line.wastage_pct, unitPrice);
      const currency = line.currency || defaultCurrency;
      totals[currency] = round4(addDec(totals[currency] ?? '0', amount)) as string;
      out.push({ index, unit_price: round4(unitPrice) as string, tier_level: tier ? Number(tier.level) : null, amount, currency });
    });
    return { colour_id: colour, totals, lines: out };
  });
}

/** The quantities at which the price changes: every tier's min_qty, ascending, once each. */
export function tierBreaks(tiers: readonly Tier[]): string[] {
  const qtys = tiers.map((t) => t.min_qty).filter((q): q is string => isDecimal(q));
  return [...new Set(qtys.map((q) => round4(q) as string))].sort((a, b) => compareDec(a, b));
}

export interface QuoteCosting {
  material_cost?: string | null;
  labour_cost?: string | null;
  overhead_cost?: string | null;
  margin_pct?: string | null;
}
/** A supplier's quoted unit price: (material + labour + overhead) × (1 + margin % / 100), 4 places. */
export function quotePrice(c: QuoteCosting): { cost: string; price: string } {
  const cost = round4(addDec(c.material_cost, c.labour_cost, c.overhead_cost)) as string;
  const price = round4(mulDec(cost, addDec('1', mulDec(c.margin_pct ?? '0', '0.01')))) as string;
  return { cost, price };
}

/**
 * The price a quote asks for its own quantity (issue 23): the supplier's tier whose from-quantity
 * is the largest not above the quantity, else the costed unit price. So a quote costed at 9.4201
 * with a tier of 8.50 from 500 pieces asks 8.50 for 1,000 — the figure the brand compares.
 */
export function quotePriceAt(
  unitPrice: string | null | undefined,
  tiers: readonly { level: number; min_qty: string; unit_price: string }[] | null | undefined,
  qty: string | null | undefined,
): { price: string | null; tier: number | null } {
  let best: { level: number; min_qty: string; unit_price: string } | null = null;
  if (qty !== null && qty !== undefined && qty !== '') {
    for (const t of tiers ?? []) {
      if (compareDec(String(t.min_qty), String(qty)) <= 0 && (!best || compareDec(String(t.min_qty), String(best.min_qty)) > 0)) best = t;
    }
  }
  if (best) return { price: round4(String(best.unit_price)) as string, tier: best.level };
  return { price: unitPrice === null || unitPrice === undefined ? null : (round4(String(unitPrice)) as string), tier: null };
}
