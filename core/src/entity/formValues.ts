// Form values: defaults of a new document, what a form posts, and how a stored value reads.
import { isDateMacro, resolveDateMacro } from '../dateMacros';
import { langOf } from '../i18n';
import { isPosted } from './expression';
import { et, pickLabel } from './messages';
import type { ChildTableDef, EntityDef, FieldDef, FieldOption, FormContext } from './types';

/** Anything with fields and optionally child tables: an entity, a child table, or a bare field list. */
export type FieldSource = (Pick<EntityDef, 'fields'> & { children?: readonly ChildTableDef[] }) | readonly FieldDef[];

function parts(src: FieldSource): { fields: readonly FieldDef[]; children: readonly ChildTableDef[] } {
  return Array.isArray(src)
    ? { fields: src as readonly FieldDef[], children: [] }
    : { fields: (src as { fields: readonly FieldDef[] }).fields, children: (src as { children?: readonly ChildTableDef[] }).children ?? [] };
}

/** How a date range ('@lastWeek') reads in a text field: '2024-03-04 ~ 2024-03-10'. */
export const RANGE_SEPARATOR = ' ~ ';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A field's default on a new form, or undefined when it has none. '@macro' defaults resolve
 * against `now` (core dateMacros, Monday-start weeks) to fit the field: '@now' gives a date field
 * 'YYYY-MM-DD', a time field 'HH:mm:ss', any other 'YYYY-MM-DD HH:mm:ss'; '@month' gives
 * 'YYYY-MM'; day macros give 'YYYY-MM-DD' (a datetime field: 00:00:00 for first days, 23:59:59
 * for last days); '@lastWeek' gives [Monday, Sunday] (a text field: 'Monday ~ Sunday'). Other literals are returned as copies.
 */
export function defaultOf(field: FieldDef, now: Date): unknown {
  const dv = field.defaultValue;
  if (typeof dv === 'string' && dv.startsWith('@') && isDateMacro(dv.slice(1))) {
    const macro = dv.slice(1) as Parameters<typeof resolveDateMacro>[0];
    const v = resolveDateMacro(macro, now);
    if (Array.isArray(v)) return field.type === 'json' ? v : v.join(RANGE_SEPARATOR);
    if (macro === 'now') return field.type === 'date' ? v.slice(0, 10) : field.type === 'time' ? v.slice(11) : v;
    if (field.type === 'datetime' && v.length === 10) return `${v} ${macro.startsWith('last') ? '23:59:59' : '00:00:00'}`;
    return v;
  }
  if (Array.isArray(dv)) return [...dv];
  if (isRecord(dv)) return structuredClone(dv);
  return dv;
}

/**
 * The values a new form starts with: every field that has a default (see defaultOf), and each
 * child table as an empty list. Fields without a default are absent.
 */
export function defaultValues(src: FieldSource, now: Date = new Date()): Record<string, unknown> {
  const { fields, children } = parts(src);
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = defaultOf(f, now);
    if (v !== undefined) out[f.name] = v;
  }
  for (const c of children) out[c.name] = [];
  return out;
}

function transform(field: FieldDef, value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = value.map((v) => transform(field, v));
    // Typed tags: blank ones dropped, each kept once.
    return field.freeEntry ? [...new Set(out.filter((v) => typeof v !== 'string' || v !== ''))] : out;
  }
  if (typeof value !== 'string') return value;
  let s = value;
  if (field.trim || field.freeEntry) s = s.trim();
  if (field.upperCase) s = s.toUpperCase();
  else if (field.lowerCase) s = s.toLowerCase();
  return s;
}

/** What the route and the user are: FormContext fits; its `values` are not needed here. */
export type PostContext = Pick<FormContext, 'session' | 'routeAction'> & { parent?: Record<string, unknown> };

