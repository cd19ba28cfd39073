// Seeding twice changes nothing: the demo data is matched by natural keys.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { AREAS } from './areas';
import { appUser, client, clientMenu, menu, role, roleMenu, userClient, userRole } from './db/schema';
import { isEmpty, seed } from './seed';
import { openTestDatabase, type TestDatabase } from './testing';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t?.close());

const TABLES = { client, appUser, userClient, menu, clientMenu, role, roleMenu, userRole };

async function counts() {
  return t.db.asSystem(async (tx) => {
    const out: Record<string, number> = {};
    for (const [name, table] of Object.entries(TABLES)) out[name] = (await tx.select({ n: count() }).from(table))[0].n;
    return out;
  });
}

it('seeds the documented demo data once, however often it runs', async () => {
  expect(await isEmpty(t.db)).toBe(false);
  const before = await counts();
  expect(before).toMatchObject({ client: 4, appUser: 8 });
  await seed(t.db, AREAS);
  expect(await counts()).toEqual(before);
});
