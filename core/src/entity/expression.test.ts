import { describe, expect, it } from 'vitest';
import { conditionError, evalCondition, isDisabled, isPosted, isVisible, looseEqual, type ConditionContext } from './expression';
import type { FieldDef } from './types';

const field = (extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'b',
  type: 'string',
  label: { en: 'B', zh: 'B' },
  ...extra,
});
const ctx = (values: Record<string, unknown>, session: Record<string, unknown> = { dashroles: [] }): ConditionContext => ({
  values,
  session,
});

describe('FORM-09 visibility on form values', () => {
  const b = field({ visibleWhen: "a == 'Y'" });
  it.each([
    ['N', false],
    ['Y', true],
    [undefined, false],
  ])('A=%s → B visible %s', (a, expected) => {
    expect(isVisible(b, ctx({ a }))).toBe(expected);
  });
});

describe('FORM-10 disabled on form values', () => {
  const c = field({ name: 'c', disabledWhen: "status != 'draft'" });
  it.each([
    ['submitted', true],
    ['draft', false],
  ])('STATUS=%s → C disabled %s', (status, expected) => {
    expect(isDisabled(c, ctx({ status }))).toBe(expected);
  });
});

describe('FORM-11 conditions on session fields', () => {
  const f = field({ visibleWhen: "session.license_type == 'PRO'" });
  it.each([
    ['PRO', true],
    ['BASIC', false],
    [undefined, false],
  ])('license_type %s → shown %s', (license_type, expected) => {
    expect(isVisible(f, ctx({}, { dashroles: [], license_type }))).toBe(expected);
  });
  it("the spec's single '=' reads as equality", () => {
    expect(evalCondition("session.license_type = 'PRO'", ctx({}, { license_type: 'PRO' }))).toBe(true);
  });
  it('a session field can be disabled on too', () => {
    const g = field({ disabledWhen: "session.license_type != 'PRO'" });
    expect(isDisabled(g, ctx({}, { dashroles: [], license_type: 'BASIC' }))).toBe(true);
  });
});

