// The list's baseline (issue 29): bare Fastify + pg in a process of its own, running the SQL the
// product's page-list runs (LIST_SQL with $1 = offset, then COUNT_SQL, both given by bench/figures.ts)
// on the same tables, with the product's pool size, statements prepared per connection and planned
// with their values (the product's list reads set plan_cache_mode = force_custom_plan). No envelope,
// auth, tenancy, logging or engine. GET /list?page=N.
import Fastify from 'fastify';
import pg from 'pg';

const url = new URL(process.env.DATABASE_URL!);
url.searchParams.set('options', '-c plan_cache_mode=force_custom_plan');
const pool = new pg.Pool({ connectionString: url.toString(), max: Number(process.env.POOL_SIZE ?? 10) });
const listSql = process.env.LIST_SQL!;
const countSql = process.env.COUNT_SQL!;
const params = JSON.parse(process.env.SQL_PARAMS ?? '[]') as unknown[];
const size = Number(process.env.PAGE_SIZE ?? 20);

const app = Fastify({ logger: false });
app.get('/list', async (req) => {
  const page = Number((req.query as { page?: string }).page ?? 1);
  const client = await pool.connect();
  try {
    const rows = await client.query({ name: 'page', text: listSql, values: [(page - 1) * size, ...params] });
    const count = await client.query({ name: 'count', text: countSql, values: params });
    return { message: 'OK', data: { results: { rows: rows.rows, total: Math.min(10_000, count.rows[0].n) } } };
  } finally {
    client.release();
  }
});
app.get('/ready', async () => 'ok');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
