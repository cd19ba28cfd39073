// The figures of issue 29, measured from outside (bench/process.ts): user-state, the vendor list,
// the 200-client mix, start-up and idle memory, and a CPU profile of the server under load.
// `npm run bench -- [--quick] [--only user-state,list,mix,start,profile] [--rows N] [--rounds N] [--seconds N]`.
// docs/benchmarks.md records the figures and how to reproduce each.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { apiCaller, login } from '@seamline/server/testing';
import { storedFields } from '../server/src/engine/entityTables';
import { DOC_SYSTEM_FIELDS } from '../server/src/engine/values';
import { vendorEntity } from '../areas/masterdata/meta/vendor';
import { compare, interleave, load1, loadRange, median, ownDatabase, pinning, printRows, runLoad, runMix, startBaseline, startProduct, type Load, type Proc } from './process';
import { summarizeProfile } from './profileSummary';

export interface Options {
  quick: boolean;
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  rows: number;
  only: Set<string> | null;
  adminUrl?: string;
}

export function parseOptions(argv: string[], env = process.env): Options {
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const quick = argv.includes('--quick');
  const only = arg('only') ?? env.BENCH_ONLY;
  return {
    quick,
    // At least three interleaved rounds, even quick: one round is not a median.
    rounds: Math.max(3, Number(arg('rounds') ?? env.BENCH_ROUNDS ?? 3)),
    seconds: Number(arg('seconds') ?? env.BENCH_SECONDS ?? (quick ? 3 : 10)),
    warmupSeconds: quick ? 1 : 2,
    rows: Number(arg('rows') ?? env.BENCH_ROWS ?? (quick ? 50_000 : 1_000_000)),
    only: only ? new Set(only.split(',')) : null,
    adminUrl: env.DATABASE_URL,
  };
}

const COMPANIES = 50;
const tokenOf = async (base: string, username: string) => (await login(apiCaller(base), username)).token;
const kind = (o: Options) => (o.adminUrl ? 'PostgreSQL' : 'PGlite');

/** A database for one figure: its own PostgreSQL database, or (PGlite) nothing shared. */
async function database(o: Options) {
  return o.adminUrl ? ownDatabase(o.adminUrl) : { url: undefined, drop: async () => {} };
}

/** Products at info and at warn on the same database (PGlite: each its own data directory). */
async function products(o: Options, url: string | undefined): Promise<{ info: Proc; warn: Proc }> {
  const info = await startProduct('product-info', { LOG_LEVEL: 'info', DATABASE_URL: url });
  const warn = await startProduct('product-warn', { LOG_LEVEL: 'warn', DATABASE_URL: url });
  return { info, warn };
}

// ————— user-state —————

export async function benchUserState(o: Options) {
  const db = await database(o);
  const { info, warn } = await products(o, db.url);
  const procs: Proc[] = [info, warn];
  try {
    const route = async (p: Proc) => `${p.base}/api/utilsapi/access/user-state?token=${await tokenOf(p.base, 'brand.buyer')}`;
    const [infoUrl, warnUrl] = [await route(info), await route(warn)];
    const body = await (await fetch(infoUrl)).text();
    const bare = await startBaseline('bare-constant', 'bench/bareServer.ts', { BARE_BODY: body }, '/bare');
    procs.push(bare);
    const [b, i, w] = await interleave(
      [
        { name: 'bare', url: `${bare.base}/bare`, proc: bare },
        { name: 'info', url: infoUrl, proc: info },
        { name: 'warn', url: warnUrl, proc: warn },
      ],
      o.rounds,
      { connections: 10, seconds: o.seconds, warmupSeconds: o.warmupSeconds },
    );
    const bareName = 'bare Fastify route, same JSON (own process)';
    printRows(`user-state on ${kind(o)}, 10 clients, ${o.rounds} interleaved rounds of ${o.seconds} s`, [
      compare('user-state, LOG_LEVEL=info (default)', i!, bareName, b!, '≥ 0.5'),
      compare('user-state, LOG_LEVEL=warn', w!, bareName, b!, '–'),
      compare('user-state, info vs warn (logging cost)', i!, 'the product at warn', w!, '≥ 0.9'),
    ]);
  } finally {
    for (const p of procs) await p.close();
    await db.drop();
  }
}

// ————— the vendor list and the 200-client mix (PostgreSQL) —————

/** The filter mix ('the kit'): status in ['10'] + short-name prefix, newest first. */
export const LIST_FILTER = { short_name: { op: 'prefix', value: 'Vendor 1' }, status: { op: 'in', value: ['10'] } };
export const LIST_SORT = { field: 'created_at', order: 'desc' } as const;

