import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyLabel, currencySymbol } from './currency';

describe('currencySymbol', () => {
  it.each([
    ['RMB', '¥'], // CON-07
    ['CNY', '¥'], // CON-07
    ['USD', '$'], // CON-08
    ['HKD', 'HK$'], // CON-09
    ['IDR', 'Rp'],
    ['MYR', 'RM'],
    ['PHP', '₱'],
    ['SGD', 'S$'],
    ['THB', '฿'],
    ['VND', '₫'],
    ['TW', 'NT$'],
    ['usd', '$'],
  ])('%s → %s', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });

  it('RMB and CNY share one glyph', () => {
    expect(currencySymbol('RMB')).toBe(currencySymbol('CNY'));
  });

  it('unknown code → the code itself', () => {
    expect(currencySymbol('EUR')).toBe('EUR');
  });
});

describe('CURRENCIES and labels (CON-10)', () => {
  it('lists every code of the spec in order', () => {
    expect(CURRENCIES.map((c) => c.code)).toEqual([
      'RMB',
      'CNY',
      'USD',
      'HKD',
      'IDR',
      'MYR',
      'PHP',
      'SGD',
      'THB',
      'VND',
      'TW',
    ]);
  });

  it('every currency has an English and a Chinese label', () => {
    for (const c of CURRENCIES) {
      expect(c.label.en).toMatch(/[A-Za-z]/);
      expect(c.label.zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('labels follow the language rule', () => {
    expect(currencyLabel('USD', 'en')).toBe('US Dollar');
    expect(currencyLabel('USD', 'zh')).toBe('美元');
    expect(currencyLabel('TW', 'fr')).toBe('新台币');
    expect(currencyLabel('EUR', 'en')).toBe('EUR');
  });
});
