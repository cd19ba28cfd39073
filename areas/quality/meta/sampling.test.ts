// ISO 2859-1 / ANSI Z1.4 sampling (issue 25 step 1): Table I and Table II-A/II-B checked row by row
// against published values, the arrows, AQL 0, 100 % inspection, refusals, and the verdict at the
// accept and reject boundary of each defect class.
import { describe, expect, it } from 'vitest';
import { qualityErrorText, qualityMessages } from './messages';
import {
  AQL_SERIES,
  INSPECTION_LEVELS,
  SamplingError,
  codeLetterFor,
  samplingPlan,
  verdict,
  type InspectionLevel,
} from './sampling';

function refusal(fn: () => unknown): { key: string; params: Record<string, unknown> } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SamplingError);
    const err = e as SamplingError;
    return { key: err.key, params: err.params };
  }
  throw new Error('expected a refusal');
}

describe('Table I — sample size code letters', () => {
  // Published Table I: [lot from, lot to, S-1, S-2, S-3, S-4, I, II, III]
  const TABLE: Array<[number, number, string]> = [
    [2, 8, 'A A A A A A B'],
    [9, 15, 'A A A A A B C'],
    [16, 25, 'A A B B B C D'],
    [26, 50, 'A B B C C D E'],
    [51, 90, 'B B C C C E F'],
    [91, 150, 'B B C D D F G'],
    [151, 280, 'B C D E E G H'],
    [281, 500, 'B C D E F H J'],
    [501, 1200, 'C C E F G J K'],
    [1201, 3200, 'C D E G H K L'],
    [3201, 10000, 'C D F G J L M'],
    [10001, 35000, 'C D F H K M N'],
    [35001, 150000, 'D E G J L N P'],
    [150001, 500000, 'D E G J M P Q'],
    [500001, 10_000_000, 'D E H K N Q R'],
  ];
  for (const [from, to, letters] of TABLE) {
    it(`lot ${from}–${to} → ${letters} at S-1…S-4, I, II, III (both ends of the range)`, () => {
      const expected = letters.split(' ');
      for (const lot of [from, to]) {
        expect(INSPECTION_LEVELS.map((level) => codeLetterFor(lot, level))).toEqual(expected);
      }
    });
  }
});

describe('Table II-A — normal inspection, published rows', () => {
  // [lot size, level, AQL, code letter, sample size, Ac, Re]
  const ROWS: Array<[number, InspectionLevel, number, string, number, number, number]> = [
    // the anchors
    [5000, 'II', 2.5, 'L', 200, 10, 11],
    [5000, 'II', 4.0, 'L', 200, 14, 15],
    [3201, 'II', 1.5, 'L', 200, 7, 8],
    [10000, 'II', 1.0, 'L', 200, 5, 6],
    [10000, 'II', 0.65, 'L', 200, 3, 4],
    [10000, 'II', 6.5, 'L', 200, 21, 22],
    // level II across the letters
    [1000, 'II', 2.5, 'J', 80, 5, 6],
    [1000, 'II', 4.0, 'J', 80, 7, 8],
    [1000, 'II', 1.5, 'J', 80, 3, 4],
    [1000, 'II', 1.0, 'J', 80, 2, 3],
    [1000, 'II', 6.5, 'J', 80, 10, 11],
    [2000, 'II', 2.5, 'K', 125, 7, 8],
    [2000, 'II', 4.0, 'K', 125, 10, 11],
    [2000, 'II', 1.5, 'K', 125, 5, 6],
    [2000, 'II', 0.65, 'K', 125, 2, 3],
    [300, 'II', 2.5, 'H', 50, 3, 4],
    [300, 'II', 4.0, 'H', 50, 5, 6],
    [300, 'II', 1.0, 'H', 50, 1, 2],
    [200, 'II', 2.5, 'G', 32, 2, 3],
    [200, 'II', 4.0, 'G', 32, 3, 4],
    [100, 'II', 2.5, 'F', 20, 1, 2],
    [100, 'II', 4.0, 'F', 20, 2, 3],
    [20000, 'II', 2.5, 'M', 315, 14, 15],
    [20000, 'II', 4.0, 'M', 315, 21, 22],
    [20000, 'II', 1.5, 'M', 315, 10, 11],
    [100000, 'II', 2.5, 'N', 500, 21, 22],
    [100000, 'II', 1.0, 'N', 500, 10, 11],
    [200000, 'II', 1.0, 'P', 800, 14, 15],
    [600000, 'II', 1.0, 'Q', 1250, 21, 22],
    [600000, 'II', 0.65, 'Q', 1250, 14, 15],
    [600000, 'II', 0.01, 'Q', 1250, 0, 1],
    // other levels
    [5000, 'I', 2.5, 'J', 80, 5, 6],
    [5000, 'III', 2.5, 'M', 315, 14, 15],
    [5000, 'III', 1.0, 'M', 315, 7, 8],
    [1000, 'I', 4.0, 'G', 32, 3, 4],
    [600000, 'III', 0.65, 'R', 2000, 21, 22],
    [600000, 'III', 0.025, 'R', 2000, 1, 2],
    // large AQLs (nonconformities per 100 items) on the small letters
    [5, 'II', 1000, 'A', 2, 30, 31],
    [5, 'II', 25, 'A', 2, 1, 2],
    [10, 'II', 1000, 'B', 3, 44, 45],
    [20, 'II', 650, 'C', 5, 44, 45],
    [60, 'II', 250, 'E', 13, 44, 45],
  ];
  for (const [lotSize, level, aql, letter, n, ac, re] of ROWS) {
    it(`lot ${lotSize}, level ${level}, AQL ${aql} → ${letter} ${n}, Ac ${ac} Re ${re}`, () => {
      const plan = samplingPlan({ lotSize, level, aql, severity: 'normal' });
      expect(plan).toMatchObject({ codeLetter: letter, planLetter: letter, sampleSize: n, accept: ac, reject: re, fullInspection: false });
    });
  }

  it('lot 2–8 at level II → A, 2 pieces (the whole lot of 2, AQL 6.5 → 0/1)', () => {
    expect(samplingPlan({ lotSize: 8, level: 'II', aql: 6.5 })).toMatchObject({ codeLetter: 'A', sampleSize: 2, accept: 0, reject: 1, fullInspection: false });
    expect(samplingPlan({ lotSize: 2, level: 'II', aql: 6.5 })).toMatchObject({ codeLetter: 'A', sampleSize: 2, fullInspection: true });
  });
});

