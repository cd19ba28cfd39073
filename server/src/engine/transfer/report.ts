// The error report of a refused import: the submitted sheet again — every row at its own row
// number, the header as it was — plus an 'Errors' column naming each problem of the row
// ('Field: message'). The hidden key sheet goes along, so the corrected report imports as is (its
// Errors column is ignored). Stored in import_report (any node serves the download), kept for
// IMPORT_REPORT_TTL_DAYS.
import { readFile } from 'node:fs/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import { pickLabel, t, type EntityDef, type Lang } from '@seamline/core';
import type { Tx } from '../../db';
import { CellError, columnFormat, safeCell } from './cells';
import type { RowProblems, Scan } from './import';
import { importReport } from './tables';
import { addKeySheet, openWriter, readWorkbook } from './xlsx';

/** Field name → its label in `lang` (child-row keys 'contacts.2.email' read 'Contacts 2 Email'). */
export function fieldLabels(def: EntityDef, lang: Lang): Record<string, string> {
  const out: Record<string, string> = { _document: '' };
  for (const f of def.fields) out[f.name] = pickLabel(f.label, lang);
  for (const c of def.children ?? []) {
    out[c.name] = pickLabel(c.label, lang);
    for (const f of c.fields) out[`${c.name}.${f.name}`] = `${pickLabel(c.label, lang)} · ${pickLabel(f.label, lang)}`;
  }
  return out;
}

function labelOf(labels: Record<string, string>, key: string): string {
  if (key in labels) return labels[key];
  const m = /^(\w+)\.(\d+)\.(\w+)$/.exec(key);
  return m ? `${labels[m[1]] ?? m[1]} ${m[2]} ${labels[`${m[1]}.${m[3]}`]?.split(' · ')[1] ?? m[3]}` : key;
}

/** A row's problems as one text: 'Field: message; message' per line. */
export function problemText(errors: Record<string, string[]>, labels: Record<string, string>): string {
  return Object.entries(errors)
    .map(([field, msgs]) => {
      const label = labelOf(labels, field);
      return label ? `${label}: ${msgs.join('; ')}` : msgs.join('; ');
    })
    .join('\n');
}

/** Writes the report of `source` (the uploaded file) to `path`. */
export async function writeReport(source: string, path: string, def: EntityDef, scan: Scan, problems: RowProblems, lang: Lang): Promise<void> {
  const labels = fieldLabels(def, lang);
  const formats = new Map(scan.map.columns.map((c) => [c.col, columnFormat(c.field).numFmt]));
  const lastCol = Math.max(scan.header.length - 1, ...scan.map.columns.map((c) => c.col));
  const errorsCol = lastCol + 1;
  const wb = openWriter(path);
  const ws = wb.addWorksheet(t(lang, 'transfer.sheet.data'), { views: [{ state: 'frozen', ySplit: scan.headerRow }] });
  ws.getColumn(errorsCol).width = 60;
  await readWorkbook(source, (src) => {
    const row = ws.getRow(src.number);
    src.cells.forEach((cell, col) => {
      if (cell === undefined || cell === null) return;
      const target = row.getCell(col);
      target.value = safeCell(cell instanceof CellError ? cell.message : cell);
      const fmt = formats.get(col);
      if (fmt && typeof cell === 'number' && src.number > scan.headerRow) target.numFmt = fmt;
    });
    if (src.number === scan.headerRow) {
      row.getCell(errorsCol).value = t(lang, 'transfer.errorsColumn');
      row.font = { bold: true };
    } else {
      const errors = problems.get(src.number);
      if (errors) {
        const cell = row.getCell(errorsCol);
        cell.value = safeCell(problemText(errors, labels));
        cell.font = { color: { argb: 'FFC00000' } };
        cell.alignment = { wrapText: true, vertical: 'top' };
      }
    }
    row.commit();
  });
  ws.commit();
  const keys: string[] = [];
  for (const c of scan.map.columns) keys[c.col - 1] = c.field.name;
  addKeySheet(wb, Array.from({ length: lastCol }, (_, i) => keys[i] ?? ''));
  await wb.commit();
}

export interface StoredReport {
  entity: string;
  fileName: string;
  xlsx: Buffer;
}

/** Stores a report (pruning the company's expired ones); returns its id. */
export async function storeReport(
  tx: Tx,
  r: { clientId: string; userId: string; entity: string; fileName: string; rowCount: number; errorRows: number; path: string; ttlDays: number },
): Promise<string> {
  await tx.delete(importReport).where(and(eq(importReport.clientId, r.clientId), lt(importReport.createdAt, sql`now() - make_interval(days => ${r.ttlDays})`)));
  const [row] = await tx
    .insert(importReport)
    .values({
      clientId: r.clientId,
      entity: r.entity,
      fileName: r.fileName,
      createdBy: r.userId,
      rowCount: r.rowCount,
      errorRows: r.errorRows,
      xlsx: await readFile(r.path),
    })
    .returning({ id: importReport.id });
  return row.id;
}

/** A stored report of the company for the entity, while it has not expired. */
export async function loadReport(tx: Tx, clientId: string, entity: string, id: string, ttlDays: number): Promise<StoredReport | null> {
  const [row] = await tx
    .select({ entity: importReport.entity, fileName: importReport.fileName, xlsx: importReport.xlsx })
    .from(importReport)
    .where(
      and(
        eq(importReport.clientId, clientId),
        eq(importReport.id, id),
        eq(importReport.entity, entity),
        sql`${importReport.createdAt} >= now() - make_interval(days => ${ttlDays})`,
      ),
    );
  return row ?? null;
}
