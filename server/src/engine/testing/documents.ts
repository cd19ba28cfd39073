// Valid documents of any definition, for the contract suite: start from a demo row (or the
// defaults), generate values for what is missing, and let the definition's own checks steer the
// result — an invalid optional field is dropped, an invalid required one gets another value.
import { randomBytes } from 'node:crypto';
import {
  checkDocument,
  defaultValues,
  isEmptyValue,
  passes,
  type ChildTableDef,
  type EntityDef,
  type FieldDef,
  type FieldErrors,
  type SessionContext,
  type ValidationRule,
} from '@seamline/core';

export type Doc = Record<string, unknown>;

export interface GenerateContext {
  session: SessionContext;
  /** An id of an existing row of the entity in the company (creating one if need be); null when there is none. */
  reference(entity: string, field: FieldDef): Promise<string | null>;
  /** The dictionary values of a type in the company (empty: any value goes). */
  dictionary(type: string): Promise<string[]>;
}

const rand = (n = 6) => randomBytes(8).toString('hex').toUpperCase().slice(0, n);

/** Candidate texts for pattern validators (tried in order, the first that passes wins). */
const PATTERN_SAMPLES = [
  'A1',
  'CT01',
  '200040',
  '91310106MA1FY5XK2C',
  'CUT,SEW',
  '/api/example',
  'https://example.com/x',
  '10258800012',
  '00000000-0000-4000-8000-000000000000',
  'ct-1',
  '2099-W52',
  '2099-12',
  '#1F3A5F',
];

function fitText(field: FieldDef, text: string): string {
  const max = field.maxLength ?? 255;
  return Array.from(text).slice(0, max).join('');
}

/** A text that passes the field's validators (variant changes it; unique fields get random ones). */
function textFor(field: FieldDef, variant: number): string {
  const rules: ValidationRule[] = field.validators ?? [];
  const types = new Set(rules.map((r) => r.type));
  const tag = field.unique || variant > 0 ? rand() : 'CT';
  let candidates: string[];
  if (types.has('email')) candidates = [`ct${tag.toLowerCase()}@example.com`];
  else if (types.has('mobile')) candidates = ['13800138000', '13912345678'];
  else if (types.has('strongPassword')) candidates = ['Abc123'];
  else if (types.has('capitalEnglish')) candidates = [`CT${tag}`];
  else if (types.has('english')) candidates = [`ct_${tag.toLowerCase()}`];
  else if (types.has('noChinese')) candidates = [`ct ${tag.toLowerCase()}`];
  else candidates = [`Contract ${tag}`];
  const exact = rules.find((r) => r.type === 'exactLength')?.length;
  if (exact) candidates = candidates.map((c) => c.padEnd(exact, '1').slice(0, exact));
  if (types.has('regex')) candidates = [...PATTERN_SAMPLES.map((s) => (field.unique ? s.replace(/A1$/, `A${tag}`) : s)), ...candidates];
  candidates = candidates.map((c) => fitText(field, field.upperCase ? c.toUpperCase() : field.lowerCase ? c.toLowerCase() : c));
  return candidates.find((c) => rules.every((r) => passes(r, c))) ?? candidates[0];
}

async function valueFor(field: FieldDef, variant: number, ctx: GenerateContext): Promise<unknown> {
  const fixed = Array.isArray(field.options) ? field.options.map((o) => o.value) : undefined;
  const dict = field.options && !Array.isArray(field.options) && 'dictionary' in field.options ? field.options.dictionary : undefined;
  const pick = async () => {
    const values = fixed ?? (dict ? await ctx.dictionary(dict) : []);
    return values.length ? values[variant % values.length] : `CT${rand(4)}`;
  };
  switch (field.type) {
    case 'reference':
      return ctx.reference(field.ref!.entity, field);
    case 'select':
      return pick();
    case 'multiselect':
      return [await pick()];
    case 'boolean':
      return variant % 2 === 1;
    case 'integer':
      return 1 + variant;
    case 'decimal':
      return String(1 + variant);
    case 'date':
      return '2026-01-15';
    case 'datetime':
      return '2026-01-15 10:00:00';
    case 'time':
      return '10:00:00';
    case 'json':
      return { contract: true };
    case 'image':
    case 'file':
      return 'https://example.com/contract.png';
    default:
      return textFor(field, variant);
  }
}

