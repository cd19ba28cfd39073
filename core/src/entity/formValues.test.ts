import { describe, expect, it } from 'vitest';
import { defineEntity } from './defineEntity';
import { defaultOf, defaultValues, displayValue, pickResult, prepareForPost } from './formValues';
import { testOrderDef } from './testEntity.fixture';
import type { FieldDef, FieldType, FormContext } from './types';

const d = (y: number, m: number, day: number, h = 0, mi = 0, s = 0) => new Date(y, m - 1, day, h, mi, s);
const wed = d(2024, 3, 13, 14, 5, 9);
const L = (en: string) => ({ en, zh: en });
const f = (type: FieldType, defaultValue?: unknown, extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'f',
  type,
  label: L('F'),
  defaultValue,
  ...extra,
});

describe('defaults of a new form', () => {
  it("FORM-02 a literal default prefills the field ('CNY')", () => {
    expect(defaultValues([f('string', 'CNY', { name: 'currency' })], wed)).toEqual({ currency: 'CNY' });
  });

  it.each<[FieldType, string, unknown]>([
    ['datetime', '@now', '2024-03-13 14:05:09'],
    ['date', '@now', '2024-03-13'],
    ['time', '@now', '14:05:09'],
    ['string', '@month', '2024-03'],
  ])('FORM-03 %s field with %s (today 2024-03-13 14:05:09) → %j', (type, macro, expected) => {
    expect(defaultOf(f(type, macro), wed)).toEqual(expected);
  });

  it.each([
    [d(2024, 3, 13), '2024-03-01', '2024-03-31'],
    [d(2024, 2, 10), '2024-02-01', '2024-02-29'],
    [d(2023, 2, 10), '2023-02-01', '2023-02-28'],
  ])('FORM-04 first and last day of the month of %s → %s, %s', (now, first, last) => {
    expect(defaultOf(f('date', '@firstDayOfMonth'), now)).toBe(first);
    expect(defaultOf(f('date', '@lastDayOfMonth'), now)).toBe(last);
  });

  it('FORM-05 Monday-start week and last week (2024-03-13)', () => {
    expect(defaultOf(f('date', '@firstDayOfWeek'), wed)).toBe('2024-03-11');
    expect(defaultOf(f('date', '@lastDayOfWeek'), wed)).toBe('2024-03-17');
    expect(defaultOf(f('json', '@lastWeek'), wed)).toEqual(['2024-03-04', '2024-03-10']);
    expect(defaultOf(f('text', '@lastWeek'), wed)).toBe('2024-03-04 ~ 2024-03-10');
  });

  it('day macros on a datetime field take the start or the end of the day', () => {
    expect(defaultOf(f('datetime', '@firstDayOfMonth'), wed)).toBe('2024-03-01 00:00:00');
    expect(defaultOf(f('datetime', '@lastDayOfMonth'), wed)).toBe('2024-03-31 23:59:59');
  });

  it('other literals, copies of lists and objects, nothing for fields without a default', () => {
    const list = ['A'];
    const got = defaultValues([f('multiselect', list, { name: 'tags' }), f('boolean', false, { name: 'ok' }), f('string')], wed);
    expect(got).toEqual({ tags: ['A'], ok: false });
    expect(got.tags).not.toBe(list);
    expect(defaultOf(f('string', '@someone'), wed)).toBe('@someone');
  });

  it('a whole definition: field defaults and empty child tables', () => {
    const def = defineEntity(testOrderDef());
    expect(defaultValues(def, wed)).toEqual({
      order_date: '2024-03-13',
      posted_at: '2024-03-13 14:05:09',
      status: 'draft',
      currency: 'CNY',
      has_b: 'N',
      lines: [],
    });
  });
});

