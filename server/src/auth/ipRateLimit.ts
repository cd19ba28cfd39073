// Per-address limits on the calls an attacker sprays (sign-in, password reset, sign-up) with
// @fastify/rate-limit. The counters live where every node sees them: in Redis when REDIS_URL is
// set, else in the database (account_request rows). The per-account rules are the access area's
// (areas/access/server/throttle.ts); these only stop one address from trying many accounts.
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../db';
import { accountRequest } from '../db/schema';
import { HttpError } from '../errors';
import { registerMessages } from '../i18n';
import { API_PREFIX } from '../routes';

export interface IpLimit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Calls per address within the window (reset-link requests have their own per-email and
 * per-address limit in the access area). Generous enough for an office behind one address (a
 * morning's sign-ins), far too few for spraying passwords over many accounts.
 */
export const IP_LIMITS: Record<string, IpLimit> = {
  'utilsapi/access/login': { max: 60, windowMs: 5 * MINUTE },
  'utilsapi/access/reset-password': { max: 20, windowMs: 15 * MINUTE },
  'utilsapi/access/reset-password-check': { max: 60, windowMs: 15 * MINUTE },
  'utilsapi/signup/company': { max: 10, windowMs: 15 * MINUTE },
  'utilsapi/signup/join': { max: 20, windowMs: 15 * MINUTE },
  'utilsapi/signup/my-requests': { max: 30, windowMs: 15 * MINUTE },
  'utilsapi/signup/accept-invitation': { max: 20, windowMs: 15 * MINUTE },
};

registerMessages({
  en: { 'access.tooManyFromAddress': 'Too many requests from your network, please try again in {minutes} minutes' },
  zh: { 'access.tooManyFromAddress': '来自您网络的请求过多，请 {minutes} 分钟后再试' },
});

interface Hit {
  current: number;
  ttl: number;
}
type Incr = (key: string, windowMs: number) => Promise<Hit>;

/** @fastify/rate-limit's store contract (incr/child) over one async counter. */
function storeClass(incr: Incr): FastifyRateLimitStoreCtor {
  return class CounterStore implements FastifyRateLimitStore {
    incr(key: string, cb: (err: Error | null, hit?: Hit) => void, timeWindow: number): void {
      incr(key, timeWindow).then(
        (hit) => cb(null, hit),
        (err: Error) => cb(err),
      );
    }
    // Every route's counters go to the same backend; keys carry the route.
    child(): FastifyRateLimitStore {
      return new CounterStore();
    }
  };
}

/** Fixed windows in Redis: the first hit sets the expiry, every hit counts. */
function redisCounter(url: string, prefix: string, onError: (err: unknown) => void): { incr: Incr; close(): Promise<void> } {
  // The Redis client loads only when configured (issue 12: idle memory without Redis).
  const ready = import('redis').then(async ({ createClient }) => {
    const client = createClient({ url });
    client.on('error', onError);
    await client.connect();
    return client;
  });
  return {
    async incr(key, windowMs) {
      const client = await ready;
      const k = `${prefix}:ratelimit:${key}`;
      const [, current, ttl] = (await client.multi().set(k, '0', { PX: windowMs, NX: true }).incr(k).pTTL(k).exec()) as unknown as [unknown, number, number];
      return { current: Number(current), ttl: Math.max(0, Number(ttl)) };
    },
    async close() {
      const client = await ready.catch(() => undefined);
      await client?.quit().catch(() => undefined);
    },
  };
}

/** Sliding windows in the database: one row per call, counted over the window. */
function databaseCounter(db: Db): Incr {
  return (key, windowMs) =>
    db.asSystem(async (tx) => {
      const now = new Date();
      const kind = 'ip-rate';
      await tx.insert(accountRequest).values({ kind, key, at: now });
      const [row] = await tx
        .select({ n: count(), first: min(accountRequest.at) })
        .from(accountRequest)
        .where(and(eq(accountRequest.kind, kind), eq(accountRequest.key, key), gt(accountRequest.at, new Date(now.getTime() - windowMs))));
      await tx.delete(accountRequest).where(and(eq(accountRequest.kind, kind), eq(accountRequest.key, key), lt(accountRequest.at, new Date(now.getTime() - windowMs))));
      const first = row?.first ? new Date(row.first).getTime() : now.getTime();
      return { current: Number(row?.n ?? 1), ttl: Math.max(0, first + windowMs - now.getTime()) };
    });
}

/** The matched route (not the raw url: '/api/utilsapi/access/%6Cogin' routes to login too). */
const routeOf = (req: FastifyRequest): string => {
  const url = req.routeOptions.url ?? '';
  return url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : '';
};

const isLoopback = (ip: string): boolean => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

export function registerIpRateLimit(app: FastifyInstance, db: Db, redisUrl: string | undefined): void {
  const redis = redisUrl ? redisCounter(redisUrl, process.env.SOCKET_REDIS_KEY || 'seamline', (err) => app.log.error({ err }, 'redis (rate limit) error')) : null;
  app.register(rateLimit, {
    global: false,
    store: storeClass(redis ? redis.incr : databaseCounter(db)),
    errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return new HttpError(429, 'access.tooManyFromAddress', { minutes: Math.ceil(seconds / 60) }, { 'retry-after': String(seconds) });
    },
  });
  app.after(() => {
    const limiters = new Map(
      Object.entries(IP_LIMITS).map(([path, l]) => [
        path,
        app.rateLimit({ max: l.max, timeWindow: l.windowMs, keyGenerator: (req: FastifyRequest) => `${path}|${req.ip}` }),
      ]),
    );
    app.addHook('onRequest', async (req, reply) => {
      // Loopback is this machine: a local reverse proxy without TRUST_PROXY (every client would
      // share its address) or the tests. Real client addresses are limited.
      if (isLoopback(req.ip)) return;
      const limiter = limiters.get(routeOf(req));
      if (limiter) await limiter.call(app, req, reply);
    });
  });
  if (redis) app.addHook('onClose', () => redis.close());
}
