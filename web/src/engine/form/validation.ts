// Client-side validation and the posted body, both by core (spec §5): checkDocument runs
// prepareForPost (trim / case, hidden, disabled, role-gated, isNotPost and read-only fields
// dropped) and validateDocument on what would be stored — exactly what the server runs. One
// result per form store snapshot serves every field's validator and the submit.
import { checkDocument, type EntityDef, type FieldErrors, type SessionContext } from '@seamline/core';
import { InvalidJson } from '../fields/codec';
import { optionsOf } from '../fields/options';
import type { Row } from '../data/source';

export interface FormRuntime {
  def: EntityDef;
  session: SessionContext;
  routeAction: string;
  lang: string;
  /** Text for a JSON field that does not parse. */
  invalidJsonText: string;
}

export type NamePath = (string | number)[];

const isRecord = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

function pick(row: Row, names: readonly string[]): Row {
  const out: Row = {};
  for (const n of names) if (Object.prototype.hasOwnProperty.call(row, n)) out[n] = row[n];
  return out;
}

/**
 * The document a form holds, as the wire wants it: declared fields, child rows (their declared
 * fields and id), id and version. Reference labels, system columns and other extras stay behind.
 */
export function documentOf(def: EntityDef, store: Row): Row {
  const doc = pick(store, ['id', 'version', ...def.fields.map((f) => f.name)]);
  for (const c of def.children ?? []) {
    const rows = store[c.name];
    if (!Array.isArray(rows)) continue;
    const names = ['id', ...c.fields.map((f) => f.name)];
    doc[c.name] = rows.map((r) => (isRecord(r) ? pick(r, names) : r));
  }
  return doc;
}

export interface FormCheck {
  /** The body to post when `errors` is empty. */
  values: Row;
  errors: FieldErrors;
}

/** JSON text that does not parse, in the fields that are posted. */
function jsonErrors(def: EntityDef, doc: Row, values: Row, text: string): FieldErrors {
  const out: FieldErrors = {};
  for (const f of def.fields) if (f.type === 'json' && doc[f.name] instanceof InvalidJson && f.name in values) out[f.name] = [text];
  for (const c of def.children ?? []) {
    const rows = values[c.name];
    if (!Array.isArray(rows)) continue;
    const list = rows.map((r) => {
      const e: Record<string, string[]> = {};
      for (const f of c.fields) if (f.type === 'json' && isRecord(r) && r[f.name] instanceof InvalidJson) e[f.name] = [text];
      return Object.keys(e).length ? e : null;
    });
    if (list.some(Boolean)) out[c.name] = list;
  }
  return out;
}

function merge(a: FieldErrors, b: FieldErrors): FieldErrors {
  const out: FieldErrors = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    if (!cur) out[k] = v;
    else if (v.every((x) => typeof x === 'string') && cur.every((x) => typeof x === 'string')) out[k] = [...(cur as string[]), ...(v as string[])];
    else {
      const rows = [...(cur as Array<Record<string, string[]> | null>)];
      (v as Array<Record<string, string[]> | null>).forEach((e, i) => {
        if (e) rows[i] = { ...(rows[i] ?? {}), ...e };
      });
      out[k] = rows;
    }
  }
  return out;
}

const memo = new WeakMap<object, { rt: FormRuntime; result: FormCheck }>();

/** checkDocument over the form's store (memoised per store snapshot and runtime). */
export function checkForm(rt: FormRuntime, store: Row): FormCheck {
  const hit = memo.get(store);
  if (hit && hit.rt === rt) return hit.result;
  const doc = documentOf(rt.def, store);
  const { values, errors } = checkDocument(rt.def, doc, {
    session: rt.session,
    lang: rt.lang,
    routeAction: rt.routeAction,
    optionsOf,
  });
  const result = { values, errors: merge(errors, jsonErrors(rt.def, doc, values, rt.invalidJsonText)) };
  memo.set(store, { rt, result });
  return result;
}

/** The messages for one form path: ['code'] or ['contacts', 0, 'email']. */
export function errorsAt(errors: FieldErrors, path: NamePath): string[] {
  const top = errors[String(path[0])];
  if (!top) return [];
  if (path.length === 1) return top.every((x) => typeof x === 'string') ? (top as string[]) : [];
  const row = (top as Array<Record<string, string[]> | null>)[Number(path[1])];
  return (row && typeof row === 'object' && row[String(path[2])]) || [];
}

/** Every message that no rendered field shows (document-level rules, fields not on screen). */
export function unplacedErrors(errors: FieldErrors, rendered: readonly NamePath[]): string[] {
  const shown = new Set(rendered.map((p) => JSON.stringify(p)));
  const out: string[] = [];
  for (const [key, list] of Object.entries(errors)) {
    if (list.every((x) => typeof x === 'string')) {
      if (!shown.has(JSON.stringify([key]))) out.push(...(list as string[]));
      continue;
    }
    (list as Array<Record<string, string[]> | null>).forEach((row, i) => {
      for (const [col, msgs] of Object.entries(row ?? {})) if (!shown.has(JSON.stringify([key, i, col]))) out.push(...msgs);
    });
  }
  return [...new Set(out)];
}
