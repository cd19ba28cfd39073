// The outsider's harness (issue 29): every server under test is a process of its own, started as
// `npm start` starts it (the built bundle, `node <dir>/main.mjs`, production default log level
// unless a row says otherwise); baselines run in processes of their own; the load generator is
// autocannon's CLI in a third process. With `taskset` the servers are pinned to core 0 and the load
// generator to core 1, so neither side of a ratio shares an event loop or a core with the other.
// Rounds interleave the routes compared (A, B, A, B, …) and every figure carries the load average.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO = fileURLToPath(new URL('..', import.meta.url));
/** The bundle is built here, never into server/dist: it must stand two folders below the root (server/src/paths.ts). */
export const BUNDLE_DIR = join(REPO, 'bench', 'dist');
const AUTOCANNON = join(REPO, 'node_modules', 'autocannon', 'autocannon.js');

export const CPU_SERVER = '0';
export const CPU_LOAD = '1';
const HAS_TASKSET = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** `taskset -c CPU node …` when taskset works here, plain `node …` otherwise. */
function nodeCommand(cpu: string | undefined, args: string[]): [string, string[]] {
  return HAS_TASKSET && cpu !== undefined ? ['taskset', ['-c', cpu, process.execPath, ...args]] : [process.execPath, args];
}

export const pinning = () => (HAS_TASKSET ? `servers on core ${CPU_SERVER}, load generator on core ${CPU_LOAD} (taskset)` : 'no taskset: not pinned');

/** The 1-minute load average now, e.g. '5.2'. */
export const load1 = () => loadavg()[0]!.toFixed(1);

/** Builds the server bundle into bench/dist (once per run). */
let built = false;
export function buildBundle(): string {
  if (!built) {
    execFileSync(process.execPath, ['server/scripts/bundle.mjs', BUNDLE_DIR], { cwd: REPO, stdio: 'inherit' });
    // As `npm run build:server` does: the migrated PGlite template beside the bundle (db/template.ts).
    execFileSync(process.execPath, [join(BUNDLE_DIR, 'main.mjs'), '--prepare-template'], { cwd: REPO, stdio: 'inherit', env: { ...process.env, DATABASE_URL: '' } });
    built = true;
  }
  return join(BUNDLE_DIR, 'main.mjs');
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = (probe.address() as AddressInfo);
      probe.close(() => resolve(port));
    });
  });

export interface Proc {
  name: string;
  base: string;
  pid: number;
  logFile: string;
  /** ms from spawn to the first successful answer of the ready path. */
  startMs: number;
  /** Resident memory now, MB (/proc). */
  rssMb(): number;
  /** CPU seconds (user + system) used so far (/proc). */
  cpuSeconds(): number;
  close(): Promise<void>;
}

export interface ProcOptions {
  name: string;
  /** Arguments after `node` (a script and its flags). */
  args: string[];
  env: Record<string, string | undefined>;
  /** Answers 2xx once the process serves. */
  readyPath: string;
  cpu?: string;
  /** Own folder for its log (and DATA_DIR unless env sets one); removed at close unless kept. */
  dir?: string;
  deadlineMs?: number;
}

