// The greedy against HiGHS, the solver of record: on hand-made cases both reach the known
// optimum; on generated instances the greedy is within 1% of the LP optimum (an upper bound of
// any whole-piece answer) and never above it.
import { describe, expect, it } from 'vitest';
import { solveAllocation, type AllocInput } from '../meta/allocation';
import { solveWithHighs } from './highs';
import { randomInstance } from './instances';

const W = (n: number) => `2026-W${String(n).padStart(2, '0')}`;

describe('allocation vs HiGHS', () => {
  it('agrees on a hand-made optimum with lead times and a share limit', async () => {
    const input: AllocInput = {
      start_week: W(10),
      demands: [
        { id: 'a', group: 'G', qty: 30, smv: '10', due: W(12) },
        { id: 'b', group: 'G', qty: 20, smv: '5', due: W(11) },
      ],
      vendors: [
        { id: 'A', kpi: '90', lead_weeks: 1, groups: [{ group: 'G', max_share: '50' }] },
        { id: 'B', kpi: '40', lead_weeks: 0, groups: [{ group: 'G' }] },
      ],
      capacity: [
        { vendor: 'A', group: 'G', week: W(10), minutes: '500' },
        { vendor: 'A', group: 'G', week: W(11), minutes: '500' },
        { vendor: 'B', group: 'G', week: W(11), minutes: '150' },
        { vendor: 'B', group: 'G', week: W(12), minutes: '100' },
      ],
    };
    const greedy = solveAllocation(input);
    const lp = await solveWithHighs(input);
    expect(lp.status).toBe('Optimal');
    // Demand 400 min; A at most 50% = 200 min; B takes the other 200 (its capacity 250).
    expect(lp.objective).toBeCloseTo(200 * 90 + 200 * 40, 6);
    expect(greedy.objective).toBe(200 * 90 + 200 * 40);
  });

  it('a minimum share is measured on what is allocated: both find the same answer where demand outruns capacity', async () => {
    const input: AllocInput = {
      start_week: W(1),
      demands: [{ id: 'd', group: 'G', qty: 100, smv: '1', due: W(1) }],
      vendors: [{ id: 'B', kpi: '90', lead_weeks: 0, groups: [{ group: 'G', min_share: '50' }] }],
      capacity: [{ vendor: 'B', group: 'G', week: W(1), minutes: '10' }],
    };
    const greedy = solveAllocation(input);
    expect(greedy.problems).toEqual([]);
    expect(greedy.objective).toBe(10 * 90);
    const lp = await solveWithHighs(input);
    expect(lp.status).toBe('Optimal');
    expect(lp.objective).toBeCloseTo(10 * 90, 6);
  });

  for (const seed of [1, 2, 3]) {
    it(`is within 1% of the LP optimum on a generated 300 × 20 instance (seed ${seed})`, async () => {
      const input = randomInstance({ seed, lines: 300, vendors: 20, weeks: 8, groups: 4 });
      const greedy = solveAllocation(input);
      const lp = await solveWithHighs(input);
      expect(lp.status).toBe('Optimal');
      expect(greedy.objective).toBeLessThanOrEqual(lp.objective! * (1 + 1e-9));
      expect(greedy.objective).toBeGreaterThanOrEqual(lp.objective! * 0.99);
    });
  }
});
