// A filtered, sorted page of BENCH_ROWS (default 1,000,000) vendor rows of one company, page 1
// and page 50, at 10 and 50 clients, against a bare Fastify route running the equivalent SQL on
// the same database (ARCHITECTURE.md budget: ≥ 90 % of it). docs/benchmarks.md records figures.
import Fastify from 'fastify';
import { sql } from '@seamline/server/api';
import { openPostgres } from '../server/src/db/postgres';
import { storedFields } from '../server/src/engine/entityTables';
import { DOC_SYSTEM_FIELDS } from '../server/src/engine/values';
import { vendorEntity } from '../areas/masterdata/meta/vendor';

type SQL = ReturnType<typeof sql>;
import { alternate, report, startBenchServer, type Figure } from './harness';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);

export async function benchVendorList() {
  const srv = await startBenchServer('brand.admin');
  const me = (await srv.call('GET', 'utilsapi/access/user-state', { token: srv.token })).body.data.results;
  const clientId: string = me.clientid;

  const started = Date.now();
  for (let from = 1; from <= ROWS; from += 100_000) {
    const to = Math.min(ROWS, from + 99_999);
    await srv.db.asSystem((tx) =>
      tx.execute(sql`insert into md_vendor (client_id, code, short_name, full_name, category, grade, status, currency)
        select ${clientId}::uuid, 'BV' || lpad(g::text, 7, '0'), 'Vendor ' || g, 'Bench Vendor ' || g || ' Co., Ltd.',
               (array['FABRIC','TRIM','GARMENT'])[1 + g % 3], (array['A','B','C'])[1 + g % 3], (array['0','10','40'])[1 + g % 3], 'CNY'
        from generate_series(${from}::int, ${to}::int) g`),
    );
  }
  await srv.db.asSystem((tx) => tx.execute(sql`analyze md_vendor`));
  console.log(`inserted ${ROWS} vendors in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // 'Vendor 1…' prefix (about a ninth of the rows), status 10, sorted by code.
  const q = JSON.stringify({ short_name: { op: 'prefix', value: 'Vendor 1' }, status: { op: 'in', value: ['10'] } });
  const page = (n: number) => JSON.stringify({ page: n, size: 20, sort: [{ field: 'code', order: 'asc' }] });
  const url = (n: number) => `${srv.base}/api/mdapi/vendor/page-list?token=${srv.token}&q=${encodeURIComponent(q)}&p=${encodeURIComponent(page(n))}`;

  // The baseline: the engine's query — its columns (system fields and every stored field), its
  // order (code, then id) with the sort keys it reads back for the cursor — and its capped count,
  // straight on the database, no engine.
  const columns = sql.raw([...DOC_SYSTEM_FIELDS, ...storedFields(vendorEntity.fields).map((f) => f.name)].map((c) => `"${c}"`).join(', '));
  const listSql = (where: SQL, n: number) => sql`select ${columns}, (code)::text, (id)::text
        from md_vendor where ${where} order by md_vendor.code asc, md_vendor.id asc limit 20 offset ${(n - 1) * 20}`;
  // Plans as the app role sees them (row-level security on): the page-50 query of the bench, and a
  // list in its newest-first order (updated_at desc) without and with the generated sort index
  // (dropped inside a transaction that rolls back, so 'before' is the plan of the old schema).
  const lines = (res: unknown) => (res as { rows: Array<Record<string, string>> }).rows.map((r) => Object.values(r)[0]).join('\n');
  const explain = (q: SQL) => sql`explain (analyze, costs off, timing off, summary off) ${q}`;
  const vendorWhere = sql`client_id = ${clientId}::uuid and short_name ~>=~ 'Vendor 1' and short_name ~<~ 'Vendor 2' and short_name like 'Vendor 1%' and status in ('10')`;
  const newest = sql`select id, code, short_name, status from md_vendor where client_id = ${clientId}::uuid and status in ('10') order by updated_at desc, id desc limit 20 offset 980`;
  console.log(`EXPLAIN, page 50 of the bench query:\n${lines(await srv.db.withTenant(clientId, (tx) => tx.execute(explain(listSql(vendorWhere, 50)))))}`);
  class Rollback extends Error {}
  await srv.db
    .withTenant(clientId, async (tx) => {
      await tx.execute(sql`reset role`);
      await tx.execute(sql`drop index md_vendor_updated_at_sort_idx`);
      await tx.execute(sql.raw(`set local role seamline_app`));
      console.log(`EXPLAIN, newest first (page 50), BEFORE (no (client_id, updated_at, id) index):\n${lines(await tx.execute(explain(newest)))}`);
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  console.log(`EXPLAIN, newest first (page 50), AFTER:\n${lines(await srv.db.withTenant(clientId, (tx) => tx.execute(explain(newest))))}`);

  // On PostgreSQL the baseline has a pool of its own like the app's (statements prepared once per
  // connection) that plans with the values, as the engine's list reads do (db.ts TenantOptions):
  // left to itself, PostgreSQL switches the page query to a generic plan 50 times slower.
  const bareDb = srv.databaseUrl ? openPostgres(`${srv.databaseUrl}?options=${encodeURIComponent('-c plan_cache_mode=force_custom_plan')}`) : srv.db;
  const bareTx = bareDb.asSystem.bind(bareDb);

  const bare = Fastify({ logger: false });
  bare.get('/vendors', async (req) => {
    const n = Number((req.query as { page?: string }).page ?? 1);
    const where = sql`client_id = ${clientId} and (short_name ~>=~ ${'Vendor 1'} and short_name ~<~ ${'Vendor 2'} and short_name like ${'Vendor 1%'}) and status in (${'10'})`;
    return bareTx(async (tx) => {
      const rows = await tx.execute(listSql(where, n));
      const count = await tx.execute(sql`select count(*)::int as n from (select 1 from md_vendor where ${where} limit 10001) s`);
      return { message: 'OK', data: { results: { rows: (rows as { rows: unknown[] }).rows, total: (count as { rows: { n: number }[] }).rows[0].n } } };
    });
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = (n: number) => `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/vendors?page=${n}`;

  const figures: Figure[] = [];
  const ratios: string[] = [];
  for (const connections of [10, 50]) {
    for (const n of [1, 50]) {
      const name = `vendor page-list, page ${n} @${connections}`;
      const pair = await alternate(name, { name: `bare SQL route, page ${n}`, url: bareUrl(n) }, { name, url: url(n) }, connections);
      figures.push(...pair.figures);
      ratios.push(`${name}: ${pair.ratio.toFixed(2)}`);
    }
  }
  report(`vendor page-list over ${ROWS} rows on ${srv.kind}`, figures);
  console.log(`median ratios to the bare SQL route (budget ≥ 0.9): ${ratios.join('; ')}`);
  await bare.close();
  if (bareDb !== srv.db) await bareDb.close();
  await srv.close();
}
