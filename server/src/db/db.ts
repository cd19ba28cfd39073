// The one database abstraction every route uses. Two ways in:
// - withTenant(clientId, fn): a transaction as role seamline_app with app.client_id set, so the
//   row-level security policies back up the engine's own `client_id = …` filters;
// - asSystem(fn): a plain transaction for the few platform queries that precede a tenant
//   (login, token lookup, key material, seeding).
// Never nest one inside another: on PGlite that would wait for itself. Pass `tx` down instead.
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Mutex } from './mutex';
import type * as schema from './schema';

export type Schema = typeof schema;
/** A drizzle handle inside a transaction (the same API on PGlite and node-postgres). */
export type Tx = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Db {
  readonly kind: DbKind;
  withTenant<T>(clientId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  asSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const APP_ROLE = 'seamline_app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Wraps a drizzle database. `serialize` is for single-connection drivers (PGlite). */
export function createDb(kind: DbKind, orm: Tx, close: () => Promise<void>, serialize: boolean): Db {
  const mutex = serialize ? new Mutex() : null;
  const transaction = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const run = () => orm.transaction((tx) => fn(tx as unknown as Tx));
    return mutex ? mutex.run(run) : run();
  };
  return {
    kind,
    asSystem: transaction,
    withTenant: (clientId, fn) => {
      if (!isUuid(clientId)) return Promise.reject(new Error('withTenant needs a company id'));
      return transaction(async (tx) => {
        // Both settings are transaction-local (is_local = true): they end with the transaction.
        await tx.execute(
          sql`select set_config('role', ${APP_ROLE}, true), set_config('app.client_id', ${clientId}, true)`,
        );
        return fn(tx);
      });
    },
    close: () => (mutex ? mutex.run(close) : close()),
  };
}
