// A PostgreSQL server (DATABASE_URL): what production runs on.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createDb, type Db, type Tx } from './db';

/** Distinct statements one connection keeps prepared; past it, new texts run unnamed (planned each time). */
export const PREPARED_PER_CONNECTION = 2000;

type QueryConfig = { text: string; name?: string; [k: string]: unknown };
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release|start transaction)\b/i;

/** A stable statement name per SQL text (PostgreSQL names are at most 63 bytes). */
export const statementName = (text: string): string => {
  // Remembered per process: hashing every statement's text was a tenth of a millisecond a request.
  let name = names.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 30)}`;
    if (names.size >= PREPARED_PER_CONNECTION) names.clear();
    names.set(text, name);
  }
  return name;
};
const names = new Map<string, string>();

/**
 * A connection that (1) prepares every statement under a name derived from its text, so the server
 * parses and plans it once per connection instead of on every request (drizzle builds the same
 * text for the same query shape; values travel as parameters), and (2) sends a transaction's BEGIN
 * together with its first parameterless statement (withTenant's settings) in one round trip.
 */
export class PreparingClient extends pg.Client {
  private prepared = new Set<string>();
  private pendingBegin = false;

  // pg's query() has many overloads; this one sees every call drizzle and the migrator make.
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const q = (typeof config === 'string' ? { text: config } : config) as QueryConfig | undefined;
    const call = (c: unknown) => (super.query as (...a: unknown[]) => never).call(this, c, values, callback);
    if (!q || typeof q.text !== 'string' || typeof callback === 'function' || typeof (q as { submit?: unknown }).submit === 'function') return call(config);
    const text = q.text.trim();
    if (/^begin$/i.test(text) && !this.pendingBegin) {
      this.pendingBegin = true;
      return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] }) as never;
    }
    if (this.pendingBegin) {
      this.pendingBegin = false;
      // A transaction that ran nothing: nothing to end.
      if (/^(commit|rollback)$/i.test(text)) return Promise.resolve({ command: text.toUpperCase(), rowCount: null, rows: [], fields: [] }) as never;
      const noValues = !values || (Array.isArray(values) && values.length === 0);
      if (noValues && !q.name && !(q as { values?: unknown[] }).values?.length && !q.rowMode) {
        // Simple protocol, two statements: pg answers with the last statement's result.
        return (super.query as (...a: unknown[]) => Promise<unknown>).call(this, { ...q, text: `begin; ${q.text}` }).then((r) => (Array.isArray(r) ? r[r.length - 1] : r)) as never;
      }
      return (super.query as (...a: unknown[]) => Promise<unknown>).call(this, 'begin').then(() => this.query(config, values, callback)) as never;
    }
    if (q.name || TRANSACTION_CONTROL.test(text)) return call(config);
    const name = statementName(q.text);
    if (!this.prepared.has(name)) {
      if (this.prepared.size >= PREPARED_PER_CONNECTION) return call(config);
      this.prepared.add(name);
    }
    return call({ ...q, name });
  }
}

export function openPostgres(url: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: PreparingClient });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const orm = drizzle(pool) as unknown as Tx;
  return createDb('postgres', orm, () => pool.end(), false, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
}
