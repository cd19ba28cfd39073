// access/user-state: the session user of spec §3 (docs/api-session.md lists every field).
import { MENU_CATEGORIES, groupMenusByCategory, langOf, type Lang } from '@seamline/core';
import {
  and, appUser, asc, cachedForViewer, client, epochSeconds, eq, ne, role, userClient, userRole, type Db, type Session, type Tx,
} from '@seamline/server/api';
import { visibleMenus, type MenuEntry } from '../../system/server/menuAccess';
import { listPlatforms, platformView } from '../../system/server/platforms';
import { unreadSummary } from '../../collab/server/inbox';
import { SUPER_MENU_PREFIX } from './signup';
import { cachedUserState, cachedUserStateText } from './userStateCache';
import { FAV_MENUS, PLATFORM_ID, favouriteMenus, readSettings } from '../../system/server/settings';

/** From the node's cache while nothing it shows has changed (userStateCache.ts). */
export function userState(db: Db, session: Session, lang: Lang) {
  return cachedUserState(db, session, lang, () => readUserState(db, session, lang));
}

/** userState serialized, as the route sends it. */
export function userStateText(db: Db, session: Session, lang: Lang) {
  return cachedUserStateText(db, session, lang, () => readUserState(db, session, lang));
}

async function readUserState(db: Db, session: Session, lang: Lang) {
  const [{ user, company, roles, menus: allMenus, settings, platforms, unread }, companies] = await Promise.all([
    db.withTenant(session.clientId, (tx) => tenantFacts(tx, session, lang)),
    db.asSystem((tx) => companiesOf(tx, session.userId)),
  ]);

  const visibleIds = new Set(allMenus.map((m) => m.ID));
  // Navigation follows the platform (side menu, cards, menu index); opening a menu does not.
  const { platform_list, current: platform, menus } = platformView(platforms, allMenus, settings[PLATFORM_ID]);
  const grouped = groupMenusByCategory(menus);
  // Unread notifications per menu (by the menu code a message names) and per category (their sum).
  const menuUnread = Object.fromEntries(allMenus.map((m) => [m.ID, { UNREAD_CT: unread.byMenuCode[m.CODE] ?? 0 }]));
  const categoryUnread = Object.fromEntries(
    Object.entries(grouped).map(([c, list]) => [c, (list as MenuEntry[]).reduce((n, m) => n + (unread.byMenuCode[m.CODE] ?? 0), 0)]),
  );
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? '',
    firstname: user.firstName ?? '',
    lastname: user.lastName ?? '',
    fullname: user.fullName ?? user.username,
    // Stored as given; the client shows its default image unless this is an http(s) link.
    avatar: user.avatar ?? '',
    // The user's own language (the client adopts it at sign-in); texts below follow the request's.
    language: langOf(session.language),
    clientid: session.clientId,
    client_name: company.name,
    license_type: company.licenseType,
    user_type: session.userType,
    is_super_admin: session.isSuperAdmin,
    dashroles: roles,
    menus: grouped,
    menu_modules: menuModules(Object.keys(grouped), lang).map((m) => ({ ...m, UNREAD_CT: categoryUnread[m.CATEGORY] ?? 0 })),
    settings: {
      ...settings,
      [FAV_MENUS]: favouriteMenus(settings).filter((id) => visibleIds.has(id)),
      [PLATFORM_ID]: platform.platform_id,
    },
    jointgroups: [] as string[],
    unread_total: unread.total,
    menu_unread: menuUnread,
    category_unread: categoryUnread,
    hasnewversion: false,
    contact_phone: company.contactPhone ?? '',
    contact_mobile: company.contactMobile ?? '',
    cr_dash: null,
    vf_qty_amount: null,
    platform_id: platform.platform_id,
    platform_name: platform.platform_name,
    platform_list,
    shop_id: null,
    rpt_theme: typeof settings.RPT_THEME === 'string' ? settings.RPT_THEME : 'default',
    thirdparty_username: null,
    global_search_version: 1,
    tokenexpire: epochSeconds(session.tokenExpiresAt),
    refreshexpire: epochSeconds(session.refreshExpiresAt),
    companies,
  };
}

async function tenantFacts(tx: Tx, session: Session, lang: Lang) {
  const [user] = await tx.select().from(appUser).where(eq(appUser.id, session.userId));
  const [company] = await tx.select().from(client).where(eq(client.id, session.clientId));
  // Roles and menus come from the node's cache (server/src/menuAccess.ts), dropped on every change.
  const roles = await cachedForViewer(session, 'roles', async () =>
    (await tx
      .select({ code: role.code })
      .from(userRole)
      .innerJoin(role, eq(role.id, userRole.roleId))
      .where(and(eq(userRole.clientId, session.clientId), eq(userRole.userId, session.userId)))
      .orderBy(asc(role.code))).map((r) => r.code),
  );
  const menus = await sessionMenus(tx, session, lang);
  const settings = await readSettings(tx, session);
  const platforms = await listPlatforms(tx, lang);
  return { user: user!, company: company!, roles, menus, settings, platforms, unread: await unreadSummary(tx, session) };
}

/**
 * Every menu the session opens, of every platform. Cached per viewer and language, not per
 * platform: the platform only filters this list (platformView), so a switch needs no cache drop.
 */
export function sessionMenus(tx: Tx, session: Session, lang: Lang): Promise<MenuEntry[]> {
  // The platform's own screens (SUPER_*) reach the super admin only, whatever the company switched on.
  return cachedForViewer(session, `menus:${lang}`, async () =>
    (await visibleMenus(tx, session, lang)).filter((m) => session.isSuperAdmin || !m.CODE.startsWith(SUPER_MENU_PREFIX)),
  );
}

/** Every company the user can switch to (switch-token). Spans tenants, so it runs as system. */
async function companiesOf(tx: Tx, userId: string) {
  return tx
    .select({ clientid: client.id, client_name: client.name })
    .from(userClient)
    .innerJoin(client, eq(client.id, userClient.clientId))
    .where(and(eq(userClient.userId, userId), eq(client.status, 'ACTIVE'), eq(userClient.status, 'ACTIVE'), ne(userClient.userType, 'INVITED')))
    .orderBy(asc(client.name));
}

function menuModules(categories: string[], lang: Lang) {
  return categories.map((code) => {
    const index = MENU_CATEGORIES.findIndex((c) => c.code === code);
    const known = MENU_CATEGORIES[index];
    return { CATEGORY: code, TITLE: known ? known[lang] : code, SEQ: (index < 0 ? MENU_CATEGORIES.length : index + 1) * 10, UNREAD_CT: 0 };
  });
}
