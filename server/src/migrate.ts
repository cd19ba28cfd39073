// `npm run migrate`: apply pending migrations to the configured database and exit.
import { loadConfig } from './config';
import { openDatabase } from './db';

const config = loadConfig();
const db = await openDatabase(config, { migrate: true });
await db.close();
console.log(`migrations applied to ${config.databaseUrl ? 'the PostgreSQL server' : `${config.dataDir}/pglite`}`);
