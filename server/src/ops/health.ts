// Health for operators and load balancers (docs/operations.md 'Health'):
//   GET /healthz — the process answers (no database call): a balancer's liveness probe;
//   GET /readyz  — every readiness check passes: database reachable, migrations applied, Redis
//                  reachable when configured, each background worker running.
// Both are outside /api: no token, no tenant data, never cached, cheap enough to poll every second.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { migrationsUpToDate } from '../db/migrate';
import { sql } from 'drizzle-orm';

/** Resolves when the part is ready; throws (or rejects) with a short reason when it is not. */
export type ReadinessCheck = () => Promise<void>;

/** A check that has not answered by then counts as failed ('timeout'): a probe must answer fast. */
export const CHECK_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  db: Db;
  redisUrl?: string;
  /** Checks added by the app (background workers); read at each request. */
  extraChecks: () => Iterable<[string, ReadinessCheck]>;
}

const NO_STORE = 'no-store';

export function registerHealth(app: FastifyInstance, { db, redisUrl, extraChecks }: HealthOptions): void {
  let migrated = false; // once applied, migrations never go back within a process
  const redis = redisUrl ? redisPinger(redisUrl) : null;
  app.addHook('onClose', async () => redis?.close());
  // Shutting down (SIGTERM): not ready any more, so a balancer stops sending new requests here; and
  // every answer still sent closes its connection, or a client's idle keep-alive connection would
  // hold the close open until its timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.get('/healthz', (_req, reply) => reply.header('cache-control', NO_STORE).send({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    const checks: Array<[string, ReadinessCheck]> = [
      ['database', () => db.asSystem(async (tx) => void (await tx.execute(sql`select 1`)))],
      [
        'migrations',
        async () => {
          if (migrated) return;
          migrated = await db.asSystem(async (tx) => migrationsUpToDate(async (text, params) => rowsOf(await tx.execute(sql.raw(bind(text, params))))));
          if (!migrated) throw new Error('pending migrations');
        },
      ],
      ...(redis ? ([['redis', redis.ping]] as Array<[string, ReadinessCheck]>) : []),
      ...extraChecks(),
    ];
    const results: Record<string, string> = {};
    await Promise.all(checks.map(async ([name, check]) => (results[name] = await outcome(check))));
    if (closing) results.server = 'shutting down';
    const ok = Object.values(results).every((r) => r === 'ok');
    return reply.code(ok ? 200 : 503).header('cache-control', NO_STORE).send({ status: ok ? 'ok' : 'fail', checks: results });
  });
}

async function outcome(check: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (err) {
    // A short reason, never a stack or a connection string.
    return String((err as Error)?.message ?? err).replace(/\w+:\/\/\S+/g, '<url>').slice(0, 120);
  } finally {
    clearTimeout(timer);
  }
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return ((result as { rows?: Array<Record<string, unknown>> }).rows ?? (result as Array<Record<string, unknown>>)) as Array<Record<string, unknown>>;
}

/** migrationsUpToDate's two statements carry only a number: inlined so they run on either driver. */
function bind(text: string, params: unknown[] = []): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const value = params[Number(i) - 1];
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error('only numeric parameters are inlined');
    return String(value);
  });
}

/** A Redis connection of its own, opened at the first probe (redis loads only when configured). */
function redisPinger(url: string): { ping: ReadinessCheck; close(): Promise<void> } {
  let client: Promise<{ ping(): Promise<string>; quit(): Promise<unknown>; isReady: boolean }> | null = null;
  const connect = () =>
    (client ??= import('redis').then(async ({ createClient }) => {
      const c = createClient({ url, socket: { connectTimeout: CHECK_TIMEOUT_MS, reconnectStrategy: (n) => Math.min(n * 200, 2_000) } });
      c.on('error', () => undefined); // reported through the probe's answer
      await c.connect();
      return c as unknown as { ping(): Promise<string>; quit(): Promise<unknown>; isReady: boolean };
    }));
  return {
    ping: async () => {
      const c = await connect().catch((err) => {
        client = null; // try again at the next probe
        throw err;
      });
      if (!c.isReady) throw new Error('not connected');
      await c.ping();
    },
    close: async () => {
      if (!client) return;
      const c = await client.catch(() => null);
      await c?.quit().catch(() => undefined);
    },
  };
}