describe('Table II-A — arrows change the plan and its sample size', () => {
  // [lot size, level, AQL, Table I letter, plan letter, sample size, Ac, Re]
  const ARROWS: Array<[number, InspectionLevel, number, string, string, number, number, number]> = [
    [50, 'S-1', 1.0, 'A', 'E', 13, 0, 1], // down from A to E (the example; lot 2–8 at II would be inspected whole)
    [25, 'S-2', 0.65, 'A', 'F', 20, 0, 1], // down
    [8, 'II', 2.5, 'A', 'C', 5, 0, 1], // down
    [8, 'II', 10, 'A', 'C', 5, 1, 2], // the top row's up arrow has no plan above: read as down
    [80, 'II', 1.5, 'E', 'D', 8, 0, 1], // up from E to D
    [100, 'II', 1.0, 'F', 'E', 13, 0, 1], // up
    [100, 'II', 1.5, 'F', 'G', 32, 1, 2], // down from the second arrow
    [400, 'II', 0.65, 'H', 'J', 80, 1, 2], // down
    [5000, 'II', 0.1, 'L', 'K', 125, 0, 1], // up
    [5000, 'II', 0.15, 'L', 'M', 315, 1, 2], // down
    [5000, 'II', 0.04, 'L', 'M', 315, 0, 1], // down
    [5000, 'II', 0.01, 'L', 'Q', 1250, 0, 1], // down the whole column
    [100000, 'II', 4.0, 'N', 'M', 315, 21, 22], // up past the last plan of the column
    [100000, 'II', 10, 'N', 'K', 125, 21, 22], // three arrows up
    [20, 'II', 1000, 'C', 'B', 3, 44, 45],
    [600000, 'III', 0.01, 'R', 'Q', 1250, 0, 1], // up
  ];
  for (const [lotSize, level, aql, letter, planLetter, n, ac, re] of ARROWS) {
    it(`${letter} at AQL ${aql} → ${planLetter} ${n}, Ac ${ac} Re ${re}`, () => {
      expect(samplingPlan({ lotSize, level, aql, severity: 'normal' })).toEqual({
        codeLetter: letter,
        planLetter,
        sampleSize: n,
        accept: ac,
        reject: re,
        fullInspection: false,
        aql,
        severity: 'normal',
      });
    });
  }

  it('every cell of II-A and II-B leads to a plan, for every letter Table I can give', () => {
    for (const severity of ['normal', 'tightened'] as const) {
      for (const lotSize of [2, 9, 16, 26, 51, 91, 151, 281, 501, 1201, 3201, 10001, 35001, 150001, 500001]) {
        for (const level of INSPECTION_LEVELS) {
          for (const aql of AQL_SERIES) {
            const plan = samplingPlan({ lotSize, level, aql, severity });
            expect(plan.reject).toBe(plan.accept + 1);
            expect(plan.sampleSize).toBeGreaterThan(0);
          }
        }
      }
    }
  });

  it('for a lot, a larger AQL never gives fewer accepted defects per piece inspected', () => {
    for (const severity of ['normal', 'tightened'] as const) {
      for (const level of INSPECTION_LEVELS) {
        for (const lotSize of [50, 500, 5000, 50000, 600000]) {
          const plans = AQL_SERIES.map((aql) => samplingPlan({ lotSize, level, aql, severity }));
          for (let j = 1; j < plans.length; j++) {
            // Ac per piece inspected does not fall as the AQL grows
            expect(plans[j].accept / plans[j].sampleSize).toBeGreaterThanOrEqual(plans[j - 1].accept / plans[j - 1].sampleSize);
          }
        }
      }
    }
  });
});

