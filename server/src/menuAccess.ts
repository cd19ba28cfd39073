// Which menus a session opens — the one rule behind the menu the client shows (areas/system
// visibleMenus), the `menu` option of routes and the engine's write check. A company
// administrator (user type ADMIN) or the super admin opens every menu the company has switched
// on; everyone else the menus their roles open (of those switched on). WeChat entries
// (WECHAT_MGM, WX_*) open nothing: they never leave the server.
import { isHiddenMenuCode } from '@seamline/core';
import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { Session } from './auth/session';
import { busGeneration, onSessionBus, sessionMatcher } from './auth/sessionBus';
import type { Db, Tx } from './db';
import { clientMenu, menu, roleMenu, userRole } from './db/tables/menus';
import { awaitsAssignment } from './userTypes';

export type MenuViewer = Pick<Session, 'userId' | 'clientId' | 'userType' | 'isSuperAdmin'>;

/**
 * Platform screens only the super admin opens (spec §6: sign-up approval, licence types, system UI
 * config): menu codes starting with SUPER_, even where a company has them switched on.
 */
export const isSuperAdminMenu = (code: string): boolean => code.startsWith('SUPER_');

/**
 * Screens for company administrators (and the super admin) only, whatever roles say — e.g. the API
 * reference, which maps every route: menu codes starting with ADMIN_.
 */
export const isAdminOnlyMenu = (code: string): boolean => code.startsWith('ADMIN_');

export const seesAllMenus = (viewer: Pick<MenuViewer, 'userType' | 'isSuperAdmin'>): boolean =>
  viewer.isSuperAdmin || viewer.userType === 'ADMIN';

/**
 * A condition on `menu` (joined with client_menu of the viewer's company) that keeps the menus the
 * viewer opens: all for the super admin, all but the super admin's for company administrators,
 * else those their roles open.
 */
export function openedByRoles(tx: Tx, viewer: MenuViewer): SQL | undefined {
  if (viewer.isSuperAdmin) return undefined;
  // A membership awaiting assignment opens nothing, whatever roles it kept (server/src/userTypes.ts).
  if (awaitsAssignment(viewer)) return sql`false`;
  const platformOnly = sql`left(${menu.code}, 6) <> 'SUPER_'`;
  if (seesAllMenus(viewer)) return platformOnly;
  return and(platformOnly, sql`left(${menu.code}, 6) <> 'ADMIN_'`, exists(
    tx
      .select({ one: roleMenu.menuId })
      .from(roleMenu)
      .innerJoin(userRole, and(eq(userRole.roleId, roleMenu.roleId), eq(userRole.clientId, roleMenu.clientId)))
      .where(and(eq(roleMenu.menuId, menu.id), eq(roleMenu.clientId, viewer.clientId), eq(userRole.userId, viewer.userId))),
  ));
}

/** Every menu code the viewer opens in their company (hidden WeChat codes left out). */
export async function menuCodesOf(tx: Tx, viewer: MenuViewer): Promise<Set<string>> {
  const rows = await tx
    .select({ code: menu.code })
    .from(menu)
    .innerJoin(clientMenu, and(eq(clientMenu.menuId, menu.id), eq(clientMenu.clientId, viewer.clientId)))
    .where(openedByRoles(tx, viewer));
  return new Set(rows.map((r) => r.code).filter((c) => !isHiddenMenuCode(c)));
}

/**
 * The ids (a subquery of user ids) of the people of `clientId` who may act there: account and
 * membership active, assigned (neither UNASSIGNED nor INVITED), not the platform super admin
 * (platform staff, not the company's people), and not a GUEST unless `guests` (a guest reads but
 * never writes). With `menu`, only those who open it: a company administrator every menu the
 * company switched on, others the menus their roles open — the rule of openedByRoles. Pickers
 * offer these and saves accept only these (a reviewer, a task participant, a reader counted).
 */
