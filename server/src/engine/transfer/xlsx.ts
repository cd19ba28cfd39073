// ExcelJS in streaming mode only: workbooks are written row by row to a scratch file and read row
// by row from one, so memory stays flat however large the file (ARCHITECTURE 'Data').
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import './exceljsFix'; // before ExcelJS itself: multi-byte characters across chunks
import type ExcelJS from 'exceljs';
import { cellScalar, CellError, isBlank, safeCell, unneutralize, type Scalar } from './cells';
import { KEY_SHEET_MARK, KEY_SHEET_NAME } from './columns';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type Writer = ExcelJS.stream.xlsx.WorkbookWriter;
export type Sheet = ExcelJS.Worksheet;

// ExcelJS (~28 MB of resident memory) loads with the first workbook, not at start-up (issue 12:
// idle memory). require() keeps openWriter synchronous; the fix above is already in place.
const require = createRequire(import.meta.url);
let loaded: typeof ExcelJS | undefined;
const excel = (): typeof ExcelJS => (loaded ??= require('exceljs') as typeof ExcelJS);

/** A scratch file path under `dir`; remove it with `removeScratch`. */
export async function scratchFile(dir: string, ext: string): Promise<string> {
  return scratchPath(await scratchFolder(dir), ext);
}

/** The folder of scratch files under `dir` (created). */
export async function scratchFolder(dir: string): Promise<string> {
  const folder = join(dir, 'seamline-transfer');
  await mkdir(folder, { recursive: true });
  return folder;
}

export const scratchPath = (folder: string, ext: string): string => join(folder, `${randomUUID()}.${ext}`);

export async function removeScratch(...paths: Array<string | undefined>): Promise<void> {
  await Promise.all(paths.filter((p): p is string => !!p).map((p) => rm(p, { force: true })));
}

/** A streaming workbook written to `path` (inline strings: no shared-string table growing in memory). */
export function openWriter(path: string): Writer {
  const { WorkbookWriter } = excel().stream.xlsx;
  const wb = new WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  wb.creator = 'Seamline';
  wb.created = new Date();
  return wb;
}

export interface ColumnSpec {
  header: string;
  width?: number;
  numFmt?: string;
}

/** A sheet with a bold, frozen header row. */
export function addSheet(wb: Writer, name: string, columns: readonly ColumnSpec[]): Sheet {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    width: c.width ?? Math.min(40, Math.max(10, Array.from(c.header).length * 2 + 2)),
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  const header = ws.addRow(columns.map((c) => safeCell(c.header)));
  header.font = { bold: true };
  header.commit();
  return ws;
}

/** The hidden sheet naming the field of each column of the first sheet (see columns.ts). */
export function addKeySheet(wb: Writer, fieldNames: readonly string[]): void {
  const ws = wb.addWorksheet(KEY_SHEET_NAME, { state: 'hidden' });
  ws.addRow([KEY_SHEET_MARK]).commit();
  ws.addRow([...fieldNames]).commit();
  ws.commit();
}

/** A row's cells as scalars, 1-based like the reader's (index 0 unused). */
export type Cells = Array<Scalar | CellError>;

export interface SheetRow {
  /** The row number Excel shows. */
  number: number;
  cells: Cells;
}

function cellsOf(values: unknown): Cells {
  const out: Cells = [];
  if (!Array.isArray(values)) return out;
  for (let i = 1; i < values.length; i++) out[i] = cellScalar(values[i]);
  return out;
}

export const blankRow = (cells: Cells): boolean => cells.every((c) => c === undefined || (!(c instanceof CellError) && isBlank(c)));

export const cellText = (c: Scalar | CellError | undefined): string | null =>
  c === undefined || c === null || c instanceof CellError ? null : c instanceof Date ? c.toISOString() : unneutralize(String(c));

export class UnreadableWorkbook extends Error {}

/**
 * Streams the rows of the first sheet (`onRow` per non-blank row, in order; return false to stop
 * — with `continueAfterStop`, only that sheet: the key sheet is still read) and hands back the
 * hidden key sheet's field names when the workbook has one. A file ExcelJS
 * cannot read throws UnreadableWorkbook; errors of `onRow` travel as they are.
 */
export async function readWorkbook(
  path: string,
  onRow: (row: SheetRow) => Promise<boolean | void> | boolean | void,
  opts: { continueAfterStop?: boolean } = {},
): Promise<{ keys?: Array<string | null> }> {
  const input = createReadStream(path);
  let keys: Array<string | null> | undefined;
  let sheetIndex = 0;
  let stopped = false;
  let callbackError: { error: unknown } | undefined;
  try {
    const { WorkbookReader } = excel().stream.xlsx;
    const reader = new WorkbookReader(input, { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
    // Never leave the workbook loop early: ExcelJS deletes the scratch copies of the sheets it
    // made only as it moves past them. A sheet not wanted is opened and left at once.
    for await (const sheet of reader) {
      const first = sheetIndex++ === 0;
      if (stopped || (!first && keys !== undefined)) {
        for await (const _row of sheet) break;
        continue;
      }
      let otherRows = 0;
      for await (const row of sheet) {
        const cells = cellsOf((row as { values: unknown }).values);
        if (first) {
          if (blankRow(cells)) continue;
          let result: boolean | void;
          try {
            result = await onRow({ number: (row as { number: number }).number, cells });
          } catch (error) {
            callbackError = { error };
            stopped = true;
            break;
          }
          if (result === false) {
            // Stop reading this sheet; with continueAfterStop the key sheet after it is still read.
            if (!opts.continueAfterStop) stopped = true;
            break;
          }
          continue;
        }
        // Other sheets: only the key sheet matters (A1 = the mark, row 2 = the field names).
        if (++otherRows === 1) {
          if (cellText(cells[1]) !== KEY_SHEET_MARK) break;
        } else {
          keys = cells.map((c) => cellText(c));
          break;
        }
      }
    }
  } catch (err) {
    throw new UnreadableWorkbook((err as Error)?.message ?? 'unreadable');
  } finally {
    input.destroy();
  }
  if (callbackError) throw callbackError.error;
  return { keys };
}