describe('Table II-B — tightened inspection', () => {
  // [lot size, level, AQL, plan letter, sample size, Ac, Re]
  const ROWS: Array<[number, InspectionLevel, number, string, number, number, number]> = [
    [5000, 'II', 2.5, 'L', 200, 8, 9],
    [5000, 'II', 4.0, 'L', 200, 12, 13],
    [5000, 'II', 1.0, 'L', 200, 3, 4],
    [2000, 'II', 2.5, 'K', 125, 5, 6],
    [1000, 'II', 2.5, 'J', 80, 3, 4],
    [1000, 'II', 4.0, 'J', 80, 5, 6],
    [20000, 'II', 2.5, 'M', 315, 12, 13],
    [100000, 'II', 2.5, 'N', 500, 18, 19],
    [600000, 'III', 0.01, 'S', 3150, 0, 1], // R's arrow leads to S, which only II-B has
    [600000, 'III', 0.015, 'R', 2000, 0, 1],
  ];
  for (const [lotSize, level, aql, planLetter, n, ac, re] of ROWS) {
    it(`lot ${lotSize}, level ${level}, AQL ${aql} tightened → ${planLetter} ${n}, Ac ${ac} Re ${re}`, () => {
      expect(samplingPlan({ lotSize, level, aql, severity: 'tightened' })).toMatchObject({ planLetter, sampleSize: n, accept: ac, reject: re });
    });
  }

  it('is never looser than normal inspection for the same lot, level and AQL', () => {
    for (const level of INSPECTION_LEVELS) {
      for (const lotSize of [10, 100, 1000, 10000, 100000, 1000000]) {
        for (const aql of AQL_SERIES) {
          const normal = samplingPlan({ lotSize, level, aql, severity: 'normal' });
          const tight = samplingPlan({ lotSize, level, aql, severity: 'tightened' });
          expect(tight.accept / tight.sampleSize).toBeLessThanOrEqual(normal.accept / normal.sampleSize);
        }
      }
    }
  });
});

