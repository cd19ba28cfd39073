// Where a V8 CPU profile (node --cpu-prof) spent its time: self time by function and by package or
// source folder, as text (bench/figures.ts benchProfile; docs/benchmarks.md quotes it).
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** A stretch of the profile, in ms before its end (the process's exit), e.g. one load's run. */
export interface Window {
  name: string;
  fromEndMs: number;
  toEndMs: number;
}

/** 'node_modules/fastify/…' → 'fastify'; 'node:internal/…' → 'node internals'; the bundle → 'bundle (server, areas, core)'. */
function owner(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName}`;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return 'node internals';
  if (url.endsWith('main.mjs')) return 'bundle (server, areas, core, bundled packages)';
  return url;
}

/** The heaviest functions and packages by self time, over the whole profile or one window of it. */
export function summarizeProfile(p: Profile, window?: Window, top = 25): string {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const from = window ? p.endTime - window.fromEndMs * 1000 : -Infinity;
  const to = window ? p.endTime - window.toEndMs * 1000 : Infinity;
  let at = p.startTime;
  p.samples.forEach((id, i) => {
    at += p.timeDeltas[i] ?? 0;
    if (at >= from && at <= to) self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  let total = 0;
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    total += us;
    const { functionName, url, lineNumber } = n.callFrame;
    const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\//, '')}:${lineNumber + 1}` : ''}`.trim();
    fn.set(name, (fn.get(name) ?? 0) + us);
    const o = owner(url, functionName);
    pkg.set(o, (pkg.get(o) ?? 0) + us);
  }
  const idle = fn.get('(idle)') ?? 0;
  const busy = total - idle;
  const lines = (m: Map<string, number>, n: number) =>
    [...m]
      .filter(([k]) => k !== '(idle)' && k !== '(idle) ')
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  return [
    `${window ? `${window.name}: ` : ''}sampled ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (idle ${((100 * idle) / total).toFixed(0)} %); shares of busy time:`,
    'by function (self time):',
    lines(fn, top),
    'by package / source:',
    lines(pkg, 12),
  ].join('\n');
}
