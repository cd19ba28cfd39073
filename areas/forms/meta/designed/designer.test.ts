import { describe, expect, it } from 'vitest';
import { checkDocument, defaultValues } from '@seamline/core';
import { designerErrors, formEntityDef, normalizeDefault, tryFormEntityDef } from './designer';
import { formsMessages } from './messages';
import { scenarioErrors } from './scenario';
import type { DesignedField, DesignedForm } from './types';

const field = (over: Partial<DesignedField> = {}): DesignedField => ({ field: 'qty', label_en: 'Qty', label_zh: '数量', type: 'integer', ...over });
const form = (fields: DesignedField[], over: Partial<DesignedForm> = {}): DesignedForm => ({ code: 'QC_EXTRA', name_en: 'QC extra', name_zh: '质检附加', fields, ...over });
const rowErrors = (f: DesignedForm, i: number, lang = 'en') => {
  const list = designerErrors(f, lang).fields as Array<Record<string, string[]> | null> | undefined;
  return list?.[i] ?? null;
};

describe('form designer checks (spec §5)', () => {
  it('accepts a well-formed form', () => {
    expect(designerErrors(form([field(), field({ field: 'note', type: 'string' })]), 'en')).toEqual({});
  });

  it('FORM-18: a field name used twice is refused on the second row, in both languages', () => {
    const f = form([field(), field({ label_en: 'Qty 2' })]);
    expect(rowErrors(f, 0)).toBeNull();
    expect(rowErrors(f, 1)).toEqual({ field: ['Field name must be unique'] });
    expect(rowErrors(f, 1, 'zh')).toEqual({ field: ['字段名必须唯一'] });
  });

  it('FORM-19: duplicate option values are refused', () => {
    const opts = ['A', 'B', 'A'].map((v) => ({ value: v, label_en: v, label_zh: v }));
    const f = form([field({ type: 'select', options: opts })]);
    expect(rowErrors(f, 0)).toEqual({ options: ['Duplicate option value: A'] });
    expect(rowErrors(f, 0, 'zh')).toEqual({ options: ['选项值重复：A'] });
  });

  it('form code and names', () => {
    expect(designerErrors(form([field()], { code: '' }), 'en').code).toEqual(['Please enter the form code']);
    expect(designerErrors(form([field()], { code: 'a b' }), 'en').code).toEqual(['Code: letters, digits, underscore and hyphen only']);
    expect(designerErrors(form([field()], { name_en: ' ' }), 'en').name_en).toEqual(['Please enter the English name']);
    expect(designerErrors(form([field()], { name_zh: '' }), 'zh').name_zh).toEqual(['请输入中文名称']);
    expect(designerErrors(form([]), 'en').fields).toEqual(['Add at least one field']);
  });

  it('field names: required, snake_case, not reserved', () => {
    expect(rowErrors(form([field({ field: '' })]), 0)).toEqual({ field: ['Please enter the field name'] });
    expect(rowErrors(form([field({ field: 'QTY' })]), 0)).toEqual({
      field: ['Field name: lower-case letters, digits and underscores, starting with a letter'],
    });
    expect(rowErrors(form([field({ field: 'version' })]), 0)).toEqual({ field: ['This field name is reserved'] });
    expect(rowErrors(form([field({ field: 'session' })]), 0)).toEqual({ field: ['This field name is reserved'] });
  });

  it('labels and type', () => {
    expect(rowErrors(form([field({ label_en: '' })]), 0)).toEqual({ label_en: ['Please enter the English label'] });
    expect(rowErrors(form([field({ label_zh: '' })]), 0)).toEqual({ label_zh: ['Please enter the Chinese label'] });
    expect(rowErrors(form([field({ type: 'reference' as never })]), 0)).toEqual({ type: ['Please choose a field type'] });
  });

  it('options: at least one, each with a value and both labels', () => {
    expect(rowErrors(form([field({ type: 'multiselect', options: [] })]), 0)).toEqual({ options: ['A choice field needs at least one option'] });
    expect(rowErrors(form([field({ type: 'select', options: [{ value: '', label_en: 'x', label_zh: 'x' }] })]), 0)).toEqual({
      options: ['Every option needs a value'],
    });
    expect(rowErrors(form([field({ type: 'select', options: [{ value: 'A', label_en: 'x', label_zh: '' }] })]), 0)).toEqual({
      options: ['Every option needs an English and a Chinese label'],
    });
  });

  it('conditions must parse', () => {
    const e = rowErrors(form([field({ visibleWhen: "status == 'A' &&" })]), 0);
    expect(e?.visibleWhen?.[0]).toMatch(/^The condition cannot be read: /);
    const d = rowErrors(form([field({ disabledWhen: 'f(x)' })]), 0, 'zh');
    expect(d?.disabledWhen?.[0]).toMatch(/^条件无法解析：/);
    expect(rowErrors(form([field({ visibleWhen: "session.license_type = 'PRO'" })]), 0)).toBeNull();
  });

  it('validators: known, exact length positive, regex valid', () => {
    expect(rowErrors(form([field({ validations: [{ type: 'nope' as never }] })]), 0)).toEqual({ validations: ['Unknown validator: nope'] });
    expect(rowErrors(form([field({ type: 'string', validations: [{ type: 'exactLength', length: 0 }] })]), 0)).toEqual({
      validations: ['Exact length needs a positive whole number'],
    });
    expect(rowErrors(form([field({ type: 'string', validations: [{ type: 'regex', pattern: '([a-' }] })]), 0)).toEqual({
      validations: ['The regular expression is invalid'],
    });
  });

  it('upper and lower case exclude each other; max length in range', () => {
    expect(rowErrors(form([field({ type: 'string', upperCase: true, lowerCase: true })]), 0)).toEqual({
      lowerCase: ['Upper case and lower case cannot both be on'],
    });
    expect(rowErrors(form([field({ type: 'string', maxLength: 0 })]), 0)).toEqual({ maxLength: ['Maximum length must be a whole number from 1 to 4000'] });
  });

  it('default values: macros must exist and fit; literals must be valid values of the field', () => {
    expect(rowErrors(form([field({ type: 'date', defaultValue: '@firstDayOfMonth' })]), 0)).toBeNull();
    expect(rowErrors(form([field({ type: 'date', defaultValue: '@tomorrow' })]), 0)).toEqual({ defaultValue: ['Unknown date macro @tomorrow'] });
    expect(rowErrors(form([field({ type: 'integer', defaultValue: '@now' })]), 0)).toEqual({
      defaultValue: ['The date macro @now does not fit this field type'],
    });
    expect(rowErrors(form([field({ type: 'integer', defaultValue: 'x' })]), 0)).toEqual({ defaultValue: ['Default value: Please enter a whole number'] });
    const opts = [{ value: 'A', label_en: 'A', label_zh: 'A' }];
    expect(rowErrors(form([field({ type: 'select', options: opts, defaultValue: 'B' })]), 0)).toEqual({
      defaultValue: ['Default value: Please choose one of the listed values'],
    });
    expect(rowErrors(form([field({ type: 'string', validations: [{ type: 'email' }], defaultValue: 'x' })]), 0)?.defaultValue).toHaveLength(1);
  });

  it('FORM-05: @lastWeek is a designable default of text fields (a range), not of single dates', () => {
    expect(rowErrors(form([field({ type: 'text', defaultValue: '@lastWeek' })]), 0)).toBeNull();
    expect(rowErrors(form([field({ type: 'string', defaultValue: '@lastWeek' })]), 0)).toBeNull();
    expect(rowErrors(form([field({ type: 'date', defaultValue: '@lastWeek' })]), 0)).toEqual({
      defaultValue: ['The date macro @lastWeek does not fit this field type'],
    });
    expect(rowErrors(form([field({ type: 'date', defaultValue: '@lastWeek' })]), 0, 'zh')).toEqual({ defaultValue: ['日期宏 @lastWeek 不适用于该字段类型'] });
    const def = formEntityDef(form([field({ field: 'period', type: 'string', defaultValue: '@lastWeek' })]));
    expect(defaultValues(def, new Date(2024, 2, 13))).toEqual({ period: '2024-03-04 ~ 2024-03-10' });
  });

  it('every message exists in both languages', () => {
    expect(Object.keys(formsMessages.zh).sort()).toEqual(Object.keys(formsMessages.en).sort());
  });
});

