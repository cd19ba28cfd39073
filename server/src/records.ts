// What an area's handlers kept writing for themselves (issue 24): the rows of a raw SQL statement,
// and the id and version a request names for a record.
import type { SQL } from 'drizzle-orm';
import { isUuid, type Tx } from './db';
import { conflict, notFound } from './errors';

/** The rows of a raw SQL statement (tx.execute answers them as `{ rows }`). */
export async function sqlRows<T = Record<string, any>>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The id of a record a request names: anything but a uuid names no record (404). */
export function recordId(v: unknown): string {
  if (!isUuid(v)) throw notFound();
  return v;
}

/** The version a write was based on: anything but a whole number cannot match the record's (409). */
export function expectedVersion(v: unknown): number {
  const n = Number(v);
  if (!Number.isInteger(n)) throw conflict();
  return n;
}
