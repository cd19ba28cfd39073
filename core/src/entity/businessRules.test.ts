import { describe, expect, it } from 'vitest';
import { divDec, round4 } from '../decimal';
import { t } from '../i18n';
import { passes, validateValue } from '../validators';
import { DOMESTIC_BANK_BRANCH_CODE, domesticBankBranchCode, domesticBankBranchCodeRule, exactlyOneOf } from './businessRules';
import { labelOf } from './messages';

describe('MD-12 a material has exactly one of vendor or customer', () => {
  const rule = exactlyOneOf('vendor', 'customer', labelOf('biz.materialVendorOrCustomer'));
  it.each<[string, string, boolean]>([
    ['V01', '', true],
    ['', 'C01', true],
    ['V01', 'C01', false],
    ['', '', false],
  ])('(vendor %j, customer %j) → pass %s', (vendor, customer, pass) => {
    expect(rule({ vendor, customer }).length === 0).toBe(pass);
  });
  it("fails with the spec's message on both fields, in both languages", () => {
    const errors = rule({ vendor: 'V01', customer: 'C01' });
    expect(errors.map((e) => e.field)).toEqual(['vendor', 'customer']);
    expect(errors[0].message).toEqual({ en: t('en', 'biz.materialVendorOrCustomer'), zh: t('zh', 'biz.materialVendorOrCustomer') });
  });
  it('a missing field counts as empty; a default message names the fields', () => {
    expect(exactlyOneOf('a', 'b')({})[0].message.en).toBe('Exactly one of a and b must be filled');
    expect(exactlyOneOf('a', 'b')({ a: 0 })).toEqual([]);
  });
});

describe('MD-20 domestic bank branch code: an 11-digit number', () => {
  it.each<[unknown, boolean]>([
    ['10210000001', true],
    ['1021000000A', false],
    ['102-1000000', false],
    ['1021000000', false],
    ['102100000011', false],
    [' 10210000001', false],
    ['', true],
    [null, true],
  ])('%j → pass %s', (value, pass) => {
    expect(domesticBankBranchCode(value)).toBe(pass);
    expect(passes(DOMESTIC_BANK_BRANCH_CODE, value)).toBe(pass);
  });
  it('the message states an 11-digit number', () => {
    expect(validateValue('1021000000A', [DOMESTIC_BANK_BRANCH_CODE], 'en').errorMsg).toBe(t('en', 'biz.bankBranchCode'));
    expect(t('en', 'biz.bankBranchCode')).toMatch(/11-digit number/);
    expect(validateValue('1021000000A', [DOMESTIC_BANK_BRANCH_CODE], 'zh').errorMsg).toBe(t('zh', 'biz.bankBranchCode'));
  });
  it('as an entity rule: only domestic banks are checked, on the document or per child row', () => {
    const isDomestic = (row: Record<string, unknown>) => row.bank_type === 'domestic';
    const onDoc = domesticBankBranchCodeRule({ field: 'branch_code', isDomestic });
    expect(onDoc({ bank_type: 'domestic', branch_code: '1021000000A' })).toEqual([
      { field: 'branch_code', message: labelOf('biz.bankBranchCode') },
    ]);
    expect(onDoc({ bank_type: 'foreign', branch_code: 'DEUTDEFF' })).toEqual([]);
    const onRows = domesticBankBranchCodeRule({ field: 'branch_code', child: 'banks', isDomestic });
    const banks = [
      { bank_type: 'domestic', branch_code: '10210000001' },
      { bank_type: 'foreign', branch_code: 'DEUTDEFF' },
      { bank_type: 'domestic', branch_code: '102-1000000' },
    ];
    expect(onRows({ banks })).toEqual([
      { field: 'branch_code', child: { name: 'banks', index: 2 }, message: labelOf('biz.bankBranchCode') },
    ]);
  });
});

describe('FORM-17 calculated fields use 4 decimals (core divDec / round4, half-up)', () => {
  it.each<[string, string, string]>([
    ['10', '3', '3.3333'],
    ['2', '3', '0.6667'],
    ['1', '8', '0.1250'],
  ])('%s / %s → %s', (a, b, expected) => {
    expect(divDec(a, b)).toBe(expected);
  });
  it('rounding a computed value', () => {
    expect(round4('0.66665')).toBe('0.6667');
  });
});
