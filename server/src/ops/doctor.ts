// `npm run doctor`: the effective configuration (never a secret) and a check of everything the
// server depends on, each answered in plain words (docs/operations.md 'Configuration check').
// Safe beside a running server: it never opens an embedded (PGlite) data directory, which belongs
// to the one process serving it; it asks that server's /readyz instead.
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../config';
import { newestMigrationMillis } from '../db/migrate';
import { loadTransferConfig } from '../engine/transfer/config';
import { s3ConfigFrom } from '../storage/s3';

export type Env = Record<string, string | undefined>;
export interface Finding {
  check: string;
  ok: boolean;
  /** What was found, or what is wrong and what to do about it. */
  say: string;
}
export interface Report {
  settings: Array<[string, string]>;
  findings: Finding[];
  ok: boolean;
}

/** The oldest PostgreSQL server the migrations are tested on. */
export const MIN_POSTGRES_MAJOR = 14;

/** A URL as an operator may print it: scheme, host, port and path, no user or password. */
export function publicUrlOf(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    return u.href.replace(/\/$/, '');
  } catch {
    return '(not a valid URL)';
  }
}

export async function doctor(env: Env = process.env, options: { timeoutMs?: number } = {}): Promise<Report> {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const findings: Finding[] = [];
  const say = (check: string, ok: boolean, text: string) => findings.push({ check, ok, say: text });
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    say('configuration', false, `${(err as Error).message}. The server refuses to start until this is fixed.`);
    return { settings: [], findings, ok: false };
  }
  const transfer = loadTransferConfig(config, env);
  let s3: ReturnType<typeof s3ConfigFrom> = null;
  try {
    s3 = s3ConfigFrom(env);
  } catch (err) {
    say('file storage', false, (err as Error).message);
  }
  const settings: Array<[string, string]> = [
    ['mode', config.production ? 'production (NODE_ENV=production)' : 'development'],
    ['listens on', `${config.host}:${config.port}`],
    ['public address (PUBLIC_URL)', env.PUBLIC_URL ? publicUrlOf(env.PUBLIC_URL) : '(not set)'],
    ['database', config.databaseUrl ? `PostgreSQL ${publicUrlOf(config.databaseUrl)}` : `embedded PGlite in ${join(config.dataDir, 'pglite')}`],
    ['Redis (REDIS_URL)', env.REDIS_URL ? publicUrlOf(env.REDIS_URL) : '(not set: one node only)'],
    ['mail (SMTP_URL)', env.SMTP_URL ? publicUrlOf(env.SMTP_URL) : '(not set: mails stay in the outbox table)'],
    ['files', s3 ? `S3 bucket ${s3.bucket} at ${publicUrlOf(s3.endpoint)}` : transfer.filesDir],
    ['log level', config.logLevel],
    ['behind a proxy (TRUST_PROXY)', env.TRUST_PROXY || '(not set)'],
    ['demo data', config.demo ? 'seeded into an empty database' : 'off'],
    ['metrics (/metrics)', config.metricsToken ? 'on, needs METRICS_TOKEN' : 'off (set METRICS_TOKEN)'],
  ];

  // PUBLIC_URL: mails link there.
  if (!env.PUBLIC_URL) say('public address', !config.production, config.production ? 'PUBLIC_URL is required in production.' : 'PUBLIC_URL is not set: links in mails point to this machine\'s address. Set it before inviting anyone.');
  else if (config.production && /^http:\/\/(localhost|127\.|\[::1\])/i.test(env.PUBLIC_URL)) say('public address', false, `PUBLIC_URL points to this machine (${publicUrlOf(env.PUBLIC_URL)}): links in mails will not open anywhere else.`);
  else if (config.production && !/^https:/i.test(env.PUBLIC_URL)) say('public address', false, 'PUBLIC_URL is not https: browsers will send passwords and tokens unencrypted.');
  else say('public address', true, `links in mails point to ${publicUrlOf(env.PUBLIC_URL)}`);

  if (config.databaseUrl) await checkPostgres(config.databaseUrl, timeoutMs, say);
  else await checkPglite(config, timeoutMs, say);

  if (env.REDIS_URL) await checkRedis(env.REDIS_URL, timeoutMs, say);

  if (env.SMTP_URL) await checkMail(env.SMTP_URL, timeoutMs, say);
  else say('mail', !config.production, config.production ? 'SMTP_URL is not set: invitations and password resets will never arrive.' : 'SMTP_URL is not set: mails are kept in the outbox only.');

  if (!s3) checkFolder(transfer.filesDir, say);
  return { settings, findings, ok: findings.every((f) => f.ok) };
}