/** The product's page SQL for LIST_FILTER/LIST_SORT (engine/pageList.ts), $1 the offset, then whereParams. */
function listSql() {
  const columns = [...DOC_SYSTEM_FIELDS, ...storedFields(vendorEntity.fields).map((f) => f.name)].map((c) => `"${c}"`).join(', ');
  const where = (n: number) =>
    `"client_id" = $${n} and ("short_name" ~>=~ $${n + 1} and "short_name" ~<~ $${n + 2} and "short_name" like $${n + 3}) and "status" in ($${n + 4})`;
  return {
    list: `select ${columns}, ("md_vendor"."created_at")::text as "__k0", ("md_vendor"."id")::text as "__k1" from "md_vendor" where ${where(2)} order by "md_vendor"."created_at" desc, "md_vendor"."id" desc limit 20 offset $1`,
    count: `select count(*)::int as n from (select 1 from "md_vendor" where ${where(1)} limit 10001) s`,
    params: (clientId: string) => [clientId, 'Vendor 1', 'Vendor 2', 'Vendor 1%', '10'],
  };
}

/**
 * rows vendors spread over 50 companies (the demo brand plus 49), created one second apart. Names
 * count per company ('Vendor 1' … 'Vendor 20000' at 1M rows), so in each company the prefix
 * 'Vendor 1' matches 11,111 of 20,000 and with status '10' about 3,700: page 50 has rows.
 */
async function fillVendors(url: string, clientId: string, rows: number) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const t0 = performance.now();
    const others = await c.query(`insert into client (code, name, type) select 'BENCH' || g, 'Bench Co ' || g, 'BRAND' from generate_series(1, ${COMPANIES - 1}) g returning id`);
    const ids = JSON.stringify([clientId, ...others.rows.map((r) => r.id as string)]);
    for (let from = 1; from <= rows; from += 100_000) {
      const to = Math.min(rows, from + 99_999);
      await c.query(
        `insert into md_vendor (client_id, code, short_name, full_name, category, grade, status, currency, created_at, updated_at)
         select (($3::jsonb)->>(g % ${COMPANIES}))::uuid, 'BV' || lpad(g::text, 7, '0'), 'Vendor ' || (g / ${COMPANIES}), 'Bench Vendor ' || g || ' Co., Ltd.',
                (array['FABRIC','TRIM','GARMENT'])[1 + g % 3], (array['A','B','C'])[1 + g % 3], (array['0','10','40'])[1 + (g / ${COMPANIES}) % 3], 'CNY',
                now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
         from generate_series($1::int, $2::int) g`,
        [from, to, ids],
      );
    }
    await c.query('analyze');
    console.log(`inserted ${rows} vendors over ${COMPANIES} companies in ${((performance.now() - t0) / 1000).toFixed(1)} s (load ${load1()})`);
  } finally {
    await c.end();
  }
}

/** EXPLAIN of the mix's page 50 and its count, as the app role under row-level security. */
export async function explainList(url: string, clientId: string): Promise<string> {
  const { list, count, params } = listSql();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const plan = async (text: string, values: unknown[]) =>
      (await c.query(`explain (analyze, costs off, timing off, summary off) ${text}`, values)).rows.map((r) => r['QUERY PLAN']).join('\n');
    await c.query('begin');
    await c.query(`set local role seamline_app`);
    await c.query(`select set_config('app.client_id', $1, true)`, [clientId]);
    const out = `page 50:\n${await plan(list, [980, ...params(clientId)])}\n\ncount:\n${await plan(count, params(clientId))}`;
    await c.query('rollback');
    return out;
  } finally {
    await c.end();
  }
}

