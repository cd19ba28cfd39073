// GET …/page-list?q=JSON&p=JSON: filters, sorting, offset pages and key-set pages, and a capped
// total (docs/server.md 'Engine' documents the syntax).
//   q: { field: value } (equality; a list means 'in') or { field: { op, value } },
//      op ∈ eq, like (contains, case-insensitive), prefix (case-sensitive, index-friendly), in,
//      gte, lte, between ([from, to], either may be empty). Empty values ('' null []) are ignored.
//   p: { page (1…), size (1…200, default 20), sort: [{ field, order: 'asc'|'desc' }], after: cursor }
// The total counts at most 10,001 rows: beyond that `total` is 10,000 and `total_capped` true.
// Deep pages: pass the previous page's `next` as p.after (key-set paging; `page` then only labels).
import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import { SYSTEM_FIELDS, type FieldDef, type FieldType } from '@seamline/core';
import { isUuid, type Tx } from '../db';
import { badRequest } from '../errors';
import { MAX_PAGE, pagingOf, parseJsonText } from '../input';
import { attachFlowNodes, attachLabels, visibleWhere, type ReadContext } from './documents';
import { storedFields, type AnyTable } from './entityTables';
import type { Registered } from './registry';
import { mainSelection, wireRowExcept, type Row } from './values';

export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 20;
export const TOTAL_CAP = 10_000;
/** The highest page number accepted (deeper pages go by cursor, p.after): server/src/input.ts. */
export { MAX_PAGE };

/** Columns read back for the cursor only (`__k0`, `__k1`, …). */
const SORT_KEY = /^__k\d+$/;

export type FilterOp = 'eq' | 'like' | 'prefix' | 'in' | 'gte' | 'lte' | 'between';
const OPS: readonly FilterOp[] = ['eq', 'like', 'prefix', 'in', 'gte', 'lte', 'between'];

export interface SortKey {
  field: string;
  order: 'asc' | 'desc';
}

export interface PageRequest {
  page: number;
  size: number;
  sort: SortKey[];
  after?: string;
}

export interface PageResult {
  rows: Row[];
  total: number;
  page: number;
  size: number;
  /** true when more than 10,000 rows match (total then says 10,000). */
  total_capped: boolean;
  /**
   * Capped only: the planner's estimate of the matching rows (at least 10,001), for '≈ 12,345'
   * (issue 22.2: '10000 (capped)' said nothing at scale). An estimate, never used for paging.
   */
  total_estimate?: number;
  /** Cursor of the next page (p.after), null on the last page. */
  next: string | null;
}

/** A column as filters and sorting see it: a stored field, or a system column. */
interface Column {
  name: string;
  type: FieldType | 'uuid' | 'timestamptz';
  field?: FieldDef;
}

function columnsOf(reg: Registered): Map<string, Column> {
  const out = new Map<string, Column>();
  for (const n of SYSTEM_FIELDS) {
    out.set(n, { name: n, type: n === 'version' ? 'integer' : n.endsWith('_at') ? 'timestamptz' : 'uuid' });
  }
  for (const f of storedFields(reg.def.fields)) out.set(f.name, { name: f.name, type: f.type, field: f });
  return out;
}

const columnCache = new WeakMap<Registered, Map<string, Column>>();
function columnOf(reg: Registered, name: string): Column | undefined {
  let map = columnCache.get(reg);
  if (!map) columnCache.set(reg, (map = columnsOf(reg)));
  return map.get(name) ?? map.get(name.toLowerCase());
}

