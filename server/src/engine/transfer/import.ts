// POST P/ENTITY/import: an .xlsx into the entity, all or nothing.
//
// The upload is spooled to a scratch file (never held in memory), then read twice by ExcelJS's
// streaming reader:
//   1. scan (no transaction): the header row, the hidden key sheet, and the number of data rows —
//      an empty or header-only file (UPL-05) or one over IMPORT_MAX_ROWS (UPL-06) is refused
//      before anything is written, and so is a header that names no field;
//   2. import: rows are converted (cells.ts), references resolved by display value, and every
//      batch of ~1,000 goes through the engine's saveDocuments — the same checks as a form save,
//      written a batch at a time: new records to a stage, each batch in a short transaction of its
//      own, published in one final transaction (importRows, docs/jobs.md); updates in one
//      transaction. Every problem of every row is collected; when there is any, nothing is saved
//      (stage dropped or transaction rolled back) and the caller writes the error report (report.ts).
// Memory holds one batch, plus per-row error texts and (upsert) the keys seen — both bounded by
// the row limit.
import { and, inArray, sql } from 'drizzle-orm';
import { isEmptyValue, pickLabel, t, type FieldDef, type FieldErrors, type ImportResult, type Lang } from '@seamline/core';

export type { ImportResult };
import type { Db, Tx } from '../../db';
import { commitStage, createStage, dropStage, staged } from '../bulkInsert';
import type { AnyTable } from '../entityTables';
import { auditLog } from '../platformTables';
import { BizError, ValidationError, type FieldErrors as WireErrors } from '../../errors';
import { visibleWhere } from '../documents';
import type { Registered } from '../registry';
import { DocumentsInvalid, saveDocuments, type SaveContext } from '../save';
import type { Row } from '../values';
import { CellError, importValue, type OptionIndex } from './cells';
import { keyField, mapHeader, type HeaderMap } from './columns';
import { optionIndexes, resolveReferences } from './lookups';
import { cellText, readWorkbook, type SheetRow } from './xlsx';

export type ImportMode = 'create' | 'upsert';

export interface Scan {
  /** Excel row number of the header row. */
  headerRow: number;
  /** Header texts, 1-based. */
  header: Array<string | null>;
  map: HeaderMap;
}

/**
 * Pass 1: the header row, the hidden key sheet, and whether any data row follows — an empty or
 * header-only file (UPL-05) and a header that names no field are refused before the import
 * starts. The rows themselves are counted as they stream in pass 2 (reading them twice would
 * cost more than a tenth of the import's time budget); the row limit stops that pass at row
 * IMPORT_MAX_ROWS + 1 and its transaction is rolled back, so nothing is saved either way.
 */
export async function scanFile(path: string, reg: Registered, lang: Lang): Promise<Scan> {
  let header: SheetRow | undefined;
  let hasData = false;
  const { keys } = await readWorkbook(path, (row) => {
    if (!header) {
      header = row;
      return;
    }
    hasData = true;
    return false;
  }, { continueAfterStop: true });
  if (!header || !hasData) throw new BizError('transfer.empty');
  const texts: Array<string | null> = [];
  header.cells.forEach((c, i) => (texts[i] = cellText(c)));
  const map = mapHeader(reg.def, texts, keys);
  if (map.problems.length > 0) throw new BizError(map.problems[0][0], map.problems[0][1]);
  if (!map.columns.some((c) => c.writable)) throw new BizError('transfer.noColumns', { entity: pickLabel(reg.def.label, lang) });
  return { headerRow: header.number, header: texts, map };
}

/** More rows than the limit: thrown in pass 2, which rolls the transaction back. */
export class TooManyRows extends BizError {
  constructor(max: number) {
    super('transfer.tooManyRows', { max });
  }
}

/** Problems per Excel row: field name (or '_document') → messages. */
export type RowProblems = Map<number, Record<string, string[]>>;

/** The import was refused: every problem found, by row. Thrown inside the transaction to roll it back. */
export class ImportRejected extends Error {
  constructor(
    readonly problems: RowProblems,
    /** Data rows of the file. */
    readonly rows: number,
  ) {
    super(`${problems.size} row(s) have errors`);
    this.name = 'ImportRejected';
  }
}

interface Pending {
  row: number;
  doc: Row;
  errors: Record<string, string[]>;
  refs: Array<{ field: FieldDef; text: string }>;
  /** A problem that makes the other checks of the row pointless (a key given twice). */
  skip?: boolean;
}

function caseOf(field: FieldDef, value: string): string {
  let s = field.trim ? value.trim() : value;
  if (field.upperCase) s = s.toUpperCase();
  else if (field.lowerCase) s = s.toLowerCase();
  return s;
}

/** A save's field errors as flat lists ('contacts.2.email' for a child row's field). */
function flatten(errors: FieldErrors): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!Array.isArray(value)) continue;
    if (value.every((v) => typeof v === 'string')) {
      out[key] = value as string[];
      continue;
    }
    value.forEach((row, i) => {
      if (typeof row === 'string') (out[key] ??= []).push(row);
      else if (row) for (const [f, msgs] of Object.entries(row)) out[`${key}.${i + 1}.${f}`] = msgs as string[];
    });
  }
  return out;
}

