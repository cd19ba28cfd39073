// Small helpers of the development server code: raw rows, ids, versions, today.
import { conflict, isUuid, notFound, sql, type Tx } from '@seamline/server/api';

export type Row = Record<string, any>;

export async function rows<T = Row>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = await tx.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

export const idOf = (v: unknown): string => {
  if (!isUuid(v)) throw notFound();
  return v;
};

export const versionOf = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isInteger(n)) throw conflict();
  return n;
};

/** Today as 'YYYY-MM-DD' in UTC (T&A days are whole calendar days). */
export const today = (now: Date = new Date()): string => now.toISOString().slice(0, 10);
