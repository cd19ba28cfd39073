// Generated allocation instances for the HiGHS comparison test and bench/allocation.ts:
// a seeded generator, so every run measures the same problem.
import type { AllocInput } from '../meta/allocation';
import { addWeeks } from '../meta/weeks';

/** mulberry32: small, fast, seedable. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `lines` demand lines over `groups` capacity groups and `weeks` weeks, `vendors` vendors each
 * serving 1–3 groups with capacity in most weeks; total capacity about `tightness` × demand,
 * some vendors with share limits and lead times.
 */
export function randomInstance(opts: { seed: number; lines: number; vendors: number; weeks: number; groups?: number; tightness?: number }): AllocInput {
  const r = rng(opts.seed);
  const groups = Array.from({ length: opts.groups ?? 8 }, (_, i) => `G${i + 1}`);
  const start = '2027-W01';
  const demands = Array.from({ length: opts.lines }, (_, i) => ({
    id: `D${String(i).padStart(6, '0')}`,
    group: groups[Math.floor(r() * groups.length)],
    qty: 100 + Math.floor(r() * 4900),
    smv: (5 + Math.floor(r() * 400) / 10).toFixed(4),
    due: addWeeks(start, 1 + Math.floor(r() * (opts.weeks - 1))),
  }));
  const demandMinutes = new Map<string, number>();
  for (const d of demands) demandMinutes.set(d.group, (demandMinutes.get(d.group) ?? 0) + d.qty * Number(d.smv));
  const vendors = Array.from({ length: opts.vendors }, (_, i) => {
    const n = 1 + Math.floor(r() * 3);
    const mine = [...new Set(Array.from({ length: n }, () => groups[Math.floor(r() * groups.length)]))];
    return {
      id: `V${String(i).padStart(4, '0')}`,
      kpi: (50 + Math.floor(r() * 5000) / 100).toFixed(4),
      lead_weeks: Math.floor(r() * 3),
      groups: mine.map((g) => ({ group: g, max_share: r() < 0.3 ? '40' : null, min_share: null })),
    };
  });
  const servers = new Map<string, number>();
  for (const v of vendors) for (const g of v.groups) servers.set(g.group, (servers.get(g.group) ?? 0) + 1);
  const tight = opts.tightness ?? 0.8;
  const capacity = vendors.flatMap((v) =>
    v.groups.flatMap((g) =>
      Array.from({ length: opts.weeks }, (_, w) => w)
        .filter(() => r() < 0.85)
        .map((w) => ({
          vendor: v.id,
          group: g.group,
          week: addWeeks(start, w),
          minutes: (((demandMinutes.get(g.group) ?? 0) * tight * (0.5 + r())) / (servers.get(g.group)! * opts.weeks * 0.85)).toFixed(4),
        })),
    ),
  );
  return { start_week: start, demands, vendors, capacity };
}
