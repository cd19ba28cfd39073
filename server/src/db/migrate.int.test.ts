// A reopen skips the migrator only when drizzle's own criterion finds nothing to apply (migrate.ts).
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing';
import { migrationsUpToDate, newestMigrationMillis } from './migrate';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const query = (sqlText: string, params: unknown[] = []) =>
  t.db.asSystem(async (tx) => {
    // Plain text with $n parameters, as the check sends it.
    const text = params.reduce<string>((s, p, i) => s.replaceAll(`$${i + 1}`, String(p)), sqlText);
    const result = (await tx.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> };
    return result.rows;
  });

describe('migrationsUpToDate', () => {
  it('is true for a database holding every migration of the journal', async () => {
    expect(await migrationsUpToDate(query)).toBe(true);
  });

  it('is false when the newest applied migration is older than the journal newest (a migration to apply)', async () => {
    const newest = newestMigrationMillis();
    await t.db.asSystem((tx) => tx.execute(sql`update drizzle.__drizzle_migrations set created_at = ${newest - 1} where created_at = ${newest}`));
    try {
      expect(await migrationsUpToDate(query)).toBe(false);
    } finally {
      await t.db.asSystem((tx) => tx.execute(sql`update drizzle.__drizzle_migrations set created_at = ${newest} where created_at = ${newest - 1}`));
    }
  });

  it('is false for a database never migrated', async () => {
    const empty = await PGlite.create();
    try {
      expect(await migrationsUpToDate(async (s, p) => (await empty.query<Record<string, unknown>>(s, p)).rows)).toBe(false);
    } finally {
      await empty.close();
    }
  });
});