describe('a designed form as an engine definition', () => {
  const designed = form([
    field({ field: 'email', type: 'string', required: true, validations: [{ type: 'email' }], lowerCase: true, trim: true }),
    field({ field: 'grade', type: 'select', options: [{ value: 'A', label_en: 'Grade A', label_zh: 'A级' }, { value: 'B', label_en: 'Grade B', label_zh: 'B级' }], defaultValue: 'A' }),
    field({ field: 'reason', type: 'text', visibleWhen: "grade == 'B'", required: true }),
    field({ field: 'code', type: 'string', validations: [{ type: 'exactLength', length: 3 }], upperCase: true }),
    field({ field: 'scratch', type: 'string', isNotPost: true }),
    field({ field: 'due', type: 'date', defaultValue: '@lastDayOfMonth' }),
  ]);
  const ctx = { session: { dashroles: [] }, lang: 'en' };

  it('validates and prepares values exactly as the engine does', () => {
    const def = formEntityDef(designed);
    expect(defaultValues(def, new Date(2024, 1, 10))).toMatchObject({ grade: 'A', due: '2024-02-29' });
    const bad = checkDocument(def, { email: 'not-mail', grade: 'B', code: 'ab' }, ctx);
    expect(bad.errors).toEqual({
      email: ['Please enter a valid email address'],
      reason: ['This field is required'],
      code: [expect.stringContaining('3')],
    });
    const good = checkDocument(def, { email: '  Ann@Example.COM ', grade: 'A', reason: 'hidden', code: 'abc', scratch: 'x' }, ctx);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: 'ann@example.com', grade: 'A', code: 'ABC' });
  });

  it('tryFormEntityDef gives the errors instead of throwing', () => {
    const r = tryFormEntityDef(form([field(), field()]), 'en');
    expect(r.def).toBeNull();
    expect(r.errors.fields).toBeDefined();
    expect(tryFormEntityDef(designed, 'en').def?.fields).toHaveLength(6);
  });

  it('normalizes typed defaults', () => {
    expect(normalizeDefault('boolean', 'true')).toBe(true);
    expect(normalizeDefault('multiselect', 'A, B')).toEqual(['A', 'B']);
    expect(normalizeDefault('integer', '12')).toBe(12);
    expect(normalizeDefault('string', '')).toBeUndefined();
  });
});

