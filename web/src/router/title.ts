// Page titles (spec §2): the route's title, else the TITLE of the menu entry whose URL matches the
// current path, else the name of the screen the route shows (registerScreenTitle), else the
// product name. The document title is '<title> - Seamline'.
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@seamline/core';
import { useLang } from '../i18n';
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

/**
 * The name of the screen a route shows, from whoever draws it (the engine: its entity's label),
 * for paths no menu of the current platform names — a document page (/md/page/vendor?id=…), or a
 * menu of another platform (/dev/… while on SCM). Registered once at start-up.
 */
export type ScreenTitle = (params: Readonly<Record<string, string | undefined>>, lang: Lang) => string | undefined;
const screenTitles: ScreenTitle[] = [];
export function registerScreenTitle(resolve: ScreenTitle): void {
  screenTitles.push(resolve);
}

export function resolveTitle(
  routeTitle: string | undefined,
  pathname: string,
  menus: readonly MenuEntry[],
  translate: (key: string) => string,
  params: Readonly<Record<string, string | undefined>> = {},
  lang: Lang = 'zh',
): string {
  if (routeTitle) return translate(routeTitle);
  const title = menuForPath(menus, pathname)?.TITLE;
  if (typeof title === 'string' && title) return title;
  for (const resolve of screenTitles) {
    const own = resolve(params, lang);
    if (own) return own;
  }
  return PRODUCT_NAME;
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
  const lang = useLang();
  const routeTitle = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  const params = matches[matches.length - 1]?.params ?? {};
  return resolveTitle(routeTitle, pathname, menus, t, params, lang);
}

/** Keeps document.title in step with the page title. */
export function useDocumentTitle(): string {
  const title = usePageTitle();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return title;
}
