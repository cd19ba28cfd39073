// Measurement grading (spec §1 'measurement charts'): a point of measure has a value at the base
// size and a grade rule, the increment per size step; every other size is base ± steps ×
// increment, rounded to the chart's step (0.1 cm, 1/8 inch …) half-up, as exact decimals.
import { addDec, compareDec, divDec, isDecimal, mulDec, roundDec, subDec } from '@seamline/core';

export const ROUNDING_OPTIONS = ['0.1', '0.125', '0.25', '0.5', '1'] as const;

/** Rounds `v` to the nearest multiple of `step` (half-up), shown with the step's places. */
export function roundToStep(v: string, step: string): string {
  const places = (step.split('.')[1] ?? '').length;
  const units = roundDec(divDec(v, step, 12), 0) as string;
  return roundDec(mulDec(units, step), places) as string;
}

/**
 * Values of one point for every size of an ordered range. `increments` is one increment for every
 * step, or a list with one increment per step (sizes.length − 1 of them: the step from size i to
 * size i+1). Returns {size: value}; an unreadable base gives {}.
 */
export function gradePoint(
  sizes: readonly string[],
  baseSize: string,
  baseValue: string | null | undefined,
  increments: string | readonly string[] | null | undefined,
  step = '0.1',
): Record<string, string> {
  const base = sizes.indexOf(baseSize);
  if (base < 0 || !isDecimal(baseValue)) return {};
  const inc = (i: number): string => {
    const v = Array.isArray(increments) ? increments[i] : (increments as string | null | undefined);
    return isDecimal(v) ? (v as string) : '0';
  };
  // The base size keeps the value as measured (40.3 stays 40.3 on a 0.5 chart: issue 23), shown
  // with at least the step's places; only the graded sizes are rounded to the step.
  const stepPlaces = (step.split('.')[1] ?? '').length;
  const basePlaces = Math.min(4, ((baseValue as string).split('.')[1] ?? '').replace(/0+$/, '').length);
  const out: Record<string, string> = { [baseSize]: roundDec(baseValue as string, Math.max(stepPlaces, basePlaces)) as string };
  let up = baseValue as string;
  for (let i = base + 1; i < sizes.length; i++) {
    up = addDec(up, inc(i - 1));
    out[sizes[i]] = roundToStep(up, step);
  }
  let down = baseValue as string;
  for (let i = base - 1; i >= 0; i--) {
    down = subDec(down, inc(i));
    out[sizes[i]] = roundToStep(down, step);
  }
  return out;
}

/** Parses a grade rule: '2' (every step) or '2, 2, 2.5' (one per step). */
export function parseIncrements(rule: string | null | undefined): string | string[] | null {
  const text = String(rule ?? '').trim();
  if (!text) return null;
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  return parts.length === 1 ? parts[0] : parts;
}

/** Is a grade rule readable for a range of `sizeCount` sizes? */
export function incrementsValid(rule: string | null | undefined, sizeCount: number): boolean {
  const inc = parseIncrements(rule);
  if (inc === null) return true;
  if (typeof inc === 'string') return isDecimal(inc);
  return inc.length === Math.max(0, sizeCount - 1) && inc.every((v) => isDecimal(v));
}

/** Whether a measured value lies within spec − tol_minus .. spec + tol_plus. Blank measured → null. */
export function withinTolerance(spec: string | null | undefined, tolPlus: string | null | undefined, tolMinus: string | null | undefined, measured: string | null | undefined): boolean | null {
  if (!isDecimal(measured) || !isDecimal(spec)) return null;
  const diff = subDec(measured, spec);
  return compareDec(diff, tolPlus ?? '0') <= 0 && compareDec(diff, mulDec('-1', tolMinus ?? '0')) >= 0;
}
