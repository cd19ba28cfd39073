// Unread bookkeeping of the session user (spec §3 'Session user'): the total, per menu (keyed by
// menu ID with UNREAD_CT) and per category (the sum of its menus, NTF-08), updated from a live
// message or from the server's summary; and the online contacts map (NTF-06). Pure functions.
import type { MenuEntry, SessionUser } from '../session/types';

import type { NotificationMessage } from '@seamline/core';
export type { NotificationMessage };

export interface UnreadSummary {
  total: number;
  /** menu code → count */
  byMenuCode: Record<string, number>;
}

export type UnreadPatch = Pick<SessionUser, 'unread_total' | 'menu_unread' | 'category_unread' | 'menu_modules'>;

export function flatMenus(menus: SessionUser['menus']): MenuEntry[] {
  if (!menus) return [];
  return Array.isArray(menus) ? menus : Object.values(menus).flat();
}

/** Per-category totals: the sum of the category's menus (NTF-08). */
export function categoryUnread(menus: MenuEntry[], menuUnread: Record<string, { UNREAD_CT?: number }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of menus) out[m.CATEGORY] = (out[m.CATEGORY] ?? 0) + (menuUnread[m.ID]?.UNREAD_CT ?? 0);
  return out;
}

function withCategories(user: SessionUser, menuUnread: Record<string, { UNREAD_CT?: number }>, total: number): UnreadPatch {
  const cats = categoryUnread(flatMenus(user.menus), menuUnread);
  return {
    unread_total: Math.max(0, total),
    menu_unread: menuUnread,
    category_unread: cats,
    menu_modules: user.menu_modules?.map((m) => ({ ...m, UNREAD_CT: cats[m.CATEGORY] ?? 0 })),
  };
}

/** One more unread message (counted on the menu whose code it names, if the user has it). */
export function applyIncoming(user: SessionUser, msg: Pick<NotificationMessage, 'menu_id'>): UnreadPatch {
  const menu = flatMenus(user.menus).find((m) => m.CODE === msg.menu_id);
  const menuUnread = { ...(user.menu_unread ?? {}) };
  if (menu) menuUnread[menu.ID] = { UNREAD_CT: (menuUnread[menu.ID]?.UNREAD_CT ?? 0) + 1 };
  return withCategories(user, menuUnread, (user.unread_total ?? 0) + 1);
}

/** The server's counts replace ours (after reading messages, here or in another tab). */
export function applySummary(user: SessionUser, summary: UnreadSummary): UnreadPatch {
  const menuUnread = Object.fromEntries(flatMenus(user.menus).map((m) => [m.ID, { UNREAD_CT: summary.byMenuCode[m.CODE] ?? 0 }]));
  return withCategories(user, menuUnread, summary.total);
}

/** Online contacts: the company name a message came from → its FROM_CLIENT_ID (NTF-06). */
export function addContact(
  contacts: Record<string, { FROM_CLIENT_ID: string }>,
  msg: Pick<NotificationMessage, 'from_client_name' | 'from_client_id'>,
): Record<string, { FROM_CLIENT_ID: string }> {
  if (!msg.from_client_name || !msg.from_client_id) return contacts;
  return { ...contacts, [msg.from_client_name]: { FROM_CLIENT_ID: msg.from_client_id } };
}

/** Colour tags of the four message types (spec §4 'Status colour mappings', NTF-12). */
export const TYPE_COLOURS: Record<string, string> = { APPR: 'orange', CONFIRM: 'blue', LINK: 'purple', MSG: 'green' };