type Say = (check: string, ok: boolean, text: string) => void;

async function checkPostgres(url: string, timeoutMs: number, say: Say): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
  } catch (err) {
    say('database', false, `cannot connect to ${publicUrlOf(url)}: ${(err as Error).message}`);
    return;
  }
  try {
    const { rows } = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`);
    const major = Math.floor(Number(rows[0]!.v) / 10_000);
    say('database', major >= MIN_POSTGRES_MAJOR, major >= MIN_POSTGRES_MAJOR ? `PostgreSQL ${major} reachable` : `PostgreSQL ${major} is too old: ${MIN_POSTGRES_MAJOR} or newer is needed`);
    const { rows: present } = await client.query<{ p: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as p`);
    if (!present[0]!.p) {
      say('migrations', true, 'the database is empty: the first start creates the tables');
      return;
    }
    const { rows: last } = await client.query<{ n: string; newest: string | null }>('select count(*) as n, max(created_at) as newest from drizzle.__drizzle_migrations');
    const newest = Number(last[0]!.newest ?? 0);
    const current = newest >= newestMigrationMillis();
    say('migrations', true, current ? `all ${last[0]!.n} migrations applied` : 'migrations are pending: the next start applies them (take a backup first: npm run backup)');
  } catch (err) {
    say('database', false, `connected, but a query failed: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The data directory belongs to a running server: ask it, and only look at the folder otherwise. */
async function checkPglite(config: Config, timeoutMs: number, say: Say): Promise<void> {
  const dir = join(config.dataDir, 'pglite');
  const ready = await fetchJson(`http://127.0.0.1:${config.port}/readyz`, timeoutMs);
  if (ready) {
    const failed = Object.entries(ready.body.checks ?? {}).filter(([, v]) => v !== 'ok');
    say('database', ready.status === 200, ready.status === 200 ? `a server on port ${config.port} serves ${dir} and says it is ready` : `the server on port ${config.port} is not ready: ${failed.map(([k, v]) => `${k}: ${v}`).join('; ')}`);
    return;
  }
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    say('database', true, `no data yet in ${dir}: the first start creates it${config.demo ? ' with the demo data' : ''}`);
    return;
  }
  say('database', true, `${dir} holds a database; no server answers on port ${config.port} (start it with npm start)`);
  if (config.production) say('database', false, 'the embedded database is for trying Seamline out: set DATABASE_URL to a PostgreSQL server in production');
}

async function checkRedis(url: string, timeoutMs: number, say: Say): Promise<void> {
  const { createClient } = await import('redis');
  const client = createClient({ url, socket: { connectTimeout: timeoutMs, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    say('redis', true, `Redis reachable at ${publicUrlOf(url)}`);
  } catch (err) {
    say('redis', false, `cannot reach Redis at ${publicUrlOf(url)}: ${(err as Error).message}. Several nodes need it for live notifications and sign-in limits.`);
  } finally {
    await client.quit().catch(() => undefined);
  }
}

async function checkMail(url: string, timeoutMs: number, say: Say): Promise<void> {
  const nodemailer = (await import('nodemailer')).default;
  const transport = nodemailer.createTransport(url, { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs } as object);
  try {
    await transport.verify();
    say('mail', true, `the mail server at ${publicUrlOf(url)} accepts connections`);
  } catch (err) {
    say('mail', false, `the mail server at ${publicUrlOf(url)} does not answer as expected: ${(err as Error).message}`);
  } finally {
    transport.close();
  }
}

function checkFolder(dir: string, say: Say): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    say('file storage', true, `uploaded files are written to ${dir}`);
  } catch (err) {
    say('file storage', false, `cannot write to ${dir}: ${(err as Error).message}`);
  }
}

async function fetchJson(url: string, timeoutMs: number): Promise<{ status: number; body: { checks?: Record<string, string> } } | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (res.status !== 200 && res.status !== 503) return null;
    return { status: res.status, body: (await res.json()) as { checks?: Record<string, string> } };
  } catch {
    return null;
  }
}

/** The report as an operator reads it. */
export function formatReport(report: Report): string {
  const width = Math.max(0, ...report.settings.map(([k]) => k.length));
  const lines = ['Seamline configuration', ...report.settings.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`), '', 'Checks'];
  for (const f of report.findings) lines.push(`  ${f.ok ? 'ok  ' : 'FAIL'}  ${f.check}: ${f.say}`);
  lines.push('', report.ok ? 'Everything checked is in order.' : 'Something above needs attention (FAIL).');
  return lines.join('\n');
}
