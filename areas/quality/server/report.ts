// The inspection report (issue 25; docs/quality.md 'The report'): what the read-only
// /printpage/inspection page draws, and the same content as an .xlsx workbook (ExcelJS through the
// engine's streaming writer, texts neutralised like every export). Any party of the inspection
// reads it (RLS), a fourth company gets 404. The language is the customer's print language: the
// order's customer record where the reader keeps one (the factory), else the language of the brand
// user who booked it; ?lang=en|zh chooses another.
import { pickLabel, type Lang } from '@seamline/core';
import {
  addSheet, appUser, asc, eq, isUuid, loadTransferConfig, notFound, openWriter, removeScratch, safeCell, scratchFile, sendPath, sql, XLSX_TYPE,
  type AuthedContext, type Row, type Tx,
} from '@seamline/server/api';
import { defectLabel, DEFECT_CLASS_OPTIONS, DEFECT_CLASSES, INSPECTION_TYPES, INSPECTOR_PARTIES, QC_STATUSES, SEVERITY_OPTIONS, type SamplingPlan } from '../meta';
import { qc_inspection, qc_inspection_defects, qc_inspection_lines, qc_inspection_readings } from './schema';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

export interface InspectionReport {
  doc: Row;
  lines: Row[];
  defects: Row[];
  readings: Row[];
  language: Lang;
}

async function printLanguage(tx: Tx, row: Row): Promise<Lang> {
  const [c] = rowsOf<{ print_language: string | null }>(
    await tx.execute(sql`select c.print_language from ord_customer_order o join md_customer c on c.id = o.customer_id where o.id = ${row.customer_order_id}`),
  );
  if (c?.print_language) return c.print_language === 'en' ? 'en' : 'zh';
  const [u] = isUuid(row.created_by) ? await tx.select({ lang: appUser.languageCode }).from(appUser).where(eq(appUser.id, row.created_by)) : [];
  return u?.lang === 'en' ? 'en' : 'zh';
}

export async function inspectionReport(tx: Tx, ctx: AuthedContext): Promise<InspectionReport> {
  const id = ctx.query.id;
  if (!isUuid(id)) throw notFound();
  const [row] = (await tx.select().from(qc_inspection).where(eq(qc_inspection.id, id))) as Row[];
  if (!row) throw notFound();
  const lines = await tx.select().from(qc_inspection_lines).where(eq(qc_inspection_lines.parent_id, id)).orderBy(asc(qc_inspection_lines.seq));
  const defects = await tx.select().from(qc_inspection_defects).where(eq(qc_inspection_defects.parent_id, id)).orderBy(asc(qc_inspection_defects.defect_class), asc(qc_inspection_defects.seq));
  const readings = await tx.select().from(qc_inspection_readings).where(eq(qc_inspection_readings.parent_id, id)).orderBy(asc(qc_inspection_readings.point), asc(qc_inspection_readings.size), asc(qc_inspection_readings.piece));
  const asked = ctx.query.lang;
  const language: Lang = asked === 'en' || asked === 'zh' ? asked : await printLanguage(tx, row);
  const doc = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)]));
  return { doc, lines: lines as Row[], defects: defects as Row[], readings: readings as Row[], language };
}

type Options = readonly { value: string; label: { en: string; zh: string } }[];
const labelIn = (options: Options, v: unknown, lang: Lang) => {
  const hit = options.find((o) => o.value === v);
  return hit ? pickLabel(hit.label, lang) : String(v ?? '');
};
const T = (lang: Lang, en: string, zh: string) => (lang === 'en' ? en : zh);