export interface ImportContext extends SaveContext {
  lang: Lang;
  batchSize: number;
  maxRows: number;
  /** Data rows read so far, after each batch (a job's progress); throwing stops the import. */
  progress?: (done: number) => Promise<void> | void;
}

/** Opens a transaction in the importing company (RLS on). */
export type OpenTx = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
/** Runs one step of an import: in the one transaction, or in a short one of its own. */
type Step = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Whether the rows can be staged (see below): new documents that refer to no row of the same
 * file. An update (upsert) and a self-reference (a tree imported with its parents, resolved by
 * name) need the earlier rows of the file written where the next batch reads: one transaction.
 */
const stageable = (reg: Registered, mode: ImportMode) =>
  mode === 'create' && !reg.def.fields.some((f) => f.type === 'reference' && f.ref?.entity === reg.def.name);

/**
 * Pass 2. Throws ImportRejected when any row has a problem; nothing is saved then.
 * Staged (new documents): each batch is checked and written to unlogged copies of the tables in a
 * short transaction of its own, so other requests — other companies' too, even on PGlite's one
 * connection — run between the batches; one short final transaction moves the rows into the real
 * tables (all or nothing). Otherwise every batch runs in one transaction.
 */
export async function importRows(open: OpenTx, db: Db, reg: Registered, path: string, scan: Scan, mode: ImportMode, ctx: ImportContext): Promise<ImportResult> {
  if (!stageable(reg, mode)) return open((tx) => importBatches((fn) => fn(tx), reg, path, scan, mode, ctx));
  const stage = await createStage(db, [reg.tables.main, ...Object.values(reg.tables.children), auditLog as unknown as AnyTable]);
  try {
    const result = await importBatches((fn) => open((tx) => staged(stage, () => fn(tx))), reg, path, scan, mode, ctx);
    await open((tx) => commitStage(tx, stage));
    return result;
  } finally {
    await dropStage(db, stage);
  }
}

