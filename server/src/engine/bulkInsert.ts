// Many rows in one statement with ONE bound parameter: the rows travel as a JSON array that
// PostgreSQL turns into the table's own row type (json_populate_recordset). Drizzle's multi-row
// insert binds one parameter per cell — 28,000 for 1,000 rows of 28 columns — and building and
// binding those costs several times the insert itself (docs/benchmarks.md, import).
//
// Staging (a large import, docs/server.md 'Import and export'): inside `staged(stage, fn)` every
// insertRows into a staged table writes to that table's stage instead — an UNLOGGED copy made by
// createStage. The importer validates and writes batch after batch in short transactions of
// their own (other requests run between them, even on PGlite's single connection), then moves
// everything into the real tables in one short final transaction (commitStage): all or nothing.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db';
import { APP_ROLE } from '../db/db';
import type { AnyTable } from './entityTables';
import type { Row } from './values';

/** Real table → the name of its stage. */
export type Stage = Map<AnyTable, string>;

const staging = new AsyncLocalStorage<Stage>();

/** Runs `fn` with the inserts into the stage's tables redirected to their stages. */
export const staged = <T>(stage: Stage, fn: () => Promise<T>): Promise<T> => staging.run(stage, fn);

/**
 * Inserts rows keyed by the table's property names. Columns no row names keep their defaults
 * (created_at, …); a key some rows lack is NULL in those rows — every field column is nullable
 * with no default, and system columns are given for every row.
 */
export async function insertRows(tx: Tx, table: AnyTable, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k in columns);
  const names = keys.map((k) => columns[k].name);
  const payload = rows.map((r) => {
    const out: Row = {};
    keys.forEach((k, i) => {
      const v = r[k];
      out[names[i]] = v === undefined ? null : v;
    });
    return out;
  });
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  const stageName = staging.getStore()?.get(table);
  const target = stageName ? sql.identifier(stageName) : table;
  await tx.execute(sql`insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, ${JSON.stringify(payload)}::json)`);
}

/** Unlogged copies of `tables` (columns and defaults, no constraints), writable by the app role. */
export async function createStage(db: Db, tables: readonly AnyTable[]): Promise<Stage> {
  const tag = randomUUID().replace(/-/g, '');
  const stage: Stage = new Map(tables.map((t, i) => [t, `import_stage_${tag}_${i}`]));
  await db.asSystem(async (tx) => {
    for (const [t, name] of stage) {
      await tx.execute(sql`create unlogged table ${sql.identifier(name)} (like ${t} including defaults)`);
      await tx.execute(sql`grant select, insert, delete on ${sql.identifier(name)} to ${sql.identifier(APP_ROLE)}`);
    }
  });
  return stage;
}

/** Moves every staged row into its real table, in the caller's transaction (tables in the stage's order). */
export async function commitStage(tx: Tx, stage: Stage): Promise<void> {
  for (const [t, name] of stage) {
    const list = sql.join(
      Object.values(getTableColumns(t)).map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    await tx.execute(sql`insert into ${t} (${list}) select ${list} from ${sql.identifier(name)}`);
  }
}

export async function dropStage(db: Db, stage: Stage): Promise<void> {
  await db.asSystem(async (tx) => {
    for (const name of stage.values()) await tx.execute(sql`drop table if exists ${sql.identifier(name)}`);
  });
}
