// The pure rules of style development: BOM cost roll-up (exact, 4 places, tier levels), grading,
// composition slots and the T&A re-projection on a chain and on a diamond.
import { describe, expect, it } from 'vitest';
import { checkDocument } from '@seamline/core';
import { lineAmount, quotePrice, rollUp, tierAt, tierBreaks, tierProblems } from './costing';
import { compositionProblems, compositionText, slotsOf } from './composition';
import { gradePoint, incrementsValid, parseIncrements, roundToStep, withinTolerance } from './grading';
import { addDays, newlyAtRisk, planDates, reproject, topoOrder } from './tna';
import { styleEntity } from './style';
import { bomEntity } from './bom';
import { followNodeConfigEntity } from './tnaEntities';

describe('BOM cost roll-up', () => {
  it('rounds each line to 4 places and sums exactly (no float drift)', () => {
    // 1.2345 × 1.03 × 12.3457 = 15.697995… → 15.6980; 0.1 + 0.2 must be 0.3000, not 0.30000000000000004
    expect(lineAmount('1.2345', '3', '12.3457')).toBe('15.6980');
    const r = rollUp(
      [
        { consumption: '0.1', price: '1', currency: 'CNY' },
        { consumption: '0.2', price: '1', currency: 'CNY' },
      ],
      ['NAVY'],
    );
    expect(r[0].totals).toEqual({ CNY: '0.3000' });
  });

  it('applies colourway lines only to their colourway and keeps currencies apart', () => {
    const lines = [
      { material_id: 'm1', consumption: '1.5', wastage_pct: '5', price: '20', currency: 'CNY' }, // 31.5000 for all
      { material_id: 'm2', colour_id: 'NAVY', consumption: '2', price: '0.3333', currency: 'CNY' }, // 0.6666 navy
      { material_id: 'm3', colour_id: 'RED', consumption: '2', price: '0.5', currency: 'USD' }, // 1.0000 USD red
    ];
    const [navy, red] = rollUp(lines, ['NAVY', 'RED']);
    expect(navy.totals).toEqual({ CNY: '32.1666' });
    expect(navy.lines.map((l) => l.index)).toEqual([0, 1]);
    expect(red.totals).toEqual({ CNY: '31.5000', USD: '1.0000' });
  });

  it('takes the tier price of the highest level reached by the quantity', () => {
    const tiers = [
      { material_id: 'm1', level: 1, min_qty: '500', price: '18' },
      { material_id: 'm1', level: 2, min_qty: '1000', price: '16.5' },
      { material_id: 'm1', level: 3, min_qty: '5000', price: '15.25' },
    ];
    const line = [{ material_id: 'm1', consumption: '1', price: '20' }];
    expect(rollUp(line, ['A'], tiers, '499')[0].totals.CNY).toBe('20.0000');
    expect(rollUp(line, ['A'], tiers, '500')[0].lines[0]).toMatchObject({ tier_level: 1, unit_price: '18.0000' });
    expect(rollUp(line, ['A'], tiers, '4999.9999')[0].totals.CNY).toBe('16.5000');
    expect(rollUp(line, ['A'], tiers, '100000')[0].lines[0].tier_level).toBe(3);
    expect(tierAt(tiers, 'other', '100000')).toBeNull();
    expect(tierBreaks(tiers)).toEqual(['500.0000', '1000.0000', '5000.0000']);
  });

  it('allows tier levels 1 to 5 once each per material; a 6th is refused', () => {
    const five = [1, 2, 3, 4, 5].map((level) => ({ material_id: 'm', level, min_qty: String(level * 100), price: '1' }));
    expect(tierProblems(five)).toEqual([]);
    expect(tierProblems([...five, { material_id: 'm', level: 6, min_qty: '600', price: '1' }])).toEqual([{ index: 5, problem: 'level' }]);
    expect(tierProblems([...five, { material_id: 'm', level: 3, min_qty: '600', price: '1' }])).toEqual([{ index: 5, problem: 'duplicate' }]);
    expect(tierProblems([{ material_id: 'm', level: 0 }])).toEqual([{ index: 0, problem: 'level' }]);
    const errors = checkDocument(bomEntity, { code: 'B', style_id: '00000000-0000-4000-8000-000000000001', currency: 'CNY', tiers: [...five, { material_id: '00000000-0000-4000-8000-000000000002', level: '6', min_qty: '1', price: '1' }] }, { session: { dashroles: [] }, routeAction: 'edit' } as never).errors;
    expect(JSON.stringify(errors)).toContain('阶梯价格等级为 1 到 5');
  });

  it('prices a quote: cost + margin, 4 places half-up', () => {
    expect(quotePrice({ material_cost: '32.1666', labour_cost: '12.5', overhead_cost: '3.3334', margin_pct: '15' })).toEqual({ cost: '48.0000', price: '55.2000' });
    expect(quotePrice({ material_cost: '10', margin_pct: '33.33333' }).price).toBe('13.3333');
  });
});

