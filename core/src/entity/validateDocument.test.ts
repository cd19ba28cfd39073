import { describe, expect, it } from 'vitest';
import { t } from '../i18n';
import { defineEntity } from './defineEntity';
import { et } from './messages';
import { testOrderDef } from './testEntity.fixture';
import type { EntityDef, FieldErrors } from './types';
import { checkDocument, DOCUMENT_ERRORS, hasErrors, validateDocument, type ValidateContext } from './validateDocument';

const def = defineEntity(testOrderDef());
const basic: ValidateContext = { session: { dashroles: ['BUYER'], license_type: 'BASIC' }, lang: 'en', routeAction: 'edit' };
const base = { code: 'PO-1', vendor_id: 'v-1', has_b: 'N', status: 'draft', lines: [] };
const en = (key: string, params?: Record<string, string | number>) => et('en', key, params);

describe('validateDocument: fields', () => {
  it('a valid document → {}', () => {
    expect(validateDocument(def, base, basic)).toEqual({});
    expect(hasErrors(validateDocument(def, base, basic))).toBe(false);
  });

  it.each<[string, Record<string, unknown>, FieldErrors]>([
    ['text type', { title: 123 }, { title: [en('entity.text')] }],
    ['maxLength (code points)', { code: 'PO-12345678' }, { code: [en('entity.maxLength', { max: 10 })] }],
    ['maxLength ok', { code: 'PO-1234567' }, {}],
    ['field validator', { code: 'po-1' }, { code: [t('en', 'val.capitalEnglish')] }],
    ['numbering field may be empty', { code: '' }, {}],
    ['email validator', { email: 'bad' }, { email: [t('en', 'val.email')] }],
    ['integer from a number', { qty: 12 }, {}],
    ['integer from a string', { qty: '12' }, {}],
    ['integer rejects 1.5', { qty: 1.5 }, { qty: [en('entity.integer')] }],
    ['integer rejects text', { qty: '1.0' }, { qty: [en('entity.integer')] }],
    ['integer within int4', { qty: 3000000000 }, { qty: [en('entity.numberTooLarge')] }],
    ['integer validator', { qty: -1 }, { qty: [t('en', 'val.naturalNumber')] }],
    ['decimal 4 places', { amount: '1.2345' }, {}],
    ['decimal 5 places', { amount: '1.23456' }, { amount: [t('en', 'val.maxDecimals4')] }],
    ['decimal number with 5 places', { amount: 1.23456 }, { amount: [t('en', 'val.maxDecimals4')] }],
    ['decimal not a number', { amount: 'abc' }, { amount: [en('entity.number')] }],
    ['decimal exponent form', { amount: '1e3' }, { amount: [en('entity.number')] }],
    ['decimal 14 integer digits', { amount: '-12345678901234.1234' }, {}],
    ['decimal 15 integer digits', { amount: '123456789012345' }, { amount: [en('entity.numberTooLarge')] }],
    ['decimal scale 2', { rate: '1.23' }, {}],
    ['decimal scale 2 with 3 places', { rate: '1.234' }, { rate: [en('entity.decimalPlaces', { scale: 2 })] }],
    ['boolean', { urgent: false }, {}],
    ['boolean rejects text', { urgent: 'yes' }, { urgent: [en('entity.boolean')] }],
    ['date', { order_date: '2024-02-29' }, {}],
    ['date format', { order_date: '2024-02-30' }, { order_date: [t('en', 'val.date')] }],
    ['datetime format', { posted_at: '2024-03-13' }, { posted_at: [t('en', 'val.datetime')] }],
    ['time format', { cut_off: '25:00:00' }, { cut_off: [t('en', 'val.time')] }],
    ['select option', { priority: '2' }, {}],
    ['select option as a number', { priority: 1 }, {}],
    ['select unknown option', { priority: '3' }, { priority: [en('entity.notAnOption')] }],
    ['multiselect options', { tags: ['A', 'B'] }, {}],
    ['multiselect unknown option', { tags: ['A', 'C'] }, { tags: [en('entity.notAnOption')] }],
    ['multiselect not a list', { tags: 'A' }, { tags: [en('entity.notAnOption')] }],
    ['dictionary select unchecked without a hook', { season: 'XX' }, {}],
    ['image and file are text', { logo: '/files/a.png', contract: 42 }, { contract: [en('entity.text')] }],
    ['json takes anything', { extra: { a: [1] } }, {}],
    ['FORM-07 hidden required field skipped', { has_b: 'N', b_note: '' }, {}],
    ['visible required field', { has_b: 'Y', b_note: '' }, { b_note: [t('en', 'val.required')] }],
    ['FORM-07 disabled mobile holding abc: no error', { status: 'submitted', mobile: 'abc' }, {}],
    ['enabled mobile holding abc', { status: 'draft', mobile: 'abc' }, { mobile: [t('en', 'val.mobile')] }],
    ['FORM-11 session-gated field hidden for BASIC', { pro_note: '' }, {}],
    ['role-gated field not checked without the role', { approval_note: 123 }, {}],
    ['isNotPost field not checked', { confirm_code: 123 }, {}],
    ['readOnly field not checked', { status: 'bogus' }, {}],
  ])('%s', (_name, patch, expected) => {
    expect(validateDocument(def, { ...base, ...patch }, basic)).toEqual(expected);
  });

  it('session and roles turn fields on', () => {
    const proQa: ValidateContext = { ...basic, session: { dashroles: ['QA'], license_type: 'PRO' } };
    expect(validateDocument(def, { ...base, pro_note: '', approval_note: 123 }, proQa)).toEqual({
      pro_note: [t('en', 'val.required')],
      approval_note: [en('entity.text')],
    });
  });

  it('the optionsOf hook checks dictionary values', () => {
    const ctx: ValidateContext = { ...basic, optionsOf: (f) => (f.name === 'season' ? ['SS', 'AW'] : undefined) };
    expect(validateDocument(def, { ...base, season: 'SS' }, ctx)).toEqual({});
    expect(validateDocument(def, { ...base, season: 'XX' }, ctx)).toEqual({ season: [en('entity.notAnOption')] });
  });

  it("messages follow ctx.lang ('en' English, anything else Chinese)", () => {
    const doc = { ...base, has_b: 'Y', b_note: '', qty: 'x' };
    expect(validateDocument(def, doc, { ...basic, lang: 'zh' })).toEqual({ b_note: ['此项为必填项'], qty: ['请输入整数'] });
    expect(validateDocument(def, doc, { ...basic, lang: 'fr' })).toEqual({ b_note: ['此项为必填项'], qty: ['请输入整数'] });
  });

  it('a custom required message of the field is used', () => {
    const d = defineEntity({
      ...testOrderDef(),
      fields: testOrderDef().fields.map((f) =>
        f.name === 'title' ? { ...f, validators: [{ type: 'required', message: { en: 'Title please' } }] } : f,
      ),
    });
    expect(validateDocument(d, base, basic)).toEqual({ title: ['Title please'] });
  });
});

