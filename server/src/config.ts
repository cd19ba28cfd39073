// Server configuration, read once from the environment (see docs/server.md).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return {
    port: positiveInt(env, 'PORT', 3000, true),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    tokenTtlS: positiveInt(env, 'TOKEN_TTL', 7200),
    refreshTokenTtlS: positiveInt(env, 'REFRESH_TOKEN_TTL', 604800),
    logLevel,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : DEFAULT_WEB_DIST,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
  };
}

function positiveInt(env: Record<string, string | undefined>, name: string, fallback: number, zeroOk = false): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (zeroOk ? 0 : 1)) throw new Error(`${name} must be a ${zeroOk ? 'non-negative' : 'positive'} integer, got '${raw}'`);
  return value;
}
