import { describe, expect, it } from 'vitest';
import { checkDocument, defineEntity } from './entity';
import {
  amountSymbol,
  formatAmount,
  formatFieldNumber,
  formatQuantity,
  groupDecimal,
  isCountedUnit,
  quantityNumber,
  totalsBy,
  unitProblem,
} from './units';

describe('formatQuantity', () => {
  it('shows a counted unit as a whole number with the unit beside it, in both languages', () => {
    expect(formatQuantity('60.0000', 'PCS', 'en')).toBe('60 pcs');
    expect(formatQuantity('60.0000', 'PCS', 'zh')).toBe('60 件');
    expect(formatQuantity('1200.0000', 'pcs', 'en')).toBe('1,200 pcs');
    expect(formatQuantity('0.0000', 'SET', 'zh')).toBe('0 套');
    expect(formatQuantity('12', 'CARTON', 'en')).toBe('12 ctn');
  });

  it('drops trailing zeros of a measured unit and keeps up to 4 places', () => {
    expect(formatQuantity('12.5000', 'M', 'en')).toBe('12.5 m');
    expect(formatQuantity('1234.5670', 'KG', 'zh')).toBe('1,234.567 千克');
    expect(formatQuantity('3.0000', 'YD', 'en')).toBe('3 yd');
    expect(formatQuantity('0.0001', 'KG', 'en')).toBe('0.0001 kg');
    expect(formatQuantity('37.5000', 'PCT', 'zh')).toBe('37.5%');
  });

  it('never goes through a float: long exact values keep every digit', () => {
    expect(quantityNumber('12345678901234.0000', 'PCS', 'en')).toBe('12,345,678,901,234');
    expect(quantityNumber('98765432109876.1234', 'M', 'en')).toBe('98,765,432,109,876.1234');
  });

  it('shows a stored fraction of a counted unit as it is instead of rounding it away', () => {
    expect(formatQuantity('2.5000', 'PCS', 'en')).toBe('2.5 pcs');
  });

  it('without a unit reads as a measured number; an unknown unit is shown as written', () => {
    expect(formatQuantity('7.2500', undefined, 'en')).toBe('7.25');
    expect(formatQuantity('7.0000', 'bolt', 'en')).toBe('7 bolt');
    expect(formatQuantity('abc', 'PCS', 'en')).toBe('abc');
  });

  it('groups negatives and zero without a minus on zero', () => {
    expect(formatQuantity('-1500.0000', 'PCS', 'en')).toBe('-1,500 pcs');
    expect(formatQuantity('-0.0000', 'M', 'en')).toBe('0 m');
  });
});

describe('formatAmount', () => {
  it('keeps 4 places and puts the symbol of the spec currencies before the number', () => {
    expect(formatAmount('1234.5', 'CNY', 'en')).toBe('¥1,234.5000');
    expect(formatAmount('1234.5', 'RMB', 'zh')).toBe('¥1,234.5000');
    expect(formatAmount('12', 'USD', 'en')).toBe('$12.0000');
    expect(formatAmount('1000000', 'HKD', 'zh')).toBe('HK$1,000,000.0000');
  });

  it('shows the other currencies by their code', () => {
    for (const c of ['IDR', 'MYR', 'PHP', 'SGD', 'THB', 'VND', 'TW']) expect(amountSymbol(c)).toBe(c);
    expect(formatAmount('2500000', 'IDR', 'en')).toBe('IDR 2,500,000.0000');
    expect(formatAmount('5.12345', 'vnd', 'zh')).toBe('VND 5.1235');
  });

  it('rounds half up exactly and puts a minus before the symbol', () => {
    expect(formatAmount('0.00005', 'USD', 'en')).toBe('$0.0001');
    expect(formatAmount('-5', 'USD', 'en')).toBe('-$5.0000');
    expect(formatAmount('99999999999999.99995', 'CNY', 'en')).toBe('¥100,000,000,000,000.0000');
  });

  it('without a currency shows the number alone', () => {
    expect(formatAmount('3', undefined, 'en')).toBe('3.0000');
  });
});

describe('grouping per language', () => {
  it('uses the separators Intl gives English and Chinese', () => {
    expect(groupDecimal('1234567.891', 'en')).toBe(new Intl.NumberFormat('en', { maximumFractionDigits: 4 }).format(1234567.891));
    expect(groupDecimal('1234567.891', 'zh')).toBe(new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 4 }).format(1234567.891));
    expect(groupDecimal('999', 'en')).toBe('999');
  });
});

