// The allocation engine (pure: no I/O, unit-tested, shared by server, web and bench).
//
// Problem (per capacity group g — groups share nothing, so each is solved on its own):
//   maximise   Σ kpi(v) · smv(d) · x(d,v,w)                  KPI-weighted standard minutes
//   subject to Σ_{v,w} x(d,v,w) ≤ qty(d)                       a demand line is allocated at most once
//              Σ_d smv(d) · x(d,v,w) ≤ free(v,g,w)             a vendor's free capacity in a week
//              min(v,g)·A(g) ≤ Σ_{d,w} smv(d)·x(d,v,w) ≤ max(v,g)·D(g)   share limits (D = demand minutes,
//                                                               A = minutes allocated in the group)
//              x(d,v,w) = 0 unless start ≤ w ≤ due(d) − lead(v)         due weeks and lead times
//              x integer (pieces)
// `solveAllocation` is a greedy that is exact for the fractional problem without minimum shares
// (the value of a minute depends only on the vendor, and every vendor sees the lines in the
// same due order, so filling the best vendor first, latest week first, never blocks a later line
// that a better vendor could have served); pieces are whole, so the answer loses at most the
// rounding of each (vendor, week) bucket. `lpModel` states the same problem for HiGHS (server
// side, the solver of record in tests and bench) — docs/capacity.md has the measured gap.
//
// Quantities are exact: minutes are handled as integers of 1/10,000 minute (the 4 decimals of
// spec §9), pieces as integers, so the answer is identical on every run and machine.
import { weekAt, weekIndex } from './weeks';

export interface AllocDemand {
  id: string;
  group: string;
  /** Pieces, a whole number ≥ 0. */
  qty: number;
  /** Standard minutes per piece (SMV/SAM), a decimal text or number. */
  smv: string | number;
  /** ISO week the goods are due ('2026-W49'). */
  due: string;
}
export interface AllocVendorGroup {
  group: string;
  /** Share limits in percent of the group's demand minutes (blank: 0 and 100). */
  min_share?: string | number | null;
  max_share?: string | number | null;
}
export interface AllocVendor {
  id: string;
  /** KPI score 0..100 (the objective's weight). */
  kpi: string | number;
  /** Weeks between production and the due week. */
  lead_weeks: number;
  groups: AllocVendorGroup[];
}
export interface AllocCapacity {
  vendor: string;
  group: string;
  week: string;
  /** Free standard minutes. */
  minutes: string | number;
}
export interface AllocInput {
  demands: AllocDemand[];
  vendors: AllocVendor[];
  capacity: AllocCapacity[];
  /** First week that may be planned (nothing before it). */
  start_week: string;
}
export interface AllocCell {
  demand: string;
  vendor: string;
  week: string;
  qty: number;
}
export type AllocProblemCode = 'shareSum' | 'minShare';
export interface AllocProblem {
  group: string;
  vendor?: string;
  code: AllocProblemCode;
  /** minShare: the vendor's share of the minutes allocated in the group, and its minimum (percent, 4 places). */
  share?: string;
  min?: string;
}
export interface AllocResult {
  cells: AllocCell[];
  /** Pieces of each line left unallocated (no free capacity, lead time or share left for them). */
  unallocated: { demand: string; qty: number }[];
  /** Σ kpi · minutes of the cells (KPI-weighted standard minutes; kpi as 0..100). */
  objective: number;
  /**
   * Share limits that could not be kept (issue 23): a minimum share is measured on the minutes
   * allocated in the group; when it cannot be reached the rest is still allocated and the breach
   * reported here, as are minimum shares adding up to more than 100 %.
   */
  problems: AllocProblem[];
}

const SCALE = 10_000;

/** Exact decimal (≤ 4 places) → integer of 1/10,000; NaN for garbage. */
export function toUnits(v: string | number | null | undefined): number {
  if (v === null || v === undefined || v === '') return 0;
  const s = typeof v === 'number' ? v.toFixed(4) : v.trim();
  const m = /^(-?)(\d+)(?:\.(\d{0,4})\d*)?$/.exec(s);
  if (!m) return Number.NaN;
  const n = Number(m[2]) * SCALE + Number((m[3] ?? '').padEnd(4, '0'));
  return m[1] ? -n : n;
}

