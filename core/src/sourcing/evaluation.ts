// Evaluation rules of supplier sourcing: option scores (spec §5), weight and tier-price levels
// 1 to 5 (spec §9), the weighted result of an admission evaluation, and a vendor's grade from
// its periodic evaluation. Decimals stay exact text (core decimal), never floats.
import { LEVELS } from '../constants';
import { addDec, compareDec, divDec, isDecimal, mulDec, roundDec, type DecInput } from '../decimal';

/** Spec §9: up to five evaluation weight levels and tier price levels, numbered 1 to 5 (core LEVELS). */
export const MAX_LEVELS = LEVELS.length;

export interface ScoreProblem {
  key: 'biz.scoreAboveMax' | 'biz.scoreBelowMin' | 'biz.scoreZero';
  params?: Record<string, string>;
}

/**
 * Spec §5: an evaluation option's score must not exceed the maximum, fall below the minimum, or
 * equal 0 (the bounds themselves pass: min -5, max 10 → 10, 3, -5 pass; 11, -6, 0 fail).
 * A blank bound is no bound.
 */
export function checkOptionScore(score: DecInput, min: DecInput, max: DecInput): ScoreProblem | null {
  if (!isDecimal(score)) return null; // required / number checks belong to the field
  if (isDecimal(max) && compareDec(score, max) > 0) return { key: 'biz.scoreAboveMax', params: { max: String(max) } };
  if (isDecimal(min) && compareDec(score, min) < 0) return { key: 'biz.scoreBelowMin', params: { min: String(min) } };
  if (compareDec(score, 0) === 0) return { key: 'biz.scoreZero' };
  return null;
}

/** Is this a level of spec §9 (an integer 1..5)? */
export function isLevel(v: unknown): boolean {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_LEVELS;
}

export interface TierPrice {
  level: number | string;
  min_qty: string;
  unit_price: string;
}

/** Problems of a line's tier prices: each level 1..5 at most once (so at most five tiers). */
export function tierProblems(tiers: readonly TierPrice[]): string[] {
  const problems: string[] = [];
  if (tiers.length > MAX_LEVELS) problems.push('srm.tooManyTiers');
  const seen = new Set<number>();
  for (const t of tiers) {
    if (!isLevel(t.level)) problems.push('srm.tierLevelRange');
    else if (seen.has(Number(t.level))) problems.push('srm.tierLevelDuplicate');
    else seen.add(Number(t.level));
  }
  return [...new Set(problems)];
}

export interface EvalItem {
  code: string;
  /** Percent weight of an ordinary item (ignored for additional score items). */
  weight: string;
  /** Additional score item (spec §3 flag 1): its score is added as it is, unweighted. */
  additional: boolean;
}

export interface EvalScore {
  item: string;
  reviewer: string;
  score: string;
}

/**
 * The weighted result: per item the mean of its reviewers' scores; ordinary items count
 * mean × weight / 100, additional score items add their mean. 4 places.
 */
export function weightedResult(items: readonly EvalItem[], scores: readonly EvalScore[]): string {
  let total = '0';
  for (const item of items) {
    const mine = scores.filter((s) => s.item === item.code && isDecimal(s.score));
    if (mine.length === 0) continue;
    const mean = divDec(addDec(...mine.map((s) => s.score)), mine.length, 8) ?? '0';
    total = addDec(total, item.additional ? mean : divDec(mulDec(mean, item.weight), 100, 8));
  }
  return roundDec(total) ?? '0.0000';
}

/** Admission: the weighted result reaches the config's pass score. */
export const admitted = (result: string, passScore: DecInput): boolean => compareDec(result, isDecimal(passScore) ? passScore : 0) >= 0;

export interface Kpi {
  weight: string;
  score: string;
}

/** A periodic evaluation's total: Σ score × weight / Σ weight (0..100 scores), 4 places. */
export function kpiTotal(kpis: readonly Kpi[]): string {
  const usable = kpis.filter((k) => isDecimal(k.weight) && isDecimal(k.score) && compareDec(k.weight, 0) > 0);
  if (usable.length === 0) return '0.0000';
  const weights = addDec(...usable.map((k) => k.weight));
  const sum = addDec(...usable.map((k) => mulDec(k.score, k.weight)));
  return divDec(sum, weights) ?? '0.0000';
}

/** The vendor grade (dictionary VENDOR_GRADE) a total earns: A ≥ 90, B ≥ 75, C ≥ 60, else D. */
export function gradeOf(total: DecInput): 'A' | 'B' | 'C' | 'D' {
  if (compareDec(total, 90) >= 0) return 'A';
  if (compareDec(total, 75) >= 0) return 'B';
  if (compareDec(total, 60) >= 0) return 'C';
  return 'D';
}
