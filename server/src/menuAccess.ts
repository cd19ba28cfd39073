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
  return and(platformOnly, exists(
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
