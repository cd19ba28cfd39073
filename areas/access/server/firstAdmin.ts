// The first super admin of a real deployment (docs/security.md 'Production start'). A production
// database starts without the demo accounts, so nobody could sign in: at start-up, when the
// platform has no super admin yet, one is created from SEAMLINE_ADMIN_USERNAME, _EMAIL and
// _PASSWORD, as the ADMIN of a platform operator's company (code PLATFORM) with every menu,
// the super admin's own included (a session needs a company). Later starts leave it alone: the
// variables may then be removed, and the password is changed on the profile page like any other.
import argon2 from 'argon2';
import { validateValue } from '@seamline/core';
import { appUser, client, clientMenu, eq, menu, sql, type Config, type Db } from '@seamline/server/api';
import { USERNAME_RULE } from '../meta/account';
import { setUpCompany, SUPER_MENU_PREFIX } from './signup';

export const PLATFORM_COMPANY = 'PLATFORM';

export type FirstAdminOutcome = 'exists' | 'created' | 'missing';

export async function ensureFirstSuperAdmin(db: Db, config: Pick<Config, 'firstAdmin'>): Promise<FirstAdminOutcome> {
  const wanted = config.firstAdmin;
  const [existing] = await db.asSystem((tx) => tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.isSuperAdmin, true)).limit(1));
  if (existing) return 'exists';
  if (!wanted) return 'missing';
  for (const [name, value, rules] of [
    ['SEAMLINE_ADMIN_USERNAME', wanted.username, [USERNAME_RULE]],
    ['SEAMLINE_ADMIN_EMAIL', wanted.email, [{ type: 'email' as const }]],
    ['SEAMLINE_ADMIN_PASSWORD', wanted.password, [{ type: 'strongPassword' as const }]],
  ] as const) {
    const r = validateValue(value, rules, 'en');
    if (r.hasError) throw new Error(`${name}: ${r.errorMsg}`);
  }
  const passwordHash = await argon2.hash(wanted.password);
  await db.asSystem(async (tx) => {
    const [taken] = await tx.select({ id: appUser.id }).from(appUser).where(eq(sql`lower(${appUser.username})`, wanted.username.toLowerCase()));
    if (taken) throw new Error(`SEAMLINE_ADMIN_USERNAME: the account '${wanted.username}' exists already and is no super admin`);
    const [user] = await tx
      .insert(appUser)
      .values({ username: wanted.username, email: wanted.email, fullName: wanted.username, passwordHash, isSuperAdmin: true, languageCode: 'en' })
      .returning({ id: appUser.id });
    const [company] = await tx
      .insert(client)
      .values({ code: PLATFORM_COMPANY, name: 'Seamline platform', type: 'BRAND', roles: [], language: 'en', createdBy: user!.id })
      .returning({ id: client.id });
    await setUpCompany(tx, company!.id, user!.id, user!.id);
    // The super admin's own screens (sign-up approval, licence types, outbox) live in this company.
    const platformMenus = await tx.select({ id: menu.id }).from(menu).where(sql`left(${menu.code}, ${SUPER_MENU_PREFIX.length}) = ${SUPER_MENU_PREFIX}`);
    if (platformMenus.length) await tx.insert(clientMenu).values(platformMenus.map((m) => ({ clientId: company!.id, menuId: m.id, createdBy: user!.id }))).onConflictDoNothing();
  });
  return 'created';
}

