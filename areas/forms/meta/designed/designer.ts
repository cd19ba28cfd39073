// The form designer's own checks (spec §5 'Form designer': field names unique, duplicate option
// values refused) and the conversion of a designed form into an engine definition, so the designed
// form renders, validates and posts exactly like any entity form (checkDocument on both sides).
// The browser runs designerErrors before saving; the server runs it again on every save.
import {
  conditionError, defineEntity, DOCUMENT_ERRORS, isDateMacro, isEmptyValue, MACRO_FIELD_TYPES, RESERVED_FIELD_NAMES, validateDocument, validPattern,
  type EntityDef, type FieldDef, type FieldErrors, type FieldType, type ValidationRule,
} from '@seamline/core';
import { fm } from './messages';
import { DESIGNABLE_TYPES, DESIGNABLE_VALIDATORS, type DesignedField, type DesignedForm } from './types';

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const CODE = /^[A-Za-z0-9_-]+$/;
/** Field names the engine reserves, plus `parent` (conditions of child rows read it). */
export const RESERVED_DESIGNED_NAMES: readonly string[] = [...RESERVED_FIELD_NAMES, 'parent'];
export const MAX_CODE_LENGTH = 60;
export const MAX_TEXT_LENGTH = 4000;
/** Length limits of designed text fields when the designer sets none. */
const DEFAULT_MAX_LENGTH: Partial<Record<FieldType, number>> = { string: 255, text: MAX_TEXT_LENGTH };

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
const isChoice = (type: unknown) => type === 'select' || type === 'multiselect';

/**
 * The default value as the field holds it: 'true'/'false' for booleans, a comma list for a
 * multiselect, whole numbers for integers; '' means none. Macros stay as written ('@now').
 */
export function normalizeDefault(type: DesignedField['type'], raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') return raw;
  if (/^@\w+$/.test(raw)) return raw;
  switch (type) {
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'multiselect':
      return raw.split(',').map((s) => s.trim()).filter(Boolean);
    case 'integer':
      return /^[+-]?\d+$/.test(raw) ? Number(raw) : raw;
    default:
      return raw;
  }
}

/** One designed field as the engine's field definition. */
export function toFieldDef(f: DesignedField): FieldDef {
  const def: FieldDef = {
    name: f.field,
    type: f.type,
    label: { en: f.label_en, zh: f.label_zh },
  };
  if (f.required) def.required = true;
  if (f.validations && f.validations.length > 0) def.validators = f.validations.map((r) => ({ ...r }));
  if (isChoice(f.type)) def.options = (f.options ?? []).map((o) => ({ value: o.value, label: { en: o.label_en, zh: o.label_zh } }));
  const dv = normalizeDefault(f.type, f.defaultValue);
  if (dv !== undefined) def.defaultValue = dv;
  if (!blank(f.visibleWhen)) def.visibleWhen = f.visibleWhen!.trim();
  if (!blank(f.disabledWhen)) def.disabledWhen = f.disabledWhen!.trim();
  if (f.upperCase) def.upperCase = true;
  if (f.lowerCase) def.lowerCase = true;
  if (f.trim) def.trim = true;
  if (f.isNotPost) def.isNotPost = true;
  const max = f.maxLength ?? DEFAULT_MAX_LENGTH[f.type];
  if (max !== undefined && (f.type === 'string' || f.type === 'text')) def.maxLength = max;
  return def;
}

type Row = Record<string, string[]>;

function add(row: Row, key: string, msg: string): void {
  const list = (row[key] ??= []);
  if (!list.includes(msg)) list.push(msg);
}

function checkValidators(rules: unknown, row: Row, lang: unknown): void {
  if (rules === undefined || rules === null) return;
  if (!Array.isArray(rules)) return add(row, 'validations', fm(lang, 'forms.validatorUnknown', { type: String(rules) }));
  for (const r of rules as ValidationRule[]) {
    const type = r && typeof r === 'object' ? r.type : undefined;
    if (type === 'required') continue;
    if (!(DESIGNABLE_VALIDATORS as readonly string[]).includes(String(type))) {
      add(row, 'validations', fm(lang, 'forms.validatorUnknown', { type: String(type) }));
    } else if (type === 'exactLength' && !(Number.isInteger(r.length) && (r.length as number) > 0)) {
      add(row, 'validations', fm(lang, 'forms.exactLength'));
    } else if (type === 'regex' && !validPattern(r.pattern)) {
      add(row, 'validations', fm(lang, 'forms.regexInvalid'));
    }
  }
}

