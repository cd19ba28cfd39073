// clientinfoapi/user-profile/…: favourite menus, personal settings and workspace layouts.
import { addFavourite, removeFavourite } from '@seamline/core';
import { R, S, BizError, badRequest, dataList, dataObject, type Api, type AuthedContext, type Body } from '@seamline/server/api';
import { visibleMenus } from './menuAccess';
import { FAV_MENUS, PLATFORM_ID, changeSettings, favouriteMenus, mergeSettings, readSettings } from './settings';

const PROFILE = 'utilsapi/clientinfoapi/user-profile/';

/** Keys with their own calls (and checks): save-setting leaves them alone. */
const MANAGED_KEYS = new Set([FAV_MENUS, PLATFORM_ID]);

/** react-grid-layout style cells; the client may save its own under DASH_LAYOUT. */
export const DEFAULT_DASH_LAYOUT = [
  { i: 'inbox', x: 0, y: 0, w: 8, h: 6 },
  { i: 'tasks', x: 8, y: 0, w: 4, h: 6 },
  { i: 'controlTower', x: 0, y: 6, w: 12, h: 6 },
];
export const DEFAULT_HOME_PANELS = ['inbox', 'tasks', 'controlTower', 'favourites', 'modules'];

export function profileRoutes(api: Api): void {
  api.post(PROFILE + 'save-favourite-menus', { schema: R.post('Add menus to my favourites', { menuid: S.uuid(), DATA: S.list(S.uuid()) }), auth: true, guest: true }, (ctx) => changeFavourites(ctx, addFavourite, true));
  api.post(PROFILE + 'remove-favourite-menus', { schema: R.post('Remove menus from my favourites', { menuid: S.uuid(), DATA: S.list(S.uuid()) }), auth: true, guest: true }, (ctx) => changeFavourites(ctx, removeFavourite, false));

  api.post(PROFILE + 'save-setting', { schema: R.save('Merge keys into my personal settings', S.map()), auth: true, guest: true }, ({ session, body, tenant }) => {
    const patch = Object.fromEntries(Object.entries(dataObject(body)).filter(([key]) => !MANAGED_KEYS.has(key)));
    return tenant((tx) => changeSettings(tx, session, (current) => mergeSettings(current, patch)));
  });

  api.get(PROFILE + 'my-dash-setting', { schema: R.get('My dashboard layout', { response: S.object({ layout: S.list(S.any()) }) }), auth: true }, async ({ session, tenant }) => {
    const settings = await tenant((tx) => readSettings(tx, session));
    return { layout: Array.isArray(settings.DASH_LAYOUT) ? settings.DASH_LAYOUT : DEFAULT_DASH_LAYOUT };
  });

  api.get(PROFILE + 'my-workspace-home-setting', { schema: R.get('My workspace home panels', { response: S.object({ panels: S.list(S.any()) }) }), auth: true }, async ({ session, tenant }) => {
    const settings = await tenant((tx) => readSettings(tx, session));
    return { panels: Array.isArray(settings.HOME_PANELS) ? settings.HOME_PANELS : DEFAULT_HOME_PANELS };
  });
}

/** Menu ids from `menuid` (one id, or a list in a JSON body) or from a DATA list. */
function menuIds(body: Body): string[] {
  const raw = body.menuid ?? dataList(body);
  const ids = Array.isArray(raw) ? raw : [raw];
  if (!ids.length || ids.some((id) => typeof id !== 'string' || id === '')) throw badRequest();
  return ids as string[];
}

type ListChange = (list: readonly string[], id: string) => string[];

/** Adds or removes ids; the stored list keeps only menus the user can still see. */
async function changeFavourites({ session, body, tenant, lang }: AuthedContext, change: ListChange, mustBeVisible: boolean) {
  const ids = menuIds(body);
  return tenant(async (tx) => {
    const visible = new Set((await visibleMenus(tx, session, lang)).map((m) => m.ID));
    if (mustBeVisible && ids.some((id) => !visible.has(id))) throw new BizError('system.menuNotVisible');
    const settings = await changeSettings(tx, session, (current) => ({
      ...current,
      [FAV_MENUS]: ids.reduce(change, favouriteMenus(current).filter((id) => visible.has(id))),
    }));
    return favouriteMenus(settings);
  });
}