describe('Table II-C — reduced inspection', () => {
  // Published rows of MIL-STD-105E / Z1.4 Table II-C (lot 3 201–10 000 at level II = L: 80 pieces).
  const rows: [number, 'I' | 'II', number, string, number, number, number][] = [
    [5000, 'II', 2.5, 'L', 80, 5, 8],
    [5000, 'II', 4.0, 'L', 80, 7, 10],
    [5000, 'II', 1.5, 'L', 80, 3, 6],
    [5000, 'II', 1.0, 'L', 80, 2, 5],
    [5000, 'II', 0.65, 'L', 80, 1, 4],
    [5000, 'II', 0.4, 'L', 80, 1, 3],
    [5000, 'II', 0.25, 'L', 80, 0, 2],
    [5000, 'II', 0.15, 'L', 80, 0, 1],
    [1000, 'II', 2.5, 'J', 32, 2, 5],
    [1000, 'II', 4.0, 'J', 32, 3, 6],
  ];
  for (const [lotSize, level, aql, planLetter, n, ac, re] of rows) {
    it(`lot ${lotSize}, level ${level}, AQL ${aql} reduced → ${planLetter} ${n}, Ac ${ac} Re ${re}`, () => {
      expect(samplingPlan({ lotSize, level, aql, severity: 'reduced' })).toMatchObject({ planLetter, sampleSize: n, accept: ac, reject: re, severity: 'reduced' });
    });
  }
  it('AQL 0 under reduced: the reduced sample, rejected at the first defect', () => {
    expect(samplingPlan({ lotSize: 5000, level: 'II', aql: 0, severity: 'reduced' })).toMatchObject({ sampleSize: 80, accept: 0, reject: 1 });
  });
  it('every cell leads to a plan; never a larger sample, and never stricter, than normal', () => {
    for (const lotSize of [2, 9, 16, 26, 51, 91, 151, 281, 501, 1201, 3201, 10001, 35001, 150001, 500001]) {
      for (const level of INSPECTION_LEVELS) {
        for (const aql of AQL_SERIES) {
          const reduced = samplingPlan({ lotSize, level, aql, severity: 'reduced' });
          const normal = samplingPlan({ lotSize, level, aql, severity: 'normal' });
          expect(reduced.reject).toBeGreaterThan(reduced.accept);
          expect(reduced.sampleSize).toBeGreaterThan(0);
          expect(reduced.sampleSize).toBeLessThanOrEqual(normal.sampleSize);
          // rejects at no lower a share of the sample than normal does (not compared when the whole
          // lot is inspected: a lot of 2 at level III is B, 3 pieces normally, and 2 reduced)
          if (!normal.fullInspection) expect(reduced.reject / reduced.sampleSize).toBeGreaterThanOrEqual(normal.reject / normal.sampleSize);
        }
      }
    }
  });
  it('the verdict accepts between Ac and Re (5 < 6, 7 < 8) and rejects at Re', () => {
    const major = samplingPlan({ lotSize: 5000, level: 'II', aql: 2.5, severity: 'reduced' });
    expect(verdict({ major }, { major: 5 }).byClass.major).toEqual({ count: 5, accept: 5, reject: 8, pass: true });
    expect(verdict({ major }, { major: 7 }).pass).toBe(true);
    expect(verdict({ major }, { major: 8 })).toMatchObject({ pass: false, failed: ['major'] });
  });
});

describe('AQL 0 (zero tolerance, e.g. critical defects)', () => {
  it('samples the code letter size and rejects at the first defect', () => {
    expect(samplingPlan({ lotSize: 5000, level: 'II', aql: 0 })).toMatchObject({ codeLetter: 'L', planLetter: 'L', sampleSize: 200, accept: 0, reject: 1 });
    expect(samplingPlan({ lotSize: 1000, level: 'I', aql: '0' })).toMatchObject({ codeLetter: 'G', sampleSize: 32, accept: 0, reject: 1 });
    expect(samplingPlan({ lotSize: 1000, level: 'II', aql: 0, severity: 'tightened' })).toMatchObject({ sampleSize: 80, accept: 0, reject: 1 });
  });
});

describe('100 % inspection', () => {
  it('inspects the whole lot when the sample exceeds it (lot 10, arrow to 13 pieces)', () => {
    expect(samplingPlan({ lotSize: 10, level: 'II', aql: 1.0 })).toMatchObject({ codeLetter: 'B', planLetter: 'E', sampleSize: 10, accept: 0, reject: 1, fullInspection: true });
  });
  it('inspects the whole lot when the sample equals it (lot 3 at level II, B = 3)', () => {
    expect(samplingPlan({ lotSize: 3, level: 'II', aql: 4.0 })).toMatchObject({ codeLetter: 'A', planLetter: 'B', sampleSize: 3, fullInspection: true });
  });
  it('samples when the lot is one larger than the sample', () => {
    expect(samplingPlan({ lotSize: 14, level: 'II', aql: 1.0 })).toMatchObject({ sampleSize: 13, fullInspection: false });
    expect(samplingPlan({ lotSize: 13, level: 'II', aql: 1.0 })).toMatchObject({ sampleSize: 13, fullInspection: true });
  });
});

