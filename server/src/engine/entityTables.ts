// Tables from definitions: one definition gives the entity's table and one table per child table.
// The column keys of these drizzle tables are the wire names (snake_case field names and the
// system columns id, client_id, version, created_by/at, updated_by/at), so `table[name]` is the
// column of a field.
import { createHash } from 'node:crypto';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type ExtraConfigColumn,
  type PgColumn,
  type PgIndexOpClass,
  type PgColumnBuilderBase,
  type PgTable,
} from 'drizzle-orm/pg-core';
import { DEFAULT_SCALE, SYSTEM_FIELDS, type ChildTableDef, type EntityDef, type FieldDef } from '@seamline/core';
import { auditColumns, id, version } from '../db/tables/columns';
import { clientId } from '../db/tables/tenancy';

/** A drizzle table whose columns are reachable by wire name. */
export type AnyTable = PgTable & Record<string, PgColumn>;

export interface EntityTables {
  main: AnyTable;
  /** Child tables by the child's wire name. */
  children: Record<string, AnyTable>;
  /** Every table, keyed by its SQL name (what schema.ts exports). */
  all: Record<string, AnyTable>;
  /** Unique index name → field, to turn a unique violation into a field error. */
  uniqueIndexes: Record<string, string>;
}

/** Column names of a child table the engine adds; a child field may not use them. */
export const CHILD_SYSTEM_COLUMNS = ['id', 'client_id', 'parent_id', 'seq'] as const;
export const MAX_IDENTIFIER = 63;
/** Length of a varchar column for a string or select field without maxLength. */
export const DEFAULT_VARCHAR = 255;
export const URL_LENGTH = 1024;

/** PostgreSQL truncates identifiers at 63 bytes; shorten long ones deterministically instead. */
export function ident(name: string): string {
  if (name.length <= MAX_IDENTIFIER) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_IDENTIFIER - 9)}_${hash}`;
}

/** The varchar length of a field's column, or undefined for other column types. */
export function varcharLength(field: FieldDef): number | undefined {
  if (field.type === 'string' || field.type === 'select') return field.maxLength ?? DEFAULT_VARCHAR;
  if (field.type === 'image' || field.type === 'file') return URL_LENGTH;
  return undefined;
}

/** The column of a field: string→varchar(maxLength||255), decimal→numeric(18,scale), … (docs/server.md 'Engine'). */
export function fieldColumn(f: FieldDef): PgColumnBuilderBase {
  switch (f.type) {
    case 'string':
    case 'select':
    case 'image':
    case 'file':
      return varchar(f.name, { length: varcharLength(f) });
    case 'text':
      return text(f.name);
    case 'integer':
      return integer(f.name);
    case 'decimal':
      return numeric(f.name, { precision: 18, scale: f.scale ?? DEFAULT_SCALE });
    case 'boolean':
      return boolean(f.name);
    case 'date':
      return date(f.name, { mode: 'string' });
    case 'datetime':
      return timestamp(f.name, { mode: 'string' });
    case 'time':
      return time(f.name);
    case 'multiselect':
      return text(f.name).array();
    case 'reference':
      return uuid(f.name);
    case 'json':
      return jsonb(f.name);
  }
}

/** The fields that are stored (isNotPost ones are form-only). */
export const storedFields = (fields: readonly FieldDef[]): FieldDef[] => fields.filter((f) => !f.isNotPost);

const isColumnOf = (def: EntityDef, name: string) =>
  (SYSTEM_FIELDS as readonly string[]).includes(name) || storedFields(def.fields).some((f) => f.name === name);

/** Columns that want an index (client_id, col): list filters, the list sort, references. */
function indexedColumns(def: EntityDef): string[] {
  const names = [...(def.list.filters ?? [])];
  for (const f of storedFields(def.fields)) if (f.type === 'reference') names.push(f.name);
  return [...new Set(names)].filter((n) => n !== 'id' && n !== 'client_id' && isColumnOf(def, n));
}

/**
 * Columns a list is commonly sorted by: the definition's default order, created and updated time,
 * the code (the numbering field or a field named 'code') and the status field.
 */
export function sortedColumns(def: EntityDef): string[] {
  const names = [def.list.sort?.field ?? 'created_at', 'created_at', 'updated_at', def.numbering?.field ?? 'code', def.status?.field ?? 'status'];
  return [...new Set(names)].filter((n) => n !== 'id' && n !== 'client_id' && isColumnOf(def, n) && sortable(def, n));
}

/** The status column when lists filter on it (it leads the status-first sort indexes), else undefined. */
export function statusSortColumn(def: EntityDef): string | undefined {
  const name = def.status?.field;
  return name && (def.list.filters ?? []).includes(name) && sortedColumns(def).includes(name) ? name : undefined;
}

const sortable = (def: EntityDef, name: string) => {
  const f = storedFields(def.fields).find((x) => x.name === name);
  return !f || !['json', 'multiselect', 'text'].includes(f.type);
};

const PATTERN_OPS: Partial<Record<FieldDef['type'], string>> = {
  string: 'varchar_pattern_ops',
  select: 'varchar_pattern_ops',
  text: 'text_pattern_ops',
};

function buildMain(def: EntityDef): { table: AnyTable; uniqueIndexes: Record<string, string> } {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: id(),
    client_id: clientId(),
    version: version(),
    ...Object.fromEntries(Object.entries(auditColumns()).map(([k, c]) => [k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`), c])),
  };
  for (const f of storedFields(def.fields)) columns[f.name] = fieldColumn(f);
  // Built before the table: drizzle calls the extra-config callback lazily.
  const uniqueIndexes: Record<string, string> = {};
  for (const f of storedFields(def.fields).filter((x) => x.unique)) uniqueIndexes[ident(`${def.table}_${f.name}_uq`)] = f.name;
  const fieldByName = new Map(def.fields.map((f) => [f.name, f]));
  const table = pgTable(def.table, columns, (t) => {
    const cols = t as unknown as Record<string, ExtraConfigColumn>;
    const out: unknown[] = [];
    for (const [name, field] of Object.entries(uniqueIndexes)) out.push(uniqueIndex(name).on(cols.client_id, cols[field]));
    for (const n of indexedColumns(def)) {
      const f = fieldByName.get(n);
      const ops = f ? PATTERN_OPS[f.type] : undefined;
      if (f?.unique && !ops) continue; // the unique index serves equality; text filters also want prefix search
      // Pattern ops serve equality and prefix search (LIKE 'abc%') under any collation.
      out.push(index(ident(`${def.table}_${n}_idx`)).on(cols.client_id, ops ? cols[n].op(ops as PgIndexOpClass) : cols[n]));
    }
    // The orders a list is sorted by without asking, paged by key: (client_id, column, id) serves
    // `where client_id = … order by column, id` in both directions with no sort step.
    for (const n of sortedColumns(def)) out.push(index(ident(`${def.table}_${n}_sort_idx`)).on(cols.client_id, cols[n], cols.id));
    // Lists are mostly opened filtered by status: (client_id, status, column, id) reads that status's
    // rows already in the sort order, where the index above reads every status and filters, and the
    // planner preferred a name-prefix index plus a sort (issue 29, docs/benchmarks.md EXPLAIN).
    const status = statusSortColumn(def);
    if (status) for (const n of sortedColumns(def).filter((c) => c !== status)) out.push(index(ident(`${def.table}_${status}_${n}_sort_idx`)).on(cols.client_id, cols[status], cols[n], cols.id));
    return out as never;
  });
  return { table: table as unknown as AnyTable, uniqueIndexes };
}

