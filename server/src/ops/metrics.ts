// GET /metrics in Prometheus' text format (prom-client), for operators (docs/operations.md
// 'Metrics'). Off unless METRICS_TOKEN is set; then only `Authorization: Bearer <METRICS_TOKEN>`
// reads it (anything else: 404, as if it did not exist). The figures name no company, user or id:
// requests are labelled by route template, never by the URL a client sent.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db';

export interface MetricsOptions {
  db: Db;
  token?: string;
  /** Open sockets (socket.io) on this node. */
  sockets: () => number;
  /** Named gauges added by the app (a worker's queue depth, …), read at each scrape. */
  gauges: () => Iterable<[string, () => Promise<number> | number]>;
}

/** Seconds buckets from 5 ms to 10 s: a list page is ~5–50 ms, an import slice up to seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerMetrics(app: FastifyInstance, { db, token, sockets, gauges }: MetricsOptions): void {
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'seamline_' }); // memory, CPU, event-loop lag, GC, handles

  const requests = new Histogram({
    name: 'seamline_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: BUCKETS,
    registers: [register],
  });
  app.addHook('onResponse', async (req, reply) => {
    // An unmatched URL is counted under one label: a scanner's random paths must not grow the series.
    const route = req.routeOptions.url ?? '(unmatched)';
    requests.observe({ route, method: req.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const wait = new Histogram({ name: 'seamline_db_wait_seconds', help: 'Time a transaction waited for a connection (PGlite: its one connection)', buckets: BUCKETS, registers: [register] });
  const run = new Histogram({ name: 'seamline_db_transaction_seconds', help: 'Time from a transaction\'s start to its end', buckets: BUCKETS, registers: [register] });
  const failed = new Counter({ name: 'seamline_db_transactions_failed_total', help: 'Transactions rolled back by an error', registers: [register] });
  const stop = db.observe((t) => {
    wait.observe(t.waitSeconds);
    run.observe(t.runSeconds);
    if (t.failed) failed.inc();
  });
  app.addHook('onClose', async () => stop());

  new Gauge({
    name: 'seamline_db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on PGlite)',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const pool = db.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({ name: 'seamline_open_sockets', help: 'socket.io connections on this node', registers: [register], collect() { this.set(sockets()); } });
  new Gauge({
    name: 'seamline_gauge',
    help: 'Figures reported by background workers (queue depth, failed jobs)',
    labelNames: ['name'] as const,
    registers: [register],
    async collect() {
      for (const [name, read] of gauges()) {
        try {
          this.set({ name }, await read());
        } catch {
          // a worker that cannot answer now is left out of this scrape
        }
      }
    },
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.callNotFound();
    return reply.header('cache-control', 'no-store').type(register.contentType).send(await register.metrics());
  });
}
