// Which menus a user sees in a company — a service other areas use on purpose (access/user-state).
// Administrators see every menu the company has switched on; everyone else those their roles
// open. WeChat entries (WECHAT_MGM, WX_*) are dropped here, so they never leave the server.
import { filterMenus, type Lang } from '@seamline/core';
import { and, asc, clientMenu, eq, exists, menu, roleMenu, userRole, type Session, type Tx } from '@seamline/server/api';

/** A menu as the client receives it (docs/api-session.md `MenuEntry`). */
export interface MenuEntry {
  ID: string;
  CODE: string;
  CATEGORY: string;
  TITLE: string;
  URL: string;
  ICON: string;
  SEQ: number;
}

type Viewer = Pick<Session, 'userId' | 'clientId' | 'userType' | 'isSuperAdmin'>;

export const seesAllMenus = (viewer: Viewer): boolean => viewer.isSuperAdmin || viewer.userType === 'ADMIN';

/** Runs inside the viewer's tenant (RLS on client_menu, role_menu, user_role). */
export async function visibleMenus(tx: Tx, viewer: Viewer, lang: Lang): Promise<MenuEntry[]> {
  const openedByRole = exists(
    tx
      .select({ one: roleMenu.menuId })
      .from(roleMenu)
      .innerJoin(userRole, and(eq(userRole.roleId, roleMenu.roleId), eq(userRole.clientId, roleMenu.clientId)))
      .where(and(eq(roleMenu.menuId, menu.id), eq(roleMenu.clientId, viewer.clientId), eq(userRole.userId, viewer.userId))),
  );
  const rows = await tx
    .select({
      ID: menu.id, CODE: menu.code, CATEGORY: menu.category, titleEn: menu.titleEn, titleZh: menu.titleZh,
      URL: menu.url, ICON: menu.icon, SEQ: menu.seq,
    })
    .from(menu)
    .innerJoin(clientMenu, and(eq(clientMenu.menuId, menu.id), eq(clientMenu.clientId, viewer.clientId)))
    .where(seesAllMenus(viewer) ? undefined : openedByRole)
    .orderBy(asc(menu.category), asc(menu.seq));
  return filterMenus(rows).map(({ titleEn, titleZh, ...m }) => ({ ...m, TITLE: lang === 'en' ? titleEn : titleZh }));
}