export async function benchList(o: Options, withList: boolean, withMix: boolean) {
  if (!o.adminUrl) {
    console.log('\nvendor list and the 200-client mix: PostgreSQL only (set DATABASE_URL).');
    return;
  }
  const db = await database(o);
  const procs: Proc[] = [];
  try {
    const { info, warn } = await products(o, db.url);
    procs.push(info, warn);
    const me = (await apiCaller(info.base)('GET', 'utilsapi/access/user-state', { token: await tokenOf(info.base, 'brand.admin') })).body.data.results;
    const clientId: string = me.clientid;
    await fillVendors(db.url!, clientId, o.rows);
    console.log(`EXPLAIN (app role, row-level security), the mix — ${o.rows} rows:\n${await explainList(db.url!, clientId)}`);
    const { list, count, params } = listSql();
    const bare = await startBaseline('bare-list', 'bench/bareList.ts', { DATABASE_URL: db.url, POOL_SIZE: '10', LIST_SQL: list, COUNT_SQL: count, SQL_PARAMS: JSON.stringify(params(clientId)) }, '/ready');
    procs.push(bare);
    const q = encodeURIComponent(JSON.stringify(LIST_FILTER));
    const productUrl = async (p: Proc, n: number) =>
      `${p.base}/api/mdapi/vendor/page-list?token=${await tokenOf(p.base, 'brand.admin')}&q=${q}&p=${encodeURIComponent(JSON.stringify({ page: n, size: 20, sort: [LIST_SORT] }))}`;
    // Both routes must answer the same page: same ids in the same order, same total.
    for (const n of [1, 50]) {
      const [a, b] = [await (await fetch(await productUrl(info, n))).json(), await (await fetch(`${bare.base}/list?page=${n}`)).json()];
      const ids = (r: { data: { results: { rows: Array<{ id: string }>; total: number } } }) => `${r.data.results.total}:${r.data.results.rows.map((x) => x.id).join(',')}`;
      if (ids(a) !== ids(b)) throw new Error(`page ${n}: the product and the bare route answer different rows`);
      console.log(`page ${n}: the product and the bare route answer the same ${a.data.results.rows.length} rows of ${a.data.results.total}`);
    }
    if (withList) {
      const rows = [];
      for (const connections of [10, 50]) {
        for (const n of [1, 50]) {
          const [b, i, w] = await interleave(
            [
              { name: 'bare', url: `${bare.base}/list?page=${n}`, proc: bare },
              { name: 'info', url: await productUrl(info, n), proc: info },
              { name: 'warn', url: await productUrl(warn, n), proc: warn },
            ],
            o.rounds,
            { connections, seconds: o.seconds, warmupSeconds: o.warmupSeconds },
          );
          const bareName = 'bare Fastify + pg, same SQL, pool 10';
          rows.push(compare(`page ${n} @${connections}, info`, i!, bareName, b!, '≥ 0.9'), compare(`page ${n} @${connections}, warn`, w!, bareName, b!, '≥ 0.9'));
        }
      }
      printRows(`vendor list on PostgreSQL, ${o.rows} rows / ${COMPANIES} companies, status + prefix + newest first, ${o.rounds} interleaved rounds of ${o.seconds} s`, rows);
    }
    if (withMix) {
      // 200 clients: 100 on the list's page 1, 100 on user-state, at once, on the product at info.
      const mixSeconds = o.quick ? 10 : 30;
      const stateUrl = `${info.base}/api/utilsapi/access/user-state?token=${await tokenOf(info.base, 'brand.buyer')}`;
      const rounds: Load[][] = [];
      for (let r = 0; r < o.rounds; r++) rounds.push(await runMix([{ url: await productUrl(info, 1), connections: 100 }, { url: stateUrl, connections: 100 }], mixSeconds));
      const p99 = (k: number) => rounds.map((r) => r[k]!.p99);
      const summary = (k: number, name: string) => ({
        figure: name,
        'rps (median)': median(rounds.map((r) => r[k]!.rps)),
        'p99 ms (median)': median(p99(k)),
        'p99 range': `${Math.min(...p99(k))}–${Math.max(...p99(k))}`,
        budget: 'p99 < 1000 ms',
        errors: rounds.reduce((n, r) => n + r[k]!.errors, 0),
        load: loadRange(rounds.map((r) => r[k]!)),
      });
      printRows(`200-client mix on PostgreSQL (product at info), ${o.rounds} rounds of ${mixSeconds} s`, [summary(0, 'vendor list page 1, 100 clients'), summary(1, 'user-state, 100 clients')]);
    }
  } finally {
    for (const p of procs) await p.close();
    await db.drop();
  }
}

// ————— start-up and idle memory —————

const IDLE_MS = 10_000;

/**
 * Truly cold first start: an empty DATA_DIR and a PGlite template folder of its own (empty: no
 * migrated copy anywhere), time from spawn to the first answer; then a reopen of the same data; the
 * reopen's RSS after 10 s idle. On PostgreSQL a new database, then a restart. Rounds, each fresh.
 */
