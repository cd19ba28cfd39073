// Demo data for a fresh database: every area's seed, in one system transaction.
import type { Area } from './area';
import type { Db } from './db';
import { client } from './db/schema';

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.asSystem((tx) => tx.select({ id: client.id }).from(client).limit(1));
  return rows.length === 0;
}

export async function seed(db: Db, areas: readonly Area[]): Promise<void> {
  await db.asSystem(async (tx) => {
    for (const area of areas) await area.seed?.(tx);
  });
}

/** First start: seed when there is no company at all (the seeds are idempotent anyway). */
export async function seedIfEmpty(db: Db, areas: readonly Area[]): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seed(db, areas);
  return true;
}
