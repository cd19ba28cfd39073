// Upgrades from the last release (issue 28): the previous release (commit PREVIOUS) is taken from
// this clone's history (git archive), runs its own server/src/main.ts on a new database of this
// run's kind (PostgreSQL with DATABASE_URL, else a new PGlite DATA_DIR) until it is up — so its
// own migrations and demo data made it — and stops. Then the current code opens that database (its
// migrations apply), every table that existed keeps its row count, and a demo user signs in and
// lists vendors over HTTP. Rebuilt here rather than kept as a fixture: a fixture of a PGlite data
// directory or a pg_dump is tens of MB of binary to commit and drifts from what the release's
// code really produced. Without the release in the history (a shallow clone) the test fails, never
// skips: CI's clone has history.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db';
import { openPglite } from '../db/pglite';
import { MIGRATIONS_DIR } from '../db/migrate';
import { apiCaller, login, testConfig } from '../testing';
import { sql } from 'drizzle-orm';
import { menu } from '../db/tables/menus';
// The catalogue a new database is seeded with (the system area's seed).
import { MENU_CATALOGUE } from '../../../areas/system/server/seed/menus';

/** The last landed release. */
const PREVIOUS = '20ae619';
const REPO = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');
const DATABASE_URL = process.env.DATABASE_URL;
const TABLES = `select schemaname || '.' || tablename as t from pg_tables where schemaname in ('public', 'drizzle') order by 1`;
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

const tmp = mkdtempSync(join(tmpdir(), 'seamline-upgrade-'));
const dbName = `seamline_t_${Date.now()}_upgrade`;
const dbUrl = DATABASE_URL ? Object.assign(new URL(DATABASE_URL), { pathname: `/${dbName}` }).href : undefined;
const dataDir = join(tmp, 'data');

async function withAdmin(fn: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    await fn(c);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  if (DATABASE_URL) await withAdmin((c) => c.query(`drop database if exists "${dbName}" with (force)`));
  rmSync(tmp, { recursive: true, force: true });
}, 60_000);

/** The release's files, with the current packages (its own workspace links point into it). */
function checkOutPrevious(): string {
  const found = spawnSync('git', ['-C', REPO, 'cat-file', '-e', `${PREVIOUS}^{commit}`]);
  if (found.status !== 0) throw new Error(`the previous release ${PREVIOUS} is not in this clone's history (shallow clone?): git fetch --unshallow`);
  const old = join(tmp, 'previous');
  mkdirSync(old);
  const archive = spawnSync('sh', ['-c', `git -C "${REPO}" archive ${PREVIOUS} | tar -x -C "${old}"`], { encoding: 'utf8' });
  if (archive.status !== 0) throw new Error(`git archive ${PREVIOUS}: ${archive.stderr}`);
  const modules = join(old, 'node_modules');
  mkdirSync(join(modules, '@seamline'), { recursive: true });
  for (const name of readdirSync(join(REPO, 'node_modules'))) {
    if (name !== '@seamline') symlinkSync(join(REPO, 'node_modules', name), join(modules, name));
  }
  // Relative links (../../server): inside the release's tree they lead to the release's own packages.
  for (const name of readdirSync(join(REPO, 'node_modules', '@seamline'))) {
    symlinkSync(readlinkSync(join(REPO, 'node_modules', '@seamline', name)), join(modules, '@seamline', name));
  }
  symlinkSync(join(REPO, 'server', 'node_modules'), join(old, 'server', 'node_modules'));
  return old;
}

/** Runs the release's own `server/src/main.ts` on the target until it is up, then stops it (SIGTERM). */
async function runPrevious(old: string): Promise<void> {
  const env: Record<string, string | undefined> = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: dbUrl };
  for (const k of ['NODE_ENV', 'PUBLIC_URL', 'WEB_DIST', 'REDIS_URL', 'SMTP_URL', 'VITEST', 'VITEST_WORKER_ID', 'VITEST_POOL_ID']) delete env[k];
  if (!dbUrl) delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: old, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-5000);
      if (out.includes('Seamline is up at')) {
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => reject(new Error(`the previous release exited (${code}) before it was up:\n${out}`));
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', onExit);
  });
  await new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')));
}

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;
async function rowCounts(query: Query): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { t } of await query(TABLES)) out[t as string] = Number((await query(`select count(*)::int as n from ${t as string}`))[0]!.n);
  return out;
}

