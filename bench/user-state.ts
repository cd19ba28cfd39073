// access/user-state through the whole stack against two bare Fastify baselines (docs/benchmarks.md).
import Fastify from 'fastify';
import { findSession } from '../server/src/auth/session';
import { userState } from '../areas/access/server/userState';
import { measure, report, startBenchServer } from './harness';

export async function benchUserState() {
  const srv = await startBenchServer('brand.buyer');
  const sample = (await srv.call('GET', 'utilsapi/access/user-state', { token: srv.token })).body;
  // Baseline 1: the same body, no envelope, auth, tenancy or database.
  // Baseline 2: the same user-state service on the same database, session resolved once — what
  // remains between it and the whole stack is envelope, token lookup and hooks.
  const bare = Fastify({ logger: false });
  const session = (await findSession(srv.db, srv.token))!;
  bare.get('/bare', async () => sample);
  bare.get('/bare-service', async () => ({ message: 'OK', data: { results: await userState(srv.db, session, 'en') } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  const figures = [
    await measure('bare Fastify route (same body)', `${bareBase}/bare`),
    await measure('bare Fastify + user-state service', `${bareBase}/bare-service`),
    await measure('access/user-state (whole stack)', `${srv.base}/api/utilsapi/access/user-state?token=${srv.token}`),
  ];
  const [b, bs, s] = figures;
  report(`access/user-state on ${srv.kind}`, figures);
  console.log(`whole stack / bare route: ${(s.rps / b.rps).toFixed(3)} (budget ≥ 0.5); / bare route with the same service: ${(s.rps / bs.rps).toFixed(3)}`);
  await bare.close();
  await srv.close();
}
