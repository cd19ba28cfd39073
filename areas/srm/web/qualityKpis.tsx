// A supplier evaluation (draft) proposes its quality KPIs from the inspections (issue 25, QF-07):
// the vendor KPI's figures of the evaluation's period (`scmapi/vendor-kpi/figures`, kept by the
// capacity area, fed by the quality area) become two KPI rows — first-pass yield and defects per
// 100 pieces — with a proposed score the evaluator may change before confirming. Nothing is written
// until the evaluator takes the proposal; a row the evaluator already has (same KPI name) keeps its
// weight and gets the proposed score and actual value.
import { lazy, Suspense } from 'react';
import { compareDec, isDecimal, roundDec, subDec } from '@seamline/core';
import { registerDocumentExtension, type DocumentExtension, type Row } from '@seamline/web/engine';

// The panel (and the sourcing texts) load only when an evaluation is open.
const QualityProposal = lazy(() => import('./QualityProposal'));

export interface QualityFigures {
  first_pass_yield?: string | null;
  defects_per_100?: string | null;
  inspections?: string | number | null;
}

/** The two KPI names in both languages: a row named either way is the same KPI. */
export const QUALITY_KPI_NAMES = {
  fpy: { en: 'First-pass yield (%)', zh: '一次检验合格率(%)' },
  defects: { en: 'Defects per 100 pieces', zh: '每百件缺陷数' },
} as const;

const DEFAULT_WEIGHT = '20';

/**
 * The evaluation's KPI rows with the quality proposal applied. Scores are 0–100: first-pass yield is
 * its percentage; defects per 100 pieces scores 100 − the figure (never below 0). Exact decimals.
 * A figure the period has not got (no finished inspection) proposes nothing.
 */
export function proposeQualityKpis(kpis: readonly Row[], figures: QualityFigures, lang: string): Row[] {
  const rows = kpis.map((k) => ({ ...k }));
  const put = (names: { en: string; zh: string }, score: string, actual: string) => {
    const found = rows.find((k) => k.kpi === names.en || k.kpi === names.zh);
    if (found) Object.assign(found, { score, actual });
    else rows.push({ kpi: lang === 'en' ? names.en : names.zh, weight: DEFAULT_WEIGHT, score, actual });
  };
  const fpy = figures.first_pass_yield;
  if (isDecimal(fpy)) put(QUALITY_KPI_NAMES.fpy, roundDec(fpy, 2)!, `${roundDec(fpy, 2)} %`);
  const defects = figures.defects_per_100;
  if (isDecimal(defects)) {
    const score = compareDec(defects, 100) >= 0 ? '0.00' : roundDec(subDec(100, defects), 2)!;
    put(QUALITY_KPI_NAMES.defects, score, roundDec(defects, 2)!);
  }
  return rows;
}

export const supplierEvalQuality: DocumentExtension = {
  render: ({ entry, doc, readOnly, refresh }) =>
    entry.def.name === 'supplier-eval' && doc.id && !readOnly && String(doc.status ?? '0') === '0' ? (
      <Suspense fallback={null}><QualityProposal doc={doc} refresh={refresh} /></Suspense>
    ) : null,
};

registerDocumentExtension(supplierEvalQuality);