function checkDefault(f: DesignedField, row: Row, lang: unknown): void {
  const dv = normalizeDefault(f.type, f.defaultValue);
  if (dv === undefined) return;
  if (typeof dv === 'string' && /^@\w+$/.test(dv)) {
    const macro = dv.slice(1);
    if (!isDateMacro(macro)) add(row, 'defaultValue', fm(lang, 'forms.macroUnknown', { macro: dv }));
    else if (!MACRO_FIELD_TYPES[macro].includes(f.type)) add(row, 'defaultValue', fm(lang, 'forms.macroType', { macro: dv }));
    return;
  }
  // The engine's own check of a value of this field (type, options, validators), on the default.
  const field = { ...toFieldDef(f), required: false, visibleWhen: undefined, disabledWhen: undefined, isNotPost: false, defaultValue: undefined };
  const probe = { name: 'probe', area: 'forms', prefix: 'utilsapi', table: 'probe', label: { en: 'p', zh: 'p' }, fields: [field], display: field.name, list: { columns: [field.name] }, route: { cata: 'forms', opt: 'probe' } } as EntityDef;
  const errors = validateDocument(probe, { [field.name]: dv }, { session: { dashroles: [] }, lang });
  for (const m of (errors[field.name] as string[] | undefined) ?? []) add(row, 'defaultValue', fm(lang, 'forms.defaultInvalid', { message: m }));
}

function checkField(f: DesignedField, row: Row, lang: unknown): void {
  if (blank(f.field)) add(row, 'field', fm(lang, 'forms.fieldRequired'));
  else if (!SNAKE.test(f.field)) add(row, 'field', fm(lang, 'forms.fieldFormat'));
  else if (RESERVED_DESIGNED_NAMES.includes(f.field)) add(row, 'field', fm(lang, 'forms.fieldReserved'));
  if (blank(f.label_en)) add(row, 'label_en', fm(lang, 'forms.labelEnRequired'));
  if (blank(f.label_zh)) add(row, 'label_zh', fm(lang, 'forms.labelZhRequired'));
  const typeKnown = (DESIGNABLE_TYPES as readonly string[]).includes(f.type);
  if (!typeKnown) add(row, 'type', fm(lang, 'forms.typeUnknown'));
  if (isChoice(f.type)) {
    const options = Array.isArray(f.options) ? f.options : [];
    if (options.length === 0) add(row, 'options', fm(lang, 'forms.optionsRequired'));
    const seen = new Set<string>();
    for (const o of options) {
      if (blank(o?.value)) add(row, 'options', fm(lang, 'forms.optionValueRequired'));
      else if (seen.has(o.value)) add(row, 'options', fm(lang, 'forms.optionDuplicate', { value: o.value }));
      else seen.add(o.value);
      if (blank(o?.label_en) || blank(o?.label_zh)) add(row, 'options', fm(lang, 'forms.optionLabelRequired'));
    }
  }
  for (const key of ['visibleWhen', 'disabledWhen'] as const) {
    const expr = f[key];
    if (blank(expr)) continue;
    const err = conditionError(expr!.trim());
    if (err) add(row, key, fm(lang, 'forms.conditionInvalid', { detail: err }));
  }
  if (f.upperCase && f.lowerCase) add(row, 'lowerCase', fm(lang, 'forms.caseExclusive'));
  if (f.maxLength !== undefined && f.maxLength !== null && !(Number.isInteger(f.maxLength) && f.maxLength >= 1 && f.maxLength <= MAX_TEXT_LENGTH)) {
    add(row, 'maxLength', fm(lang, 'forms.maxLength'));
  }
  checkValidators(f.validations, row, lang);
  // A default is only worth checking against a field that is itself well formed.
  if (typeKnown && !row.options && !row.validations && !row.maxLength) checkDefault(f, row, lang);
}

