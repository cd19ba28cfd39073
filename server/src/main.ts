// `tsx server/src/main.ts`: open (and migrate) the database, seed a fresh one, serve API + web app.
import { buildApp } from './app';
import { AREAS } from './areas';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { seedIfEmpty } from './seed';

const config = loadConfig();
const db = await openDatabase(config);
const seeded = await seedIfEmpty(db, AREAS);
const app = buildApp({ db, config });
if (seeded) app.log.info('seeded demo data into an empty database');
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
app.log.info(`Seamline is up at http://localhost:${(app.server.address() as { port: number }).port}/`);