describe('evalCondition grammar', () => {
  const values = {
    status: 'draft',
    qty: 10,
    price: '12.50',
    flag: true,
    none: null,
    empty: '',
    tags: ['A', 'B'],
    no_tags: [],
    name: 'Acme',
    day: '2024-03-13',
  };
  const session = { dashroles: ['BUYER'], license_type: 'PRO', lang: 'en' };
  it.each<[string, boolean]>([
    ["status == 'draft'", true],
    ['status == "draft"', true],
    ["status != 'draft'", false],
    ["status === 'draft'", true],
    ["status !== 'draft'", false],
    ["status in ['draft','open']", true],
    ["status in ['closed']", false],
    ["'A' in tags", true],
    ["'C' in tags", false],
    ["tags in ['B','Z']", true],
    ['status in status', false],
    ['qty > 5', true],
    ['qty >= 10', true],
    ['qty < 10', false],
    ['qty <= 10', true],
    ["price > '12.4'", true],
    ['price > 12.5', false],
    ['price == 12.5', true],
    ["qty == '10'", true],
    ["qty === '10'", false],
    ["day < '2024-03-14'", true],
    ["day >= '2024-03-14'", false],
    ['qty > -1', true],
    ['flag', true],
    ['!flag', false],
    ['flag == true', true],
    ["flag == 'true'", true],
    ['none == null', true],
    ["none == ''", true],
    ["empty == ''", true],
    ['missing == null', true],
    ['missing', false],
    ['!missing', true],
    ['missing > 1', false],
    ["missing == 'x'", false],
    ['tags', true],
    ['no_tags', false],
    ['tags.length == 2', true],
    ['name.length > 3', true],
    ['no_tags.length == 0', true],
    ['qty.length == null', true],
    ["session.license_type == 'PRO'", true],
    ["'BUYER' in session.dashroles", true],
    ['session.dashroles.length == 1', true],
    ['session.unknown == null', true],
    ["(status == 'draft' || status == 'open') && qty > 5", true],
    ["status == 'open' || qty > 50", false],
    ["!(status == 'draft')", false],
    ["status == 'draft' && !flag", false],
    ['true', true],
    ['false', false],
    ['null', false],
    ['0', false],
    ['1', true],
  ])('%s → %s', (expr, expected) => {
    expect(evalCondition(expr, { values, session })).toBe(expected);
  });

  it.each([
    "status == 'draft",
    'status ==',
    '(status',
    'status(1)',
    'qty + 1 > 2',
    'qty * 2',
    'tags[0] == "A"',
    "status ? 'a' : 'b'",
    'a b',
    'this',
    '[1,,2]',
    'status = = 1',
    '@@',
  ])('malformed or unsupported %j → false, no throw', (expr) => {
    expect(evalCondition(expr, { values, session })).toBe(false);
    expect(conditionError(expr)).toEqual(expect.any(String));
  });

  it('absent or blank expressions give the caller default', () => {
    expect(evalCondition(undefined, { values })).toBe(false);
    expect(evalCondition('  ', { values }, true)).toBe(true);
    expect(conditionError(undefined)).toBeNull();
    expect(conditionError("status in ['a']")).toBeNull();
  });

  it('never reads inherited properties', () => {
    expect(evalCondition('constructor', { values: {} })).toBe(false);
    expect(evalCondition('name.constructor', { values: { name: 'x' } })).toBe(false);
    expect(evalCondition('session.toString', { values: {}, session: {} })).toBe(false);
  });

  it('a child row reads parent values as parent.x', () => {
    const row = { values: { qty: 1 }, parent: { status: 'draft' } };
    expect(evalCondition("parent.status == 'draft' && qty == 1", row)).toBe(true);
    expect(evalCondition("parent.status == 'draft'", { values: { qty: 1 } })).toBe(false);
  });

  it('a missing session is an empty one', () => {
    expect(evalCondition('session.license_type == null', { values: {} })).toBe(true);
  });
});

describe('looseEqual', () => {
  it.each<[unknown, unknown, boolean]>([
    [null, undefined, true],
    ['', null, true],
    [0, '', false],
    [0, null, false],
    [10, '10.0', true],
    ['10', '10.0', false],
    [true, 'true', true],
    [false, 'true', false],
    ['a', 'a', true],
    [[], [], false],
  ])('%j == %j → %s', (a, b, expected) => {
    expect(looseEqual(a, b)).toBe(expected);
  });
});

describe('role-gated fields and isPosted', () => {
  const session = { dashroles: ['BUYER', 'QA'] };
  it('a role requirement the user misses disables the field', () => {
    expect(isDisabled(field({ roles: { any: ['FIN'] } }), { values: {}, session })).toBe(true);
    expect(isDisabled(field({ roles: { any: ['QA'] } }), { values: {}, session })).toBe(false);
  });
  it("FORM-15 a field for route action 'edit' is disabled on 'view'", () => {
    const f = field({ roles: { routeAction: 'edit' } });
    expect(isDisabled(f, { values: {}, session, routeAction: 'edit' })).toBe(false);
    expect(isDisabled(f, { values: {}, session, routeAction: 'view' })).toBe(true);
  });
  it.each<[string, Partial<FieldDef>, boolean]>([
    ['plain', {}, true],
    ['isNotPost', { isNotPost: true }, false],
    ['readOnly', { readOnly: true }, false],
    ['hidden', { visibleWhen: 'false' }, false],
    ['disabled', { disabledWhen: 'true' }, false],
    ['role missing', { roles: { all: ['ADMIN'] } }, false],
  ])('%s → posted %s', (_n, extra, expected) => {
    expect(isPosted(field(extra), { values: {}, session })).toBe(expected);
  });
});
