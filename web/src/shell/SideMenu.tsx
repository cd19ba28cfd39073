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
    const unread = user?.menu_unread ?? {};
    const catUnread = user?.category_unread ?? {};
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
