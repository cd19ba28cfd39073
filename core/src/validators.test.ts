import { describe, expect, it } from 'vitest';
import { t } from './i18n';
import { isEmptyValue, passes, validateValue, type ValidationRule, type ValidatorType } from './validators';

const ok = (rule: ValidationRule | ValidatorType, value: unknown) =>
  passes(typeof rule === 'string' ? { type: rule } : rule, value);

type Case = [unknown, boolean];
const table = (rule: ValidationRule | ValidatorType, cases: Case[]) =>
  it.each(cases)('%j → %s', (value, expected) => {
    expect(ok(rule, value)).toBe(expected);
  });

describe('VAL-01 empty values pass everything except required', () => {
  const others: ValidationRule[] = [
    { type: 'email' },
    { type: 'noChinese' },
    { type: 'maxDecimals4' },
    { type: 'english' },
    { type: 'capitalEnglish' },
    { type: 'datetime' },
    { type: 'date' },
    { type: 'time' },
    { type: 'positiveInteger' },
    { type: 'naturalNumber' },
    { type: 'positiveNumber' },
    { type: 'greaterThanZero' },
    { type: 'mobile' },
    { type: 'strongPassword' },
    { type: 'exactLength', length: 5 },
    { type: 'regex', pattern: '^[A-Z]{3}\\d{2}$' },
  ];
  it.each(others.flatMap((r) => ['', null, undefined, []].map((v) => [r.type, v, r] as const)))(
    '%s passes %j',
    (_type, value, rule) => {
      expect(passes(rule, value)).toBe(true);
    },
  );
  it('required fails them', () => {
    for (const v of ['', null, undefined, []]) expect(isEmptyValue(v)).toBe(true);
  });
});

describe('VAL-02 required', () =>
  table('required', [
    [null, false],
    [undefined, false],
    ['', false],
    [[], false],
    ['a', true],
    ['0', true],
    [0, true],
    [['x'], true],
    [false, true],
  ]));

describe('VAL-03 email', () =>
  table('email', [
    ['user@example.com', true],
    ['first.last-1@mail.example.cn', true],
    ['user@', false],
    ['@example.com', false],
    ['userexample.com', false],
    ['a b@x.com', false],
    ['', true],
  ]));

describe('VAL-04 no Chinese', () =>
  table('noChinese', [
    ['Style-2024 A/B', true],
    ['abc123', true],
    ['订单', false],
    ['ab中c', false],
    ['abc！', false],
    ['', true],
  ]));

describe('VAL-05 at most 4 decimals', () =>
  table('maxDecimals4', [
    ['1', true],
    ['1.2', true],
    ['1.2345', true],
    ['0.0001', true],
    ['1.23456', false],
    ['0.00001', false],
    ['', true],
    [1.2345, true],
    [0.00001, false],
    ['abc', false],
  ]));

describe('VAL-06 english', () =>
  table('english', [
    ['abc_DEF-12@x', true],
    ['a.b', false],
    ['a b', false],
    ['abc#', false],
    ['中文', false],
    ['', true],
  ]));

describe('VAL-07 capital english', () =>
  table('capitalEnglish', [
    ['ABC_1.2@X-Y', true],
    ['PO-001', true],
    ['Abc', false],
    ['ab', false],
    ['AB C', false],
    ['AB#1', false],
    ['', true],
  ]));

describe('VAL-08 datetime', () =>
  table('datetime', [
    ['2024-03-05 14:07:09', true],
    ['2024-03-05', false],
    ['2024-03-05 14:07', false],
    ['2024/03/05 14:07:09', false],
    ['2024-3-5 14:07:09', false],
    ['2024-03-05T14:07:09', false],
    // Calendar validity is enforced (our choice).
    ['2024-02-30 10:00:00', false],
    ['2024-02-29 10:00:00', true],
    ['2023-02-29 10:00:00', false],
    ['2024-03-05 24:00:00', false],
    ['2024-03-05 23:60:00', false],
  ]));

describe('VAL-09 date', () =>
  table('date', [
    ['2024-03-05', true],
    ['2024-3-5', false],
    ['05-03-2024', false],
    ['2024/03/05', false],
    ['20240305', false],
    ['2024-03-05 10:00:00', false],
    ['2024-02-30', false],
    ['2024-13-01', false],
  ]));

describe('VAL-10 time', () =>
  table('time', [
    ['08:30:00', true],
    ['23:59:59', true],
    ['8:30:00', false],
    ['08:30', false],
    ['08:30:00.5', false],
    ['24:00:00', false],
  ]));

describe('VAL-11 positive integer', () =>
  table('positiveInteger', [
    ['1', true],
    ['25', true],
    ['0', false],
    ['-1', false],
    ['1.5', false],
    ['abc', false],
    ['', true],
    [3, true],
    [0, false],
  ]));

describe('VAL-12 natural number', () =>
  table('naturalNumber', [
    ['0', true],
    ['7', true],
    ['-1', false],
    ['1.5', false],
    ['x', false],
    [0, true],
  ]));

describe('VAL-13 positive number (>= 0)', () =>
  table('positiveNumber', [
    ['0', true],
    ['0.5', true],
    ['12.75', true],
    ['-0.1', false],
    ['-5', false],
    ['abc', false],
    [0, true],
  ]));

describe('VAL-14 greater than 0', () =>
  table('greaterThanZero', [
    ['0.01', true],
    ['5', true],
    ['0', false],
    ['0.00', false],
    ['-3', false],
    ['abc', false],
  ]));

