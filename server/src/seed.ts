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

/** The catalogues every deployment needs, without demo companies or accounts (Area.platformSeed). */
export async function seedPlatform(db: Db, areas: readonly Area[]): Promise<void> {
  await db.asSystem(async (tx) => {
    for (const area of areas) await area.platformSeed?.(tx);
  });
}

/**
 * First start: seed when there is no company at all (the seeds are idempotent anyway) — the demo
 * data unless `demo` is false (production), then only the catalogues. True when the demo was seeded.
 */
export async function seedIfEmpty(db: Db, areas: readonly Area[], options: { demo?: boolean } = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  if (options.demo === false) {
    await seedPlatform(db, areas);
    return false;
  }
  await seed(db, areas);
  return true;
}
