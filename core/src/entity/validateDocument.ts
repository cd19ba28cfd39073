// The authoritative check of a document against its definition: the server runs it on every
// save and import row, the form runs it before posting (spec §5). Messages are in ctx.lang.
import Decimal from 'decimal.js';
import { passes, ruleMessage, validateValue, isEmptyValue, type ValidationRule } from '../validators';
import { isPosted } from './expression';
import { prepareForPost } from './formValues';
import { et, pickLabel } from './messages';
import { governingCode, unitLabel, unitProblem } from '../units';
import type { ChildTableDef, EntityDef, FieldDef, FieldErrors, SessionContext } from './types';

/** Key of messages that belong to the whole document (or the whole row), not to one field. */
export const DOCUMENT_ERRORS = '_document';
/** numeric(18, scale): total digits of a decimal column. */
export const DECIMAL_PRECISION = 18;
/** Default places of a decimal field (spec §9). */
export const DEFAULT_SCALE = 4;
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

export interface ValidateContext {
  session: SessionContext | Record<string, unknown>;
  /** The stored language value; 'en' gives English, anything else Chinese. */
  lang?: unknown;
  routeAction?: string;
  /**
   * Allowed values of a select / multiselect / reference field when the caller knows them
   * (dictionary options, references the user may pick); undefined → fixed options, or no check.
   */
  optionsOf?: (field: FieldDef, child?: ChildTableDef) => readonly string[] | undefined;
}

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalarText = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

function integerError(value: unknown, lang: unknown): string | null {
  const ok = typeof value === 'number' ? Number.isInteger(value) : typeof value === 'string' && /^[+-]?\d+$/.test(value);
  if (!ok) return et(lang, 'entity.integer');
  const n = Number(value);
  return n < INT_MIN || n > INT_MAX ? et(lang, 'entity.numberTooLarge') : null;
}

function decimalError(value: unknown, scale: number, lang: unknown): string | null {
  let d: Decimal;
  if (typeof value === 'number' && Number.isFinite(value)) d = new Decimal(value);
  else if (typeof value === 'string' && NUMBER_RE.test(value)) d = new Decimal(value);
  else return et(lang, 'entity.number');
  if (scale === 4) {
    const rule: ValidationRule = { type: 'maxDecimals4' };
    if (!passes(rule, value)) return ruleMessage(rule, lang);
  } else {
    // Typed text counts its places as written ('1.50' has 2); numbers by their exact value.
    const places = typeof value === 'string' ? (value.includes('.') ? value.length - value.indexOf('.') - 1 : 0) : d.decimalPlaces();
    if (places > scale) return et(lang, 'entity.decimalPlaces', { scale });
  }
  const intDigits = d.abs().trunc().toFixed().replace(/^0+/, '').length;
  return intDigits > DECIMAL_PRECISION - scale ? et(lang, 'entity.numberTooLarge') : null;
}

function allowedValues(field: FieldDef, child: ChildTableDef | undefined, ctx: ValidateContext): readonly string[] | undefined {
  if (field.freeEntry) return undefined;
  const given = ctx.optionsOf?.(field, child);
  if (given) return given;
  return Array.isArray(field.options) ? field.options.map((o) => o.value) : undefined;
}

/** The type check of a non-empty value; null when it fits the field's type. */
function typeError(field: FieldDef, value: unknown, child: ChildTableDef | undefined, ctx: ValidateContext): string | null {
  const lang = ctx.lang;
  switch (field.type) {
    case 'string':
    case 'text':
    case 'image':
    case 'file':
      return typeof value === 'string' ? null : et(lang, 'entity.text');
    case 'integer':
      return integerError(value, lang);
    case 'decimal':
      return decimalError(value, field.scale ?? DEFAULT_SCALE, lang);
    case 'boolean':
      return typeof value === 'boolean' ? null : et(lang, 'entity.boolean');
    case 'date':
    case 'datetime':
    case 'time': {
      const rule: ValidationRule = { type: field.type };
      return typeof value === 'string' && passes(rule, value) ? null : ruleMessage(rule, lang);
    }
    case 'select':
    case 'reference': {
      if (!isScalarText(value)) return et(lang, field.type === 'select' ? 'entity.notAnOption' : 'entity.invalidValue');
      const allowed = allowedValues(field, child, ctx);
      return !allowed || allowed.includes(String(value)) ? null : et(lang, 'entity.notAnOption');
    }
    case 'multiselect': {
      if (!Array.isArray(value) || !value.every(isScalarText)) return et(lang, 'entity.notAnOption');
      const allowed = allowedValues(field, child, ctx);
      return !allowed || value.every((v) => allowed.includes(String(v))) ? null : et(lang, 'entity.notAnOption');
    }
    case 'json':
      return null;
  }
}

/** The messages of one field's value: required, else its type, else maxLength and validators. */
function fieldMessages(
  field: FieldDef,
  value: unknown,
  child: ChildTableDef | undefined,
  ctx: ValidateContext,
  numbered = false,
  row?: Record<string, unknown>,
  parent?: Record<string, unknown>,
): string[] {
  if (isEmptyValue(value)) {
    const requiredRule = field.validators?.find((r) => r.type === 'required');
    if (numbered || (!field.required && !requiredRule)) return [];
    return [ruleMessage(requiredRule ?? { type: 'required' }, ctx.lang)];
  }
  const typeMsg = typeError(field, value, child, ctx);
  if (typeMsg) return [typeMsg];
  // A quantity of a counted unit (pieces, sets…) cannot hold a fraction (issue 30).
  const unit = field.unit && !field.unit.rate ? governingCode(field.unit, row, parent) : null;
  const unitMsg = unitProblem(value, unit);
  if (unitMsg) return [et(ctx.lang, unitMsg, { unit: unitLabel(unit, ctx.lang) })];
  const out: string[] = [];
  if (field.maxLength !== undefined && typeof value === 'string' && Array.from(value).length > field.maxLength) {
    out.push(et(ctx.lang, 'entity.maxLength', { max: field.maxLength }));
  }
  const v = validateValue(value, field.validators, ctx.lang);
  if (v.hasError && !out.includes(v.errorMsg)) out.push(v.errorMsg);
  return out;
}

