// Where an entity's documents come from: by default the generic endpoints of API.md
// (`/api/<prefix>/<entity>/…`); the demo pages plug in an in-memory source with the same shape.
import { startExportJob, type TransferJob } from '../../transfer/jobs';
import { ILLEGAL_REQUEST_STATUSES, type EntityDef } from '@seamline/core';
import { api } from '../../api';
import { downloadExport } from './download';
import { notifyUnlessInUse } from './inUse';

export type Row = Record<string, unknown>;

export type FilterOp = 'eq' | 'like' | 'prefix' | 'in' | 'gte' | 'lte' | 'between';
export interface FilterSpec {
  op: FilterOp;
  value: unknown;
}
/** q of page-list: `{ field: value }` or `{ field: { op, value } }`. */
export type ListQuery = Record<string, unknown>;

export interface SortKey {
  field: string;
  order: 'asc' | 'desc';
}
/** p of page-list. */
export interface ListPage {
  page: number;
  size: number;
  sort: SortKey[];
}

/** A page of a list as every page-list endpoint answers it (areas' own lists too). */
export interface PageResult<T = Row> {
  rows: T[];
  total: number;
  page: number;
  size: number;
  /** More rows match than the server counts (total is then a lower bound). */
  total_capped?: boolean;
  /** Capped only: the server's planner estimate of the matching rows (shown '≈ 12,345'). */
  total_estimate?: number;
}

export interface AuditChange {
  field: string;
  from?: unknown;
  to?: unknown;
  /** The server's spelling of from / to. */
  old?: unknown;
  new?: unknown;
}

export interface AuditEntry {
  id?: string;
  at: string;
  /** A name, or the server's { username, full_name }. */
  user: string | { username?: string; full_name?: string } | null;
  action: string;
  changes: AuditChange[];
}

/** A write the user confirmed after the in-use warning ('still process' → `force=1`, see ./inUse). */
export interface WriteOptions {
  force?: boolean;
}

export interface DataSource {
  pageList(q: ListQuery, p: ListPage): Promise<PageResult>;
  view(id: string): Promise<Row>;
  /** Create (no id) or update (id + version); resolves with the saved document. */
  save(doc: Row, opts?: WriteOptions): Promise<Row>;
  remove(ids: string[], opts?: WriteOptions): Promise<unknown>;
  /** A state transition of the definition (POST <action>, DATA = {id, version}). */
  transition(action: string, id: string, version: unknown): Promise<Row | null>;
  audit(id: string): Promise<AuditEntry[]>;
  /** Downloads the current view as .xlsx (false: it failed and the user was told); absent → no export. */
  exportFile?(q: ListQuery, p: ListPage): Promise<boolean>;
  /** Starts the export as a background job (a large view, docs/jobs.md); absent → exportFile only. */
  exportJob?(q: ListQuery, p: ListPage): Promise<TransferJob>;
}

/** '/api'-relative base of an entity's endpoints: `mdapi/vendor`. */
export const entityBase = (def: Pick<EntityDef, 'prefix' | 'name'>) => `${def.prefix}/${def.name}`;

const forceField = (opts?: WriteOptions) => (opts?.force ? { force: 1 } : {});

/**
 * The generic endpoints; failures are reported by the request client like any call (spec §8),
 * except the in-use warning of save and delete, which the caller asks the user about.
 */
export function httpSource(def: EntityDef): DataSource {
  const base = entityBase(def);
  return {
    pageList: (q, p) => api.get<PageResult>(`${base}/page-list`, { q, p }),
    // A refused id is shown in place as 'illegal request' (LoadFailed), not toasted as well.
    view: (id) => api.get<Row>(`${base}/view`, { id }, { notify: ({ status }) => !ILLEGAL_REQUEST_STATUSES.includes(status ?? 0) }),
    save: (doc, opts) => api.post<Row>(`${base}/save`, { DATA: doc, ...forceField(opts) }, { notify: notifyUnlessInUse }),
    remove: (ids, opts) => api.post(`${base}/delete`, { DATA: ids, ...forceField(opts) }, { notify: notifyUnlessInUse }),
    transition: (action, id, version) => api.post<Row | null>(`${base}/${action}`, { DATA: { id, version } }),
    audit: (id) => api.get<AuditEntry[]>(`${base}/audit`, { id }),
    exportFile: (q, p) => downloadExport(def, q, p),
    exportJob: (q, p) => startExportJob(def, q, p),
  };
}

const httpSources = new WeakMap<EntityDef, DataSource>();

/** The source of an entry: its own, else the (cached) HTTP one. */
export function sourceOf(entry: { def: EntityDef; source?: DataSource }): DataSource {
  if (entry.source) return entry.source;
  let s = httpSources.get(entry.def);
  if (!s) httpSources.set(entry.def, (s = httpSource(entry.def)));
  return s;
}

/** A reference's text as the server sends it (`<field>__display`, or `_labels.<field>`). */
export function referenceLabel(row: Row | undefined, field: string): string | undefined {
  if (!row) return undefined;
  const direct = row[`${field}__display`];
  if (typeof direct === 'string') return direct;
  const labels = row._labels;
  if (labels && typeof labels === 'object' && typeof (labels as Record<string, unknown>)[field] === 'string') {
    return (labels as Record<string, string>)[field];
  }
  return undefined;
}
