// Which menus a session opens — the one rule behind the menu the client shows (areas/system
// visibleMenus), the `menu` option of routes and the engine's write check. A company
// administrator (user type ADMIN) or the super admin opens every menu the company has switched
// on; everyone else the menus their roles open (of those switched on). WeChat entries
// (WECHAT_MGM, WX_*) open nothing: they never leave the server.
import { isHiddenMenuCode } from '@seamline/core';
import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { Session } from './auth/session';
import type { Tx } from './db';
import { clientMenu, menu, roleMenu, userRole } from './db/tables/menus';

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