function parseJson(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(); // a repeated key (an array) or an object
  return parseJsonText(raw) ?? undefined; // 'null' is no value at all
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const INT_RE = /^[+-]?\d{1,10}$/;
const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;
const TIME_RE = /^\d{2}:\d{2}(:\d{2})?$/;

/** A filter value as its column compares it; a value that cannot be one is a bad request. */
function coerce(col: Column, v: unknown): unknown {
  const text = typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
  if (typeof text !== 'string') throw badRequest();
  const ok = (re: RegExp) => {
    if (!re.test(text)) throw badRequest();
    return text;
  };
  switch (col.type) {
    case 'integer':
      return ok(INT_RE);
    case 'decimal':
      return ok(NUMBER_RE);
    case 'boolean':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      throw badRequest();
    case 'date':
      return ok(DATE_RE);
    case 'datetime':
      return ok(DATETIME_RE);
    case 'timestamptz':
      if (Number.isNaN(Date.parse(text))) throw badRequest();
      return text;
    case 'time':
      return ok(TIME_RE);
    case 'uuid':
    case 'reference':
      if (!isUuid(text)) throw badRequest();
      return text;
    default:
      return text;
  }
}

const TEXTUAL = new Set<Column['type']>(['string', 'text', 'select', 'image', 'file']);
const ORDERED = new Set<Column['type']>(['string', 'text', 'select', 'integer', 'decimal', 'date', 'datetime', 'time', 'timestamptz', 'image', 'file']);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The smallest text above every text starting with `prefix` (byte-wise, as UTF-8 sorts); null when there is none. */
export function nextPrefix(prefix: string): string | null {
  const chars = Array.from(prefix);
  while (chars.length > 0) {
    let cp = chars.pop()!.codePointAt(0)! + 1;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xe000;
    if (cp <= 0x10ffff) return chars.join('') + String.fromCodePoint(cp);
  }
  return null;
}

function filterSql(t: AnyTable, col: Column, op: FilterOp, value: unknown): SQL | undefined {
  const c = t[col.name];
  const list = (v: unknown) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((s) => s.trim()) : [v]).filter((x) => !empty(x));
  if (col.type === 'json') throw badRequest();
  if (col.type === 'multiselect') {
    const items = (op === 'in' ? list(value) : [value]).map((x) => coerce(col, x));
    if (op === 'eq') return sql`${c} @> array[${sql.join(items.map((i) => sql`${i}`), sql`, `)}]::text[]`;
    if (op === 'in') return items.length ? sql`${c} && array[${sql.join(items.map((i) => sql`${i}`), sql`, `)}]::text[]` : undefined;
    if (op === 'like') return sql`array_to_string(${c}, ',') ilike ${`%${escapeLike(String(items[0]))}%`}`;
    throw badRequest();
  }
  switch (op) {
    case 'eq':
      return sql`${c} = ${coerce(col, value)}`;
    case 'in': {
      const items = list(value).map((x) => coerce(col, x));
      return items.length ? sql`${c} in (${sql.join(items.map((i) => sql`${i}`), sql`, `)})` : undefined;
    }
    case 'like':
      if (!TEXTUAL.has(col.type)) throw badRequest();
      return sql`${c} ilike ${`%${escapeLike(String(coerce(col, value)))}%`}`;
    case 'prefix': {
      if (!TEXTUAL.has(col.type)) throw badRequest();
      const prefix = String(coerce(col, value));
      // LIKE is not leakproof, so under row-level security PostgreSQL will not turn it into an
      // index range; the byte-wise range operators (~>=~ ~<~) are, and the pattern-ops index serves them.
      const upper = nextPrefix(prefix);
      const range = upper === null ? sql`${c} ~>=~ ${prefix}` : sql`${c} ~>=~ ${prefix} and ${c} ~<~ ${upper}`;
      return sql`(${range} and ${c} like ${`${escapeLike(prefix)}%`})`;
    }
    case 'gte':
    case 'lte':
      if (!ORDERED.has(col.type)) throw badRequest();
      return op === 'gte' ? sql`${c} >= ${coerce(col, value)}` : sql`${c} <= ${coerce(col, value)}`;
    case 'between': {
      if (!ORDERED.has(col.type) || !Array.isArray(value) || value.length !== 2) throw badRequest();
      const [from, to] = value;
      const parts = [empty(from) ? undefined : sql`${c} >= ${coerce(col, from)}`, empty(to) ? undefined : sql`${c} <= ${coerce(col, to)}`];
      return and(...parts);
    }
  }
}

