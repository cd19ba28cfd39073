// `tsx server/src/main.ts`: open (and migrate) the database, seed a fresh one, serve API + web app.
import { buildApp } from './app';
import { AREAS } from './areas';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { seedIfEmpty } from './seed';
import { ensureFirstSuperAdmin } from '../../areas/access/server/firstAdmin';

// Milliseconds since the process started, per phase: logged with 'is up' (bench/start.ts prints them).
const startup: Record<string, number> = { modules: Math.round(performance.now()) };
const mark = (phase: string) => (startup[phase] = Math.round(performance.now()));

// Refuses to start on a bad or unsafe environment (NODE_ENV=production without PUBLIC_URL, …).
const config = loadConfig();
const db = await openDatabase(config);
mark('database');
const seeded = await seedIfEmpty(db, AREAS, { demo: config.demo });
mark('seed');
// A deployment without the demo gets its first super admin from SEAMLINE_ADMIN_* (docs/security.md).
const firstAdmin = await ensureFirstSuperAdmin(db, config);
mark('firstAdmin');
const app = buildApp({ db, config });
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

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  // PGlite shuts its PostgreSQL down cleanly on close; a killed process may lose recent commits.
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
mark('listening');
app.log.info({ startup }, `Seamline is up at http://localhost:${(app.server.address() as { port: number }).port}/`);
