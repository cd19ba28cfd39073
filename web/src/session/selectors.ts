// Safe views of the session user: each tolerates missing fields (SES-04).
import { filterMenus, groupMenusByCategory, hasMenuGuide } from '@seamline/core';
import type { MenuEntry, SessionUser } from './types';

const EMPTY: never[] = [];

/** All visible menu entries, flat. WeChat entries are dropped here too (core filterMenus). */
export function menuList(user: SessionUser | null): MenuEntry[] {
  const menus = user?.menus;
  if (!menus) return EMPTY;
  const flat = Array.isArray(menus) ? menus : Object.values(menus).flatMap((v) => (Array.isArray(v) ? v : []));
  return filterMenus(flat.filter((m): m is MenuEntry => !!m && typeof m.ID === 'string' && typeof m.CODE === 'string'));
}

/** Entries grouped by category, categories in MENU_CATEGORIES order, entries by SEQ. */
export function menusByCategory(user: SessionUser | null): [string, MenuEntry[]][] {
  return Object.entries(groupMenusByCategory(menuList(user)));
}

export function favouriteIds(user: SessionUser | null): string[] {
  const fav = user?.settings?.FAV_MENUS;
  return Array.isArray(fav) ? fav.filter((x): x is string => typeof x === 'string') : EMPTY;
}

export function menuGuideOn(user: SessionUser | null): boolean {
  return hasMenuGuide(menuList(user).map((m) => m.CODE));
}

/** Full name, else first+last, else the username. */
export function displayName(user: SessionUser | null): string {
  if (!user) return '';
  const joined = [user.firstname, user.lastname].filter(Boolean).join(' ');
  return user.fullname || joined || user.username || '';
}

/** A menu URL as a router path: '/sys/index/user' (leading slash, no origin). */
export function menuPath(entry: MenuEntry): string | null {
  const url = typeof entry.URL === 'string' ? entry.URL.trim() : '';
  if (!url) return null;
  return url.startsWith('/') ? url : `/${url}`;
}
