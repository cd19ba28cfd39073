// Server configuration, read once from the environment (see docs/server.md).
import { resolve } from 'node:path';
import { parseTrustProxy, type TrustProxy } from './trustProxy';
import { fromRoot } from './paths';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** PGlite data lives in DATA_DIR/pglite; other local state may follow. */
  dataDir: string;
  /** When set, a PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** Access-token lifetime, seconds. */
  tokenTtlS: number;
  /** Refresh-token lifetime, seconds. */
  refreshTokenTtlS: number;
  logLevel: LogLevel;
  /** The built web app (index.html + assets); absent → API only. */
  webDist?: string;
  /** Behind proxies: which of them may name the client's address in X-Forwarded-For (trustProxy.ts). */
  trustProxy: TrustProxy;
  /** NODE_ENV=production: PUBLIC_URL is required and no demo data is seeded unless `demo`. */
  production?: boolean;
  /** Seed the demo companies and accounts into an empty database (SEAMLINE_DEMO; on outside production). */
  demo?: boolean;
  /**
   * The first super admin of a real deployment (SEAMLINE_ADMIN_USERNAME, _EMAIL, _PASSWORD): created
   * at start when the platform has no super admin yet (docs/security.md 'Production start').
   */
  firstAdmin?: { username: string; email: string; password: string };
  /** GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; unset: no /metrics at all. */
  metricsToken?: string;
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const DEFAULT_WEB_DIST = fromRoot('web', 'dist');

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const production = env.NODE_ENV === 'production';
  // Links in mails (reset, invitation) must never fall back to localhost or a request's Host header.
  if (production && !env.PUBLIC_URL) throw new Error('PUBLIC_URL must be set when NODE_ENV=production (e.g. https://seamline.example.com): links in mails point there');
  if (env.PUBLIC_URL && !/^https?:\/\/[^/\s]+/i.test(env.PUBLIC_URL)) throw new Error(`PUBLIC_URL must be an http(s) address, got '${env.PUBLIC_URL}'`);
  const demoFlag = env.SEAMLINE_DEMO;
  if (demoFlag !== undefined && demoFlag !== '' && demoFlag !== '0' && demoFlag !== '1') throw new Error(`SEAMLINE_DEMO must be 0 or 1, got '${demoFlag}'`);
  return {
    port: positiveInt(env, 'PORT', 3000, true),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    tokenTtlS: positiveInt(env, 'TOKEN_TTL', 7200),
    refreshTokenTtlS: positiveInt(env, 'REFRESH_TOKEN_TTL', 604800),
    logLevel,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : DEFAULT_WEB_DIST,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    production,
    demo: demoFlag === '1' || (!production && demoFlag !== '0'),
    firstAdmin: firstAdminOf(env),
    metricsToken: env.METRICS_TOKEN || undefined,
  };
}

function firstAdminOf(env: Record<string, string | undefined>): Config['firstAdmin'] {
  const username = env.SEAMLINE_ADMIN_USERNAME?.trim();
  const email = env.SEAMLINE_ADMIN_EMAIL?.trim();
  const password = env.SEAMLINE_ADMIN_PASSWORD;
  if (!username && !email && !password) return undefined;
  if (!username || !email || !password) throw new Error('SEAMLINE_ADMIN_USERNAME, SEAMLINE_ADMIN_EMAIL and SEAMLINE_ADMIN_PASSWORD go together');
  return { username, email, password };
}

function positiveInt(env: Record<string, string | undefined>, name: string, fallback: number, zeroOk = false): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (zeroOk ? 0 : 1)) throw new Error(`${name} must be a ${zeroOk ? 'non-negative' : 'positive'} integer, got '${raw}'`);
  return value;
}