describe('validateDocument: child rows', () => {
  it('errors are a list indexed by row, null for clean rows; one primary row at most', () => {
    const lines = [
      { item: 'A', is_primary: true, line_qty: '1' },
      { item: '', line_qty: '0' },
      { item: 'C', is_primary: true },
      { item: 'D', is_primary: false },
      { item: 'E', is_primary: true },
    ];
    expect(validateDocument(def, { ...base, lines }, basic)).toEqual({
      lines: [
        null,
        { item: [t('en', 'val.required')], line_qty: [t('en', 'val.greaterThanZero')] },
        { is_primary: [en('entity.onePrimary')] },
        null,
        { is_primary: [en('entity.onePrimary')] },
      ],
    });
  });

  it('clean rows leave no key', () => {
    expect(validateDocument(def, { ...base, lines: [{ item: 'A', is_primary: true }] }, basic)).toEqual({});
  });

  it("a row's condition reads parent values", () => {
    const lines = [{ item: 'A' }];
    expect(validateDocument(def, { ...base, urgent: false, lines }, basic)).toEqual({});
    expect(validateDocument(def, { ...base, urgent: true, lines }, basic)).toEqual({
      lines: [{ remark: [t('en', 'val.required')] }],
    });
  });

  it('rows that are not a list, or a row that is not an object', () => {
    expect(validateDocument(def, { ...base, lines: 'x' }, basic)).toEqual({ lines: [en('entity.invalidRows')] });
    expect(validateDocument(def, { ...base, lines: [{ item: 'A' }, 'x'] }, basic)).toEqual({
      lines: [null, { [DOCUMENT_ERRORS]: [en('entity.invalidValue')] }],
    });
  });
});