describe('counted units refuse fractions', () => {
  it('knows counted and measured units', () => {
    for (const c of ['PCS', 'piece', 'SET', 'PAIR', 'CARTON', 'ROLL', 'DOZEN']) expect(isCountedUnit(c)).toBe(true);
    for (const c of ['M', 'KG', 'YD', 'unknown', '', null]) expect(isCountedUnit(c)).toBe(false);
  });

  it('unitProblem: 2.5 pieces is refused, 2.5 metres and 3.0000 pieces are fine', () => {
    expect(unitProblem('2.5', 'PCS')).toBe('entity.wholeUnits');
    expect(unitProblem('2.5', 'M')).toBeNull();
    expect(unitProblem('3.0000', 'PCS')).toBeNull();
  });

  const def = defineEntity({
    name: 'unit-doc',
    area: 'test',
    prefix: 'testapi',
    table: 'test_unit_doc',
    label: { en: 'Unit doc', zh: '单位单据' },
    route: { cata: 'test', opt: 'unit-doc' },
    display: 'code',
    fields: [
      { name: 'code', type: 'string', label: { en: 'Code', zh: '编码' } },
      { name: 'qty', type: 'decimal', label: { en: 'Quantity', zh: '数量' }, unit: { fixed: 'PCS' } },
      { name: 'currency', type: 'string', label: { en: 'Currency', zh: '币种' } },
    ],
    children: [
      {
        name: 'lines',
        label: { en: 'Lines', zh: '明细' },
        fields: [
          { name: 'unit', type: 'string', label: { en: 'Unit', zh: '单位' } },
          { name: 'qty', type: 'decimal', label: { en: 'Quantity', zh: '数量' }, unit: { field: 'unit' } },
          { name: 'price', type: 'decimal', label: { en: 'Price', zh: '单价' }, currency: { field: 'parent.currency' } },
          { name: 'per_piece', type: 'decimal', label: { en: 'Per piece', zh: '单耗' }, unit: { field: 'unit', rate: true } },
        ],
      },
    ],
    list: { columns: ['code'] },
  });

  it('the document check gives the field error in both languages, on the document and on a row', () => {
    // A rate per piece (per_piece) may split a counted unit: no error on it.
    const doc = { code: 'A', qty: '2.5', currency: 'USD', lines: [{ unit: 'M', qty: '2.5' }, { unit: 'SET', qty: '1.25', per_piece: '0.05' }] };
    const en = checkDocument(def, doc, { session: { dashroles: [] }, lang: 'en' }).errors;
    expect(en.qty).toEqual(['Please enter a whole number of pcs']);
    expect(en.lines).toEqual([null, { qty: ['Please enter a whole number of sets'] }]);
    const zh = checkDocument(def, doc, { session: { dashroles: [] }, lang: 'zh' }).errors;
    expect(zh.qty).toEqual(['以“件”计的数量只能是整数']);
  });

  it('formatFieldNumber follows the definition: unit of the row, currency of the document', () => {
    const [, unitQty, price] = def.children![0].fields as never[];
    expect(formatFieldNumber(unitQty, '2.5000', { unit: 'M' }, {}, 'en')).toBe('2.5 m');
    expect(formatFieldNumber(price, '2.5', {}, { currency: 'HKD' }, 'en')).toBe('HK$2.5000');
    expect(formatFieldNumber(def.fields[1], '60.0000', {}, undefined, 'zh')).toBe('60 件');
    expect(formatFieldNumber(def.fields[0], 'A', {}, undefined, 'en')).toBeNull();
    // An integer count names its unit too; a volume reads in cubic metres.
    expect(formatFieldNumber({ type: 'integer', unit: { fixed: 'PCS' } }, 1200, {}, undefined, 'en')).toBe('1,200 pcs');
    expect(formatFieldNumber({ type: 'integer' }, 12, {}, undefined, 'en')).toBeNull();
    expect(formatFieldNumber({ type: 'decimal', unit: { fixed: 'M3' } }, '0.1250', {}, undefined, 'zh')).toBe('0.125 立方米');
    // A rate per garment reads in its counted unit with its fraction (0.05 cones a piece).
    expect(formatFieldNumber({ type: 'decimal', unit: { field: 'unit', rate: true } }, '0.0500', { unit: 'CONE' }, undefined, 'en')).toBe('0.05 cones');
  });
});

describe('totalsBy', () => {
  it('adds like with like: one total per unit, never across them', () => {
    const items = [
      { value: '10.0000', code: 'PCS' },
      { value: '2.5000', code: 'M' },
      { value: '5.0000', code: 'pcs' },
      { value: '0.25', code: 'M' },
    ];
    expect(totalsBy(items)).toEqual([
      { code: 'PCS', total: '15' },
      { code: 'M', total: '2.75' },
    ]);
  });
});
