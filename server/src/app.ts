// The HTTP application: envelope and errors, language, body parsing, every area's routes, and
// the web app. Listening is the caller's business (main.ts, tests).
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { DestinationStream } from 'pino';
import type { Area } from './area';
import { AREAS } from './areas';
import type { Config } from './config';
import type { Db } from './db';
import { errorResponse } from './envelope';
import { HttpError } from './errors';
import { BODY_LIMIT, registerInputGuards } from './input';
import { registerMessages } from './i18n';
import { loggerOptions } from './logging';
import { createApi, registerRequestLang } from './routes';
import { registerSecurity } from './auth/httpSecurity';
import { registerWebApp } from './static';
import { registerCompression } from './compression';
import { registerTransfer } from './engine/transfer';
import { attachRealtime } from './realtime';

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
    logger: loggerOptions(config.logLevel, logStream),
    trustProxy: config.trustProxy,
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
  for (const area of areas) {
    if (area.messages) registerMessages(area.messages);
    area.routes?.(api);
    if (area.worker) startWorker(app, area.worker, { db, config });
  }
  // Import/export of every entity registered above, uploads and /files (engine/transfer).
  registerTransfer(app, api, { db, config });
  // socket.io at /ws on the same HTTP server (docs/collaboration.md).
  attachRealtime(app, { db, redisUrl: process.env.REDIS_URL || undefined });

  registerWebApp(app, config.webDist);
  return app;
}

/** An area's background worker runs from the app's ready to its close (Area.worker). */
function startWorker(app: FastifyInstance, start: NonNullable<Area['worker']>, deps: { db: Db; config: Config }): void {
  let running: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    running = await start({ ...deps, log: app.log });
  });
  app.addHook('onClose', async () => {
    await running?.stop();
  });
}
