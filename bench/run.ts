// `npm run bench`: throughput and p99 of the whole stack against baselines measured in the same run
// (the machines are shared and noisy, so budgets are ratios — docs/benchmarks.md records figures).
// Never part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { AREAS, buildApp, loadConfig, openDatabase, seedIfEmpty } from '@seamline/server';
import { apiCaller, login } from '@seamline/server/testing';
import { findSession } from '../server/src/auth/session';
import { userState } from '../areas/access/server/userState';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Figure {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(name: string, url: string): Promise<Figure> {
  // a short warm-up so JIT and caches settle before the measured run
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { name, rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'seamline-bench-'));
  const config = { ...loadConfig({ ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), host: '127.0.0.1' };
  const db = await openDatabase(config);
  await seedIfEmpty(db, AREAS);
  const app = buildApp({ db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const call = apiCaller(base);
  const me = await login(call, 'brand.buyer');
  const userStateUrl = `${base}/api/utilsapi/access/user-state?token=${me.token}`;
  const sample = (await call('GET', 'utilsapi/access/user-state', { token: me.token })).body;

  // Baseline: a bare Fastify route answering the same body, no envelope, auth, tenancy or database.
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => sample);

  // Second baseline: a bare Fastify route running the same user-state service on the same database,
  // with the session resolved once — what remains between the two is envelope, auth and hooks.
  const session = (await findSession(db, me.token))!;
  bare.get('/bare-service', async () => ({ message: 'OK', data: { results: await userState(db, session, 'en') } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  const figures = [
    await measure('bare Fastify route (same body)', `${bareBase}/bare`),
    await measure('bare Fastify + user-state service', `${bareBase}/bare-service`),
    await measure('access/user-state (whole stack)', userStateUrl),
  ];
  const [b, bs, s] = figures;
  console.log(`\nSeamline bench — ${new Date().toISOString()} — ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${CONNECTIONS} connections, ${DURATION_S} s`);
  console.table(figures);
  console.log(`whole stack / bare route: ${(s.rps / b.rps).toFixed(3)} of the requests per second (budget ≥ 0.5), p99 ${s.p99} ms vs ${b.p99} ms`);
  console.log(`whole stack / bare route with the same service: ${(s.rps / bs.rps).toFixed(3)} (p99 ${s.p99} ms vs ${bs.p99} ms)`);

  await bare.close();
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
