// The HTTP application: envelope and errors, language, body parsing, every area's routes, and
// the web app. Listening is the caller's business (main.ts, tests).
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { DestinationStream } from 'pino';
import type { Area, RunningWorker } from './area';
import { AREAS } from './areas';
import type { Config } from './config';
import type { Db } from './db';
import { errorResponse } from './envelope';
import { HttpError } from './errors';
import { BODY_LIMIT, registerInputGuards } from './input';
import { registerMessages } from './i18n';
import { loggingOptions } from './logging';
import { fastifyTrustProxy } from './trustProxy';
import { createApi, registerRequestLang } from './routes';
import { registerSecurity } from './auth/httpSecurity';
import { registerWebApp } from './static';
import { registerCompression } from './compression';
import { registerTransfer } from './engine/transfer';
import { attachRealtime } from './realtime';
import { registerHealth } from './ops/health';
import { registerMetrics } from './ops/metrics';

export interface AppOptions {
  db: Db;
  config: Config;
  /** Defaults to every area of the platform. */
  areas?: readonly Area[];
  /** Where log lines go (default stdout); tests read them. */
  logStream?: DestinationStream;
}

export function buildApp({ db, config, areas = AREAS, logStream }: AppOptions): FastifyInstance {
  const app = Fastify({
    ...loggingOptions(config.logLevel, logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // '/api/x/' is '/api/x': clients build paths by joining strings.
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: BODY_LIMIT,
  });
  // Before any route: records the route table and checks every request's input (input.ts).
  registerInputGuards(app);

  app.register(formbody);
  registerRequestLang(app);
  // Session bus scope per request, security headers, per-IP limits (auth/httpSecurity.ts).
  registerSecurity(app, { config, db });
  registerCompression(app);

  app.setErrorHandler((err, req, reply) => {
    const { status, body } = errorResponse(err, req.lang);
    if (status >= 500) req.log.error({ err }, 'request failed');
    if (err instanceof HttpError && err.headers) reply.headers(err.headers);
    return reply.code(status).send(body);
  });

  const api = createApi(app, { db, config });
  const workers = new Map<string, RunningWorker>();
  for (const area of areas) {
    if (area.messages) registerMessages(area.messages);
    area.routes?.(api);
    if (area.worker) startWorker(app, area.name, area.worker, { db, config }, workers);
  }
  // Import/export of every entity registered above, uploads and /files (engine/transfer).
  registerTransfer(app, api, { db, config });
  // socket.io at /ws on the same HTTP server (docs/collaboration.md).
  const io = attachRealtime(app, { db, redisUrl: process.env.REDIS_URL || undefined });
  // Operators: /healthz, /readyz and (with METRICS_TOKEN) /metrics (docs/operations.md).
  registerHealth(app, {
    db,
    redisUrl: process.env.REDIS_URL || undefined,
    extraChecks: () => [...workers].filter(([, w]) => w.ready).map(([name, w]) => [`worker:${name}`, () => w.ready!()] as const),
  });
  registerMetrics(app, {
    db,
    token: config.metricsToken,
    sockets: () => io.engine.clientsCount,
    gauges: () => [...workers].flatMap(([name, w]) => Object.entries(w.gauges ?? {}).map(([g, read]) => [`${name}.${g}`, read] as [string, typeof read])),
  });

  registerWebApp(app, config.webDist);
  return app;
}

/** An area's background worker runs from the app's ready to its close (Area.worker). */
function startWorker(app: FastifyInstance, name: string, start: NonNullable<Area['worker']>, deps: { db: Db; config: Config }, workers: Map<string, RunningWorker>): void {
  let running: RunningWorker | undefined;
  app.addHook('onReady', async () => {
    running = await start({ ...deps, log: app.log });
    workers.set(name, running);
  });
  app.addHook('onClose', async () => {
    workers.delete(name);
    await running?.stop();
  });
}
