// A report as .xlsx through the engine's workbook writer (streamed to a scratch file, bold frozen
// header, texts neutralised like every export: a group named '=cmd' stays text): the group column
// and the measures — the exact decimal text PostgreSQL computed — then the total row. An empty
// report is 'nothing to export' (spec §8).
import { pickLabel, type Lang } from '@seamline/core';
import { BizError, safeCell, addSheet, openWriter } from '@seamline/server/api';
import type { ReportDef } from '../meta';
import { measureText, type ReportResult } from './run';

/** Writes the report to `path`; returns the download name. */
export async function writeReport(report: ReportDef, result: ReportResult, lang: Lang, path: string): Promise<string> {
  if (result.rows.length === 0) throw new BizError('common.nothingToExport');
  const title = pickLabel(report.label, lang);
  const wb = openWriter(path);
  const ws = addSheet(wb, title.slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'Report', [
    { header: pickLabel(report.groupLabel, lang), width: 32 },
    ...report.measures.map((m) => ({ header: pickLabel(m.label, lang), width: 18 })),
  ]);
  for (const r of result.rows) ws.addRow([safeCell(r.label), ...report.measures.map((m) => measureText(r, m.key))]).commit();
  const total = ws.addRow([lang === 'en' ? 'Total' : '合计', ...report.measures.map((m) => measureText(result.total, m.key))]);
  total.font = { bold: true };
  total.commit();
  ws.commit();
  await wb.commit();
  return `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`;
}
