// Many rows in one statement with ONE bound parameter: the rows travel as a JSON array that
// PostgreSQL turns into the table's own row type (json_populate_recordset). Drizzle's multi-row
// insert binds one parameter per cell — 28,000 for 1,000 rows of 28 columns — and building and
// binding those costs several times the insert itself (docs/benchmarks.md, import).
import { getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import type { AnyTable } from './entityTables';
import type { Row } from './values';

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
  await tx.execute(sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(payload)}::json)`);
}
