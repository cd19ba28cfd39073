// access/user-state through the whole stack against two bare Fastify baselines (docs/benchmarks.md).
import Fastify from 'fastify';
import { findSession } from '../server/src/auth/session';
import { userState } from '../areas/access/server/userState';
import { alternate, report, startBenchServer } from './harness';

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

  // Both references alternate with the route (harness.alternate).
  const whole = { name: 'access/user-state (whole stack)', url: `${srv.base}/api/utilsapi/access/user-state?token=${srv.token}` };
  const vsConstant = await alternate('access/user-state vs the constant body', { name: 'bare Fastify route (same body, no database)', url: `${bareBase}/bare` }, whole);
  const { ratio, figures } = await alternate(
    'access/user-state (whole stack)',
    { name: 'bare Fastify + user-state service', url: `${bareBase}/bare-service` },
    whole,
  );
  report(`access/user-state on ${srv.kind}`, [...vsConstant.figures, ...figures]);
  // The budget names the constant route; the same-service route shows what the stack adds.
  console.log(`whole stack / bare route answering the same JSON: median ${vsConstant.ratio.toFixed(3)} (budget ≥ 0.5)`);
  console.log(`whole stack / bare route running the same service: median ${ratio.toFixed(2)}`);
  await bare.close();
  await srv.close();
}