/** Writes the report's workbook to `path`: summary, plan, defects by class, measurements; returns the download name. */
export async function writeInspectionXlsx(r: InspectionReport, path: string): Promise<string> {
  const lang = r.language;
  const d = r.doc;
  const wb = openWriter(path);
  const summary = addSheet(wb, T(lang, 'Summary', '概要'), [{ header: T(lang, 'Item', '项目'), width: 28 }, { header: T(lang, 'Value', '内容'), width: 48 }]);
  const verdict = d.result === 'PASS' ? T(lang, 'Pass', '合格') : d.result === 'FAIL' ? T(lang, 'Fail', '不合格') : '';
  const pairs: [string, unknown][] = [
    [T(lang, 'Inspection number', '验货单号'), d.code],
    [T(lang, 'Order number', '订单号'), d.order_code],
    [T(lang, 'Type', '类型'), labelIn(INSPECTION_TYPES, d.inspection_type, lang)],
    [T(lang, 'Brand', '品牌'), d.brand_name],
    [T(lang, 'Factory', '工厂'), d.factory_name],
    [T(lang, 'Inspector', '检验方'), `${d.inspector_name} (${labelIn(INSPECTOR_PARTIES, d.inspector_party, lang)})`],
    [T(lang, 'Inspection date', '验货日期'), d.inspection_date],
    [T(lang, 'State', '状态'), labelIn(QC_STATUSES, d.status, lang)],
    [T(lang, 'Computed verdict', '判定结果'), verdict],
    [T(lang, 'Override reason', '改判原因'), d.override_reason ?? ''],
    [T(lang, 'Inspector comment', '检验员意见'), d.comment ?? ''],
    [T(lang, 'Signed by', '签字'), d.finished_by_name ? `${d.finished_by_name} ${String(d.finished_at ?? '').slice(0, 16).replace('T', ' ')}` : ''],
  ];
  for (const [k, v] of pairs) summary.addRow([safeCell(k), safeCell(String(v ?? ''))]).commit();
  summary.commit();

  const plan = addSheet(wb, T(lang, 'Sampling plan', '抽样方案'), [
    { header: T(lang, 'Class', '类别') }, { header: 'AQL' }, { header: T(lang, 'Sample size', '抽样数') }, { header: 'Ac' }, { header: 'Re' }, { header: T(lang, 'Found', '发现数') },
  ]);
  // The stored plan per class is samplingPlan's whole result (sample size of its own letter included).
  const plans = (d.plans ?? {}) as Partial<Record<string, Pick<SamplingPlan, 'accept' | 'reject' | 'sampleSize'>>>;
  const counts: Record<string, unknown> = { critical: d.critical_count, major: d.major_count, minor: d.minor_count };
  plan.addRow([`${T(lang, 'Level', '检验水平')} ${d.level} · ${T(lang, 'letter', '字码')} ${d.code_letter} · ${labelIn(SEVERITY_OPTIONS, d.severity ?? 'normal', lang)}`, '', d.sample_size, '', '', `${T(lang, 'lot', '批量')} ${d.lot_size}`]).commit();
  for (const cls of DEFECT_CLASSES) {
    const p = plans[cls];
    if (!p) continue;
    plan.addRow([labelIn(DEFECT_CLASS_OPTIONS, cls, lang), String(d[`aql_${cls}`] ?? ''), p.sampleSize ?? '', p.accept, p.reject, Number(counts[cls] ?? 0)]).commit();
  }
  plan.commit();

  const defects = addSheet(wb, T(lang, 'Defects', '缺陷'), [
    { header: T(lang, 'Class', '类别') }, { header: T(lang, 'Code', '代码') }, { header: T(lang, 'Defect', '缺陷'), width: 28 }, { header: T(lang, 'Count', '数量') },
    { header: T(lang, 'Note', '说明'), width: 32 }, { header: T(lang, 'Photos', '照片'), width: 48 },
  ]);
  for (const x of r.defects) {
    const name = defectLabel(d.catalogue, x.defect_code);
    defects.addRow([labelIn(DEFECT_CLASS_OPTIONS, x.defect_class, lang), safeCell(String(x.defect_code)), safeCell(name ? pickLabel(name, lang) : ''), Number(x.qty), safeCell(String(x.note ?? '')), safeCell(((x.photos as string[] | null) ?? []).join(' '))]).commit();
  }
  defects.commit();

  const readings = addSheet(wb, T(lang, 'Measurements', '尺寸测量'), [
    { header: T(lang, 'Point', '部位'), width: 24 }, { header: T(lang, 'Size', '尺码') }, { header: T(lang, 'Piece', '件号') }, { header: T(lang, 'Spec', '标准') },
    { header: T(lang, 'Tol ±', '公差 ±') }, { header: T(lang, 'Measured', '实测') }, { header: T(lang, 'Out of tolerance', '超差') },
  ]);
  // Decimals as their exact text (4 places from the database), never through a float.
  for (const x of r.readings) readings.addRow([safeCell(String(x.point)), safeCell(String(x.size)), Number(x.piece), String(x.spec), String(x.tolerance), String(x.measured), x.out_of_tolerance ? T(lang, 'Yes', '是') : '']).commit();
  readings.commit();
  await wb.commit();
  return `${d.code}.xlsx`;
}

export async function sendInspectionXlsx(ctx: AuthedContext): Promise<void> {
  const report = await ctx.tenant((tx) => inspectionReport(tx, ctx));
  const path = await scratchFile(loadTransferConfig(ctx.config).tmpDir, 'xlsx');
  try {
    const filename = await writeInspectionXlsx(report, path);
    await sendPath(ctx.reply, path, { type: XLSX_TYPE, filename });
  } finally {
    await removeScratch(path);
  }
}
