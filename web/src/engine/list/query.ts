// The q and p of page-list (API.md), built from a list's filter bar, sorting and paging, and read
// back from a saved search. Pure, so the rules are testable without a screen:
// - text: 'prefix' for normalised codes (upper / lower-cased fields: index-friendly and the
//   server's prefix is case-sensitive, so the typed text gets the field's case), else 'like';
// - select / multiselect / status: 'in' the chosen values;
// - date / datetime / time / numbers: 'between' [from, to] (either end may be empty);
// - boolean and reference: 'eq'.
import type { EntityDef, FieldDef } from '@seamline/core';
import type { FilterOp, ListPage, ListQuery, SortKey } from '../data/source';
import { columnField } from '../fields/systemFields';

export type FilterKind = 'text' | 'choice' | 'date' | 'datetime' | 'time' | 'number' | 'boolean' | 'reference';

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100];

export function filterKind(field: FieldDef): FilterKind | null {
  switch (field.type) {
    case 'string':
    case 'text':
    case 'image':
    case 'file':
      return 'text';
    case 'select':
    case 'multiselect':
      return 'choice';
    case 'date':
    case 'datetime':
    case 'time':
      return field.type;
    case 'integer':
    case 'decimal':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'reference':
      return 'reference';
    default:
      return null;
  }
}

/** Sortable on the server: ordered scalar columns (not lists, JSON, flags or ids). */
export function isSortable(field: FieldDef): boolean {
  return !['multiselect', 'json', 'boolean', 'reference'].includes(field.type);
}

export function textOp(field: FieldDef): FilterOp {
  return field.upperCase || field.lowerCase ? 'prefix' : 'like';
}

/** The filters a definition offers, as fields (declared or system columns), in its order. */
export function filterFields(def: EntityDef): FieldDef[] {
  return (def.list.filters ?? []).map((n) => columnField(def, n)).filter((f): f is FieldDef => !!f && filterKind(f) !== null);
}

export type FilterValues = Record<string, unknown>;

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function normaliseText(field: FieldDef, text: string): string {
  const s = text.trim();
  return field.upperCase ? s.toUpperCase() : field.lowerCase ? s.toLowerCase() : s;
}

function range(value: unknown, kind: FilterKind): [unknown, unknown] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  let [from, to] = value as [unknown, unknown];
  if (empty(from) && empty(to)) return null;
  // A datetime range is picked as days: the whole of both days.
  if (kind === 'datetime') {
    if (typeof from === 'string' && from.length === 10) from = `${from} 00:00:00`;
    if (typeof to === 'string' && to.length === 10) to = `${to} 23:59:59`;
  }
  return [empty(from) ? null : from, empty(to) ? null : to];
}

/** q from the filter bar's values; empty filters are left out. */
export function buildQuery(def: EntityDef, values: FilterValues): ListQuery {
  const q: ListQuery = {};
  for (const field of filterFields(def)) {
    const kind = filterKind(field)!;
    const v = values[field.name];
    if (empty(v)) continue;
    switch (kind) {
      case 'text': {
        const text = normaliseText(field, String(v));
        if (text) q[field.name] = { op: textOp(field), value: text };
        break;
      }
      case 'choice':
        q[field.name] = { op: 'in', value: (Array.isArray(v) ? v : [v]).map(String) };
        break;
      case 'date':
      case 'datetime':
      case 'time':
      case 'number': {
        const r = range(v, kind);
        if (r) q[field.name] = { op: 'between', value: r };
        break;
      }
      case 'boolean':
        q[field.name] = { op: 'eq', value: v === true || v === 'true' };
        break;
      case 'reference':
        q[field.name] = { op: 'eq', value: String(v) };
        break;
    }
  }
  return q;
}

/** The filter bar's values for a saved q (the inverse of buildQuery). */
export function filterValuesOf(def: EntityDef, q: ListQuery | undefined): FilterValues {
  const out: FilterValues = {};
  if (!q) return out;
  for (const field of filterFields(def)) {
    const spec = q[field.name];
    if (spec === undefined) continue;
    const value = spec && typeof spec === 'object' && !Array.isArray(spec) && 'value' in spec ? (spec as { value: unknown }).value : spec;
    const kind = filterKind(field)!;
    if (kind === 'datetime' && Array.isArray(value)) out[field.name] = value.map((x) => (typeof x === 'string' ? x.slice(0, 10) : x));
    else out[field.name] = value;
  }
  return out;
}

/** p: page, size and the sort keys (empty → the definition's default order on the server). */
export function buildPage(page: number, size: number, sort: SortKey[] = []): ListPage {
  return { page: Math.max(1, page), size, sort };
}

/** The sort a list starts with: the definition's default order. */
export function defaultSort(def: EntityDef): SortKey[] {
  return def.list.sort ? [{ field: def.list.sort.field, order: def.list.sort.order }] : [];
}

export function isListPage(v: unknown): v is ListPage {
  if (!v || typeof v !== 'object') return false;
  const p = v as ListPage;
  return Number.isInteger(p.page) && Number.isInteger(p.size) && Array.isArray(p.sort);
}
