// GET P/ENTITY/export?q=&p=: the list view as .xlsx — the same filters, sort and data rules as
// page-list, every stored field of the document, read in key-ordered batches of 1,000 rows and
// written row by row to a scratch file (memory stays flat; the database is free again before the
// download starts). An empty view is 'nothing to export' (400); a view larger than EXPORT_MAX_ROWS
// is refused before anything is written.
//
// Each batch is read in a short transaction of its own (issue 22.2): on PGlite's one connection a
// 100,000-row export in one transaction made every other company wait for its whole run. Batches
// continue after the last key read, so a row changed meanwhile is written at most once; the file
// is the view as each batch found it, not one snapshot.
import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import { pickLabel, type Lang } from '@seamline/core';
import type { OpenTx } from './import';
import { BizError } from '../../errors';
import { attachLabels, visibleWhere, type ReadContext } from '../documents';
import { afterSql, parseFilters, parsePage } from '../pageList';
import type { Registered } from '../registry';
import { mainSelection, wireRow, type Row } from '../values';
import { columnFormat, exportValue } from './cells';
import { exportFields, headerLabel } from './columns';
import { optionLabels } from './lookups';
import { addKeySheet, addSheet, openWriter } from './xlsx';

export const EXPORT_BATCH = 1000;


export interface ExportResult {
  rows: number;
  filename: string;
}

const stamp = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}`;
};

/** Writes the user's view of the entity to `path` (an .xlsx). */
export async function exportView(
  open: OpenTx,
  reg: Registered,
  rawQ: unknown,
  rawP: unknown,
  ctx: ReadContext & { lang: Lang },
  path: string,
  maxRows: number,
  /** Rows written so far of the total, after each batch (a job's progress). */
  progress?: (done: number, total: number) => Promise<void> | void,
): Promise<ExportResult> {
  const t = reg.tables.main;
  const base = and(visibleWhere(reg, ctx.clientId, ctx.rules), parseFilters(reg, rawQ))!;
  const { sort } = parsePage(reg, rawP);

  const fields = exportFields(reg.def);
  const { total, labels } = await open(async (tx) => {
    const counted = await tx.execute(sql`select count(*)::int as n from (select 1 from ${t} where ${base} limit ${maxRows + 1}) s`);
    const n = Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0].n);
    if (n === 0) throw new BizError('common.nothingToExport');
    if (n > maxRows) throw new BizError('transfer.exportTooLarge', { max: maxRows });
    return { total: n, labels: await optionLabels(tx, ctx.registry, ctx.clientId, reg.def, ctx.lang) };
  });
  const wb = openWriter(path);
  const sheetName = pickLabel(reg.def.label, ctx.lang).slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'Data';
  const ws = addSheet(
    wb,
    sheetName,
    fields.map((f) => ({ header: headerLabel(f, ctx.lang), ...columnFormat(f) })),
  );

  const keys = Object.fromEntries(sort.map((s, i) => [`__k${i}`, sql<string | null>`(${t[s.field]})::text`]));
  let after: Array<string | null> | null = null;
  let written = 0;
  for (;;) {
    const where: SQL = after ? and(base, afterSql(t, sort, after))! : base;
    const { batch, rows } = await open(async (tx) => {
      const batch = (await tx
        .select({ ...mainSelection(reg.def, t), ...keys })
        .from(t)
        .where(where)
        .orderBy(...sort.map((s) => (s.order === 'asc' ? asc(t[s.field]) : desc(t[s.field]))))
        .limit(Math.min(EXPORT_BATCH, maxRows - written))) as Row[];
      const rows = batch.map(wireRow);
      await attachLabels(tx, ctx.registry, ctx.clientId, reg.def.fields, rows);
      return { batch, rows };
    });
    if (batch.length === 0) break;
    const last = batch[batch.length - 1];
    after = sort.map((_, i) => last[`__k${i}`] as string | null);
    for (const r of rows) {
      const refLabels = (r._labels ?? {}) as Record<string, string>;
      ws.addRow(fields.map((f) => exportValue(f, r[f.name], ctx.lang, labels.get(f.name), refLabels[f.name], r))).commit();
    }
    written += rows.length;
    await progress?.(written, total);
    if (batch.length < EXPORT_BATCH || written >= maxRows) break;
  }
  ws.commit();
  addKeySheet(wb, fields.map((f) => f.name));
  await wb.commit();
  return { rows: written, filename: `${pickLabel(reg.def.label, ctx.lang)}-${stamp(new Date())}.xlsx` };
}
