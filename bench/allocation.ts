// The allocation engine (areas/capacity/meta/allocation.ts, docs/capacity.md): its speed on the
// issue's large instance and its objective against HiGHS's LP optimum on a 1,000 × 50 instance.
import { performance } from 'node:perf_hooks';
import { evaluateAllocation, solveAllocation } from '../areas/capacity/meta/allocation';
import { solveWithHighs } from '../areas/capacity/server/highs';
import { randomInstance } from '../areas/capacity/server/instances';

export async function benchAllocation() {
  const big = randomInstance({ seed: 42, lines: 10_000, vendors: 300, weeks: 52, groups: 12 });
  solveAllocation(randomInstance({ seed: 7, lines: 500, vendors: 30, weeks: 10 })); // JIT warm-up
  const runs: number[] = [];
  let cells = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = solveAllocation(big);
    runs.push(performance.now() - t0);
    cells = r.cells.length;
    if (i === 0 && evaluateAllocation(big, r.cells).over.length) throw new Error('allocation exceeded a free capacity');
  }
  const median = [...runs].sort((a, b) => a - b)[1];
  console.log(`\n## allocation: 10,000 demand lines × 300 vendors × 52 weeks (${big.capacity.length} capacity rows)`);
  console.log(`greedy: median of 3 ${median.toFixed(0)} ms (runs ${runs.map((r) => r.toFixed(0)).join(', ')}), ${cells} cells; budget 2,000 ms → ${median < 2000 ? 'OK' : 'OVER'}`);

  for (const seed of [11, 12, 13]) {
    const mid = randomInstance({ seed, lines: 1_000, vendors: 50, weeks: 12, groups: 6 });
    const t0 = performance.now();
    const g = solveAllocation(mid);
    const tg = performance.now() - t0;
    const t1 = performance.now();
    const lp = await solveWithHighs(mid);
    const th = performance.now() - t1;
    const gap = lp.objective ? (1 - g.objective / lp.objective) * 100 : Number.NaN;
    console.log(
      `1,000 × 50 × 12 weeks (seed ${seed}): greedy ${g.objective.toFixed(1)} in ${tg.toFixed(1)} ms; HiGHS LP ${lp.status} ${lp.objective?.toFixed(1)} in ${th.toFixed(0)} ms (${lp.variables} variables); gap ${gap.toFixed(3)}% (budget 1%) → ${gap <= 1 ? 'OK' : 'OVER'}`,
    );
  }
}