/** Integer of 1/10,000 → '12.5000'. */
export function fromUnits(n: number): string {
  const sign = n < 0 ? '-' : '';
  const a = Math.abs(n);
  return `${sign}${Math.floor(a / SCALE)}.${String(a % SCALE).padStart(4, '0')}`;
}

/** Share limits in units of 1/10,000 percent; a blank maximum is 100 %. */
const minShare = (g: AllocVendorGroup) => toUnits(g.min_share ?? 0);
const maxShare = (g: AllocVendorGroup) => (g.max_share === null || g.max_share === undefined || g.max_share === '' ? 100 * SCALE : toUnits(g.max_share));

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface GroupVendor {
  id: string;
  kpi: number;
  lead: number;
  minU: number;
  /** Minimum share in units of 1/10,000 percent. */
  minP: number;
  maxU: number;
  load: number;
  /** Free units per week offset from the start week. */
  free: number[];
  /** Union-find over weeks: skip[w] points at the latest week ≤ w that may still have room. */
  skip: Int32Array;
}

function findWeek(skip: Int32Array, w: number): number {
  // Path halving; -1 = no week left.
  while (w >= 0 && skip[w] !== w) {
    const p = skip[w];
    if (p >= 0) skip[w] = skip[p] ?? p;
    w = p;
  }
  return w;
}

/** Deterministic input order: lines by due week then id; vendors by KPI desc then id. */
function sortedDemands(demands: AllocDemand[]): AllocDemand[] {
  const due = new Map<string, number>();
  for (const d of demands) if (!due.has(d.due)) due.set(d.due, weekIndex(d.due));
  return [...demands].sort((a, b) => due.get(a.due)! - due.get(b.due)! || byText(a.id, b.id));
}

