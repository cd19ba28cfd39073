import { describe, expect, it } from 'vitest';
import { admitted, checkOptionScore, gradeOf, isLevel, kpiTotal, tierProblems, weightedResult } from './evaluation';

describe('evaluation option score (spec §5, SRC-24)', () => {
  it('min -5, max 10: 10, 3, -5 pass; 11, -6, 0 fail', () => {
    expect(checkOptionScore('10', '-5', '10')).toBeNull();
    expect(checkOptionScore('3', '-5', '10')).toBeNull();
    expect(checkOptionScore('-5', '-5', '10')).toBeNull();
    expect(checkOptionScore('11', '-5', '10')).toEqual({ key: 'biz.scoreAboveMax', params: { max: '10' } });
    expect(checkOptionScore('-6', '-5', '10')).toEqual({ key: 'biz.scoreBelowMin', params: { min: '-5' } });
    expect(checkOptionScore('0', '-5', '10')).toEqual({ key: 'biz.scoreZero' });
    expect(checkOptionScore('0.0000', null, null)).toEqual({ key: 'biz.scoreZero' });
  });
});

describe('levels 1 to 5 (spec §9, CON-23)', () => {
  it('accepts 1..5 only', () => {
    expect([1, 2, 3, 4, 5, '5'].every(isLevel)).toBe(true);
    expect([0, 6, 1.5, '', null, 'x'].some(isLevel)).toBe(false);
  });
  it('tier prices: at most five, each level once', () => {
    const tier = (level: number) => ({ level, min_qty: '100', unit_price: '1.0000' });
    expect(tierProblems([1, 2, 3, 4, 5].map(tier))).toEqual([]);
    expect(tierProblems([1, 2, 3, 4, 5, 6].map(tier))).toEqual(['srm.tooManyTiers', 'srm.tierLevelRange']);
    expect(tierProblems([tier(6)])).toEqual(['srm.tierLevelRange']);
    expect(tierProblems([tier(2), tier(2)])).toEqual(['srm.tierLevelDuplicate']);
  });
});

describe('weighted result and grades', () => {
  const items = [
    { code: 'QUALITY', weight: '60', additional: false },
    { code: 'DELIVERY', weight: '40', additional: false },
    { code: 'CERT', weight: '0', additional: true },
  ];
  it('means per item, weighted, additional items added as they are', () => {
    const scores = [
      { item: 'QUALITY', reviewer: 'r1', score: '80' },
      { item: 'QUALITY', reviewer: 'r2', score: '90' },
      { item: 'DELIVERY', reviewer: 'r1', score: '70' },
      { item: 'CERT', reviewer: 'r1', score: '5' },
    ];
    // 85 × 0.6 + 70 × 0.4 + 5 = 51 + 28 + 5
    expect(weightedResult(items, scores)).toBe('84.0000');
    expect(admitted('84.0000', '80')).toBe(true);
    expect(admitted('79.9999', '80')).toBe(false);
  });
  it('KPI total and grade', () => {
    expect(kpiTotal([{ weight: '50', score: '90' }, { weight: '50', score: '80' }])).toBe('85.0000');
    expect(gradeOf('90')).toBe('A');
    expect(gradeOf('85.0000')).toBe('B');
    expect(gradeOf('60')).toBe('C');
    expect(gradeOf('59.9999')).toBe('D');
  });
});
