// drizzle-kit's programmatic API, for tests: is the schema in step with the migrations, and the
// DDL of tables that exist only in tests (test-only definitions). drizzle-kit is hoisted to the
// repository root while drizzle-orm sits in server/node_modules (see server/scripts/drizzle-kit.mjs),
// so its require('drizzle-orm') needs server/node_modules on the CommonJS search path.
import { readdirSync, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { EntityDef } from '@seamline/core';
import type { Db } from '../../db';
import { MIGRATIONS_DIR } from '../../db/migrate';
import * as schema from '../../db/schema';
import { tablesOf } from '../entityTables';

interface DrizzleKitApi {
  generateDrizzleJson(imports: Record<string, unknown>, prevId?: string): { id: string } & Record<string, unknown>;
  generateMigration(prev: unknown, cur: unknown): Promise<string[]>;
}

let api: DrizzleKitApi | null = null;

export function drizzleKit(): DrizzleKitApi {
  if (api) return api;
  const serverModules = fileURLToPath(new URL('../../../node_modules', import.meta.url));
  const paths = (process.env.NODE_PATH ?? '').split(delimiter).filter(Boolean);
  if (!paths.includes(serverModules)) {
    process.env.NODE_PATH = [serverModules, ...paths].join(delimiter);
    (Module as unknown as { _initPaths(): void })._initPaths();
  }
  api = createRequire(import.meta.url)('drizzle-kit/api') as DrizzleKitApi;
  return api;
}

/** The snapshot drizzle-kit wrote with the newest migration. */
export function latestSnapshot(): unknown {
  const dir = join(MIGRATIONS_DIR, 'meta');
  const last = readdirSync(dir)
    .filter((f) => /^\d+_snapshot\.json$/.test(f))
    .sort()
    .pop();
  if (!last) throw new Error('no migration snapshot');
  return JSON.parse(readFileSync(join(dir, last), 'utf8'));
}

/**
 * The SQL `npm run db:generate -w server` would write now: empty when server/src/db/schema.ts
 * (platform tables and every area's entity tables) matches the migrations.
 */
export async function pendingMigration(extra: Record<string, unknown> = {}): Promise<string[]> {
  const kit = drizzleKit();
  return kit.generateMigration(latestSnapshot(), kit.generateDrizzleJson({ ...schema, ...extra }));
}

/** The tables exported by server/src/db/schema.ts, by SQL name. */
export function schemaTableNames(): Set<string> {
  const out = new Set<string>();
  for (const v of Object.values(schema) as unknown[]) {
    if (is(v, PgTable)) out.add(getTableName(v));
  }
  return out;
}

/**
 * Creates the tables of test-only definitions in a test database, exactly as a migration would
 * (drizzle-kit's DDL), with the tenant RLS policy.
 */
export async function createEntityTables(db: Db, defs: readonly EntityDef[]): Promise<void> {
  const kit = drizzleKit();
  const tables = tablesOf(defs);
  const prev = kit.generateDrizzleJson({ ...schema });
  const cur = kit.generateDrizzleJson({ ...schema, ...tables }, prev.id);
  const statements = await kit.generateMigration(prev, cur);
  await db.asSystem(async (tx) => {
    for (const s of statements) await tx.execute(sql.raw(s));
    for (const name of Object.keys(tables)) await tx.execute(sql`select seamline_enable_tenant_rls(${name}::regclass)`);
  });
}
