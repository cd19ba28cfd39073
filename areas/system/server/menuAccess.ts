// Which menus a user sees in a company — a service other areas use on purpose (access/user-state).
// The rule itself (administrators: every menu the company has switched on; others: what their
// roles open) lives in server/src/menuAccess.ts, shared with route permissions. WeChat entries
// (WECHAT_MGM, WX_*) are dropped here, so they never leave the server.
import { filterMenus, type Lang } from '@seamline/core';
import { and, asc, clientMenu, eq, menu, openedByRoles, sql, type Session, type Tx } from '@seamline/server/api';

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

/** Runs inside the viewer's tenant (RLS on client_menu, role_menu, user_role). */
export async function visibleMenus(tx: Tx, viewer: Viewer, lang: Lang): Promise<MenuEntry[]> {
  const rows = await tx
    .select({
      ID: menu.id, CODE: menu.code, CATEGORY: menu.category, titleEn: menu.titleEn, titleZh: menu.titleZh,
      URL: menu.url, ICON: menu.icon, SEQ: sql<number>`coalesce(${clientMenu.seq}, ${menu.seq})`,
    })
    .from(menu)
    .innerJoin(clientMenu, and(eq(clientMenu.menuId, menu.id), eq(clientMenu.clientId, viewer.clientId)))
    .where(openedByRoles(tx, viewer))
    .orderBy(asc(menu.category), sql`coalesce(${clientMenu.seq}, ${menu.seq})`, asc(menu.code));
  return filterMenus(rows).map(({ titleEn, titleZh, ...m }) => ({ ...m, TITLE: lang === 'en' ? titleEn : titleZh }));
}
