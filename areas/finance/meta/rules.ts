// The finance rules that need no database (docs/finance.md 'Matching', 'Ageing'): the three-way
// match of one invoice line, due dates from payment terms, ageing buckets. Exact decimals only.
import { compareDec, divDec, mulDec, roundDec, subDec, addDec } from '@seamline/core';

const d4 = (v: string | number) => roundDec(v, 4)!;

export interface Tolerances {
  /** How far above the order price an invoice price may be, in % (the buyer's word). */
  pricePct: string;
  /** How far above the received quantity an invoiced quantity may be, in %. */
  qtyPct: string;
}

export interface MatchInput {
  qty: string;
  price: string;
  orderPrice: string;
  /** Good pieces received of the shipment line so far (received − damaged). */
  received: string;
  /** Already billed of this line by the supplier's other invoices. */
  otherBilled: string;
}

export interface Hold {
  key: string;
  params: Record<string, string>;
}

/** How much above `base` `value` is, in % with 2 places (base 0: 100.00). */
export function overPct(value: string, base: string): string {
  if (compareDec(base, '0') === 0) return '100.00';
  return roundDec(mulDec(divDec(subDec(value, base), base, 12)!, '100'), 2)!;
}

/**
 * Why a line is held, or null when it passes: the price against the order's, the quantity
 * (with what the other invoices billed) against the receipt, each under the buyer's tolerance.
 */
export function matchLine(m: MatchInput, tol: Tolerances): Hold[] {
  const holds: Hold[] = [];
  const priceCap = mulDec(m.orderPrice, addDec('1', divDec(tol.pricePct, '100', 12)!));
  if (compareDec(m.price, priceCap) > 0) {
    holds.push({ key: 'finance.hold.price', params: { price: d4(m.price), order: d4(m.orderPrice), pct: overPct(m.price, m.orderPrice) } });
  }
  const billed = addDec(m.qty, m.otherBilled);
  const qtyCap = mulDec(m.received, addDec('1', divDec(tol.qtyPct, '100', 12)!));
  if (compareDec(billed, qtyCap) > 0) {
    holds.push({ key: 'finance.hold.qty', params: { qty: d4(billed), received: d4(m.received), pct: overPct(billed, m.received) } });
  }
  return holds;
}

/** Days a payment term gives (the PAYMENT_TERMS dictionary); unknown and immediate terms: 0. */
export function termDays(terms: unknown): number {
  const m = /^NET(\d{1,3})$/.exec(String(terms ?? '').toUpperCase());
  return m ? Number(m[1]) : 0;
}

/** An ISO date plus days, as an ISO date (UTC calendar arithmetic, no time zones). */
export function addDays(iso: string, days: number): string {
  const t = Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

export const AGE_BUCKETS = ['notDue', 'd1_30', 'd31_60', 'd61_90', 'over90'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** The ageing bucket of an amount due on `due` as of `asOf` (ISO dates). */
export function ageBucket(due: string, asOf: string): AgeBucket {
  const days = Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000);
  if (days <= 0) return 'notDue';
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'over90';
}

/** A money amount: ≥ 0 (or > 0), at most 4 decimals, read from text, never through a float. */
export function moneyText(v: unknown, { positive = false } = {}): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const s = String(v).trim();
  if (!/^\d{1,14}(\.\d{1,4})?$/.test(s)) return null;
  if (positive && compareDec(s, '0') <= 0) return null;
  return d4(s);
}

/** An invoice's totals from its line amounts: subtotal, tax at `taxRate` %, total — exact, 4 places. */
export function invoiceTotals(amounts: readonly string[], taxRate: string): { subtotal: string; tax: string; total: string } {
  const subtotal = d4(addDec('0', ...amounts));
  const tax = d4(mulDec(subtotal, taxRate, '0.01'));
  return { subtotal, tax, total: d4(addDec(subtotal, tax)) };
}

/** A line's amount: quantity × price, 4 places. */
export const lineAmount = (qty: string, price: string): string => d4(mulDec(qty, price));
