// What a business area hands the engine. server/src/areas.ts lists them; boot registers each.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, Tx } from './db';
import type { Catalogues } from './i18n';
import type { Api } from './routes';

export interface Area {
  name: string;
  /** Server-side message texts (en + zh) the area's errors name. */
  messages?: Catalogues;
  routes?(api: Api): void;
  /** Demo data for an empty database. Must be idempotent; runs as system, in one transaction. */
  seed?(tx: Tx): Promise<void>;
  /**
   * What every deployment needs, demo or not (catalogues: menus, platforms, licence types). Runs
   * instead of `seed` when the demo is off (NODE_ENV=production without SEAMLINE_DEMO=1); `seed`
   * must do it too. Idempotent, as system.
   */
  platformSeed?(tx: Tx): Promise<void>;
  /**
   * Background work of the area (e.g. the out-API delivery worker): started when the app is
   * ready, stopped (awaited) when it closes, before the database is.
   */
  worker?(deps: { db: Db; config: Config; log: FastifyBaseLogger }): Promise<RunningWorker>;
}

/** A started worker: how it stops, and what operators may ask of it (GET /readyz, /metrics). */
export interface RunningWorker {
  stop(): Promise<void>;
  /** Resolves while it works (its queue is running); throws a short reason otherwise. */
  ready?(): Promise<void>;
  /** Figures such as queue depth and failed jobs, read at each metrics scrape. */
  gauges?: Record<string, () => Promise<number> | number>;
}

export const defineArea = (area: Area): Area => area;
