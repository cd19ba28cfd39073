// Applies the versioned SQL files in server/migrations (drizzle's journal decides what is new).
import { readFileSync } from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromRoot } from '../paths';

export const MIGRATIONS_DIR = fromRoot('server', 'migrations');

// Any constant; every node starting at once queues on it instead of migrating twice.
const MIGRATION_LOCK = 7_346_201;

/** The newest migration's timestamp in drizzle's journal (`when`, its created_at once applied). */
export function newestMigrationMillis(dir = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(`${dir}/meta/_journal.json`, 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * drizzle's migrator applies every journal entry newer than the newest applied one — after reading
 * and hashing every SQL file. At a reopen nothing is newer, and two small queries against the
 * journal's newest entry say so without that work (issue 12: reopen time). The same criterion as
 * the migrator's, so it never skips a file the migrator would apply.
 */
export async function migrationsUpToDate(query: (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>): Promise<boolean> {
  const [table] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return false;
  const [last] = await query('select coalesce(max(created_at), 0) >= $1 as done from drizzle.__drizzle_migrations', [newestMigrationMillis()]);
  return last?.done === true;
}

export async function migratePgliteDb(client: PGlite): Promise<void> {
  if (await migrationsUpToDate(async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows)) return;
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
}

/** On a server, one dedicated connection holds an advisory lock for the whole run. */
export async function migratePostgres(url: string): Promise<void> {
  const conn = new pg.Client({ connectionString: url });
  await conn.connect();
  // Every node's restart: nothing to apply, so no lock to queue on.
  const current = await migrationsUpToDate(async (sql, params) => (await conn.query(sql, params)).rows).catch(async (err) => {
    await conn.end();
    throw err;
  });
  if (current) return void (await conn.end());
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(conn), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await conn.end();
  }
}
