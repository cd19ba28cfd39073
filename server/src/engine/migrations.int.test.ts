// Definitions and migrations must not drift: the tables the registered definitions describe are
// exactly the ones the versioned migrations create. When this fails after a definition changed,
// run `npm run db:generate -w server -- --name=<what changed>` (and, for a new entity, add its
// tables to the area's server/schema.ts and a custom migration calling seamline_enable_tenant_rls).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { AREAS } from '../areas';
import { openTestDatabase, type TestDatabase } from '../testing';
import { entityTables } from './entityTables';
import { knownRegistrations } from './registry';
import { pendingMigration, schemaTableNames } from './testing/drizzleKit';

void AREAS; // importing the areas registers their entities
const registrations = knownRegistrations();

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t?.close());

/** drizzle's column type → PostgreSQL's format_type(). */
function pgType(drizzleType: string): string {
  return drizzleType
    .replace(/^varchar\((\d+)\)/, 'character varying($1)')
    .replace(/^numeric\((\d+), (\d+)\)/, 'numeric($1,$2)')
    .replace(/^timestamp with time zone$/, 'timestamp with time zone')
    .replace(/^timestamp$/, 'timestamp without time zone')
    .replace(/^time$/, 'time without time zone');
}

describe('definitions and migrations', () => {
  it('registers entities from the areas', () => {
    expect(registrations.length).toBeGreaterThan(0);
  });

  it('exports every registered entity table from server/src/db/schema.ts', () => {
    const exported = schemaTableNames();
    const missing = registrations.flatMap((r) => Object.keys(entityTables(r.def).all)).filter((n) => !exported.has(n));
    expect(missing).toEqual([]);
  });

  it('has nothing left for drizzle-kit to generate', async () => {
    expect(await pendingMigration()).toEqual([]);
  });

  it('has migrated every table with exactly the columns the definitions describe', async () => {
    const tables = registrations.flatMap((r) => Object.values(entityTables(r.def).all)) as PgTable[];
    const problems: string[] = [];
    await t.db.asSystem(async (tx) => {
      for (const table of tables) {
        const config = getTableConfig(table);
        const res = await tx.execute(sql`
          select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
            from pg_attribute a
           where a.attrelid = to_regclass(${config.name}) and a.attnum > 0 and not a.attisdropped`);
        const actual = new Map((res as unknown as { rows: Array<{ name: string; type: string; not_null: boolean }> }).rows.map((r) => [r.name, r]));
        if (actual.size === 0) problems.push(`${config.name}: table missing`);
        for (const c of config.columns) {
          const got = actual.get(c.name);
          const want = pgType(c.getSQLType());
          if (!got) problems.push(`${config.name}.${c.name}: column missing`);
          else if (got.type !== want || got.not_null !== c.notNull) problems.push(`${config.name}.${c.name}: ${got.type}${got.not_null ? ' not null' : ''} ≠ ${want}${c.notNull ? ' not null' : ''}`);
          actual.delete(c.name);
        }
        for (const extra of actual.keys()) problems.push(`${config.name}.${extra}: not in the definition`);
      }
    });
    expect(problems).toEqual([]);
  });

  it('puts every entity table under the tenant policy', async () => {
    const names = registrations.flatMap((r) => Object.keys(entityTables(r.def).all));
    const res = await t.db.asSystem((tx) =>
      tx.execute(sql`select c.relname as name from pg_class c
        where c.relname in ${names} and c.relrowsecurity and exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_isolation')`),
    );
    const protectedTables = new Set((res as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name));
    expect(names.filter((n) => !protectedTables.has(n))).toEqual([]);
  });
});