async function importBatches(step: Step, reg: Registered, path: string, scan: Scan, mode: ImportMode, ctx: ImportContext): Promise<ImportResult> {
  const { def } = reg;
  const lang = ctx.lang;
  const key = mode === 'upsert' ? keyField(def) : undefined;
  if (mode === 'upsert' && !key) throw new BizError('transfer.noKey', { entity: pickLabel(def.label, lang) });
  const columns = scan.map.columns.filter((c) => c.writable);
  const refFields = columns.filter((c) => c.field.type === 'reference').map((c) => c.field);
  const options: Map<string, OptionIndex> = await step((tx) => optionIndexes(tx, ctx.registry, ctx.clientId, def));
  const sctx: SaveContext = { ...ctx, auditCreateDetail: false, batchSize: ctx.batchSize };

  const problems: RowProblems = new Map();
  const keysSeen = new Map<string, number>();
  // New records: unique values against the earlier batches of the file. Staged batches do not see
  // each other (the checks read the real tables), so a value repeated a batch later would only
  // fail at publishing, without its row.
  const uniqueNames = new Set(mode === 'create' ? Object.values(reg.tables.uniqueIndexes) : []);
  const uniqueSeen = new Map(columns.filter((c) => uniqueNames.has(c.field.name)).map((c) => [c.field, new Map<string, number>()]));
  let created = 0;
  let updated = 0;
  let batch: Pending[] = [];

  const note = (row: number, field: string, messages: readonly string[]) => {
    const entry = problems.get(row) ?? {};
    const list = (entry[field] ??= []);
    for (const m of messages) if (!list.includes(m)) list.push(m);
    problems.set(row, entry);
  };

  const convert = (row: SheetRow): Pending => {
    const p: Pending = { row: row.number, doc: {}, errors: {}, refs: [] };
    for (const { col, field } of columns) {
      const raw = row.cells[col];
      if (raw instanceof CellError) {
        p.errors[field.name] = [t(lang, 'transfer.cellError', { value: raw.message })];
        continue;
      }
      const value = importValue(field, raw ?? null, lang, options.get(field.name));
      if (value instanceof CellError) {
        p.errors[field.name] = [value.message];
        continue;
      }
      if (isEmptyValue(value)) {
        // An empty cell clears the field of an updated document; a new one keeps its default.
        if (mode === 'upsert') p.doc[field.name] = null;
        continue;
      }
      if (field.type === 'reference') p.refs.push({ field, text: String(value) });
      else p.doc[field.name] = value;
    }
    return p;
  };

  const flush = async () => {
    const part = batch;
    batch = [];
    if (part.length === 0) return;
    await step((tx) => flushBatch(tx, part));
  };

  const flushBatch = async (tx: Tx, part: Pending[]) => {

    for (const field of refFields) {
      const uses = part.flatMap((p) => p.refs.filter((r) => r.field === field).map((r) => ({ p, text: r.text })));
      if (uses.length === 0) continue;
      const resolved = await resolveReferences(tx, ctx.registry, ctx.clientId, field, uses.map((u) => u.text), lang);
      for (const { p, text } of uses) {
        const r = resolved.get(text)!;
        if ('id' in r) p.doc[field.name] = r.id;
        else p.errors[field.name] = [r.error];
      }
    }

    if (key) {
      const wanted = new Map<string, Pending>();
      for (const p of part) {
        const v = p.doc[key.name];
        if (isEmptyValue(v) || p.errors[key.name]) {
          // No key: a new document (numbered when the key is the numbering field).
          if (v === null) delete p.doc[key.name];
          continue;
        }
        const k = caseOf(key, String(v));
        const first = keysSeen.get(k);
        if (first !== undefined) {
          p.errors[key.name] = [t(lang, 'transfer.duplicateKey', { field: pickLabel(key.label, lang), row: first })];
          p.skip = true;
          continue;
        }
        keysSeen.set(k, p.row);
        wanted.set(k, p);
      }
      if (wanted.size > 0) {
        const tb = reg.tables.main;
        const found = (await tx
          .select({ id: tb.id, version: tb.version, k: sql<string>`(${tb[key.name]})::text` })
          .from(tb)
          .where(and(visibleWhere(reg, ctx.clientId, ctx.rules), inArray(tb[key.name], [...wanted.keys()])))) as Array<{ id: string; version: number; k: string }>;
        for (const f of found) {
          const p = wanted.get(f.k);
          if (p) Object.assign(p.doc, { id: f.id, version: f.version });
        }
      }
      // A new document leaves out the empty cells, so its defaults apply.
      for (const p of part) if (!p.doc.id) for (const [k, v] of Object.entries(p.doc)) if (v === null) delete p.doc[k];
    }

    for (const [field, seen] of uniqueSeen) {
      for (const p of part) {
        const v = p.doc[field.name];
        if (isEmptyValue(v) || p.errors[field.name]) continue;
        const k = caseOf(field, String(v));
        const first = seen.get(k);
        if (first === undefined) seen.set(k, p.row);
        else if (first < part[0].row) p.errors[field.name] = [t(lang, 'transfer.duplicateKey', { field: pickLabel(field.label, lang), row: first })];
      }
    }

    // Rows with unreadable cells still go through the checks for their other fields.
    const checked = part.filter((p) => !p.skip);
    let saveErrors = new Map<number, FieldErrors>();
    try {
      const saved = await saveDocuments(tx, reg, checked.map((p) => p.doc), sctx);
      for (const s of saved) (s.created ? created++ : updated++);
    } catch (err) {
      if (!(err instanceof DocumentsInvalid)) throw err;
      saveErrors = err.errors;
    }
    for (const p of part) for (const [field, msgs] of Object.entries(p.errors)) note(p.row, field, msgs);
    checked.forEach((p, i) => {
      const more = saveErrors.get(i);
      if (!more) return;
      for (const [field, msgs] of Object.entries(flatten(more))) {
        if (p.errors[field]) continue; // the cell's own problem says it better
        note(p.row, field, msgs);
      }
    });
  };

  // One batch is saved while the next is read: reading is CPU work here, saving mostly waits for
  // the database. Saves still run one after another in the transaction; at most two batches
  // are held at once.
  let saving: Promise<void> = Promise.resolve();
  let rows = 0;
  let failure: { error: unknown } | undefined;
  try {
    await readWorkbook(path, async (row) => {
      if (row.number <= scan.headerRow) return;
      if (++rows > ctx.maxRows) throw new TooManyRows(ctx.maxRows);
      batch.push(convert(row));
      if (batch.length >= ctx.batchSize) {
        await saving;
        await ctx.progress?.(rows - batch.length);
        saving = flush();
        saving.catch(() => undefined); // awaited at the next batch or below
      }
    });
  } catch (error) {
    failure = { error };
  }
  // Never leave while a save is still running: the transaction would end (rolled back) under it
  // and its remaining statements would run outside it.
  try {
    await saving;
  } catch (error) {
    failure ??= { error };
  }
  if (failure) throw failure.error;
  await flush();

  if (problems.size > 0) throw new ImportRejected(problems, rows);
  return { rows, imported: created + updated, created, updated, ignored_columns: scan.map.ignored };
}

/** The most rows whose problems the answer lists (the report has them all). */
export const MAX_LISTED_ROWS = 500;

/** The 11000 answer of a refused import: `data.errors = {rows, error_rows, report, labels}`. */
export class ImportInvalid extends ValidationError {
  constructor(problems: RowProblems, reportId: string | null, labels: Record<string, string>) {
    const rows = [...problems.entries()]
      .sort((a, b) => a[0] - b[0])
      .slice(0, MAX_LISTED_ROWS)
      .map(([row, errors]) => ({ row, errors }));
    // The labels of the fields named, so a client can show them without the definition.
    const named = new Set(rows.flatMap((r) => Object.keys(r.errors)));
    const shown = Object.fromEntries(Object.entries(labels).filter(([k]) => named.has(k)));
    super({ rows, error_rows: problems.size, report: reportId, labels: shown } as unknown as WireErrors, 'transfer.rowsInvalid');
    (this as { params?: Record<string, number> }).params = { rows: problems.size };
  }
}