describe('scenario checks', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  it('accepts each context type with its key format', () => {
    expect(scenarioErrors({ form_id: id, context_type: 'ENTITY', context_key: 'vendor' }, 'en')).toEqual({});
    expect(scenarioErrors({ form_id: id, context_type: 'FLOW_NODE', context_key: 'PO_APPROVAL:20' }, 'en')).toEqual({});
    expect(scenarioErrors({ form_id: id, context_type: 'PROJECT_TYPE', context_key: 'RFQ' }, 'en')).toEqual({});
  });
  it('names each problem', () => {
    expect(scenarioErrors({}, 'en')).toEqual({
      form_id: ['Please choose a form'],
      context_type: ['Please choose a context type: project type, flow node or entity'],
      context_key: ['Please enter the context key'],
    });
    expect(scenarioErrors({ form_id: id, context_type: 'FLOW_NODE', context_key: 'PO' }, 'en').context_key?.[0]).toMatch(/<process code>:<node status>/);
    expect(scenarioErrors({ form_id: id, context_type: 'ENTITY', context_key: 'Vendor' }, 'zh').context_key).toEqual(['实体按名称填写，例如 vendor 或 production-line']);
    expect(scenarioErrors({ form_id: id, context_type: 'PROJECT_TYPE', context_key: 'a b' }, 'en').context_key?.[0]).toMatch(/project type/);
  });
});