function buildChild(def: EntityDef, child: ChildTableDef, main: AnyTable): AnyTable {
  const name = childTableName(def, child);
  const columns: Record<string, PgColumnBuilderBase> = {
    id: id(),
    client_id: clientId(),
    parent_id: uuid('parent_id').notNull(),
    seq: integer('seq').notNull(),
  };
  for (const f of storedFields(child.fields)) columns[f.name] = fieldColumn(f);
  const table = pgTable(name, columns, (t) => {
    const cols = t as unknown as Record<string, PgColumn>;
    const out: unknown[] = [
      foreignKey({ name: ident(`${name}_parent_fk`), columns: [cols.parent_id], foreignColumns: [main.id] }).onDelete('cascade'),
      index(ident(`${name}_parent_idx`)).on(cols.parent_id, cols.seq),
    ];
    for (const f of storedFields(child.fields).filter((x) => x.type === 'reference')) {
      out.push(index(ident(`${name}_${f.name}_idx`)).on(cols.client_id, cols[f.name]));
    }
    return out as never;
  });
  return table as unknown as AnyTable;
}

export const childTableName = (def: EntityDef, child: ChildTableDef): string => `${def.table}_${child.name}`;

/** What the engine needs of a definition beyond core's defineEntity; throws with every problem. */
export function engineProblems(def: EntityDef): string[] {
  const problems: string[] = [];
  for (const c of def.children ?? []) {
    for (const f of c.fields) {
      if ((CHILD_SYSTEM_COLUMNS as readonly string[]).includes(f.name)) problems.push(`child '${c.name}' field '${f.name}': the name is reserved`);
    }
  }
  for (const tr of def.transitions ?? []) {
    if (RESERVED_ACTIONS.includes(tr.action)) problems.push(`transition '${tr.action}': the name is a generic endpoint`);
  }
  if (def.numbering) {
    const f = def.fields.find((x) => x.name === def.numbering!.field);
    if (f && f.type !== 'string') problems.push(`numbering field '${f.name}' must be a string field`);
  }
  return problems;
}

/** Endpoint names of every entity; a transition may not take them. */
export const RESERVED_ACTIONS: readonly string[] = ['page-list', 'view', 'save', 'delete', 'audit', 'export', 'import', 'options'];

const cache = new WeakMap<EntityDef, EntityTables>();

/** The drizzle tables of a definition (the same objects every time for the same definition). */
export function entityTables(def: EntityDef): EntityTables {
  const hit = cache.get(def);
  if (hit) return hit;
  const problems = engineProblems(def);
  if (problems.length > 0) throw new Error(`Entity '${def.name}' cannot be stored:\n- ${problems.join('\n- ')}`);
  const { table: main, uniqueIndexes } = buildMain(def);
  const children: Record<string, AnyTable> = {};
  for (const c of def.children ?? []) children[c.name] = buildChild(def, c, main);
  const all: Record<string, AnyTable> = { [def.table]: main };
  for (const c of def.children ?? []) all[childTableName(def, c)] = children[c.name];
  const out = { main, children, all, uniqueIndexes };
  cache.set(def, out);
  return out;
}

/** Every table of several definitions, keyed by SQL name — spread it into an area's schema exports. */
export function tablesOf(defs: readonly EntityDef[]): Record<string, AnyTable> {
  return Object.assign({}, ...defs.map((d) => entityTables(d).all));
}
