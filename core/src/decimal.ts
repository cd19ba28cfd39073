// Exact decimal arithmetic for amounts and calculated fields (SPEC §9: 4 decimals). Never floats.
import Decimal from 'decimal.js';
import { DECIMALS } from './constants';

// A private clone so no other module's global Decimal settings can change our results.
const Dec = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

export type DecInput = string | number | null | undefined;

function isBlank(v: DecInput): v is null | undefined | '' {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/** Parses a decimal; null when blank or not a number. Numbers use their shortest string form. */
function parse(v: DecInput): Decimal | null {
  if (isBlank(v)) return null;
  try {
    const d = new Dec(typeof v === 'string' ? v.trim() : v);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** For arithmetic: blank counts as 0; garbage is a programming error. */
function operand(v: DecInput): Decimal {
  if (isBlank(v)) return new Dec(0);
  const d = parse(v);
  if (!d) throw new Error(`Not a decimal number: ${String(v)}`);
  return d;
}

/** Plain notation (never exponent form), without a '-' on zero. */
function show(d: Decimal, dp?: number): string {
  const r = dp === undefined ? d : d.toDecimalPlaces(dp, Decimal.ROUND_HALF_UP);
  const s = dp === undefined ? r.toFixed() : r.toFixed(dp);
  return r.isZero() ? s.replace(/^-/, '') : s;
}

/** Is this a readable decimal number (blank is not)? */
export function isDecimal(v: DecInput): boolean {
  return parse(v) !== null;
}

/**
 * Rounds half-up (away from zero) to exactly `dp` (default 4) places: 1234.56789 → '1234.5679',
 * 0.00005 → '0.0001', 2.5 → '2.5000'. Blank or unreadable input → null.
 */
export function roundDec(v: DecInput, dp: number = DECIMALS): string | null {
  const d = parse(v);
  return d ? show(d, dp) : null;
}

/** round to the 4 amount decimals; see roundDec. */
export function round4(v: DecInput): string | null {
  return roundDec(v, DECIMALS);
}

/** Exact sum of any number of values (blank = 0), unrounded unless dp is given via roundDec. */
export function addDec(...values: DecInput[]): string {
  return show(values.reduce<Decimal>((acc, v) => acc.plus(operand(v)), new Dec(0)));
}

/** Exact a − b. */
export function subDec(a: DecInput, b: DecInput): string {
  return show(operand(a).minus(operand(b)));
}

/** Exact product of any number of values (blank = 0). */
export function mulDec(...values: DecInput[]): string {
  return show(values.reduce<Decimal>((acc, v) => acc.times(operand(v)), new Dec(1)));
}

/** a / b rounded half-up to dp places (default 4): 10/3 → '3.3333', 2/3 → '0.6667'. Division by zero → null. */
export function divDec(a: DecInput, b: DecInput, dp: number = DECIMALS): string | null {
  const divisor = operand(b);
  if (divisor.isZero()) return null;
  return show(operand(a).div(divisor), dp);
}

/** -1, 0 or 1 as a < b, a = b, a > b (blank = 0). */
export function compareDec(a: DecInput, b: DecInput): -1 | 0 | 1 {
  return operand(a).comparedTo(operand(b)) as -1 | 0 | 1;
}