/** The where clause of q (undefined: no filter). Unknown fields or operators are a bad request. */
export function parseFilters(reg: Registered, rawQ: unknown): SQL | undefined {
  const q = parseJson(rawQ);
  if (q === undefined) return undefined;
  if (!isRecord(q)) throw badRequest();
  const parts: Array<SQL | undefined> = [];
  for (const [name, spec] of Object.entries(q)) {
    const col = columnOf(reg, name);
    if (!col || col.name === 'client_id') throw badRequest();
    let op: FilterOp;
    let value: unknown;
    if (isRecord(spec)) {
      op = (typeof spec.op === 'string' ? spec.op.toLowerCase() : 'eq') as FilterOp;
      value = spec.value;
      if (!OPS.includes(op)) throw badRequest();
    } else {
      op = Array.isArray(spec) ? 'in' : 'eq';
      value = spec;
    }
    if (op === 'between' ? !Array.isArray(value) || value.every(empty) : empty(value)) continue;
    parts.push(filterSql(reg.tables.main, col, op, value));
  }
  return and(...parts);
}

function sortOrder(v: unknown): 'asc' | 'desc' {
  const s = typeof v === 'string' ? v.toLowerCase() : 'asc';
  if (s === 'asc' || s === 'ascend') return 'asc';
  if (s === 'desc' || s === 'descend') return 'desc';
  throw badRequest();
}

/** p, with the definition's default order; sorting only on declared fields and system columns. */
export function parsePage(reg: Registered, rawP: unknown): PageRequest {
  const p = parseJson(rawP) ?? {};
  if (!isRecord(p)) throw badRequest();
  // 1e20, -1, NaN, 2.5 and 'x' are refused; a page past MAX_PAGE could only be empty anyway.
  const { page, size } = pagingOf(p, { defaultSize: DEFAULT_PAGE_SIZE, maxSize: MAX_PAGE_SIZE });
  const rawSort = p.sort === undefined || p.sort === null || p.sort === '' ? [] : Array.isArray(p.sort) ? p.sort : [p.sort];
  const sort: SortKey[] = rawSort.map((s) => {
    if (!isRecord(s) || typeof s.field !== 'string') throw badRequest();
    const col = columnOf(reg, s.field);
    if (!col || col.type === 'json' || col.type === 'multiselect' || col.name === 'client_id') throw badRequest();
    return { field: col.name, order: sortOrder(s.order) };
  });
  if (sort.length === 0) {
    const d = reg.def.list.sort;
    sort.push(d ? { field: d.field, order: d.order } : { field: 'created_at', order: 'desc' });
  }
  if (!sort.some((s) => s.field === 'id')) sort.push({ field: 'id', order: sort[sort.length - 1].order });
  const after = typeof p.after === 'string' && p.after !== '' ? p.after : undefined;
  return { page, size, sort, after };
}

/**
 * A key page's cursor: the sort values of the page's last row and the (capped) total the first
 * page counted, so following pages need not count again. A bare array (no total) is accepted too.
 */
interface Cursor {
  keys: Array<string | null>;
  total?: number;
}

function encodeCursor(keys: unknown[], total: number): string {
  return Buffer.from(JSON.stringify({ k: keys, n: total })).toString('base64url');
}

function decodeCursor(cursor: string, length: number): Cursor {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const keys: unknown = Array.isArray(v) ? v : v?.k;
    const total: unknown = Array.isArray(v) ? undefined : v?.n;
    const keysOk = Array.isArray(keys) && keys.length === length && keys.every((x) => x === null || typeof x === 'string');
    const totalOk = total === undefined || (Number.isInteger(total) && (total as number) >= 0 && (total as number) <= TOTAL_CAP + 1);
    if (keysOk && totalOk) return { keys: keys as Array<string | null>, total: total as number | undefined };
  } catch {
    // fall through
  }
  throw badRequest();
}

