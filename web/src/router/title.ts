// Page titles (spec §2): the route's title, else the TITLE of the menu entry whose URL matches the
// current path, else the product name. The document title is '<title> - Seamline'.
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMenus } from '../session/hooks';
import { menuPath } from '../session/selectors';
import type { MenuEntry } from '../session/types';

export const PRODUCT_NAME = 'Seamline';

export interface RouteHandle {
  /** i18n key of the route's title. */
  title?: string;
  /** /login children: which sign-in entry this is. */
  loginVariant?: string;
}

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The menu entry for a path; a menu URL's query part is ignored. */
export function menuForPath(menus: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  const target = normalise(pathname);
  return menus.find((m) => {
    const p = menuPath(m);
    return p !== null && normalise(p.split(/[?#]/)[0]) === target;
  });
}

export function resolveTitle(
  routeTitle: string | undefined,
  pathname: string,
  menus: readonly MenuEntry[],
  translate: (key: string) => string,
): string {
  if (routeTitle) return translate(routeTitle);
  const title = menuForPath(menus, pathname)?.TITLE;
  return typeof title === 'string' && title ? title : PRODUCT_NAME;
}

export function documentTitle(title: string): string {
  return title === PRODUCT_NAME ? PRODUCT_NAME : `${title} - ${PRODUCT_NAME}`;
}

/** The current page's title; re-evaluated on navigation, language change and menu change. */
export function usePageTitle(): string {
  const { t } = useTranslation();
  const matches = useMatches();
  const { pathname } = useLocation();
  const menus = useMenus();
  const routeTitle = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  return resolveTitle(routeTitle, pathname, menus, t);
}

/** Keeps document.title in step with the page title. */
export function useDocumentTitle(): string {
  const title = usePageTitle();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return title;
}