type RowErrors = Record<string, string[]>;

function rowErrors(
  fields: readonly FieldDef[],
  values: Record<string, unknown>,
  condValues: Record<string, unknown>,
  ctx: ValidateContext,
  child?: ChildTableDef,
  parent?: Record<string, unknown>,
  numberedField?: string,
): RowErrors {
  const condCtx = { values: condValues, session: ctx.session, routeAction: ctx.routeAction, parent };
  const errors: RowErrors = {};
  for (const f of fields) {
    if (!isPosted(f, condCtx)) continue;
    const msgs = fieldMessages(f, values[f.name], child, ctx, f.name === numberedField, values, parent);
    if (msgs.length > 0) errors[f.name] = msgs;
  }
  return errors;
}

const push = (target: RowErrors | FieldErrors, key: string, msg: string) => {
  const list = (target[key] ??= []) as string[];
  if (!list.includes(msg)) list.push(msg);
};

/**
 * Validates `values`, deciding which fields count (hidden, disabled, isNotPost and readOnly
 * ones do not) on `condValues`; prepareForPost drops fields on the same values.
 */
function collect(def: EntityDef, values: Record<string, unknown>, condValues: Record<string, unknown>, ctx: ValidateContext): FieldErrors {
  const errors: FieldErrors = rowErrors(def.fields, values, condValues, ctx, undefined, undefined, def.numbering?.field);

  for (const c of def.children ?? []) {
    const rows = values[c.name];
    if (rows === undefined || rows === null || rows === '') continue;
    if (!Array.isArray(rows)) {
      errors[c.name] = [et(ctx.lang, 'entity.invalidRows')];
      continue;
    }
    const condRows = Array.isArray(condValues[c.name]) ? (condValues[c.name] as unknown[]) : rows;
    let primarySeen = false;
    const list: Array<RowErrors | null> = rows.map((row, i) => {
      if (!isRecord(row)) return { [DOCUMENT_ERRORS]: [et(ctx.lang, 'entity.invalidValue')] };
      const condRow = isRecord(condRows[i]) ? (condRows[i] as Record<string, unknown>) : row;
      const e = rowErrors(c.fields, row, condRow, ctx, c, condValues);
      if (c.primaryFlag && row[c.primaryFlag] === true) {
        if (primarySeen) push(e, c.primaryFlag, et(ctx.lang, 'entity.onePrimary'));
        primarySeen = true;
      }
      return Object.keys(e).length > 0 ? e : null;
    });
    if (list.some((e) => e !== null)) errors[c.name] = list;
  }

  for (const rule of def.rules ?? []) {
    for (const re of rule(values)) {
      const msg = pickLabel(re.message, ctx.lang);
      if (re.child) {
        const existing = errors[re.child.name];
        if (existing !== undefined && existing.some((e) => typeof e === 'string')) continue; // rows unreadable
        const rowCount = Array.isArray(values[re.child.name]) ? (values[re.child.name] as unknown[]).length : 0;
        const list = (existing as Array<RowErrors | null> | undefined) ?? Array.from({ length: rowCount }, () => null);
        while (list.length <= re.child.index) list.push(null);
        const row = (list[re.child.index] ??= {});
        push(row, re.field ?? DOCUMENT_ERRORS, msg);
        errors[re.child.name] = list;
      } else {
        const key = re.field ?? DOCUMENT_ERRORS;
        const isChildKey = (def.children ?? []).some((c) => c.name === key);
        push(errors, isChildKey ? DOCUMENT_ERRORS : key, msg);
      }
    }
  }
  return errors;
}

/**
 * Validates a document (spec §5): for every field that is posted (not hidden, disabled by
 * condition or role, isNotPost or readOnly): required; the type (integer within int4, decimal
 * with at most `scale` places and 18 digits, date / datetime / time formats, boolean, select
 * and multiselect values among the options, text); maxLength; the field's validators. Child rows
 * likewise, as a list indexed by row with null for clean rows, plus the primary flag (a second
 * primary row gets the error on its flag). The numbering field may be empty even when required
 * (the server numbers it). Then the entity rules; a rule message without a field
 * goes under DOCUMENT_ERRORS. Returns {} when the document is valid.
 *
 * It checks the values as given: run prepareForPost first (or use checkDocument) so that trim
 * and case rules apply and skipped fields are not stored unchecked.
 */
export function validateDocument(def: EntityDef, doc: Record<string, unknown>, ctx: ValidateContext): FieldErrors {
  return collect(def, doc, doc, ctx);
}

/**
 * What the server runs on a posted document: prepareForPost (transforms; drops hidden,
 * disabled, form-only and read-only fields, deciding on the posted values) and then the
 * validation of exactly what will be stored. `values` is what to save when `errors` is {}.
 */
export function checkDocument(
  def: EntityDef,
  doc: Record<string, unknown>,
  ctx: ValidateContext,
): { values: Record<string, unknown>; errors: FieldErrors } {
  const session = ctx.session as SessionContext;
  const values = prepareForPost(def, doc, { session, routeAction: ctx.routeAction });
  return { values, errors: collect(def, values, doc, ctx) };
}

/** Does the error object hold any message? */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
