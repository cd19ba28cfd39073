// The side menu: fixed workbench entries, then the module menus grouped by category in
// MENU_CATEGORIES order (spec §1, RTE-28). antd Menu gives arrow-key navigation and Enter.
import { useEffect, useState } from 'react';
import { Badge, Menu, type MenuProps } from 'antd';
import {
  CompassOutlined,
  DashboardOutlined,
  DesktopOutlined,
  InboxOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { menuUnreadSum } from '../collab/paths';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n';
import { FavouriteStar } from '../favourites/FavouriteStar';
import { useFavourites } from '../favourites/useFavourites';
import { categoryIcon, categoryTitle } from '../menus/categories';
import { menuTitle } from '../menus/MenuLink';
import { useMenuGuideOn, useMenus, useMenusByCategory } from '../session/hooks';
import { useSessionUser } from '../session/store';
import { menuPath } from '../session/selectors';
import { menuForPath } from '../router/title';
import type { MenuEntry } from '../session/types';

type Item = Required<MenuProps>['items'][number];
type MenuUnread = Record<string, { UNREAD_CT?: number }>;

/**
 * Per-menu unread counts from GET notify-msg/menu-unread-sum (NTF-07), asked again whenever the
 * unread total changes (a live message, a read elsewhere); the profile's counts until it answers.
 * A membership awaiting assignment asks nothing (the server refuses it).
 */
function useMenuUnread(total: number, enabled: boolean, fallback: MenuUnread | undefined): MenuUnread {
  const { data } = useQuery({
    queryKey: [menuUnreadSum, total],
    queryFn: () => api.get<MenuUnread>(menuUnreadSum, undefined, { notify: false }),
    enabled,
    staleTime: Infinity,
  });
  return data ?? fallback ?? {};
}

const menuKey = (id: string, path: string | null) => path ?? `menu:${id}`;

export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSessionUser();
  const groups = useMenusByCategory();
  const menus = useMenus();
  const guideOn = useMenuGuideOn();
  const fav = useFavourites();
  const awaiting = (user?.user_type === 'UNASSIGNED' || user?.user_type === 'INVITED') && user?.is_super_admin !== true;
  const unread = useMenuUnread(user?.unread_total ?? 0, Boolean(user) && !awaiting, user?.menu_unread);

  const current = menuForPath(menus, pathname);
  const selected = current ? menuKey(current.ID, menuPath(current)) : pathname;
  const currentCat = current ? `cat:${current.CATEGORY}` : null;
  const [openKeys, setOpenKeys] = useState<string[]>(() => (currentCat ? [currentCat] : []));
  // Arriving at a module page from elsewhere (a workbench link) opens its category.
  useEffect(() => {
    if (currentCat) setOpenKeys((keys) => (keys.includes(currentCat) ? keys : [...keys, currentCat]));
  }, [currentCat]);

  const items = (() => {
    const fixed: Item[] = [
      { key: '/workspace/home', icon: <DesktopOutlined />, label: t('route.workspaceHome') },
      { key: '/mydash', icon: <DashboardOutlined />, label: t('route.mydash') },
      { key: '/workspace/mailindex', icon: <InboxOutlined />, label: t('route.mailIndex') },
    ];
    if (guideOn) fixed.push({ key: '/workspace/menuguide', icon: <CompassOutlined />, label: t('route.menuGuide') });
    const fixedKeys = new Set(fixed.map((f) => f?.key));
    const catUnread: Record<string, number> = {};
    for (const [cat, entries] of groups) catUnread[cat] = entries.reduce((n, e) => n + (unread[e.ID]?.UNREAD_CT ?? 0), 0);
    const entryItem = (entry: MenuEntry): Item => ({
      key: menuKey(entry.ID, menuPath(entry)),
      label: (
        <span className="sl-menu-entry" data-testid={`side-menu-${entry.ID}`}>
          <span className="sl-menu-entry-title">{menuTitle(entry)}</span>
          {unread[entry.ID]?.UNREAD_CT ? <Badge size="small" count={unread[entry.ID]?.UNREAD_CT} /> : null}
          <FavouriteStar
            testId={`side-fav-star-${entry.ID}`}
            on={fav.isFavourite(entry.ID)}
            loading={fav.pendingId === entry.ID}
            onToggle={() => fav.toggle(entry.ID)}
            tabbable={false}
          />
        </span>
      ),
    });
    const modules: Item[] = [];
    for (const [cat, entries] of groups) {
      // An entry pointing at a fixed page (the SYS_MENU_GUIDE entry) is already listed above.
      const children = entries.filter((e) => !fixedKeys.has(menuKey(e.ID, menuPath(e)))).map(entryItem);
      if (!children.length) continue;
      modules.push({
        key: `cat:${cat}`,
        icon: categoryIcon(cat),
        label: (
          <span className="sl-menu-cat">
            {categoryTitle(cat, lang)}
            {catUnread[cat] ? <Badge size="small" count={catUnread[cat]} /> : null}
          </span>
        ),
        children,
      });
    }
    return modules.length ? [...fixed, { type: 'divider' } as Item, ...modules] : fixed;
  })();

  return (
    <nav aria-label={t('shell.mainNavigation')}>
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={[selected]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          if (key.startsWith('/')) navigate(key);
        }}
        style={{ borderInlineEnd: 'none' }}
        data-testid="side-menu"
      />
    </nav>
  );
}
