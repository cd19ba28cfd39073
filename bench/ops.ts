// Operators' figures (issue 28, docs/operations.md): /healthz and /readyz against a bare Fastify
// route answering the same body, each server in its own process as `npm start` runs it (the
// bundle, info and warn logging), interleaved rounds (bench/process.ts, issue 29's harness); and how long `npm run backup` and
// `npm run restore` take on the demo data, run as an operator runs them (the CLI in its own
// process, wall-clock time). BENCH_BACKUP_VENDORS=1000000 adds that many vendor rows first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { AREAS, loadConfig, openDatabase, seedIfEmpty } from '@seamline/server';
import { sql } from '@seamline/server/api';
import { compare, interleave, printRows, startBaseline, startProduct } from './process';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export async function benchHealth() {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const env = { LOG_LEVEL: 'info', DATABASE_URL: process.env.DATABASE_URL }; // the production default
  const product = await startProduct('health-info', env);
  const warn = await startProduct('health-warn', { ...env, LOG_LEVEL: 'warn' });
  const bare = await startBaseline('bare-health', 'bench/bareServer.ts', { BARE_BODY: JSON.stringify({ status: 'ok' }) }, '/bare');
  try {
    // /readyz waits for the workers and the first migrations check: ready once it answers 200.
    for (const p of [product, warn]) for (let i = 0; i < 600 && (await fetch(`${p.base}/readyz`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 500));
    const targets = [
      { name: 'bare', url: `${bare.base}/bare`, proc: bare },
      { name: '/healthz info', url: `${product.base}/healthz`, proc: product },
      { name: '/readyz info', url: `${product.base}/readyz`, proc: product },
      { name: '/healthz warn', url: `${warn.base}/healthz`, proc: warn },
      { name: '/readyz warn', url: `${warn.base}/readyz`, proc: warn },
    ];
    const [b, hi, ri, hw, rw] = await interleave(targets, rounds, { connections: 10, seconds, warmupSeconds: 2 });
    const bareName = 'bare Fastify route, same body (own process)';
    printRows(`/healthz and /readyz on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, 10 clients, ${rounds} interleaved rounds of ${seconds} s; load ${load()}`, [
      compare('/healthz, LOG_LEVEL=info (default)', hi!, bareName, b!, '–'),
      compare('/readyz, LOG_LEVEL=info (default)', ri!, bareName, b!, '–'),
      compare('/healthz, LOG_LEVEL=warn', hw!, bareName, b!, '–'),
      compare('/readyz, LOG_LEVEL=warn', rw!, bareName, b!, '–'),
    ]);
  } finally {
    for (const p of [product, warn, bare]) await p.close();
  }
}

/** A database of its own on DATABASE_URL's server (none on PGlite). */
async function ownDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { drop: async () => {} };
  const name = `seamline_bench_ops_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

function cli(args: string[], env: Record<string, string | undefined>): number {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/ops/backupCli.ts', ...args], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`backupCli ${args[0]} failed: ${run.stderr || run.stdout}`);
  process.stdout.write(`  ${run.stdout.trim()}\n`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

export async function benchBackup() {
  const vendors = Number(process.env.BENCH_BACKUP_VENDORS ?? 0);
  const source = mkdtempSync(join(tmpdir(), 'seamline-bench-backup-'));
  const target = mkdtempSync(join(tmpdir(), 'seamline-bench-restore-'));
  const [from, to] = [await ownDatabase(), await ownDatabase()];
  try {
    const db = await openDatabase(loadConfig({ ...process.env, DATA_DIR: source, DATABASE_URL: from.url, LOG_LEVEL: 'silent' }));
    await seedIfEmpty(db, AREAS);
    if (vendors > 0) {
      const res = (await db.asSystem((tx) => tx.execute(sql`select id from client order by created_at limit 1`))) as unknown as { rows: Array<{ id: string }> };
      const { id } = res.rows[0];
      for (let n = 1; n <= vendors; n += 100_000) {
        await db.asSystem((tx) =>
          tx.execute(sql`insert into md_vendor (client_id, code, short_name, full_name, status, currency)
            select ${id}::uuid, 'BK' || lpad(g::text, 7, '0'), 'Vendor ' || g, 'Bench Vendor ' || g, '10', 'CNY'
            from generate_series(${n}::int, ${Math.min(vendors, n + 99_999)}::int) g`),
        );
      }
    }
    await db.close();
    const file = join(source, 'bench-backup.tar');
    console.log(`\nbackup and restore: demo data${vendors ? ` + ${vendors} vendors` : ''} on ${from.url ? 'PostgreSQL' : 'PGlite'}; load average before: ${load()}`);
    const backupS = cli(['backup', file], { DATA_DIR: source, DATABASE_URL: from.url });
    const restoreS = cli(['restore', file], { DATA_DIR: target, DATABASE_URL: to.url });
    console.table([
      {
        data: `demo${vendors ? ` + ${vendors} vendors` : ''}`,
        database: from.url ? 'PostgreSQL' : 'PGlite',
        'archive MB': (statSync(file).size / 1e6).toFixed(1),
        'backup s (wall, with tsx start)': backupS.toFixed(1),
        'restore s (wall, with tsx start)': restoreS.toFixed(1),
        'load avg after': load(),
      },
    ]);
  } finally {
    await from.drop();
    await to.drop();
    rmSync(source, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
  }
}