describe('VAL-15 mobile', () =>
  table('mobile', [
    ['13800138000', true],
    ['15912345678', true],
    ['19912345678', true],
    ['12800138000', false],
    ['11800138000', false],
    ['10800138000', false],
    ['23800138000', false],
    ['1380013800', false],
    ['138001380001', false],
    ['+8613800138000', false],
    ['1380013800a', false],
    ['', true],
  ]));

describe('VAL-16 strong password', () =>
  table('strongPassword', [
    ['Abc123', true],
    ['Passw0rd', true],
    ['Abcdefghijklmnopq123', true],
    ['Ab1cd', false],
    ['abc123', false],
    ['ABC123', false],
    ['Abcdef', false],
    ['Abcdefghijklmnopq1234', false],
    // Special characters are neither required nor forbidden.
    ['Abc12!', true],
  ]));

describe('VAL-17 exact length (5)', () =>
  table({ type: 'exactLength', length: 5 }, [
    ['abcde', true],
    ['abcd', false],
    ['abcdef', false],
    ['', true],
    // Counted in Unicode code points.
    ['订单号码一', true],
    ['ab😀cd', true],
    [12345, true],
  ]));

describe('VAL-18 custom regex', () => {
  describe('^[A-Z]{3}\\d{2}$', () =>
    table({ type: 'regex', pattern: '^[A-Z]{3}\\d{2}$' }, [
      ['ABC12', true],
      ['AB123', false],
      ['abc12', false],
      ['ABC123', false],
      ['', true],
    ]));
  it('accepts /source/flags and ignores g so repeated calls agree', () => {
    const rule: ValidationRule = { type: 'regex', pattern: '/^abc$/gi' };
    expect([ok(rule, 'ABC'), ok(rule, 'ABC'), ok(rule, 'abd')]).toEqual([true, true, false]);
  });
  it('a broken pattern fails', () => {
    expect(ok({ type: 'regex', pattern: '([' }, 'x')).toBe(false);
  });
  it('bank branch code of a domestic bank: 11 digits (MD-20)', () => {
    const rule: ValidationRule = { type: 'regex', pattern: '^\\d{11}$' };
    expect(ok(rule, '10210000001')).toBe(true);
    expect(ok(rule, '1021000000A')).toBe(false);
    expect(ok(rule, '102-1000000')).toBe(false);
    expect(ok(rule, '1021000000')).toBe(false);
  });
});

describe('arrays pass when every element passes', () => {
  it('multi-select of emails', () => {
    expect(ok('email', ['a@x.com', 'b@y.cn'])).toBe(true);
    expect(ok('email', ['a@x.com', 'bad'])).toBe(false);
  });
});

describe('validateValue', () => {
  it('VAL-19 all rules apply together, the first failure wins', () => {
    const rules: ValidationRule[] = [{ type: 'required' }, { type: 'mobile' }];
    expect(validateValue('', rules, 'en')).toEqual({ hasError: true, errorMsg: 'This field is required' });
    expect(validateValue('123', rules, 'en')).toEqual({
      hasError: true,
      errorMsg: 'Please enter a valid 11-digit mobile number',
    });
    expect(validateValue('13800138000', rules, 'en')).toEqual({ hasError: false, errorMsg: '' });
  });

  it("VAL-21 validate('x@') → hasError with a message; a fix clears it", () => {
    expect(validateValue('x@', [{ type: 'email' }], 'en')).toEqual({
      hasError: true,
      errorMsg: 'Please enter a valid email address',
    });
    expect(validateValue('x@', [{ type: 'email' }], 'zh')).toEqual({ hasError: true, errorMsg: '请输入有效的邮箱地址' });
    expect(validateValue('x@y.com', [{ type: 'email' }], 'en')).toEqual({ hasError: false, errorMsg: '' });
  });

  it('uses the rule message in the UI language, falling back to Chinese', () => {
    const rule: ValidationRule = { type: 'required', message: { en: 'Name please', zh: '请填写名称' } };
    expect(validateValue(null, [rule], 'en').errorMsg).toBe('Name please');
    expect(validateValue(null, [rule], 'zh').errorMsg).toBe('请填写名称');
    expect(validateValue(null, [{ type: 'required', message: { zh: '必填' } }], 'en').errorMsg).toBe('必填');
  });

  it('exact length names the length; default language is Chinese', () => {
    expect(validateValue('abc', [{ type: 'exactLength', length: 5 }], 'en').errorMsg).toBe(
      'The length must be exactly 5 characters',
    );
    expect(validateValue('abc', [{ type: 'exactLength', length: 5 }]).errorMsg).toBe('长度必须为 5 个字符');
  });

  it('no rules → no error', () => {
    expect(validateValue('anything', undefined)).toEqual({ hasError: false, errorMsg: '' });
  });

  it('ORD-05 finished quantity: required + >= 0', () => {
    const rules: ValidationRule[] = [{ type: 'required' }, { type: 'positiveNumber' }];
    expect(['', '-1', '0', '12'].map((v) => validateValue(v, rules).hasError)).toEqual([true, true, false, false]);
  });
});

describe('VAL-20 form message', () => {
  it('is quoted with the full-width ！', () => {
    expect(t('en', 'form.correctInput')).toBe('Please correct the input error, before submit form！');
  });
});
