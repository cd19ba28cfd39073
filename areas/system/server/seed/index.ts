// Writes the demo data. Idempotent: rows are matched by their natural keys (codes, usernames)
// and existing rows are left alone, except menu entries, which follow the catalogue.
import argon2 from 'argon2';
import {
  appUser, client, clientMenu, inArray, menu, platform, role, roleMenu, sql, userClient, userRole, type Tx,
} from '@seamline/server/api';
import { COMPANIES, DEMO_PASSWORD, PLATFORMS, ROLES, USERS } from './demo';
import { MENU_CATALOGUE } from './menus';

export async function seedSystem(tx: Tx): Promise<void> {
  const menuIds = await seedCatalogue(tx);
  const clientIds = await seedCompanies(tx, menuIds);
  const roleIds = await seedRoles(tx, clientIds, menuIds);
  await seedUsers(tx, clientIds, roleIds);
}

type Ids = Map<string, string>;

/** The platforms and the menu catalogue: every deployment has them, demo or not. */
export async function seedCatalogue(tx: Tx): Promise<Ids> {
  await tx.insert(platform).values([...PLATFORMS]).onConflictDoNothing();
  return seedMenus(tx);
}

async function seedMenus(tx: Tx): Promise<Ids> {
  const rows = MENU_CATALOGUE.map((m, i) => ({
    code: m.code, category: m.category, titleEn: m.en, titleZh: m.zh, url: m.url, icon: m.icon,
    // Position inside the category, in steps of 10 so entries can be slotted in between.
    seq: 10 * (1 + MENU_CATALOGUE.slice(0, i).filter((x) => x.category === m.category).length),
  }));
  const saved = await tx
    .insert(menu)
    .values(rows)
    .onConflictDoUpdate({
      target: menu.code,
      set: {
        category: sql`excluded.category`, titleEn: sql`excluded.title_en`, titleZh: sql`excluded.title_zh`,
        url: sql`excluded.url`, icon: sql`excluded.icon`, seq: sql`excluded.seq`, updatedAt: sql`now()`,
      },
    })
    .returning({ id: menu.id, code: menu.code });
  return new Map(saved.map((m) => [m.code, m.id]));
}

const menusOf = (menuIds: Ids, categories: readonly string[]) =>
  MENU_CATALOGUE.filter((m) => categories.includes(m.category)).map((m) => menuIds.get(m.code)!);

async function seedCompanies(tx: Tx, menuIds: Ids): Promise<Ids> {
  await tx
    .insert(client)
    .values(COMPANIES.map(({ categories: _, ...c }) => c))
    .onConflictDoNothing({ target: client.code });
  const saved = await tx.select({ id: client.id, code: client.code }).from(client).where(inArray(client.code, COMPANIES.map((c) => c.code)));
  const ids: Ids = new Map(saved.map((c) => [c.code, c.id]));
  const enabled = COMPANIES.flatMap((c) => menusOf(menuIds, c.categories).map((menuId) => ({ clientId: ids.get(c.code)!, menuId })));
  await tx.insert(clientMenu).values(enabled).onConflictDoNothing();
  return ids;
}

async function seedRoles(tx: Tx, clientIds: Ids, menuIds: Ids): Promise<Ids> {
  await tx
    .insert(role)
    .values(ROLES.map((r) => ({ clientId: clientIds.get(r.company)!, code: r.code, name: r.name })))
    .onConflictDoNothing();
  const saved = await tx
    .select({ id: role.id, code: role.code, clientId: role.clientId })
    .from(role)
    .where(inArray(role.clientId, [...clientIds.values()]));
  const ids: Ids = new Map(saved.map((r) => [`${r.clientId}/${r.code}`, r.id]));
  const links = ROLES.flatMap((r) => {
    const clientId = clientIds.get(r.company)!;
    const roleId = ids.get(`${clientId}/${r.code}`)!;
    const menuIdsOf = [...menusOf(menuIds, r.categories), ...(r.menus ?? []).map((code) => menuIds.get(code)!)];
    return menuIdsOf.map((menuId) => ({ clientId, roleId, menuId }));
  });
  await tx.insert(roleMenu).values(links).onConflictDoNothing();
  return ids;
}

async function seedUsers(tx: Tx, clientIds: Ids, roleIds: Ids): Promise<void> {
  // argon2 is deliberately slow: hash once, share it.
  const passwordHash = await argon2.hash(DEMO_PASSWORD);
  await tx
    .insert(appUser)
    .values(USERS.map(({ memberships: _, ...u }) => ({ ...u, passwordHash })))
    .onConflictDoNothing();
  const users = await tx
    .select({ id: appUser.id, username: appUser.username })
    .from(appUser)
    .where(inArray(sql`lower(${appUser.username})`, USERS.map((u) => u.username.toLowerCase())));
  const userIds: Ids = new Map(users.map((u) => [u.username.toLowerCase(), u.id]));
  for (const u of USERS) {
    const userId = userIds.get(u.username.toLowerCase())!;
    const memberships = u.memberships.map((m, i) => ({ clientId: clientIds.get(m.company)!, userId, userType: m.userType, isDefault: i === 0 }));
    await tx.insert(userClient).values(memberships).onConflictDoNothing();
    const grants = u.memberships.flatMap((m) => {
      const clientId = clientIds.get(m.company)!;
      return m.roles.map((code) => ({ clientId, userId, roleId: roleIds.get(`${clientId}/${code}`)! }));
    });
    await tx.insert(userRole).values(grants).onConflictDoNothing();
  }
}
