// A PostgreSQL server (DATABASE_URL): what production runs on.
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createDb, type Db, type Tx } from './db';
import * as schema from './schema';

export function openPostgres(url: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const orm = drizzle(pool, { schema }) as unknown as Tx;
  return createDb('postgres', orm, () => pool.end(), false);
}
