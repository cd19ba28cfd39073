// The one database abstraction every route uses. Two ways in:
// - withTenant(clientId, fn): a transaction as role seamline_app with app.client_id set, so the
//   row-level security policies back up the engine's own `client_id = …` filters;
// - asSystem(fn): a plain transaction for the few platform queries that precede a tenant
//   (login, token lookup, key material, seeding).
// Never nest one inside another: on PGlite that would wait for itself. Pass `tx` down instead.
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Mutex } from './mutex';
/**
 * A drizzle handle inside a transaction (the same API on PGlite and node-postgres). Without
 * drizzle's relational `query` API: given the schema, drizzle builds a query builder for each of
 * the ~150 tables on every transaction (a quarter of a millisecond of CPU per request), and no code
 * reads through it — selects name their tables.
 */
export type Tx = PgDatabase<PgQueryResultHKT>;
export type DbKind = 'pglite' | 'postgres';

/** How a tenant transaction runs its statements. */
export interface TenantOptions {
  /**
   * Plan every statement with its values (PostgreSQL `plan_cache_mode = force_custom_plan`, for
   * this transaction only). For filtered, sorted list pages: after five runs of a prepared
   * statement PostgreSQL may switch to a generic plan that cannot see a filter's selectivity — on
   * the vendor list it scanned 37,000 rows by the name index and sorted them (54 ms) where the plan
   * for the values walks the code index for 1,000 (1 ms). Statements stay prepared (parsed once).
   */
  customPlans?: boolean;
}

/** One transaction's times, for operators' metrics (ops/metrics.ts). */
export interface TransactionTiming {
  /** Queued before it ran: PGlite's one connection, or waiting for a pool connection. */
  waitSeconds: number;
  /** From its start to its commit or rollback. */
  runSeconds: number;
  failed: boolean;
}

/** A connection pool's state (PostgreSQL). */
export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

export interface Db {
  readonly kind: DbKind;
  /** Called after every transaction; returns the function that stops it. */
  observe(listener: (timing: TransactionTiming) => void): () => void;
  /** PostgreSQL's pool; absent on PGlite (one connection, its wait is in the timings). */
  pool?(): PoolState;
  withTenant<T>(clientId: string, fn: (tx: Tx) => Promise<T>, options?: TenantOptions): Promise<T>;
  asSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const APP_ROLE = 'seamline_app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

const committed = new WeakMap<Tx, Array<() => void>>();

/**
 * Runs `fn` right after the transaction `tx` (one that withTenant/asSystem opened) commits, never
 * if it rolls back. False when `tx` is not such a transaction (a savepoint): the caller falls back.
 */
export function onCommit(tx: Tx, fn: () => void): boolean {
  const list = committed.get(tx);
  if (!list) return false;
  list.push(fn);
  return true;
}

/** The statement that enters a tenant: the app role and the company, both transaction-local. */
export const tenantSettings = (clientId: string, options?: TenantOptions): string =>
  `select set_config('role', '${APP_ROLE}', true), set_config('app.client_id', '${clientId.toLowerCase()}', true)` +
  (options?.customPlans ? `, set_config('plan_cache_mode', 'force_custom_plan', true)` : '');

/** Wraps a drizzle database. `serialize` is for single-connection drivers (PGlite). */
export function createDb(kind: DbKind, orm: Tx, close: () => Promise<void>, serialize: boolean, pool?: () => PoolState): Db {
  const mutex = serialize ? new Mutex() : null;
  const listeners = new Set<(timing: TransactionTiming) => void>();
  const transaction = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const callbacks: Array<() => void> = [];
    const queued = performance.now();
    let started = queued;
    const run = () =>
      orm.transaction((tx) => {
        started = performance.now();
        committed.set(tx as unknown as Tx, callbacks);
        return fn(tx as unknown as Tx);
      });
    const timed = (failed: boolean) => {
      if (listeners.size === 0) return;
      const end = performance.now();
      const timing = { waitSeconds: (started - queued) / 1000, runSeconds: (end - started) / 1000, failed };
      for (const l of listeners) l(timing);
    };
    let result: T;
    try {
      result = await (mutex ? mutex.run(run) : run());
    } catch (err) {
      timed(true);
      throw err;
    }
    timed(false);
    for (const cb of callbacks) {
      try {
        cb();
      } catch {
        // one listener's failure must not undo the caller's committed work
      }
    }
    return result;
  };
  return {
    kind,
    observe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pool,
    asSystem: transaction,
    withTenant: (clientId, fn, options) => {
      if (!isUuid(clientId)) return Promise.reject(new Error('withTenant needs a company id'));
      return transaction(async (tx) => {
        // Both settings are transaction-local (is_local = true): they end with the transaction.
        // Inlined (clientId is a checked uuid) so that on PostgreSQL it travels with BEGIN (postgres.ts).
        await tx.execute(sql.raw(tenantSettings(clientId, options)));
        return fn(tx);
      });
    },
    close: () => (mutex ? mutex.run(close) : close()),
  };
}