describe('grading', () => {
  const sizes = ['XS', 'S', 'M', 'L', 'XL'];
  it('grades up and down from the base size by the increment per step', () => {
    expect(gradePoint(sizes, 'M', '50', '2')).toEqual({ XS: '46.0', S: '48.0', M: '50.0', L: '52.0', XL: '54.0' });
  });
  it('takes one increment per step when given a list', () => {
    expect(gradePoint(sizes, 'S', '70', ['1', '1.5', '2', '2.5'])).toEqual({ XS: '69.0', S: '70.0', M: '71.5', L: '73.5', XL: '76.0' });
  });
  it('rounds to the chart step half-up (1/8 inch, 0.5 cm)', () => {
    expect(roundToStep('20.0625', '0.125')).toBe('20.125');
    expect(roundToStep('20.06', '0.125')).toBe('20.000');
    expect(roundToStep('33.25', '0.5')).toBe('33.5');
    expect(gradePoint(['S', 'M', 'L'], 'M', '20', '0.3', '0.125')).toEqual({ S: '19.750', M: '20.000', L: '20.250' });
    // The base size prints as measured, not rounded to the step (issue 23): 40.3 on a 0.5 chart.
    expect(gradePoint(['S', 'M', 'L'], 'M', '40.3', '1', '0.5')).toEqual({ S: '39.5', M: '40.3', L: '41.5' });
    expect(gradePoint(['S', 'M', 'L'], 'M', '40.30', '1', '0.1')).toEqual({ S: '39.3', M: '40.3', L: '41.3' });
  });
  it('parses and checks grade rules', () => {
    expect(parseIncrements(' 2 ')).toBe('2');
    expect(parseIncrements('1, 2;3')).toEqual(['1', '2', '3']);
    expect(incrementsValid('1,2,3,4', 5)).toBe(true);
    expect(incrementsValid('1,2', 5)).toBe(false);
    expect(incrementsValid('x', 5)).toBe(false);
    expect(gradePoint(sizes, 'XXL', '50', '2')).toEqual({});
  });
  it('tells whether a measurement is within tolerance', () => {
    expect(withinTolerance('50', '1', '0.5', '51')).toBe(true);
    expect(withinTolerance('50', '1', '0.5', '51.0001')).toBe(false);
    expect(withinTolerance('50', '1', '0.5', '49.5')).toBe(true);
    expect(withinTolerance('50', '1', '0.5', '49.4')).toBe(false);
    expect(withinTolerance('50', '1', '0.5', '')).toBeNull();
  });
});

describe('composition', () => {
  it('must add up to exactly 100', () => {
    expect(compositionProblems([{ fibre: 'COTTON', percent: '95' }, { fibre: 'ELASTANE', percent: '5' }])).toEqual([]);
    expect(compositionProblems([{ fibre: 'COTTON', percent: '95' }, { fibre: 'ELASTANE', percent: '4.99' }])).toEqual([{ slot: 0, problem: 'total' }]);
    expect(compositionProblems([{ fibre: 'COTTON', percent: '33.33' }, { fibre: 'WOOL', percent: '33.33' }, { fibre: 'SILK', percent: '33.34' }])).toEqual([]);
    expect(compositionProblems([{ fibre: 'COTTON' }])).toEqual([{ slot: 1, problem: 'percentMissing' }]);
    expect(compositionProblems([{ percent: '100' }])).toEqual([{ slot: 1, problem: 'fibreMissing' }]);
  });
  it('has at most 5 slots; a 6th is refused and the style offers exactly five', () => {
    const six = Array.from({ length: 6 }, () => ({ fibre: 'COTTON', percent: '10' }));
    expect(compositionProblems(six)[0]).toEqual({ slot: 0, problem: 'tooMany' });
    const fibreFields = styleEntity.fields.filter((f) => /^fibre_\d$/.test(f.name)).map((f) => f.name);
    expect(fibreFields).toEqual(['fibre_1', 'fibre_2', 'fibre_3', 'fibre_4', 'fibre_5']);
    expect(slotsOf({ fibre_6: 'COTTON', percent_6: '100' }).length).toBe(5);
  });
  it('is checked on the style document', () => {
    const doc = { code: 'ST-1', name: 'Tee', size_range_id: '00000000-0000-4000-8000-000000000001', fibre_1: 'COTTON', percent_1: '90' };
    const r = checkDocument(styleEntity, doc, { session: { dashroles: [] }, routeAction: 'edit' } as never);
    expect(JSON.stringify(r.errors)).toContain('成分含量合计必须为 100%');
    expect(compositionText({ fibre_1: 'COTTON', percent_1: '95.0000', fibre_2: 'ELASTANE', percent_2: '5' })).toBe('95% COTTON, 5% ELASTANE');
    expect(compositionText({ fibre_1: 'COTTON', percent_1: '50', fibre_2: 'WOOL', percent_2: '50.5000' })).toBe('50% COTTON, 50.5% WOOL');
  });
});