/**
 * Rows after the cursor under the sort (PostgreSQL's default NULL placement: last ascending,
 * first descending, so an index on (client_id, col, id) serves both directions).
 */
export function afterSql(t: AnyTable, sort: SortKey[], values: Array<string | null>): SQL {
  const at = (i: number): SQL => {
    const c = t[sort[i].field];
    const v = values[i];
    const tail = i + 1 < sort.length ? at(i + 1) : sql`false`;
    if (sort[i].order === 'asc') {
      return v === null ? sql`(${c} is null and ${tail})` : sql`(${c} > ${v} or ${c} is null or (${c} = ${v} and ${tail}))`;
    }
    return v === null ? sql`(${c} is not null or ${tail})` : sql`(${c} < ${v} or (${c} = ${v} and ${tail}))`;
  };
  return at(0);
}

/** One page of the rows the user may see. */
export async function pageList(tx: Tx, reg: Registered, rawQ: unknown, rawP: unknown, ctx: ReadContext): Promise<PageResult> {
  const t = reg.tables.main;
  const filters = parseFilters(reg, rawQ);
  const req = parsePage(reg, rawP);
  const base = and(visibleWhere(reg, ctx.clientId, ctx.rules), filters)!;
  const cursor = req.after ? decodeCursor(req.after, req.sort.length) : undefined;
  const where = cursor ? and(base, afterSql(t, req.sort, cursor.keys))! : base;
  const offset = req.after ? 0 : (req.page - 1) * req.size;
  const keys = Object.fromEntries(req.sort.map((s, i) => [`__k${i}`, sql<string | null>`(${t[s.field]})::text`]));
  const rows = (await tx
    .select({ ...mainSelection(reg.def, t), ...keys })
    .from(t)
    .where(where)
    .orderBy(...req.sort.map((s) => (s.order === 'asc' ? asc(t[s.field]) : desc(t[s.field]))))
    .limit(req.size)
    .offset(offset)) as Row[];

  const last = rows[rows.length - 1];
  const out = rows.map((r) => wireRowExcept(r, SORT_KEY));
  await attachLabels(tx, ctx.registry, ctx.clientId, reg.def.fields, out);
  await attachFlowNodes(tx, reg, ctx, out);

  // The count (capped: it scans at most TOTAL_CAP + 1 rows) runs only when nothing tells it.
  let n: number;
  if (!req.after && rows.length < req.size && (rows.length > 0 || offset === 0)) {
    n = offset + rows.length; // the last page tells the total without counting
  } else if (cursor?.total !== undefined) {
    n = cursor.total; // counted by the page the key paging started from
  } else {
    const res = await tx.execute(sql`select count(*)::int as n from (select 1 from ${t} where ${base} limit ${TOTAL_CAP + 1}) s`);
    n = Number((res as unknown as { rows: Array<{ n: number }> }).rows[0].n);
  }
  const capped = n > TOTAL_CAP;
  const next = last && rows.length === req.size ? encodeCursor(req.sort.map((_, i) => last[`__k${i}`] as string | null), n) : null;
  const result: PageResult = { rows: out, total: capped ? TOTAL_CAP : n, page: req.page, size: req.size, total_capped: capped, next };
  if (capped) result.total_estimate = await estimateRows(tx, sql`select 1 from ${t} where ${base}`);
  return result;
}

/**
 * The planner's row estimate of a query (EXPLAIN, nothing run: table statistics scaled by the
 * filter's selectivity, RLS included), at least TOTAL_CAP + 1 — it is only asked once the count
 * stopped at the cap, so more rows than that are known to match.
 */
export async function estimateRows(tx: Tx, query: SQL): Promise<number> {
  try {
    const res = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Array<Record<string, unknown>> };
    const raw = Object.values(res.rows[0] ?? {})[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
    return Math.max(TOTAL_CAP + 1, Math.round(plan[0].Plan['Plan Rows']));
  } catch {
    return TOTAL_CAP + 1; // no plan (an unusual driver answer): the cap is still true
  }
}