export function actingMembers(clientId: string, opts: { menu?: string; guests?: boolean } = {}): SQL {
  const types = opts.guests ? sql`('UNASSIGNED', 'INVITED')` : sql`('UNASSIGNED', 'INVITED', 'GUEST')`;
  const opens = opts.menu
    ? sql`and exists (select 1 from menu m join client_menu cm on cm.menu_id = m.id and cm.client_id = uc.client_id
                       where m.code = ${opts.menu} and left(m.code, 6) <> 'SUPER_'
                         and (uc.user_type = 'ADMIN' or exists (
                               select 1 from role_menu rm join user_role ur on ur.role_id = rm.role_id and ur.client_id = rm.client_id
                                where rm.menu_id = m.id and rm.client_id = uc.client_id and ur.user_id = uc.user_id)))`
    : sql``;
  return sql`select uc.user_id from user_client uc join app_user au on au.id = uc.user_id
              where uc.client_id = ${clientId}::uuid and uc.status = 'ACTIVE' and au.status = 'ACTIVE' and not au.is_super_admin
                and uc.user_type not in ${types} ${opens}`;
}

/** Whether the viewer opens at least one of `codes`. */
export async function opensAnyMenu(tx: Tx, viewer: MenuViewer, codes: readonly string[]): Promise<boolean> {
  const wanted = codes.filter((c) => !isHiddenMenuCode(c));
  if (wanted.length === 0) return false;
  const rows = await tx
    .select({ code: menu.code })
    .from(menu)
    .innerJoin(clientMenu, and(eq(clientMenu.menuId, menu.id), eq(clientMenu.clientId, viewer.clientId)))
    .where(and(inArray(menu.code, wanted), openedByRoles(tx, viewer)))
    .limit(1);
  return rows.length > 0;
}

// ---- Per-node cache of what a viewer opens -------------------------------------------------
// Menus and role grants change rarely and are read on every permission check and user-state, so
// each node keeps them in memory. Every change publishes on the session bus (auth/sessionBus.ts:
// menusChanged, membershipChanged), which reaches every node before the changing
// request answers; the entries it concerns are dropped, so the next request reads them afresh.
// A load racing with such a message is not stored (the bus generation moved meanwhile).

/** Entries kept per node; past it the oldest go (a Map iterates in insertion order). */
export const VIEWER_CACHE_MAX = 20_000;

interface Entry {
  userId: string;
  clientId: string;
  value: unknown;
}
const viewerCache = new Map<string, Entry>();

const viewerKey = (v: MenuViewer, part: string) => `${part}|${v.clientId}|${v.userId}|${v.userType}|${v.isSuperAdmin ? 1 : 0}`;

/** `load`'s answer for this viewer (and `part`, e.g. 'codes' or 'menus:en'), from memory when it is known. */
export async function cachedForViewer<T>(viewer: MenuViewer, part: string, load: () => Promise<T>): Promise<T> {
  const key = viewerKey(viewer, part);
  const hit = viewerCache.get(key);
  if (hit) return hit.value as T;
  const generation = busGeneration();
  const value = await load();
  if (busGeneration() === generation) {
    if (viewerCache.size >= VIEWER_CACHE_MAX) viewerCache.delete(viewerCache.keys().next().value!);
    viewerCache.set(key, { userId: viewer.userId, clientId: viewer.clientId, value });
  }
  return value;
}

onSessionBus((event) => {
  // Ending or renewing sessions changes no grant; the session check itself refuses an ended one.
  if (event.kind !== 'menusChanged' && event.kind !== 'membershipChanged') return;
  const whole = !event.userIds?.length && !event.clientIds?.length;
  const concerned = sessionMatcher([event]);
  for (const [key, e] of viewerCache) {
    if (whole || concerned(e)) viewerCache.delete(key);
  }
});

/** menuCodesOf, cached per node (its own tenant transaction on a miss). */
export function viewerMenuCodes(db: Db, viewer: MenuViewer): Promise<Set<string>> {
  return cachedForViewer(viewer, 'codes', () => db.withTenant(viewer.clientId, (tx) => menuCodesOf(tx, viewer)));
}

/** opensAnyMenu from the cache: no database work while the viewer's menus are known. */
export async function viewerOpensAnyMenu(db: Db, viewer: MenuViewer, codes: readonly string[]): Promise<boolean> {
  const open = await viewerMenuCodes(db, viewer);
  return codes.some((c) => !isHiddenMenuCode(c) && open.has(c));
}
