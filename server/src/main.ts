// `tsx server/src/main.ts`: open (and migrate) the database, seed a fresh one, serve API + web app.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadConfig } from './config';
import type { PgliteDb } from './db/pglite';

// Milliseconds since the process started, per phase: logged with 'is up' (bench/figures.ts prints them).
const startup: Record<string, number> = {};
const mark = (phase: string) => (startup[phase] = Math.round(performance.now()));

// The build's last step (`npm run build:server`): the migrated PGlite template beside the bundle, so
// the first start skips initdb and the migrations (db/template.ts). Nothing to make for PostgreSQL.
if (process.argv.includes('--prepare-template')) {
  if (process.env.DATABASE_URL) process.exit(0);
  const { prepareBuiltTemplate } = await import('./db/template');
  console.log(`PGlite template ready: ${await prepareBuiltTemplate()}`);
  process.exit(0);
}

// Refuses to start on a bad or unsafe environment (NODE_ENV=production without PUBLIC_URL, …).
const config = loadConfig();

/**
 * A new PGlite data directory is migrated and seeded by a child process (this file again, with
 * FIRST_START_CHILD set), which closes it and exits before this process opens it (issue 12,
 * point 4): seeding grows PGlite's WASM memory, which never shrinks, and leaves the JS heap and
 * malloc fragmented, so a server that seeded itself kept ~50 MB more idle than a reopen of the
 * same data. Spawned before the modules below load, so both processes load theirs at once.
 */
const FIRST_START_CHILD = 'SEAMLINE_FIRST_START_CHILD';
if (process.env[FIRST_START_CHILD] === '1') {
  const [{ AREAS }, { openDatabase }, { seedIfEmpty }] = await Promise.all([import('./areas'), import('./db'), import('./seed')]);
  const db = await openDatabase(config);
  const seeded = await seedIfEmpty(db, AREAS, { demo: config.demo });
  await db.close();
  await new Promise((sent) => process.send!({ seeded }, sent));
  process.exit(0);
}
// A new PGlite data directory: DATA_DIR/pglite (db/index.ts) has no PG_VERSION yet.
const newPglite = !config.databaseUrl && !existsSync(join(config.dataDir, 'pglite', 'PG_VERSION'));
const firstStart = newPglite ? firstStartInChild() : null;

const [{ buildApp }, { AREAS, ensureFirstSuperAdmin }, { openDatabase }, { seedIfEmpty }, { answerBackupRequests }, { loadTransferConfig }, { s3ConfigFrom }] = await Promise.all([
  import('./app'),
  import('./areas'),
  import('./db'),
  import('./seed'),
  import('./ops/backupSignal'),
  import('./engine/transfer/config'),
  import('./storage/s3'),
]);
mark('modules');
const seededFirst = firstStart ? await firstStart : false;
if (firstStart) mark('firstStart');
const db = await openDatabase(config);
mark('database');
const seeded = (await seedIfEmpty(db, AREAS, { demo: config.demo })) || seededFirst;
mark('seed');
// A deployment without the demo gets its first super admin from SEAMLINE_ADMIN_* (docs/security.md).
const firstAdmin = await ensureFirstSuperAdmin(db, config);
mark('firstAdmin');
const app = buildApp({ db, config });
// Logs go out asynchronously (logging.ts): a crash logs itself, a shutdown waits for its last lines.
const { flushLogs, logFatalErrors } = await import('./logging');
logFatalErrors(app.log);
mark('app');
if (seeded) app.log.info('seeded demo data into an empty database');
if (firstAdmin === 'created') app.log.info(`created the first super admin '${config.firstAdmin!.username}'`);
if (firstAdmin === 'missing') {
  const hint = 'there is no platform super admin: set SEAMLINE_ADMIN_USERNAME, SEAMLINE_ADMIN_EMAIL and SEAMLINE_ADMIN_PASSWORD for the first start';
  if (config.production) {
    app.log.fatal(hint);
    await db.close();
    process.exit(1);
  }
  app.log.warn(hint);
}
if (config.production && config.demo) app.log.warn('SEAMLINE_DEMO=1: the demo accounts share a published password; never on a real deployment');
if (!config.databaseUrl) app.log.warn('embedded PGlite database: fine for trying out, use DATABASE_URL=postgres://… in production');

/**
 * SIGTERM/SIGINT: stop accepting (GET /readyz answers 503 meanwhile), let requests in flight finish,
 * close sockets so that clients reconnect (to another node behind a balancer), let the workers
 * finish or give back their jobs, close the database. Bounded by SHUTDOWN_TIMEOUT_MS (docs/operations.md).
 */
let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const limitMs = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 20_000;
  setTimeout(() => {
    app.log.error(`shutdown did not finish within ${limitMs} ms: exiting`);
    process.exit(1);
  }, limitMs).unref();
  await app.close();
  backupRequests?.stop();
  // PGlite shuts its PostgreSQL down cleanly on close; a killed process may lose recent commits.
  await db.close();
  app.log.info({ signal }, 'stopped');
  await flushLogs();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// `npm run backup` asks a server on PGlite to dump its own database (ops/backupSignal.ts).
const backupRequests = 'client' in db ? answerBackupRequests((db as PgliteDb).client, config.dataDir, s3ConfigFrom(process.env) ? undefined : loadTransferConfig(config).filesDir, app.log) : null;

collectStartupGarbage();
mark('gc');
await app.listen({ port: config.port, host: config.host });
mark('listening');
// The address people use: PUBLIC_URL when set (behind a proxy, in production), else this machine.
const port = (app.server.address() as { port: number }).port;
const publicUrl = process.env.PUBLIC_URL?.replace(/\/+$/, '');
app.log.info({ startup, port }, publicUrl ? `Seamline is up at ${publicUrl}/ (listening on port ${port})` : `Seamline is up at http://localhost:${port}/`);

/** Runs this file as FIRST_START_CHILD; resolves with whether it seeded the demo data. */
function firstStartInChild(): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let seeded = false;
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]], {
      env: { ...process.env, [FIRST_START_CHILD]: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (m: { seeded?: unknown }) => (seeded ||= m?.seeded === true));
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve(seeded) : reject(new Error(`the first start's child process failed (${signal ?? code})`))));
  });
}

/**
 * One full garbage collection before serving: an idle server allocates too little for V8 to collect
 * the start's garbage (the seed's above all) for a long time, and it is resident meanwhile (issue 12,
 * point 4: PostgreSQL first start 151–153 → 144–146 MB idle). `gc` exists only in a context created
 * while --expose-gc is set, so the flag is set for this one context and unset again.
 */
function collectStartupGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  gc();
}
