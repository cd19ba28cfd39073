// The out-API settings, from the environment (docs/outapi.md 'Settings'). Read when the worker
// starts and on each route call, so a test may set them before it builds its app.
import { targetPolicy, type TargetPolicy } from './targets';

export interface OutApiSettings {
  /** Tries of one delivery before it is marked failed (OUTAPI_MAX_ATTEMPTS, default 6). */
  maxAttempts: number;
  /** First back-off (OUTAPI_RETRY_DELAY_MS, default 2000); pg-boss rounds it to whole seconds. */
  retryDelayMs: number;
  /** One request's time limit (OUTAPI_TIMEOUT_MS, default 15000). */
  timeoutMs: number;
  /** Jobs one node sends at once (OUTAPI_CONCURRENCY, default 4). */
  concurrency: number;
  /** Items one push may carry (OUTAPI_MAX_ITEMS, default 1000). */
  maxItems: number;
  policy: TargetPolicy;
  /** The third API service (THIRD_API_URL); unset: its calls answer 'not configured'. */
  thirdApiUrl?: string;
}

function int(env: Record<string, string | undefined>, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got '${raw}'`);
  return value;
}

export function outApiSettings(env: Record<string, string | undefined> = process.env): OutApiSettings {
  const third = env.THIRD_API_URL?.trim();
  if (third && !/^https?:\/\/[^\s/]+/i.test(third)) throw new Error(`THIRD_API_URL must be an http(s) address, got '${third}'`);
  return {
    maxAttempts: int(env, 'OUTAPI_MAX_ATTEMPTS', 6, 1),
    retryDelayMs: int(env, 'OUTAPI_RETRY_DELAY_MS', 2000, 1),
    timeoutMs: int(env, 'OUTAPI_TIMEOUT_MS', 15000, 100),
    concurrency: int(env, 'OUTAPI_CONCURRENCY', 4, 1),
    maxItems: int(env, 'OUTAPI_MAX_ITEMS', 1000, 1),
    policy: targetPolicy(env),
    thirdApiUrl: third ? third.replace(/\/+$/, '') : undefined,
  };
}