export function solveAllocation(input: AllocInput): AllocResult {
  const start = weekIndex(input.start_week);
  // Week texts are parsed and printed once each, not once per line or cell.
  const indexOf = new Map<string, number>();
  const weekIndexCached = (w: string) => {
    let n = indexOf.get(w);
    if (n === undefined) indexOf.set(w, (n = weekIndex(w)));
    return n;
  };
  const names = new Map<number, string>();
  const weekName = (n: number) => {
    let w = names.get(n);
    if (w === undefined) names.set(n, (w = weekAt(n)));
    return w;
  };
  const cells: AllocCell[] = [];
  const unallocated: { demand: string; qty: number }[] = [];
  const problems: AllocProblem[] = [];
  let objective = 0;

  const groups = new Map<string, AllocDemand[]>();
  for (const d of sortedDemands(input.demands)) {
    if (!groups.has(d.group)) groups.set(d.group, []);
    groups.get(d.group)!.push(d);
  }
  const capByKey = new Map<string, number>();
  for (const c of input.capacity) {
    const k = `${c.vendor}\u0000${c.group}`;
    const w = weekIndexCached(c.week) - start;
    if (w < 0) continue;
    const key = `${k}\u0000${w}`;
    capByKey.set(key, (capByKey.get(key) ?? 0) + Math.max(0, toUnits(c.minutes)));
  }

  for (const [group, lines] of [...groups.entries()].sort((a, b) => byText(a[0], b[0]))) {
    const smv = lines.map((d) => toUnits(d.smv));
    const dueOff = lines.map((d) => weekIndexCached(d.due) - start);
    const horizon = Math.max(0, ...dueOff) + 1;
    const total = lines.reduce((s, d, i) => s + d.qty * smv[i], 0);
    const minSmv = Math.max(1, Math.min(...smv.filter((s) => s > 0), Number.MAX_SAFE_INTEGER));

    const vendors: GroupVendor[] = [];
    let minSum = 0;
    for (const v of input.vendors) {
      const g = v.groups.find((x) => x.group === group);
      if (!g) continue;
      const minP = minShare(g);
      const maxP = maxShare(g);
      minSum += minP;
      const free = new Array<number>(horizon).fill(0);
      for (let w = 0; w < horizon; w++) free[w] = capByKey.get(`${v.id}\u0000${group}\u0000${w}`) ?? 0;
      const skip = new Int32Array(horizon);
      for (let w = 0; w < horizon; w++) skip[w] = free[w] >= minSmv ? w : w - 1;
      vendors.push({
        id: v.id,
        kpi: toUnits(v.kpi),
        lead: Math.max(0, Math.trunc(v.lead_weeks)),
        // Share limits in minutes of this group's demand, rounded towards the feasible side.
        minU: Math.ceil((total * minP) / (100 * SCALE)),
        minP,
        maxU: Math.floor((total * maxP) / (100 * SCALE)),
        load: 0,
        free,
        skip,
      });
    }
    vendors.sort((a, b) => b.kpi - a.kpi || byText(a.id, b.id));
    const left = lines.map((d) => d.qty);
    const groupCells: AllocCell[] = [];

    // One vendor takes pieces of line i, latest eligible week first, within `limit` units.
    const take = (v: GroupVendor, i: number, limit: number) => {
      const s = smv[i];
      if (s <= 0) return;
      let w = findWeek(v.skip, Math.min(horizon - 1, dueOff[i] - v.lead));
      while (w >= 0 && left[i] > 0 && limit >= s) {
        const k = Math.min(left[i], Math.floor(v.free[w] / s), Math.floor(limit / s));
        if (k > 0) {
          const used = k * s;
          v.free[w] -= used;
          v.load += used;
          limit -= used;
          left[i] -= k;
          groupCells.push({ demand: lines[i].id, vendor: v.id, week: weekName(start + w), qty: k });
        }
        if (v.free[w] < minSmv) v.skip[w] = w - 1;
        if (left[i] > 0 && limit >= s) w = findWeek(v.skip, w - 1);
      }
    };

    // Minimum shares adding up to more than 100 % cannot all hold: reported, and not given first.
    const shareSum = minSum > 100 * SCALE;
    if (shareSum) problems.push({ group, code: 'shareSum' });
    else {
      // Phase 1: minimum shares first (lowest KPI first: they are the ones the objective would skip),
      // up to the share of the whole demand — enough for any quantity allocated in the end.
      for (const v of [...vendors].reverse()) {
        for (let i = 0; i < lines.length && v.load < v.minU; i++) take(v, i, Math.min(v.maxU - v.load, v.minU - v.load + smv[i] - 1));
      }
    }
    // Phase 2: every line, best vendor first.
    for (let i = 0; i < lines.length; i++) {
      for (const v of vendors) {
        if (left[i] === 0) break;
        if (v.maxU - v.load >= smv[i]) take(v, i, v.maxU - v.load);
      }
    }
    // A minimum share is kept when the vendor holds that share of what the group got allocated.
    const allocatedU = vendors.reduce((sum, v) => sum + v.load, 0);
    if (!shareSum) {
      for (const v of [...vendors].reverse()) {
        if (v.minP > 0 && v.load * 100 * SCALE < allocatedU * v.minP) {
          const pct = allocatedU > 0 ? Math.round((v.load * 100 * SCALE) / allocatedU) : 0;
          problems.push({ group, vendor: v.id, code: 'minShare', share: fromUnits(pct), min: fromUnits(v.minP) });
        }
      }
    }
    const kpiOf = new Map(vendors.map((v) => [v.id, v.kpi]));
    const smvOf = new Map(lines.map((d, i) => [d.id, smv[i]]));
    for (const c of groupCells) objective += (c.qty * smvOf.get(c.demand)! * kpiOf.get(c.vendor)!) / SCALE / SCALE;
    cells.push(...mergeCells(groupCells));
    lines.forEach((d, i) => left[i] > 0 && unallocated.push({ demand: d.id, qty: left[i] }));
  }
  return { cells, unallocated, objective: Math.round(objective * SCALE) / SCALE, problems };
}