describe('prepareForPost', () => {
  const session = { dashroles: ['BUYER'], license_type: 'BASIC' };
  const ctx: FormContext = { values: {}, session, routeAction: 'edit' };

  it.each<[string, Partial<FieldDef>, unknown, unknown]>([
    ['FORM-06 upperCase', { upperCase: true }, 'ab-1', 'AB-1'],
    ['FORM-06 lowerCase', { lowerCase: true }, 'AbC', 'abc'],
    ['FORM-06 trim', { trim: true }, '  PO 01  ', 'PO 01'],
    ['trim then upper case', { trim: true, upperCase: true }, ' po 01 ', 'PO 01'],
    ['list elements', { upperCase: true }, ['a', 'b'], ['A', 'B']],
    ['non-text untouched', { upperCase: true, trim: true }, 12, 12],
    ['no option, no change', {}, '  x ', '  x '],
  ])('%s: %j → %j', (_n, extra, value, expected) => {
    expect(prepareForPost([f('string', undefined, extra)], { f: value }, ctx)).toEqual({ f: expected });
  });

  it('FORM-07 hidden and disabled fields are not posted', () => {
    const fields: FieldDef[] = [
      f('string', undefined, { name: 'a' }),
      f('string', undefined, { name: 'b', required: true, visibleWhen: "a == 'Y'" }),
      f('string', undefined, { name: 'mobile', disabledWhen: "status != 'draft'", validators: [{ type: 'mobile' }] }),
      f('string', undefined, { name: 'status' }),
    ];
    const body = prepareForPost(fields, { a: 'N', b: '', mobile: 'abc', status: 'submitted' }, ctx);
    expect(body).toEqual({ a: 'N', status: 'submitted' });
    expect(prepareForPost(fields, { a: 'Y', b: 'x', mobile: '13812345678', status: 'draft' }, ctx)).toEqual({
      a: 'Y',
      b: 'x',
      mobile: '13812345678',
      status: 'draft',
    });
  });

  it('FORM-08 an isNotPost field is missing from the body, the others are present', () => {
    const fields = [f('string', undefined, { name: 'confirm', isNotPost: true }), f('string', undefined, { name: 'code' })];
    expect(prepareForPost(fields, { confirm: 'x', code: 'C1' }, ctx)).toEqual({ code: 'C1' });
  });

  it('FORM-16 a select posts its stored value, not the label', () => {
    const sel = f('select', undefined, { name: 'state', options: [{ value: '1', label: L('Open') }] });
    expect(prepareForPost([sel], { state: '1' }, ctx)).toEqual({ state: '1' });
  });

  it('the test definition: roles, read-only, session conditions, child rows with parent conditions', () => {
    const def = defineEntity(testOrderDef());
    const values = {
      id: 'u-1',
      version: 3,
      code: ' po-1 ',
      email: ' Ann@Example.COM ',
      status: 'draft',
      has_b: 'N',
      b_note: 'hidden',
      mobile: '13812345678',
      pro_note: 'only for PRO',
      approval_note: 'QA or ADMIN only',
      confirm_code: 'x',
      urgent: false,
      lines: [
        { id: 'l-1', item: ' ab ', remark: 'not shown unless urgent', is_primary: true },
        { item: 'cd', remark: 'r' },
      ],
    };
    const body = prepareForPost(def, values, ctx);
    expect(body).toEqual({
      id: 'u-1',
      version: 3,
      code: 'PO-1',
      email: 'ann@example.com',
      has_b: 'N',
      mobile: '13812345678',
      urgent: false,
      lines: [{ id: 'l-1', item: 'AB', is_primary: true }, { item: 'CD' }],
    });
    expect(values.code).toBe(' po-1 '); // input untouched

    const qaPro = { session: { dashroles: ['QA'], license_type: 'PRO' }, routeAction: 'edit' };
    const body2 = prepareForPost(def, { ...values, status: 'submitted', urgent: true }, qaPro);
    expect(body2.pro_note).toBe('only for PRO');
    expect(body2.approval_note).toBe('QA or ADMIN only');
    expect(body2).not.toHaveProperty('mobile'); // disabled once submitted
    expect(body2).not.toHaveProperty('status'); // readOnly
    expect((body2.lines as Array<Record<string, unknown>>)[1]).toEqual({ item: 'CD', remark: 'r' });
  });
});

describe('displayValue (FORM-16)', () => {
  const sel = f('select', undefined, { name: 'state', options: [{ value: '1', label: { en: 'Open', zh: '打开' } }] });
  it.each<[FieldDef, unknown, string, string]>([
    [sel, '1', 'en', 'Open'],
    [sel, '1', 'zh', '打开'],
    [sel, '1', 'fr', '打开'],
    [sel, 1, 'en', 'Open'],
    [sel, '9', 'en', '9'],
    [sel, null, 'en', ''],
    [f('multiselect', undefined, { options: [{ value: 'A', label: L('Alpha') }, { value: 'B', label: L('Beta') }] }), ['A', 'B'], 'en', 'Alpha, Beta'],
    [f('boolean'), true, 'en', 'Yes'],
    [f('boolean'), false, 'zh', '否'],
    [f('decimal'), '3.3333', 'en', '3.3333'],
    [f('json'), { a: 1 }, 'en', '{"a":1}'],
  ])('%#: %j in %s → %j', (field, value, lang, expected) => {
    expect(displayValue(field, value, undefined, lang)).toBe(expected);
  });

  it('dictionary options and references through a lookup', () => {
    const dict = f('select', undefined, { options: { dictionary: 'SEASON' } });
    expect(displayValue(dict, 'SS', [{ value: 'SS', label: { en: 'Spring/Summer', zh: '春夏' } }], 'en')).toBe('Spring/Summer');
    const ref = f('reference', undefined, { ref: { entity: 'vendor', displayField: 'code' } });
    expect(displayValue(ref, 'uuid-1', { 'uuid-1': 'V001' }, 'en')).toBe('V001');
    expect(displayValue(ref, 'uuid-2', { 'uuid-1': 'V001' }, 'en')).toBe('uuid-2');
  });
});

describe('pickResult (FORM-21)', () => {
  it('a picked vendor row gives the id to store and its displayfield to show', () => {
    const vendor = f('reference', undefined, { name: 'vendor_id', ref: { entity: 'vendor', displayField: 'code' } });
    expect(pickResult(vendor, { id: 'uuid-1', code: 'V001', short_name: 'Acme' })).toEqual({ value: 'uuid-1', label: 'V001' });
    expect(pickResult(vendor, { id: 'uuid-2' })).toEqual({ value: 'uuid-2', label: '' });
  });
});