export async function benchStart(o: Options) {
  const first: number[] = [];
  const again: number[] = [];
  const rss: number[] = [];
  const loads: string[] = [];
  for (let r = 0; r < o.rounds; r++) {
    const dir = mkdtempSync(join(tmpdir(), 'seamline-bench29-start-'));
    const db = await database(o);
    const env = { LOG_LEVEL: 'info', DATABASE_URL: db.url, DATA_DIR: join(dir, 'data'), PGLITE_TEMPLATE_DIR: join(dir, 'template') };
    try {
      const before = load1();
      const a = await startProduct('first-start', env, { dir });
      first.push(a.startMs);
      // main.ts logs each phase's end (ms since the process started) with 'is up'.
      console.log(`round ${r + 1}: first start ${(a.startMs / 1000).toFixed(1)} s, phases ${/"startup":(\{[^}]*\})/.exec(readFileSync(a.logFile, 'utf8'))?.[1] ?? '?'}`);
      await a.close();
      const b = await startProduct('reopen', env, { dir });
      again.push(b.startMs);
      await new Promise((res) => setTimeout(res, IDLE_MS));
      rss.push(b.rssMb());
      await b.close();
      loads.push(`${before}→${load1()}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await db.drop();
    }
  }
  const pg_ = !!o.adminUrl;
  const s = (xs: number[]) => `${(median(xs) / 1000).toFixed(1)} s (${(Math.min(...xs) / 1000).toFixed(1)}–${(Math.max(...xs) / 1000).toFixed(1)})`;
  const lr = loadRange(loads.map((load) => ({ load }) as Load));
  printRows(`start-up (node bench/dist/main.mjs, LOG_LEVEL=info) on ${kind(o)}, ${o.rounds} rounds, each on fresh data`, [
    { figure: pg_ ? 'first start, new database (migrate + seed), to the first answer' : 'first start of the built product: empty DATA_DIR, empty OS temp template folder; the template the build step made beside the bundle (seed only)', 'median (range)': s(first), budget: pg_ ? '–' : '5 s', ratio: pg_ ? '–' : (median(first) / 5000).toFixed(2), load: lr },
    { figure: pg_ ? 'restart' : 'reopen', 'median (range)': s(again), budget: pg_ ? '–' : '2 s', ratio: pg_ ? '–' : (median(again) / 2000).toFixed(2), load: lr },
    { figure: `idle RSS ${IDLE_MS / 1000} s after the ${pg_ ? 'restart' : 'reopen'}`, 'median (range)': `${median(rss)} MB (${Math.min(...rss)}–${Math.max(...rss)})`, budget: pg_ ? '150 MB' : '250 MB', ratio: (median(rss) / (pg_ ? 150 : 250)).toFixed(2), load: lr },
  ]);
}

// ————— where the time goes —————

/**
 * The product at info under --cpu-prof, loaded for `seconds` with the list's page 1 (PostgreSQL)
 * or user-state, then stopped; prints the heaviest functions and packages by self time.
 */
export async function benchProfile(o: Options) {
  const profDir = mkdtempSync(join(tmpdir(), 'seamline-bench29-prof-'));
  const db = await database(o);
  const windows: Array<{ name: string; from: number; to: number }> = [];
  let closedAt = NaN;
  const prof = await startProduct('product-profiled', { LOG_LEVEL: 'info', DATABASE_URL: db.url }, { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] });
  try {
    const targets: Array<[string, string]> = [[`user-state`, `${prof.base}/api/utilsapi/access/user-state?token=${await tokenOf(prof.base, 'brand.buyer')}`]];
    if (db.url) {
      const me = (await apiCaller(prof.base)('GET', 'utilsapi/access/user-state', { token: await tokenOf(prof.base, 'brand.admin') })).body.data.results;
      await fillVendors(db.url, me.clientid, o.rows);
      const q = encodeURIComponent(JSON.stringify(LIST_FILTER));
      targets.push(['vendor list page 1', `${prof.base}/api/mdapi/vendor/page-list?token=${await tokenOf(prof.base, 'brand.admin')}&q=${q}&p=${encodeURIComponent(JSON.stringify({ page: 1, size: 20, sort: [LIST_SORT] }))}`]);
    }
    const which = (process.env.BENCH_PROFILE ?? targets.map((t) => t[0]).join(',')).split(',');
    for (const [name, url] of targets.filter((t) => which.includes(t[0]))) {
      // Only the measured stretch is summarized (not start-up, sign-in or the warm-up).
      await runLoad(url, { connections: 10, seconds: o.warmupSeconds });
      const from = Date.now();
      const l = await runLoad(url, { connections: 10, seconds: o.seconds * 2, proc: prof });
      windows.push({ name, from, to: Date.now() });
      console.log(`profiled load: ${name}, ${l.rps} rps, ${l.cpuMsPerRequest} ms CPU/request, load ${l.load}`);
    }
  } finally {
    await prof.close();
    closedAt = Date.now();
    await db.drop();
  }
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no CPU profile written');
  const profile = JSON.parse(readFileSync(join(profDir, file), 'utf8'));
  console.log(`\nCPU profile ${join(profDir, file)} (kept) — ${pinning()}`);
  // The profile ends when the process exits, right after close(): windows are placed from its end.
  for (const w of windows) console.log(`\n${summarizeProfile(profile, { name: w.name, fromEndMs: closedAt - w.from, toEndMs: closedAt - w.to })}`);
}
