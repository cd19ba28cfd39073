// Operators' endpoints over real HTTP: /healthz, /readyz (with a worker that fails its check and a
// database that is gone) and /metrics behind its token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineArea } from '../api';
import { login, startTestServer, type TestServer } from '../testing';

let workerReady = true;
let depth = 3;
const probe = defineArea({
  name: 'opsprobe',
  worker: async () => ({
    stop: async () => undefined,
    ready: async () => {
      if (!workerReady) throw new Error('queue stopped');
    },
    gauges: { depth: () => depth },
  }),
});

const TOKEN = 'metrics-token-for-the-test-0123456789';
let srv: TestServer;
let noMetrics: TestServer;
let gone: TestServer;
beforeAll(async () => {
  [srv, noMetrics, gone] = await Promise.all([
    startTestServer({ extraAreas: [probe], config: { metricsToken: TOKEN } }),
    startTestServer(),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await srv?.close();
  await noMetrics?.close();
  await gone?.app.close();
});

describe('health', () => {
  it('/healthz answers 200 without a token, never cached', async () => {
    const res = await fetch(`${srv.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz names each check: database, migrations and the workers', async () => {
    const res = await fetch(`${srv.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.status).toBe('ok');
    expect(body.checks).toMatchObject({ database: 'ok', migrations: 'ok', 'worker:opsprobe': 'ok' });
    if (process.env.REDIS_URL) expect(body.checks.redis).toBe('ok');
    else expect(body.checks.redis).toBeUndefined();
  });

  it('/readyz answers 503 naming what failed when a worker is not running', async () => {
    workerReady = false;
    try {
      const res = await fetch(`${srv.url}/readyz`);
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.status).toBe('fail');
      expect(body.checks['worker:opsprobe']).toBe('queue stopped');
      expect(body.checks.database).toBe('ok');
    } finally {
      workerReady = true;
    }
  });
});

describe('metrics', () => {
  it('is absent without METRICS_TOKEN', async () => {
    const res = await fetch(`${noMetrics.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it('answers 404 to a missing or wrong token', async () => {
    expect((await fetch(`${srv.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${srv.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(404);
  });

  it('counts requests by route template, times transactions and reads the workers\' gauges', async () => {
    const me = await login(srv.call, 'brand.buyer');
    await srv.call('GET', 'utilsapi/access/user-state', { token: me.token });
    await fetch(`${srv.url}/api/no/such/route/${crypto.randomUUID()}`);
    depth = 7;
    const res = await fetch(`${srv.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/seamline_http_request_duration_seconds_count\{route="\/api\/utilsapi\/access\/user-state",method="GET",status="200"\} [1-9]/);
    // An unknown URL is one series, and no id a client sent becomes a label.
    expect(text).toMatch(/route="\(unmatched\)"/);
    expect(text).not.toMatch(/no\/such\/route/);
    expect(text).toMatch(/seamline_db_transaction_seconds_count [1-9]/);
    expect(text).toMatch(/seamline_gauge\{name="opsprobe.depth"\} 7/);
    expect(text).toMatch(/seamline_open_sockets 0/);
    expect(text).toMatch(/seamline_process_resident_memory_bytes/);
    expect(text).toMatch(/seamline_nodejs_eventloop_lag_seconds/);
    if (srv.db.kind === 'postgres') expect(text).toMatch(/seamline_db_pool_connections\{state="total"\}/);
  });
});

describe('readiness of a database that is gone', () => {
  it('answers 503 naming the database, while /healthz stays 200', async () => {
    await gone.db.close();
    const ready = await fetch(`${gone.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks.database).not.toBe('ok');
    expect((await fetch(`${gone.url}/healthz`)).status).toBe(200);
  });
});
