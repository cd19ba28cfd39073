// Time and action (T&A, spec §1 'garment-node following'): a follow-node config is a DAG of nodes
// with day offsets from the order or delivery date; applying it to an order gives planned dates;
// recorded actual dates re-project every dependent node along the dependencies (a longest-path
// pass in topological order), and the nodes whose projection now passes their plan are at risk.
// Dates are 'YYYY-MM-DD' strings and day arithmetic is done in UTC, so no time zone moves a day.

export interface TnaNode {
  node_code: string;
  depends_on?: string | null;
  planned_date?: string | null;
  actual_date?: string | null;
}
export type NodeState = 'planned' | 'done' | 'late' | 'at_risk' | 'overdue';
export interface ProjectedNode {
  node_code: string;
  projected_date: string | null;
  state: NodeState;
  /** Days the projection (or the actual date) lies after the plan; 0 when on time. */
  delay_days: number;
  /** On the chain that decides the last node's date. */
  critical: boolean;
}

const DAY = 86_400_000;
export function toDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / DAY);
}
export function fromDay(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}
export const addDays = (date: string, days: number): string => fromDay(toDay(date) + days);
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The node codes a node depends on ('CUT, SEW' → ['CUT', 'SEW']). */
export function dependenciesOf(node: { depends_on?: string | null }): string[] {
  return String(node.depends_on ?? '')
    .split(/[,;\s]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
}

/**
 * Node codes in dependency order, or the problem: an unknown dependency, a duplicate code or a
 * cycle (named by one of its nodes).
 */
export function topoOrder(nodes: readonly Pick<TnaNode, 'node_code' | 'depends_on'>[]):
  | { order: string[] }
  | { problem: 'duplicate' | 'unknown' | 'cycle'; node: string } {
  const codes = new Map<string, string[]>();
  for (const n of nodes) {
    const code = String(n.node_code ?? '').trim().toUpperCase();
    if (codes.has(code)) return { problem: 'duplicate', node: code };
    codes.set(code, dependenciesOf(n));
  }
  for (const [code, deps] of codes) for (const d of deps) if (!codes.has(d) || d === code) return { problem: d === code ? 'cycle' : 'unknown', node: code };
  const order: string[] = [];
  const mark = new Map<string, 1 | 2>();
  const visit = (code: string, path: string[]): string | null => {
    if (mark.get(code) === 2) return null;
    if (mark.get(code) === 1) return code;
    mark.set(code, 1);
    for (const d of codes.get(code) ?? []) {
      const cyc = visit(d, [...path, code]);
      if (cyc) return cyc;
    }
    mark.set(code, 2);
    order.push(code);
    return null;
  };
  for (const code of codes.keys()) {
    const cyc = visit(code, []);
    if (cyc) return { problem: 'cycle', node: cyc };
  }
  return { order };
}

/** Planned dates of a config's nodes: basis date + offset days. */
export function planDates<T extends { offset_days?: number | string | null }>(nodes: readonly T[], basisDate: string): Array<T & { planned_date: string }> {
  return nodes.map((n) => ({ ...n, planned_date: addDays(basisDate, Number(n.offset_days ?? 0) || 0) }));
}

/**
 * Re-projects every node. A node's projected date is the latest of its plan and, for each node it
 * depends on, that node's effective date (actual, else projected) plus the planned gap between the
 * two (never negative). A node not done whose projected date has passed `today` is pushed to
 * `today` (it cannot finish earlier). States: done (actual ≤ plan), late (actual > plan), at_risk
 * (not done, projected > plan), overdue (not done, plan passed, no dependency to blame), planned.
 */
export function reproject(nodes: readonly TnaNode[], today: string): ProjectedNode[] {
  const sorted = topoOrder(nodes);
  if ('problem' in sorted) throw new Error(`T&A nodes: ${sorted.problem} at ${sorted.node}`);
  const byCode = new Map(nodes.map((n) => [n.node_code.trim().toUpperCase(), n]));
  const eff = new Map<string, number | null>();
  const proj = new Map<string, number | null>();
  const binding = new Map<string, string | null>();
  const t = toDay(today);
  for (const code of sorted.order) {
    const n = byCode.get(code)!;
    const plan = isDate(n.planned_date) ? toDay(n.planned_date) : null;
    let p = plan;
    let bind: string | null = null;
    for (const d of dependenciesOf(n)) {
      const dep = byCode.get(d)!;
      const depEff = eff.get(d);
      if (depEff === null || depEff === undefined) continue;
      const depPlan = isDate(dep.planned_date) ? toDay(dep.planned_date) : depEff;
      const gap = plan === null ? 0 : Math.max(0, plan - depPlan);
      const cand = depEff + gap;
      if (p === null || cand > p) {
        p = cand;
        bind = d;
      } else if (cand === p && bind === null) bind = d;
    }
    const actual = isDate(n.actual_date) ? toDay(n.actual_date) : null;
    if (actual === null && p !== null && p < t) p = t;
    proj.set(code, actual ?? p);
    binding.set(code, bind);
    eff.set(code, actual ?? p);
  }
  // The critical chain: from the node with the latest effective date back along binding dependencies.
  const critical = new Set<string>();
  let last: string | null = null;
  for (const code of sorted.order) {
    const e = eff.get(code);
    if (e !== null && e !== undefined && (last === null || e >= (eff.get(last) as number))) last = code;
  }
  while (last) {
    critical.add(last);
    last = binding.get(last) ?? null;
  }
  return nodes.map((n) => {
    const code = n.node_code.trim().toUpperCase();
    const plan = isDate(n.planned_date) ? toDay(n.planned_date) : null;
    const actual = isDate(n.actual_date) ? toDay(n.actual_date) : null;
    const p = proj.get(code) ?? null;
    let state: NodeState = 'planned';
    let delay = 0;
    if (actual !== null) {
      delay = plan === null ? 0 : Math.max(0, actual - plan);
      state = delay > 0 ? 'late' : 'done';
    } else if (plan !== null && p !== null && p > plan) {
      delay = p - plan;
      const pushedByDeps = dependenciesOf(n).some((d) => {
        const dep = byCode.get(d)!;
        return (eff.get(d) ?? 0) > (isDate(dep.planned_date) ? toDay(dep.planned_date) : Number.NEGATIVE_INFINITY);
      });
      state = pushedByDeps ? 'at_risk' : 'overdue';
    }
    return { node_code: n.node_code, projected_date: p === null ? null : fromDay(p), state, delay_days: delay, critical: critical.has(code) };
  });
}

/** Codes of nodes at risk (or overdue) now that were not before: whose owners get an alert. */
export function newlyAtRisk(before: readonly ProjectedNode[], after: readonly ProjectedNode[]): string[] {
  const was = new Set(before.filter((n) => n.state === 'at_risk' || n.state === 'overdue').map((n) => `${n.node_code}@${n.projected_date}`));
  return after.filter((n) => (n.state === 'at_risk' || n.state === 'overdue') && !was.has(`${n.node_code}@${n.projected_date}`)).map((n) => n.node_code);
}