/**
 * Every problem of a designed form, as 11000 errors: `code`, `name_en`, `name_zh`, and `fields`
 * — a list indexed by field row (null for clean rows; `['…']` when there is no field at all).
 * A field name used twice is refused on its second and later rows. {} when the form is fine.
 */
export function designerErrors(form: DesignedForm, lang: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(form.code)) errors.code = [fm(lang, 'forms.codeRequired')];
  else if (!CODE.test(form.code) || form.code.length > MAX_CODE_LENGTH) errors.code = [fm(lang, 'forms.codeFormat')];
  if (blank(form.name_en)) errors.name_en = [fm(lang, 'forms.nameEnRequired')];
  if (blank(form.name_zh)) errors.name_zh = [fm(lang, 'forms.nameZhRequired')];
  const fields = Array.isArray(form.fields) ? form.fields : [];
  if (fields.length === 0) {
    errors.fields = [fm(lang, 'forms.noFields')];
    return errors;
  }
  const seen = new Set<string>();
  const rows = fields.map((f) => {
    const row: Row = {};
    if (!f || typeof f !== 'object') {
      add(row, 'field', fm(lang, 'forms.fieldRequired'));
      return row;
    }
    checkField(f, row, lang);
    if (!blank(f.field)) {
      if (seen.has(f.field)) add(row, 'field', fm(lang, 'forms.fieldUnique'));
      seen.add(f.field);
    }
    return row;
  });
  if (rows.some((r) => Object.keys(r).length > 0)) errors.fields = rows.map((r) => (Object.keys(r).length > 0 ? r : null));
  return errors;
}

/** The wire name of the values of designed forms (the definition's name, never a route of its own). */
export const DESIGNED_ENTITY = 'dynamic-form-values';

/**
 * The engine definition of a designed form (which must pass designerErrors): the entity form
 * renders it, and checkDocument validates its values in the browser and on the server.
 */
export function formEntityDef(form: DesignedForm): EntityDef {
  const fields = form.fields.map(toFieldDef);
  const first = fields[0]?.name;
  return defineEntity({
    name: DESIGNED_ENTITY,
    area: 'forms',
    prefix: 'utilsapi',
    table: 'dynamic_form_value',
    label: { en: form.name_en || form.code, zh: form.name_zh || form.code },
    fields,
    display: first,
    list: { columns: first ? [first] : [] },
    route: { cata: 'forms', opt: DESIGNED_ENTITY },
  });
}

/** formEntityDef, or null with the designer's errors when the form is not well formed. */
export function tryFormEntityDef(form: DesignedForm, lang: unknown): { def: EntityDef | null; errors: FieldErrors } {
  const errors = designerErrors(form, lang);
  if (Object.keys(errors).length > 0) return { def: null, errors };
  try {
    return { def: formEntityDef(form), errors: {} };
  } catch (err) {
    return { def: null, errors: { [DOCUMENT_ERRORS]: [err instanceof Error ? err.message : String(err)] } };
  }
}

/** Blank optional keys dropped, so stored definitions stay small and compare cleanly. */
export function cleanDesignedField(f: DesignedField): DesignedField {
  const out: DesignedField = { field: f.field, label_en: f.label_en, label_zh: f.label_zh, type: f.type };
  if (f.required) out.required = true;
  if (f.validations && f.validations.length > 0) out.validations = f.validations.filter((r) => r.type !== 'required');
  if (out.validations?.length === 0) delete out.validations;
  if (isChoice(f.type)) out.options = (f.options ?? []).map((o) => ({ value: o.value, label_en: o.label_en, label_zh: o.label_zh }));
  if (!isEmptyValue(f.defaultValue)) out.defaultValue = f.defaultValue;
  if (!blank(f.visibleWhen)) out.visibleWhen = f.visibleWhen!.trim();
  if (!blank(f.disabledWhen)) out.disabledWhen = f.disabledWhen!.trim();
  for (const k of ['upperCase', 'lowerCase', 'trim', 'isNotPost'] as const) if (f[k]) out[k] = true;
  if (f.maxLength !== undefined && f.maxLength !== null) out.maxLength = f.maxLength;
  return out;
}