/** The first error of a document: a field, or a field of a child row. */
function firstError(def: EntityDef, errors: FieldErrors): { field: string; child?: { def: ChildTableDef; index: number } } | null {
  for (const [key, value] of Object.entries(errors)) {
    const child = def.children?.find((c) => c.name === key);
    if (child && Array.isArray(value)) {
      for (const [index, row] of value.entries()) {
        if (row && typeof row === 'object') {
          const field = Object.keys(row)[0];
          return { field, child: { def: child, index } };
        }
      }
      continue;
    }
    return { field: key };
  }
  return null;
}

/** Shrinks `raw` to fit the definition: only declared fields (no references, unique or numbered values, read-only or form-only fields). */
function fromDemo(def: EntityDef, raw: Doc): Doc {
  const keep = (fields: readonly FieldDef[], row: Doc) => {
    const out: Doc = {};
    for (const f of fields) {
      if (!(f.name in row) || f.type === 'reference' || f.unique || f.readOnly || f.isNotPost || f.name === def.numbering?.field) continue;
      out[f.name] = row[f.name];
    }
    return out;
  };
  const doc = keep(def.fields, raw);
  for (const c of def.children ?? []) {
    if (Array.isArray(raw[c.name])) doc[c.name] = (raw[c.name] as Doc[]).slice(0, 2).map((r) => keep(c.fields, r));
  }
  return doc;
}

/**
 * A document the definition accepts: the demo row's values (when given) or the defaults, plus
 * generated values for required fields and one child row per child table, then repaired until
 * core's checkDocument finds nothing. The numbering field stays empty (the server numbers it).
 */
export async function buildDocument(def: EntityDef, ctx: GenerateContext, demo?: Doc): Promise<Doc> {
  const doc: Doc = { ...defaultValues(def), ...(demo ? fromDemo(def, demo) : {}) };
  for (const f of def.fields) {
    if ((f.required || f.unique) && isEmptyValue(doc[f.name]) && f.name !== def.numbering?.field && !f.readOnly) doc[f.name] = await valueFor(f, 0, ctx);
  }
  for (const c of def.children ?? []) {
    const rows = Array.isArray(doc[c.name]) && (doc[c.name] as Doc[]).length ? (doc[c.name] as Doc[]) : [defaultValues(c.fields)];
    for (const row of rows) {
      for (const f of c.fields) if ((f.required || f.type === 'reference') && isEmptyValue(row[f.name])) row[f.name] = await valueFor(f, 0, ctx);
    }
    doc[c.name] = rows;
  }
  await repair(def, doc, ctx, (d) => checkDocument(def, d, { session: ctx.session, lang: 'en', routeAction: 'edit' }).errors);
  return doc;
}

/**
 * Fixes the first reported error until `check` finds none: an empty field gets a value, an
 * invalid optional one is dropped, an invalid required one gets another value.
 */
export async function repair(def: EntityDef, doc: Doc, ctx: GenerateContext, check: (doc: Doc) => FieldErrors | Promise<FieldErrors>): Promise<FieldErrors> {
  const tries = new Map<string, number>();
  for (let round = 0; round < 60; round++) {
    const errors = await check(doc);
    const first = firstError(def, errors);
    if (!first) return errors;
    const fields = first.child ? first.child.def.fields : def.fields;
    const row = first.child ? (doc[first.child.def.name] as Doc[])[first.child.index] : doc;
    const field = fields.find((f) => f.name === first.field);
    if (!field || !row || typeof row !== 'object') return errors; // a document-level message: nothing to repair generically
    const key = `${first.child?.def.name ?? ''}.${first.child?.index ?? ''}.${field.name}`;
    const n = (tries.get(key) ?? 0) + 1;
    tries.set(key, n);
    if (isEmptyValue(row[field.name]) && n < 6) row[field.name] = await valueFor(field, n - 1, ctx);
    else if (!field.required && n < 8) delete row[field.name];
    else if (n < 8) row[field.name] = await valueFor(field, n, ctx);
    else return errors;
  }
  return check(doc);
}
