// Tenant isolation in the database itself: row-level security must hold even when the engine's
// own `client_id = …` filter is missing (defence in depth), on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../testing';
import { appUser, authSession, client, role, serverKey, userClient, userSetting } from './schema';

let t: TestDatabase;
let brand: string;
let fabric: string;
let brandSetting: string;

beforeAll(async () => {
  t = await openTestDatabase();
  const companies = await t.db.asSystem((tx) => tx.select({ id: client.id, code: client.code }).from(client));
  brand = companies.find((c) => c.code === 'DEMO_BRAND')!.id;
  fabric = companies.find((c) => c.code === 'DEMO_FABRIC')!.id;
  const [admin] = await t.db.asSystem((tx) => tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'brand.admin')));
  const [row] = await t.db.asSystem((tx) =>
    tx.insert(userSetting).values({ clientId: brand, userId: admin.id, settings: { SECRET: 'brand only' } }).returning({ id: userSetting.id }),
  );
  brandSetting = row.id;
});
afterAll(() => t?.close());

describe('row-level security', () => {
  it("hides one company's rows from another even when the query names them by id", async () => {
    const seen = await t.db.withTenant(fabric, (tx) => tx.select().from(userSetting).where(eq(userSetting.id, brandSetting)));
    expect(seen).toEqual([]);
    const own = await t.db.withTenant(brand, (tx) => tx.select().from(userSetting).where(eq(userSetting.id, brandSetting)));
    expect(own.map((r) => r.settings)).toEqual([{ SECRET: 'brand only' }]);
  });

  it('lets no tenant update or delete the rows of another', async () => {
    const updated = await t.db.withTenant(fabric, (tx) =>
      tx.update(userSetting).set({ settings: { SECRET: 'stolen' } }).where(eq(userSetting.id, brandSetting)).returning(),
    );
    const deleted = await t.db.withTenant(fabric, (tx) => tx.delete(userSetting).where(eq(userSetting.id, brandSetting)).returning());
    expect([updated, deleted]).toEqual([[], []]);
    const [row] = await t.db.asSystem((tx) => tx.select().from(userSetting).where(eq(userSetting.id, brandSetting)));
    expect(row.settings).toEqual({ SECRET: 'brand only' });
  });

  it("refuses writing a row into another company's name", async () => {
    await expect(
      t.db.withTenant(fabric, (tx) => tx.insert(role).values({ clientId: brand, code: 'INTRUDER', name: 'x' })),
    ).rejects.toThrow();
    const intruders = await t.db.asSystem((tx) => tx.select().from(role).where(eq(role.code, 'INTRUDER')));
    expect(intruders).toEqual([]);
  });

  it('scopes every tenant table, not just settings', async () => {
    const memberships = await t.db.withTenant(fabric, (tx) => tx.select({ clientId: userClient.clientId }).from(userClient));
    expect(memberships.length).toBeGreaterThan(0);
    expect(new Set(memberships.map((m) => m.clientId))).toEqual(new Set([fabric]));
    const roles = await t.db.withTenant(fabric, (tx) => tx.select().from(role).where(inArray(role.clientId, [brand, fabric])));
    expect(new Set(roles.map((r) => r.clientId))).toEqual(new Set([fabric]));
  });

  it('keeps platform secrets out of reach of tenant code altogether', async () => {
    // drizzle wraps the driver's error; PostgreSQL's own message is the cause.
    const denied = (e: unknown) => /permission denied/.test(String((e as { cause?: Error }).cause?.message));
    await expect(t.db.withTenant(brand, (tx) => tx.select().from(authSession))).rejects.toSatisfy(denied);
    await expect(t.db.withTenant(brand, (tx) => tx.select().from(serverKey))).rejects.toSatisfy(denied);
  });

  it('lets a company edit only its own company row', async () => {
    const changed = await t.db.withTenant(fabric, (tx) =>
      tx.update(client).set({ scale: 'hijacked' }).where(and(eq(client.id, brand))).returning(),
    );
    expect(changed).toEqual([]);
  });

  it('protects every table that has a client_id column (new tables must go through seamline_enable_tenant_rls)', async () => {
    const rows = await t.db.asSystem((tx) =>
      tx.execute(sql`
        select c.relname as table, c.relrowsecurity as rls,
               exists (select 1 from pg_policy p where p.polrelid = c.oid) as has_policy,
               has_table_privilege('seamline_app', c.oid, 'select') as app_can_read
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
         where c.relkind = 'r'
           and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'client_id' and not a.attisdropped)
         order by 1`),
    );
    const tables = (rows as unknown as { rows: { table: string; rls: boolean; has_policy: boolean; app_can_read: boolean }[] }).rows;
    expect(tables.length).toBeGreaterThan(5);
    const exposed = tables.filter((r) => r.app_can_read && !(r.rls && r.has_policy)).map((r) => r.table);
    expect(exposed).toEqual([]);
  });
});

describe('transactions', () => {
  it('withTenant runs as the app role with the tenant set, and both end with the transaction', async () => {
    const inside = await t.db.withTenant(brand, (tx) =>
      tx.execute(sql`select current_user as who, current_setting('app.client_id', true) as tenant`),
    );
    expect((inside as unknown as { rows: unknown[] }).rows[0]).toEqual({ who: 'seamline_app', tenant: brand });
    const after = await t.db.asSystem((tx) => tx.execute(sql`select current_user as who, coalesce(current_setting('app.client_id', true), '') as tenant`));
    const row = (after as unknown as { rows: { who: string; tenant: string }[] }).rows[0];
    expect(row.who).not.toBe('seamline_app');
    expect(row.tenant).toBe('');
  });

  it('customPlans plans that transaction with its values, and only that transaction (list reads, db.ts)', async () => {
    const mode = async (options?: { customPlans?: boolean }) => {
      const res = await t.db.withTenant(brand, (tx) => tx.execute(sql`select current_setting('plan_cache_mode') as mode, current_user as who`), options);
      return (res as unknown as { rows: { mode: string; who: string }[] }).rows[0];
    };
    expect(await mode({ customPlans: true })).toEqual({ mode: 'force_custom_plan', who: 'seamline_app' });
    expect((await mode()).mode).toBe('auto');
  });

  it('never lets concurrent transactions see each other’s tenant', async () => {
    const tenants = Array.from({ length: 12 }, (_, i) => (i % 2 ? brand : fabric));
    const seen = await Promise.all(
      tenants.map((id) =>
        t.db.withTenant(id, async (tx) => {
          await new Promise((r) => setTimeout(r, 5));
          const res = await tx.execute(sql`select current_setting('app.client_id', true) as tenant`);
          return (res as unknown as { rows: { tenant: string }[] }).rows[0].tenant;
        }),
      ),
    );
    expect(seen).toEqual(tenants);
  });

  it('rolls back everything when the function throws', async () => {
    await expect(
      t.db.withTenant(brand, async (tx) => {
        await tx.insert(role).values({ clientId: brand, code: 'ROLLED_BACK', name: 'x' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await t.db.asSystem((tx) => tx.select().from(role).where(eq(role.code, 'ROLLED_BACK')))).toEqual([]);
  });

  it('refuses a tenant id that is not a uuid', async () => {
    await expect(t.db.withTenant("x'; drop table client; --", async () => 1)).rejects.toThrow();
  });
});