/** Cells of the same (demand, vendor, week) summed; stable order. */
function mergeCells(cells: AllocCell[]): AllocCell[] {
  const out = new Map<string, AllocCell>();
  for (const c of cells) {
    const k = `${c.demand}\u0000${c.vendor}\u0000${c.week}`;
    const had = out.get(k);
    if (had) had.qty += c.qty;
    else out.set(k, { ...c });
  }
  return [...out.values()];
}

export interface LoadCell {
  vendor: string;
  group: string;
  week: string;
  /** Units of 1/10,000 minute. */
  capacity: number;
  load: number;
}
export interface Evaluation {
  objective: number;
  loads: LoadCell[];
  /** (vendor, group, week) over their free capacity. */
  over: LoadCell[];
  /** Vendor shares of each group (percent, 4 places) and whether a limit is broken. */
  shares: { vendor: string; group: string; share: string; broken: boolean }[];
  /** Cells placed later than the due week minus the vendor's lead time, or before the start. */
  late: AllocCell[];
}

/**
 * Load, share and KPI value of any set of cells — the planner's edits included — against the
 * same input: what the board shows after every change, and what tests check a solution with.
 */
export function evaluateAllocation(input: AllocInput, cells: AllocCell[]): Evaluation {
  const start = weekIndex(input.start_week);
  const demand = new Map(input.demands.map((d) => [d.id, d]));
  const vendor = new Map(input.vendors.map((v) => [v.id, v]));
  const loads = new Map<string, LoadCell>();
  const cell = (v: string, g: string, w: string) => {
    const k = `${v}\u0000${g}\u0000${w}`;
    let c = loads.get(k);
    if (!c) loads.set(k, (c = { vendor: v, group: g, week: w, capacity: 0, load: 0 }));
    return c;
  };
  for (const c of input.capacity) cell(c.vendor, c.group, c.week).capacity += Math.max(0, toUnits(c.minutes));
  const totals = new Map<string, number>();
  for (const d of input.demands) totals.set(d.group, (totals.get(d.group) ?? 0) + d.qty * toUnits(d.smv));
  const byVendorGroup = new Map<string, number>();
  const allocatedByGroup = new Map<string, number>();
  let objective = 0;
  const late: AllocCell[] = [];
  for (const c of cells) {
    const d = demand.get(c.demand);
    const v = vendor.get(c.vendor);
    if (!d) continue;
    const minutes = c.qty * toUnits(d.smv);
    cell(c.vendor, d.group, c.week).load += minutes;
    const k = `${c.vendor}\u0000${d.group}`;
    byVendorGroup.set(k, (byVendorGroup.get(k) ?? 0) + minutes);
    allocatedByGroup.set(d.group, (allocatedByGroup.get(d.group) ?? 0) + minutes);
    objective += (minutes * (v ? toUnits(v.kpi) : 0)) / SCALE / SCALE;
    const w = weekIndex(c.week);
    if (w < start || w > weekIndex(d.due) - (v?.lead_weeks ?? 0)) late.push(c);
  }
  const shares: Evaluation['shares'] = [];
  for (const v of input.vendors) {
    for (const g of v.groups) {
      const total = totals.get(g.group) ?? 0;
      const load = byVendorGroup.get(`${v.id}\u0000${g.group}`) ?? 0;
      const pct = total > 0 ? Math.round((load * 100 * SCALE) / total) : 0;
      const min = minShare(g);
      const max = maxShare(g);
      // Compare in minutes (as the solver does), not in the rounded percentage: the maximum against
      // the group's demand, the minimum against what the group got allocated (issue 23).
      const allocated = allocatedByGroup.get(g.group) ?? 0;
      const broken = total > 0 && (load * 100 * SCALE > total * max || load * 100 * SCALE < allocated * min);
      shares.push({ vendor: v.id, group: g.group, share: fromUnits(pct), broken });
    }
  }
  const all = [...loads.values()];
  return {
    objective: Math.round(objective * SCALE) / SCALE,
    loads: all,
    over: all.filter((c) => c.load > c.capacity),
    shares,
    late,
  };
}

/**
 * The same problem as an LP in CPLEX LP format, for HiGHS. Lines of one group and due week are
 * interchangeable (the value depends only on the vendor), so they are aggregated: one variable
 * per (group, due week, vendor, week), in minutes. Its optimum bounds every whole-piece answer.
 */
