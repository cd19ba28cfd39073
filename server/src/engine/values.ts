// Between the wire and the columns: what a select returns, how a checked value is written, and
// how a stored row reads on the wire (snake_case keys; decimals as exact text; dates, datetimes
// and times as 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'HH:mm:ss'; multiselect as a list).
import type { SQL } from 'drizzle-orm';
import { isEmptyValue, SYSTEM_FIELDS, type ChildTableDef, type EntityDef, type FieldDef } from '@seamline/core';
import { storedFields, type AnyTable } from './entityTables';

export type Row = Record<string, unknown>;

/** System columns a document shows (client_id is implied by the session). */
export const DOC_SYSTEM_FIELDS = SYSTEM_FIELDS.filter((n) => n !== 'client_id');

/** { wireName: column } for a document's own columns. */
export function mainSelection(def: EntityDef, table: AnyTable): Record<string, AnyTable[string] | SQL> {
  const out: Record<string, AnyTable[string] | SQL> = {};
  for (const n of DOC_SYSTEM_FIELDS) out[n] = table[n];
  for (const f of storedFields(def.fields)) out[f.name] = table[f.name];
  return out;
}

export function childSelection(child: ChildTableDef, table: AnyTable): Record<string, AnyTable[string]> {
  const out: Record<string, AnyTable[string]> = { id: table.id, parent_id: table.parent_id };
  for (const f of storedFields(child.fields)) out[f.name] = table[f.name];
  return out;
}

/** A checked value as its column takes it; empty values are stored as NULL. */
export function toColumn(field: FieldDef, value: unknown): unknown {
  if (isEmptyValue(value)) return null;
  switch (field.type) {
    case 'integer':
      return typeof value === 'number' ? value : Number(value);
    case 'decimal':
    case 'select':
    case 'reference':
      return String(value);
    case 'multiselect':
      return (value as unknown[]).map(String);
    default:
      return value;
  }
}

/** JSON-comparable form of a stored value (audit diffs). */
export function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

/** A stored row as the wire shows it (Dates become ISO text through JSON anyway). */
export const wireRow = (row: Row): Row => wireRowExcept(row, null);

/** wireRow without the keys `skip` matches (built without them: `delete` would slow every later use). */
export function wireRowExcept(row: Row, skip: RegExp | null): Row {
  const out: Row = {};
  for (const k in row) {
    if (skip?.test(k)) continue;
    const v = row[k];
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}
