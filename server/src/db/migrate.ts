// Applies the versioned SQL files in server/migrations (drizzle's journal decides what is new).
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

// Any constant; every node starting at once queues on it instead of migrating twice.
const MIGRATION_LOCK = 7_346_201;

export async function migratePgliteDb(client: PGlite): Promise<void> {
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
}

/** On a server, one dedicated connection holds an advisory lock for the whole run. */
export async function migratePostgres(url: string): Promise<void> {
  const conn = new pg.Client({ connectionString: url });
  await conn.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(conn), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await conn.end();
  }
}