export function lpModel(input: AllocInput): { lp: string; variables: number } {
  const start = weekIndex(input.start_week);
  const demandMin = new Map<string, number>(); // group|due → minutes
  const groupTotal = new Map<string, number>();
  for (const d of input.demands) {
    const m = (d.qty * toUnits(d.smv)) / SCALE;
    const k = `${d.group}|${weekIndex(d.due) - start}`;
    demandMin.set(k, (demandMin.get(k) ?? 0) + m);
    groupTotal.set(d.group, (groupTotal.get(d.group) ?? 0) + m);
  }
  const cap = new Map<string, number>();
  for (const c of input.capacity) {
    const w = weekIndex(c.week) - start;
    if (w < 0) continue;
    const k = `${c.vendor}|${c.group}|${w}`;
    cap.set(k, (cap.get(k) ?? 0) + Math.max(0, toUnits(c.minutes)) / SCALE);
  }
  const groupIds = new Map([...groupTotal.keys()].sort(byText).map((g, i) => [g, i]));
  const vendorIds = new Map(input.vendors.map((v, i) => [v.id, i]));
  const obj: string[] = [];
  const rowsDemand = new Map<string, string[]>();
  const rowsCap = new Map<string, string[]>();
  const rowsShare = new Map<string, string[]>();
  const rowsGroup = new Map<string, string[]>();
  let variables = 0;
  for (const [k, minutes] of [...demandMin.entries()].sort((a, b) => byText(a[0], b[0]))) {
    if (minutes <= 0) continue;
    const [group, dueS] = k.split('|');
    const due = Number(dueS);
    const gi = groupIds.get(group)!;
    for (const v of input.vendors) {
      if (!v.groups.some((x) => x.group === group)) continue;
      const vi = vendorIds.get(v.id)!;
      for (let w = 0; w <= due - Math.max(0, v.lead_weeks); w++) {
        const c = cap.get(`${v.id}|${group}|${w}`) ?? 0;
        if (c <= 0) continue;
        const name = `y_${gi}_${due}_${vi}_${w}`;
        variables++;
        obj.push(`${toUnits(v.kpi) / SCALE} ${name}`);
        push(rowsDemand, k, name);
        push(rowsCap, `${v.id}|${group}|${w}`, name);
        push(rowsShare, `${v.id}|${group}`, name);
        push(rowsGroup, group, name);
      }
    }
  }
  const lines: string[] = ['Maximize', ` obj: ${obj.length ? obj.join(' + ') : '0 dummy'}`, 'Subject To'];
  let r = 0;
  for (const [k, vars] of rowsDemand) lines.push(` r${r++}: ${vars.join(' + ')} <= ${demandMin.get(k)}`);
  for (const [k, vars] of rowsCap) lines.push(` r${r++}: ${vars.join(' + ')} <= ${cap.get(k)}`);
  for (const v of input.vendors) {
    for (const g of v.groups) {
      const total = groupTotal.get(g.group);
      if (!total) continue;
      const vars = rowsShare.get(`${v.id}|${g.group}`) ?? [];
      const max = maxShare(g) / SCALE;
      const min = minShare(g) / SCALE;
      if (vars.length && max < 100) lines.push(` r${r++}: ${vars.join(' + ')} <= ${(total * max) / 100}`);
      // The minimum share of the minutes allocated in the group: own − min/100 · all ≥ 0.
      const all = rowsGroup.get(g.group) ?? [];
      if (min > 0 && all.length) {
        const own = new Set(vars);
        const terms = all.map((n) => `${own.has(n) ? 1 - min / 100 : -min / 100} ${n}`);
        lines.push(` r${r++}: ${terms.join(' + ').replace(/\+ -/g, '- ')} >= 0`);
      }
    }
  }
  lines.push('End');
  return { lp: lines.join('\n'), variables };
}

function push(m: Map<string, string[]>, k: string, v: string) {
  const a = m.get(k);
  if (a) a.push(v);
  else m.set(k, [v]);
}
