// HiGHS (WebAssembly), the solver of record: loaded once per process, on first use, because the
// module costs ~2 MB of WASM and most requests never need it.
import type { AllocInput } from '../meta/allocation';
import { lpModel } from '../meta/allocation';

type Highs = { solve(problem: string, options?: Record<string, unknown>): { Status: string; ObjectiveValue: number } };
let loading: Promise<Highs> | null = null;

export function loadHighs(): Promise<Highs> {
  loading ??= import('highs').then((m) => {
    const load = (m as unknown as { default: () => Promise<Highs> }).default;
    return load();
  });
  return loading;
}

export interface LpAnswer {
  status: string;
  /** The LP optimum (KPI-weighted minutes), an upper bound of every whole-piece allocation. */
  objective: number | null;
  variables: number;
}

/** The LP relaxation of the allocation, solved by HiGHS. */
export async function solveWithHighs(input: AllocInput): Promise<LpAnswer> {
  const highs = await loadHighs();
  const { lp, variables } = lpModel(input);
  const r = highs.solve(lp, { output_flag: false });
  return { status: r.Status, objective: r.Status === 'Optimal' ? r.ObjectiveValue : null, variables };
}