function prepareRow(fields: readonly FieldDef[], values: Record<string, unknown>, ctx: PostContext): Record<string, unknown> {
  const condCtx = { values, session: ctx.session, routeAction: ctx.routeAction, parent: ctx.parent };
  const declared = new Map(fields.map((f) => [f.name, f]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const field = declared.get(key);
    if (!field) {
      out[key] = value;
      continue;
    }
    if (isPosted(field, condCtx)) out[key] = transform(field, value);
  }
  return out;
}

/**
 * The body a form posts, and what the server keeps of a posted document (spec §5):
 * - trim, then upperCase or lowerCase, on text values (each element of a list);
 * - fields that are hidden, disabled (by condition or by role / route action), isNotPost or
 *   readOnly are dropped; their conditions read the values as given, before any transform;
 * - each child table is a list of rows treated the same way by the child's fields; a row's
 *   conditions read the row's own values by name and the parent document's as `parent.x`;
 * - keys that are not declared fields (id, version, …) pass through unchanged: the engine
 *   decides what to do with them.
 * The input is not modified.
 */
export function prepareForPost(src: FieldSource, values: Record<string, unknown>, ctx: PostContext): Record<string, unknown> {
  const { fields, children } = parts(src);
  const out = prepareRow(fields, values, ctx);
  for (const c of children) {
    const rows = values[c.name];
    if (!Array.isArray(rows)) continue;
    out[c.name] = rows.map((row) =>
      isRecord(row) ? prepareRow(c.fields, row, { session: ctx.session, routeAction: ctx.routeAction, parent: values }) : row,
    );
  }
  return out;
}

/** Values to labels, for references and dictionary options the caller has looked up. */
export type OptionLookup = readonly FieldOption[] | Readonly<Record<string, string>>;

function labelFrom(lookup: OptionLookup | undefined, value: string, lang: unknown): string | undefined {
  if (!lookup) return undefined;
  if (Array.isArray(lookup)) {
    const o = (lookup as readonly FieldOption[]).find((x) => x.value === value);
    return o ? pickLabel(o.label, lang) : undefined;
  }
  const map = lookup as Readonly<Record<string, string>>;
  return Object.prototype.hasOwnProperty.call(map, value) ? map[value] : undefined;
}

/**
 * How a stored value reads (spec §3 displayfield): a select's option label in the UI language
 * (a multiselect's labels joined by ', '), a boolean as Yes/No, a reference or dictionary value
 * through `lookup` (the options or a value → text map the caller fetched); a value no option
 * knows, and any other type, as its text. Empty → ''. The stored value itself never changes.
 */
export function displayValue(field: FieldDef, value: unknown, lookup?: OptionLookup, lang?: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const l = langOf(lang);
  if (Array.isArray(value)) return value.map((v) => displayValue(field, v, lookup, l)).join(', ');
  if (field.type === 'boolean' && typeof value === 'boolean') return et(l, value ? 'entity.yes' : 'entity.no');
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const fixed = Array.isArray(field.options) ? field.options : undefined;
  return labelFrom(lookup, text, l) ?? labelFrom(fixed, text, l) ?? text;
}

/**
 * A row chosen on a pick page, for the reference field that opened it (FORM-21): the value to
 * store (the row's id) and the text to show (the row's ref.displayField).
 */
export function pickResult(field: FieldDef, row: Record<string, unknown>): { value: string; label: string } {
  const shown = field.ref ? row[field.ref.displayField] : undefined;
  const code = field.ref?.codeField ? row[field.ref.codeField] : undefined;
  return { value: String(row.id ?? ''), label: refLabel(code, shown) };
}

const textOf = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A reference's text: its code (ref.codeField, when it has one) before its display field, 'CODE · name'. */
export function refLabel(code: unknown, shown: unknown): string {
  const c = textOf(code);
  const s = textOf(shown);
  return c && s ? `${c} · ${s}` : c || s;
}

/**
 * A document's name as its header, a confirmation or a list row names it: the display field as
 * it reads (a select's option label in the UI language, a reference's label), never a raw key.
 */
export function documentName(def: { display: string; fields: readonly FieldDef[] }, row: Record<string, unknown>, lang?: unknown): string {
  const field = def.fields.find((f) => f.name === def.display);
  const value = row[def.display];
  if (!field) return textOf(value);
  const labels = row._labels as Record<string, string> | undefined;
  if (field.type === 'reference' && typeof value === 'string' && labels?.[def.display]) return labels[def.display];
  return displayValue(field, value, undefined, lang);
}

/** The page-list q a reference's picker sends for its ref.filter ({} when it has none). */
export function refFilterQuery(field: FieldDef): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, v] of Object.entries(field.ref?.filter ?? {})) out[key] = Array.isArray(v) ? [...v] : (v as string);
  return out;
}
