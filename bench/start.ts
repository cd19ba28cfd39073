// Start-up and idle memory (issue 12, point 4): the server as `npm start` runs it — the prebuilt
// bundle server/dist/main.mjs (server/scripts/bundle.mjs, built first here; BENCH_START_TSX=1 runs
// `tsx server/src/main.ts` instead, for comparison) — in a child process of its own, against a fresh data directory — first start (open, migrate, seed
// the demo data), then a reopen of the same directory — and its resident memory after 10 s idle.
// On PGlite the first start is measured twice: as usual (the migrated copy of this machine's
// earlier first start, db/template.ts) and cold (no copy: initdb and every migration).
// On PostgreSQL (DATABASE_URL) in a database created for the run.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const IDLE_MS = 10_000;
const FROM_SOURCE = process.env.BENCH_START_TSX === '1';
const SERVER_ARGS = FROM_SOURCE ? ['--import', 'tsx', 'server/src/main.ts'] : ['server/dist/main.mjs'];
const DEADLINE_MS = 300_000;

interface Started {
  seconds: number;
  rssMb: number;
  /** ms since the process started at the end of each phase (main.ts logs them with 'is up'). */
  phases: Record<string, number>;
}

/** Starts main.ts, waits for 'is up', idles, reads its RSS, stops it (SIGTERM). */
async function startOnce(env: Record<string, string | undefined>): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: REPO,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const up = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within ${DEADLINE_MS} ms:\n${out.slice(-2000)}`)), DEADLINE_MS);
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Seamline is up')) {
        clearTimeout(timer);
        resolve(performance.now() - t0);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out.slice(-2000)}`)));
  });
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  const phases = JSON.parse(/"startup":(\{[^}]*\})/.exec(out)?.[1] ?? '{}') as Record<string, number>;
  return { seconds: up / 1000, rssMb: Math.round(rssKb / 1024), phases };
}

const row = (name: string, s: Started, budgetS: number | null, budgetMb: number) => ({
  name,
  's to listening': s.seconds.toFixed(1),
  'time / budget': budgetS === null ? '–' : `${(s.seconds / budgetS).toFixed(2)} of ${budgetS} s`,
  'idle RSS MB': s.rssMb,
  'RSS / budget': `${(s.rssMb / budgetMb).toFixed(2)} of ${budgetMb} MB`,
  // Each phase's own ms: modules loaded, firstStart (a new PGlite data directory migrated and seeded by
  // a child process, main.ts), database open + migrated, seed check, app built, gc, listening.
  phases: Object.entries(s.phases)
    .map(([k, v], i, all) => `${k} ${i === 0 ? v : v - all[i - 1][1]}`)
    .join(', '),
});

export async function benchStart() {
  if (!FROM_SOURCE) execFileSync(process.execPath, ['server/scripts/bundle.mjs'], { cwd: REPO, stdio: 'inherit' });
  const adminUrl = process.env.DATABASE_URL;
  const rows = [];
  if (!adminUrl) {
    const cold = mkdtempSync(join(tmpdir(), 'seamline-start-'));
    const noTemplate = mkdtempSync(join(tmpdir(), 'seamline-start-tpl-'));
    try {
      rows.push(row('PGlite first start, cold (initdb + migrations)', await startOnce({ DATA_DIR: cold, PGLITE_TEMPLATE_DIR: noTemplate }), null, 250));
    } finally {
      rmSync(cold, { recursive: true, force: true });
    }
    const dir = mkdtempSync(join(tmpdir(), 'seamline-start-'));
    try {
      // The cold start above left its migrated copy in noTemplate: this is every later first start.
      rows.push(row('PGlite first start (migrated copy)', await startOnce({ DATA_DIR: dir, PGLITE_TEMPLATE_DIR: noTemplate }), 5, 250));
      rows.push(row('PGlite reopen', await startOnce({ DATA_DIR: dir, PGLITE_TEMPLATE_DIR: noTemplate }), 2, 250));
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(noTemplate, { recursive: true, force: true });
    }
  } else {
    const name = `seamline_start_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'seamline-start-'));
    try {
      rows.push(row('PostgreSQL first start (migrate + seed)', await startOnce({ DATA_DIR: dataDir, DATABASE_URL: url.toString() }), null, 150));
      rows.push(row('PostgreSQL restart', await startOnce({ DATA_DIR: dataDir, DATABASE_URL: url.toString() }), null, 150));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`\nstart-up and idle memory (${FROM_SOURCE ? 'tsx server/src/main.ts' : 'node server/dist/main.mjs'}) — ${new Date().toISOString()} — load ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.table(rows);
}