describe('validateDocument: entity rules', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['vendor only', { vendor_id: 'v-1', customer_id: '' }, true],
    ['customer only', { vendor_id: '', customer_id: 'c-1' }, true],
    ['both', { vendor_id: 'v-1', customer_id: 'c-1' }, false],
    ['neither', { vendor_id: '', customer_id: null }, false],
  ])('exactlyOneOf vendor/customer: %s → valid %s', (_n, patch, valid) => {
    const errors = validateDocument(def, { ...base, ...patch }, basic);
    const msg = en('entity.exactlyOneOf', { a: 'vendor_id', b: 'customer_id' });
    expect(errors).toEqual(valid ? {} : { vendor_id: [msg], customer_id: [msg] });
  });

  it('rule errors on child rows and on the whole document merge into the same shape', () => {
    const withRules: EntityDef = defineEntity({
      ...testOrderDef(),
      rules: [
        (doc) => (doc.title === 'x' ? [{ message: { en: 'Whole document', zh: '整张单据' } }] : []),
        (doc) =>
          (doc.lines as Array<Record<string, unknown>>).flatMap((row, index) =>
            row.item === 'BAD' ? [{ field: 'item', child: { name: 'lines', index }, message: { en: 'Bad item', zh: '物料错误' } }] : [],
          ),
        () => [{ field: 'lines', message: { en: 'Need more lines', zh: '明细不足' } }],
      ],
    });
    const doc = { ...base, title: 'x', lines: [{ item: 'OK' }, { item: '' }, { item: 'BAD' }] };
    expect(validateDocument(withRules, doc, basic)).toEqual({
      [DOCUMENT_ERRORS]: ['Whole document', 'Need more lines'],
      lines: [null, { item: [t('en', 'val.required')] }, { item: ['Bad item'] }],
    });
    expect(validateDocument(withRules, doc, { ...basic, lang: 'zh' })[DOCUMENT_ERRORS]).toEqual(['整张单据', '明细不足']);
  });
});

describe('checkDocument (what the server runs)', () => {
  it('prepares, then validates exactly what will be stored', () => {
    const raw = { ...base, code: ' po-1 ', has_b: 'N', b_note: 'dropped', confirm_code: 'x', lines: [{ item: ' a ' }] };
    const { values, errors } = checkDocument(def, raw, basic);
    expect(errors).toEqual({});
    expect(values.code).toBe('PO-1');
    expect(values).not.toHaveProperty('b_note');
    expect(values).not.toHaveProperty('confirm_code');
    expect(values.lines).toEqual([{ item: 'A' }]);
  });

  it('conditions are decided on the posted values, as prepareForPost does', () => {
    // b_note is visible because has_b is 'Y' in the posted document; it is kept and checked.
    const { values, errors } = checkDocument(def, { ...base, has_b: 'Y', b_note: '' }, basic);
    expect(values.b_note).toBe('');
    expect(errors).toEqual({ b_note: [t('en', 'val.required')] });
  });

  it('the trimmed value is what the validators see', () => {
    expect(checkDocument(def, { ...base, email: '  ANN@EXAMPLE.COM ' }, basic)).toEqual({
      values: expect.objectContaining({ email: 'ann@example.com' }),
      errors: {},
    });
  });
});

describe('free tags (multiselect with freeEntry, issue 13)', () => {
  const tagged = defineEntity({ ...testOrderDef(), fields: testOrderDef().fields.map((f) => (f.name === 'tags' ? { ...f, freeEntry: true } : f)) });

  it('keeps typed values beside the options: trimmed, blanks dropped, each once', () => {
    const { values, errors } = checkDocument(tagged, { ...base, tags: ['A', ' rush ', '', 'rush', '加急'] }, basic);
    expect(errors).toEqual({});
    expect(values.tags).toEqual(['A', 'rush', '加急']);
  });

  it('without freeEntry a value outside the options is still refused, in both languages', () => {
    expect(checkDocument(def, { ...base, tags: ['A', 'rush'] }, basic).errors).toEqual({ tags: [en('entity.notAnOption')] });
    expect(checkDocument(def, { ...base, tags: ['rush'] }, { ...basic, lang: 'zh' }).errors).toEqual({ tags: [et('zh', 'entity.notAnOption')] });
  });

  it('is a multiselect option only', () => {
    expect(() => defineEntity({ ...testOrderDef(), fields: [...testOrderDef().fields, { name: 'x', type: 'string', label: { en: 'X', zh: 'X' }, freeEntry: true }] })).toThrow(/freeEntry is for a multiselect/);
  });
});

describe('FORM-01 every dynamic-form key is expressed by the definition', () => {
  // field → name; modelName → name (the key on the wire); value → the document's value;
  // type → type; validations → validators (+ required); error → FieldErrors; defaultValue;
  // displayfield → ref.displayField / displayValue; options; visible / disable conditions →
  // visibleWhen / disabledWhen; upperCase, lowerCase, trim; isNotPost.
  it('the test definition uses each of them, and each has an observable effect (see the other tests)', () => {
    const keys = new Set(def.fields.flatMap((f) => Object.keys(f)));
    for (const k of ['name', 'type', 'validators', 'required', 'defaultValue', 'ref', 'options', 'visibleWhen', 'disabledWhen', 'upperCase', 'lowerCase', 'trim', 'isNotPost']) {
      expect(keys).toContain(k);
    }
    const errors = validateDocument(def, { ...base, email: 'bad' }, basic);
    expect(errors.email).toEqual([t('en', 'val.email')]); // error: hasError + errorMsg per field
  });
});
