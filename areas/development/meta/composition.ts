// Fabric composition (spec §9: slots 1 to 5). A style has exactly five slots, each a fibre and a
// percentage; the filled ones must add up to exactly 100. There is no sixth slot to add.
import { addDec, compareDec, isDecimal } from '@seamline/core';

export const COMPOSITION_SLOTS = [1, 2, 3, 4, 5] as const;

export interface CompositionSlot {
  fibre?: string | null;
  percent?: string | null;
}

export type CompositionProblem = { slot: number; problem: 'fibreMissing' | 'percentMissing' | 'percentRange' } | { slot: 0; problem: 'total' | 'tooMany' };

/** Problems of a composition: a slot with a fibre needs a percentage in (0, 100] and vice versa; the total must be 100. */
export function compositionProblems(slots: readonly CompositionSlot[]): CompositionProblem[] {
  const out: CompositionProblem[] = [];
  if (slots.length > COMPOSITION_SLOTS.length) out.push({ slot: 0, problem: 'tooMany' });
  let total = '0';
  let filled = 0;
  slots.slice(0, COMPOSITION_SLOTS.length).forEach((s, i) => {
    const slot = i + 1;
    const hasFibre = !!String(s.fibre ?? '').trim();
    const hasPct = String(s.percent ?? '').trim() !== '';
    if (!hasFibre && !hasPct) return;
    filled++;
    if (!hasFibre) out.push({ slot, problem: 'fibreMissing' });
    if (!hasPct) out.push({ slot, problem: 'percentMissing' });
    else if (!isDecimal(s.percent) || compareDec(s.percent, '0') <= 0 || compareDec(s.percent, '100') > 0) out.push({ slot, problem: 'percentRange' });
    else total = addDec(total, s.percent);
  });
  if (filled > 0 && out.length === 0 && compareDec(total, '100') !== 0) out.push({ slot: 0, problem: 'total' });
  return out;
}

/** The five slots of a document (fibre_1/percent_1 … fibre_5/percent_5). */
export function slotsOf(doc: Record<string, unknown>): CompositionSlot[] {
  return COMPOSITION_SLOTS.map((n) => ({ fibre: doc[`fibre_${n}`] as string | null, percent: doc[`percent_${n}`] as string | null }));
}

/** '95% Cotton, 5% Elastane' from the filled slots. */
export function compositionText(doc: Record<string, unknown>, fibreLabel: (code: string) => string = (c) => c): string {
  return slotsOf(doc)
    .filter((s) => s.fibre && s.percent)
    .map((s) => `${trimZeros(String(s.percent))}% ${fibreLabel(String(s.fibre))}`)
    .join(', ');
}

const trimZeros = (v: string): string => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