/** Row counts read straight from the target (the superuser, or PGlite's one user: no row-level security). */
async function countsOf(pglite?: { query: (t: string) => Promise<{ rows: unknown[] }> }): Promise<Record<string, number>> {
  if (pglite) return rowCounts(async (t) => (await pglite.query(t)).rows as Array<Record<string, unknown>>);
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return await rowCounts(async (t) => (await c.query(t)).rows);
  } finally {
    await c.end();
  }
}

it(`a database made by the previous release (${PREVIOUS}) migrates forward with its data, and the app works on it`, async () => {
  const old = checkOutPrevious();
  if (DATABASE_URL) await withAdmin((c) => c.query(`create database "${dbName}"`));
  await runPrevious(old);

  let before: Record<string, number>;
  if (dbUrl) before = await countsOf();
  else {
    const previous = await openPglite({ dataDir: join(dataDir, 'pglite') });
    before = await countsOf(previous.client);
    await previous.close();
  }
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')).entries.length;
  // Guards the test itself: the release made demo data, and knew no migration newer than ours.
  expect(before['public.md_vendor']).toBeGreaterThan(0);
  expect(before[MIGRATIONS_TABLE]).toBeLessThanOrEqual(journal);

  // The current code opens it: its migrations apply.
  const config = testConfig({ databaseUrl: dbUrl, dataDir });
  const db = await openDatabase(config);
  const app = buildApp({ db, config, logStream: { write: () => {} } });
  try {
    const after = await countsOf('client' in db ? (db as { client: { query: (t: string) => Promise<{ rows: unknown[] }> } }).client : undefined);
    expect(after[MIGRATIONS_TABLE]).toBe(journal);
    // Nothing lost or added, except the menu catalogue: a migration may add a menu entry, switch it
    // on for the companies that have its neighbours and open it to the roles that have its whole
    // category (0075: the API reference; 0087: shipping, finance, inspections) — those only grow.
    const GROWS = new Set(['public.menu', 'public.client_menu', 'public.role_menu']);
    const kept = Object.fromEntries(Object.keys(before).filter((t) => t !== MIGRATIONS_TABLE && !GROWS.has(t)).map((t) => [t, after[t]]));
    const { [MIGRATIONS_TABLE]: _m, ...rest } = before;
    const expected = Object.fromEntries(Object.entries(rest).filter(([t]) => !GROWS.has(t)));
    expect(kept).toEqual(expected);
    for (const t of GROWS) if (t in before) expect(after[t]).toBeGreaterThanOrEqual(before[t]);

    const call = apiCaller(await app.listen({ port: 0, host: '127.0.0.1' }));
    const { token } = await login(call, 'brand.buyer');
    const list = await call('GET', 'mdapi/vendor/page-list', { token, query: { p: JSON.stringify({ size: 200 }) } });
    expect(list.status).toBe(200);
    expect(list.body.data.results.rows.length).toBeGreaterThan(0);

    // The menus added since that release reach it (0075, 0087), not only a new database's catalogue:
    // every catalogue entry is there with its titles and URL, and the areas behind them open to the
    // buyer, whose role had the supply-chain category (finance, shipping, inspections, templates).
    const menus = await db.asSystem((tx) => tx.select({ code: menu.code, en: menu.titleEn, zh: menu.titleZh, url: menu.url }).from(menu));
    const catalogue = MENU_CATALOGUE.map((m) => ({ code: m.code, en: m.en, zh: m.zh, url: m.url }));
    expect(catalogue.filter((m) => !menus.some((x) => x.code === m.code && x.en === m.en && x.zh === m.zh && x.url === m.url))).toEqual([]);
    // Rows written before money had a currency (0062, 0086) read in one now; entries in their material's unit.
    const unfilled = await db.asSystem(async (tx) =>
      ((await tx.execute(sql`select 'ord_customer_order' as t from ord_customer_order where currency is null
        union all select 'plm_season' from plm_season where currency is null union all select 'plm_style' from plm_style where currency is null
        union all select 'md_process' from md_process where currency is null union all select 'scm_purchase_requirement' from scm_purchase_requirement where currency is null
        union all select 'scm_purchase_requirement_lines' from scm_purchase_requirement_lines l join md_material m on m.id = l.material_id where l.unit is null and m.unit is not null`)) as unknown as { rows: unknown[] }).rows);
    expect(unfilled).toEqual([]);
    for (const path of ['scmapi/finance/invoice/list', 'scmapi/shipment/page-list', 'scmapi/inspection/page-list', 'scmapi/inspection-template/page-list']) {
      expect({ path, status: (await call('GET', path, { token })).status }).toEqual({ path, status: 200 });
    }
  } finally {
    await app.close();
    await db.close();
  }
}, 300_000);