describe('T&A re-projection', () => {
  const chain = [
    { node_code: 'FABRIC', planned_date: '2026-03-01' },
    { node_code: 'CUT', depends_on: 'FABRIC', planned_date: '2026-03-05' },
    { node_code: 'SEW', depends_on: 'CUT', planned_date: '2026-03-10' },
    { node_code: 'PACK', depends_on: 'SEW', planned_date: '2026-03-20' },
  ];
  it('plans dates from offsets', () => {
    expect(planDates([{ offset_days: -30 }, { offset_days: '5' }], '2026-04-01').map((n) => n.planned_date)).toEqual(['2026-03-02', '2026-04-06']);
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });
  it('leaves an on-time chain as planned', () => {
    const r = reproject(chain, '2026-02-01');
    expect(r.map((n) => n.projected_date)).toEqual(['2026-03-01', '2026-03-05', '2026-03-10', '2026-03-20']);
    expect(r.every((n) => n.state === 'planned')).toBe(true);
    expect(r.every((n) => n.critical)).toBe(true);
  });
  it('moves every dependent node of a chain by the delay of a late node', () => {
    const r = reproject([{ ...chain[0], actual_date: '2026-03-04' }, ...chain.slice(1)], '2026-03-04');
    expect(r.map((n) => [n.node_code, n.projected_date, n.state, n.delay_days])).toEqual([
      ['FABRIC', '2026-03-04', 'late', 3],
      ['CUT', '2026-03-08', 'at_risk', 3],
      ['SEW', '2026-03-13', 'at_risk', 3],
      ['PACK', '2026-03-23', 'at_risk', 3],
    ]);
  });
  it('pushes an unfinished node whose plan has passed to today (overdue), and its dependents with it', () => {
    const r = reproject(chain, '2026-03-03');
    expect(r[0]).toMatchObject({ projected_date: '2026-03-03', state: 'overdue', delay_days: 2 });
    expect(r[1]).toMatchObject({ projected_date: '2026-03-07', state: 'at_risk' });
  });
  it('takes the latest branch on a diamond and marks it critical', () => {
    const diamond = [
      { node_code: 'A', planned_date: '2026-05-01' },
      { node_code: 'B', depends_on: 'A', planned_date: '2026-05-05' },
      { node_code: 'C', depends_on: 'A', planned_date: '2026-05-03' },
      { node_code: 'D', depends_on: 'B, C', planned_date: '2026-05-10' },
    ];
    // A late by 2 days → B, C, D move by 2
    let r = reproject([{ ...diamond[0], actual_date: '2026-05-03' }, ...diamond.slice(1)], '2026-05-03');
    expect(r.map((n) => n.projected_date)).toEqual(['2026-05-03', '2026-05-07', '2026-05-05', '2026-05-12']);
    // C done 4 days late (05-07 vs 05-03): D follows C (gap C→D of 7 days → 05-14), B unchanged
    r = reproject([{ ...diamond[0], actual_date: '2026-05-03' }, diamond[1], { ...diamond[2], actual_date: '2026-05-07' }, diamond[3]], '2026-05-07');
    expect(r.map((n) => [n.node_code, n.projected_date, n.state])).toEqual([
      ['A', '2026-05-03', 'late'],
      ['B', '2026-05-07', 'at_risk'],
      ['C', '2026-05-07', 'late'],
      ['D', '2026-05-14', 'at_risk'],
    ]);
    expect(r.filter((n) => n.critical).map((n) => n.node_code)).toEqual(['A', 'C', 'D']);
  });
  it('names the nodes that became at risk (their owners get the alert)', () => {
    const before = reproject(chain, '2026-02-01');
    const after = reproject([{ ...chain[0], actual_date: '2026-03-04' }, ...chain.slice(1)], '2026-03-04');
    expect(newlyAtRisk(before, after)).toEqual(['CUT', 'SEW', 'PACK']);
    expect(newlyAtRisk(after, after)).toEqual([]);
  });
  it('refuses cycles, unknown dependencies and duplicate codes', () => {
    expect(topoOrder([{ node_code: 'A', depends_on: 'B' }, { node_code: 'B', depends_on: 'A' }])).toMatchObject({ problem: 'cycle' });
    expect(topoOrder([{ node_code: 'A', depends_on: 'Z' }])).toEqual({ problem: 'unknown', node: 'A' });
    expect(topoOrder([{ node_code: 'A' }, { node_code: 'a' }])).toEqual({ problem: 'duplicate', node: 'A' });
    const r = checkDocument(followNodeConfigEntity, { code: 'X', name: 'x', basis: 'ORDER', nodes: [{ node_code: 'A', node_name: 'a', offset_days: 1, depends_on: 'B' }, { node_code: 'B', node_name: 'b', offset_days: 2, depends_on: 'A' }] }, { session: { dashroles: [] }, routeAction: 'edit' } as never);
    expect(JSON.stringify(r.errors)).toContain('依赖形成了循环');
  });
});