describe('refusals', () => {
  it('refuses a lot size below 2 or not a whole number', () => {
    for (const lotSize of [1, 0, -5, 2.5, Number.NaN, Infinity, '500', null, undefined]) {
      expect(refusal(() => samplingPlan({ lotSize: lotSize as number, level: 'II', aql: 2.5 })).key).toBe('quality.lotSizeInvalid');
    }
    expect(refusal(() => codeLetterFor(1, 'II')).key).toBe('quality.lotSizeInvalid');
  });
  it('refuses an unknown level', () => {
    for (const level of ['IV', 's-1', 'S1', '', 2, undefined]) {
      expect(refusal(() => samplingPlan({ lotSize: 500, level: level as InspectionLevel, aql: 2.5 })).key).toBe('quality.levelUnknown');
    }
  });
  it('refuses an AQL outside the standard series', () => {
    for (const aql of [2, 3.5, 0.5, -1, 1001, 'x', '', null]) {
      expect(refusal(() => samplingPlan({ lotSize: 500, level: 'II', aql: aql as number })).key).toBe('quality.aqlUnknown');
    }
    expect(samplingPlan({ lotSize: 500, level: 'II', aql: '2.50' }).accept).toBe(3);
    expect(samplingPlan({ lotSize: 500, level: 'II', aql: '0.010' }).sampleSize).toBe(500);
  });
  it('refuses an unknown severity', () => {
    expect(refusal(() => samplingPlan({ lotSize: 500, level: 'II', aql: 2.5, severity: 'strict' as 'normal' })).key).toBe('quality.severityUnknown');
  });
  it('has every refusal in English and Chinese, the class named in the reader\'s language', () => {
    expect(Object.keys(qualityMessages.zh).sort()).toEqual(Object.keys(qualityMessages.en).sort());
    const err = refusal(() => verdict({ major: { accept: 1, reject: 2 } }, { minor: 3 }));
    expect(qualityErrorText('en', err as SamplingError)).toBe('3 minor defects were counted but the inspection has no plan for minor defects');
    expect(qualityErrorText('zh', err as SamplingError)).toBe('记录了3个轻微缺陷，但本次检验没有轻微缺陷的抽样方案');
    expect(new SamplingError('quality.lotSizeInvalid', { value: 1 }).message).toBe('The lot size must be a whole number of at least 2 (got 1)');
  });
});

describe('verdict', () => {
  // lot 5000, level II: critical AQL 0 (0/1), major 2.5 (10/11), minor 4.0 (14/15)
  const plans = {
    critical: samplingPlan({ lotSize: 5000, level: 'II', aql: 0 }),
    major: samplingPlan({ lotSize: 5000, level: 'II', aql: 2.5 }),
    minor: samplingPlan({ lotSize: 5000, level: 'II', aql: 4.0 }),
  };

  it('passes with every class at its accept number', () => {
    const v = verdict(plans, { critical: 0, major: 10, minor: 14 });
    expect(v).toEqual({
      pass: true,
      failed: [],
      byClass: {
        critical: { count: 0, accept: 0, reject: 1, pass: true },
        major: { count: 10, accept: 10, reject: 11, pass: true },
        minor: { count: 14, accept: 14, reject: 15, pass: true },
      },
    });
  });
  it('fails critical at its reject number (1)', () => {
    expect(verdict(plans, { critical: 1, major: 10, minor: 14 })).toMatchObject({ pass: false, failed: ['critical'] });
  });
  it('fails major at its reject number (11), not at 10', () => {
    expect(verdict(plans, { critical: 0, major: 11, minor: 14 })).toMatchObject({ pass: false, failed: ['major'] });
    expect(verdict(plans, { critical: 0, major: 10, minor: 0 }).pass).toBe(true);
  });
  it('fails minor at its reject number (15), not at 14', () => {
    expect(verdict(plans, { critical: 0, major: 0, minor: 15 })).toMatchObject({ pass: false, failed: ['minor'] });
  });
  it('names every failing class', () => {
    expect(verdict(plans, { critical: 2, major: 30, minor: 15 }).failed).toEqual(['critical', 'major', 'minor']);
  });
  it('counts a class without a count as 0 and judges only the classes with a plan', () => {
    expect(verdict({ major: plans.major }, {})).toEqual({ pass: true, failed: [], byClass: { major: { count: 0, accept: 10, reject: 11, pass: true } } });
    expect(verdict({ major: plans.major }, { critical: 0, minor: 0 }).pass).toBe(true);
  });
  it('refuses bad counts, unknown classes, counts without a plan and no plans at all', () => {
    expect(refusal(() => verdict(plans, { major: -1 })).key).toBe('quality.defectCountInvalid');
    expect(refusal(() => verdict(plans, { major: 1.5 })).key).toBe('quality.defectCountInvalid');
    expect(refusal(() => verdict(plans, { major: '3' as unknown as number })).key).toBe('quality.defectCountInvalid');
    expect(refusal(() => verdict(plans, { cosmetic: 1 } as never)).key).toBe('quality.defectClassUnknown');
    expect(refusal(() => verdict({ cosmetic: plans.major } as never, {})).key).toBe('quality.defectClassUnknown');
    expect(refusal(() => verdict({ major: plans.major }, { critical: 1 }))).toEqual({ key: 'quality.defectsWithoutPlan', params: { cls: 'critical', count: 1 } });
    expect(refusal(() => verdict({}, {})).key).toBe('quality.noPlans');
  });
});
