// The menu codes of the signed-in user (a screen offers an action only to who opens its menu;
// the server decides again).
import { sessionStore } from '../session/store';
import { flatMenus } from './unread';

export function menuCodes(): Set<string> {
  return new Set(flatMenus(sessionStore.get()?.menus).map((m) => m.CODE));
}