/** Starts a process on a free port and waits until readyPath answers. */
export async function startProc(o: ProcOptions): Promise<Proc> {
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'seamline-bench29-'));
  const logFile = join(dir, `${o.name.replace(/\W+/g, '-')}.log`);
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const [cmd, args] = nodeCommand(o.cpu, o.args);
  const t0 = performance.now();
  // taskset execs node, so the child's pid is node's own.
  const child: ChildProcess = spawn(cmd, args, {
    cwd: REPO,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), ...o.env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = o.deadlineMs ?? 600_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${o.name} exited:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    if (performance.now() - t0 > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${o.name} did not answer within ${deadline} ms`);
    }
    if (await fetch(base + o.readyPath).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const startMs = performance.now() - t0;
  const proc = (file: string) => readFileSync(`/proc/${child.pid}/${file}`, 'utf8');
  return {
    name: o.name,
    base,
    pid: child.pid!,
    logFile,
    startMs,
    rssMb: () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(proc('status'))?.[1] ?? NaN) / 1024),
    cpuSeconds: () => {
      const f = proc('stat').split(') ')[1]!.split(' ');
      return (Number(f[11]) + Number(f[12])) / 100;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timer);
      }
      if (!o.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The product as `npm start` runs it: `node bench/dist/main.mjs` (the bundle), LOG_LEVEL from the
 * row (info is the production default), pinned to the server core. nodeFlags go before the script
 * (e.g. --cpu-prof).
 */
export function startProduct(name: string, env: Record<string, string | undefined>, options: { nodeFlags?: string[]; dir?: string; deadlineMs?: number } = {}) {
  return startProc({ name, args: [...(options.nodeFlags ?? []), buildBundle()], env, readyPath: '/api/utilsapi/access/public-key', cpu: CPU_SERVER, dir: options.dir, deadlineMs: options.deadlineMs });
}

/** A baseline script of bench/ (TypeScript through tsx), pinned to the server core. */
export function startBaseline(name: string, script: string, env: Record<string, string | undefined>, readyPath: string) {
  return startProc({ name, args: ['--import', 'tsx', script], env, readyPath, cpu: CPU_SERVER });
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** 1-minute load average before and after. */
  load: string;
  /** ms of server CPU per request, when a process was given. */
  cpuMsPerRequest?: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds?: number;
  /** Whose CPU to account per request. */
  proc?: Proc;
}

/** autocannon's CLI in its own process on the load core; resolves with its JSON summary. */
function autocannon(url: string, connections: number, seconds: number): Promise<{ requests: { average: number; total: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number; timeouts: number }> {
  const [cmd, args] = nodeCommand(CPU_LOAD, [AUTOCANNON, '-j', '-n', '-c', String(connections), '-d', String(seconds), url]);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b));
    child.stderr.on('data', (b: Buffer) => (err += b));
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`autocannon exited ${code}: ${err.slice(-1000)}`));
      }
    });
  });
}

export async function runLoad(url: string, o: LoadOptions): Promise<Load> {
  if (o.warmupSeconds) await autocannon(url, o.connections, o.warmupSeconds);
  const before = load1();
  const cpu = o.proc?.cpuSeconds();
  const r = await autocannon(url, o.connections, o.seconds);
  const used = o.proc && cpu !== undefined ? o.proc.cpuSeconds() - cpu : undefined;
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx + r.timeouts,
    requests: r.requests.total,
    load: `${before}→${load1()}`,
    cpuMsPerRequest: used !== undefined && r.requests.total > 0 ? Number(((used * 1000) / r.requests.total).toFixed(3)) : undefined,
  };
}

/** Several URLs loaded at once (each its own autocannon process), e.g. the 200-client mix. */
export async function runMix(parts: Array<{ url: string; connections: number }>, seconds: number): Promise<Load[]> {
  return Promise.all(parts.map((p) => runLoad(p.url, { connections: p.connections, seconds })));
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export interface Target {
  name: string;
  url: string;
  proc: Proc;
}

/**
 * Rounds of A, B, A, B, …: each round loads every target once, in the same order (the baseline
 * first), so neighbouring measurements of a pair are seconds apart and a change in the machine's
 * load hits both. Returns each target's loads, one per round.
 */
export async function interleave(targets: Target[], rounds: number, o: { connections: number; seconds: number; warmupSeconds: number }): Promise<Load[][]> {
  const loads: Load[][] = targets.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, t] of targets.entries()) loads[i]!.push(await runLoad(t.url, { ...o, proc: t.proc }));
  }
  return loads;
}

export interface Row {
  figure: string;
  baseline: string;
  'rps (median)': number;
  'baseline rps': number;
  ratio: string;
  'ratio range': string;
  budget: string;
  'p99 ms': string;
  'cpu ms/req': string;
  /** baseline CPU per request ÷ the route's: the ratio one core would serve, less sensitive to a busy machine. */
  'ratio by cpu': string;
  errors: number;
  load: string;
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const spread = (xs: number[], f = (x: number) => String(Math.round(x))) => (xs.length ? `${f(Math.min(...xs))}–${f(Math.max(...xs))}` : '–');

/** One printed row: the route's rounds against the baseline's, ratio = median of per-round ratios. */
export function compare(figure: string, own: Load[], baselineName: string, base: Load[], budget: string): Row {
  const ratios = own.map((l, i) => l.rps / base[i]!.rps);
  return {
    figure,
    baseline: baselineName,
    'rps (median)': median(own.map((l) => l.rps)),
    'baseline rps': median(base.map((l) => l.rps)),
    ratio: fmt(median(ratios)),
    'ratio range': spread(ratios, fmt),
    budget,
    'p99 ms': `${spread(own.map((l) => l.p99))} (baseline ${spread(base.map((l) => l.p99))})`,
    'cpu ms/req': own[0]?.cpuMsPerRequest !== undefined ? `${fmt(median(own.map((l) => l.cpuMsPerRequest!)))} (baseline ${fmt(median(base.map((l) => l.cpuMsPerRequest!)))})` : '–',
    'ratio by cpu': own[0]?.cpuMsPerRequest !== undefined ? fmt(median(own.map((l, i) => base[i]!.cpuMsPerRequest! / l.cpuMsPerRequest!))) : '–',
    errors: own.reduce((n, l) => n + l.errors, 0),
    load: loadRange([...own, ...base]),
  };
}

/** The lowest and highest 1-minute load average seen over some loads, e.g. '4.1–9.8'. */
export function loadRange(loads: Load[]): string {
  const xs = loads.flatMap((l) => l.load.split('→').map(Number));
  return `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
}

/** Prints rows with the run's context; every row carries the load average seen during it. */
export function printRows(title: string, rows: object[]) {
  console.log(`\n${title} — ${new Date().toISOString()} — ${pinning()}`);
  console.table(rows);
}

/** A database of its own on the PostgreSQL server of DATABASE_URL. */
export async function ownDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `seamline_bench29_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
