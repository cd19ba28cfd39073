// Favourite menus and personal settings over real HTTP (docs/api-session.md 'Profile').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';
import { menu } from '@seamline/server/api';

let srv: TestServer;
let token: string;
let menuIds: Record<string, string>;

beforeAll(async () => {
  srv = await startTestServer();
  token = (await login(srv.call, 'brand.buyer')).token;
  // Catalogue ids by code: favourites span platforms, while user-state lists one platform's menus.
  const all = await srv.db.asSystem((tx) => tx.select({ CODE: menu.code, ID: menu.id }).from(menu));
  menuIds = Object.fromEntries(all.map((m) => [m.CODE, m.ID]));
});
afterAll(() => srv?.close());

const PROFILE = 'utilsapi/clientinfoapi/user-profile/';
const post = (call: string, form: Record<string, string>, t = token) => srv.call('POST', PROFILE + call, { token: t, form });
const favs = async (t = token) => (await srv.call('GET', 'utilsapi/access/user-state', { token: t })).body.data.results.settings.FAV_MENUS;

describe('favourite menus', () => {
  it('adds without duplicates and keeps them in the profile settings', async () => {
    const rfq = menuIds.SRM_RFQ;
    const orders = menuIds.SCM_CUSTOMER_ORDER;
    expect((await post('save-favourite-menus', { menuid: rfq })).body).toEqual({ message: 'OK', data: { results: [rfq] } });
    expect((await post('save-favourite-menus', { menuid: rfq })).body.data.results).toEqual([rfq]);
    expect((await post('save-favourite-menus', { menuid: orders })).body.data.results).toEqual([rfq, orders]);
    expect(await favs()).toEqual([rfq, orders]);
    // A new session (a reload) still has them.
    const again = await login(srv.call, 'brand.buyer');
    expect(await favs(again.token)).toEqual([rfq, orders]);
  });

  it('removes', async () => {
    const rfq = menuIds.SRM_RFQ;
    const orders = menuIds.SCM_CUSTOMER_ORDER;
    expect((await post('remove-favourite-menus', { menuid: rfq })).body.data.results).toEqual([orders]);
    expect(await favs()).toEqual([orders]);
    expect((await post('remove-favourite-menus', { menuid: rfq })).body.data.results).toEqual([orders]);
  });

  it('takes a DATA list, form-encoded or JSON', async () => {
    const ids = [menuIds.DEV_BOM, menuIds.RPT_CONTROL_TOWER];
    expect((await post('save-favourite-menus', { DATA: JSON.stringify(ids) })).body.data.results).toEqual([menuIds.SCM_CUSTOMER_ORDER, ...ids]);
    const res = await srv.call('POST', PROFILE + 'remove-favourite-menus', { token, json: { DATA: ids } });
    expect(res.body.data.results).toEqual([menuIds.SCM_CUSTOMER_ORDER]);
  });

  it('refuses an unknown menu id, or one the user cannot see, and changes nothing', async () => {
    const before = await favs();
    const unknown = await post('save-favourite-menus', { menuid: '00000000-0000-0000-0000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: 'This menu is not available to you', code: 400 });
    expect((await post('save-favourite-menus', { menuid: 'not-a-uuid' })).status).toBe(400);
    // SYS_USER exists but the buyer's roles do not open it.
    const admin = await login(srv.call, 'brand.admin');
    const adminMenus = (await srv.call('GET', 'utilsapi/access/user-state', { token: admin.token })).body.data.results.menus;
    const sysUser = adminMenus.SYS.find((m: { CODE: string }) => m.CODE === 'SYS_USER').ID;
    const hidden = await post('save-favourite-menus', { menuid: sysUser });
    expect(hidden.status).toBe(400);
    expect(await favs()).toEqual(before);
  });

  it('needs a menu id', async () => {
    const res = await post('save-favourite-menus', {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
  });

  it('keeps each company its own list', async () => {
    const admin = await login(srv.call, 'super.admin');
    await post('save-favourite-menus', { menuid: menuIds.SRM_RFQ }, admin.token);
    const u = (await srv.call('GET', 'utilsapi/access/user-state', { token: admin.token })).body.data.results;
    const factory = u.companies.find((c: { client_name: string }) => c.client_name === 'Demo Garment Factory');
    const switched = (await srv.call('POST', 'utilsapi/access/switch-token', { token: admin.token, form: { clientid: factory.clientid } })).body.data.results;
    expect(await favs(switched.token)).toEqual([]);
  });
});

describe('settings', () => {
  it('save-setting merges a DATA object, null removes a key, managed keys are left alone', async () => {
    const first = await post('save-setting', { DATA: JSON.stringify({ RPT_THEME: 'dark', PAGE_SIZE: 50 }) });
    expect(first.status).toBe(200);
    expect(first.body.data.results).toMatchObject({ RPT_THEME: 'dark', PAGE_SIZE: 50 });
    const second = await srv.call('POST', PROFILE + 'save-setting', {
      token,
      json: { DATA: { PAGE_SIZE: null, DENSITY: 'compact', FAV_MENUS: ['x'], PLATFORM_ID: 'PLM' } },
    });
    const merged = second.body.data.results;
    expect(merged).toMatchObject({ RPT_THEME: 'dark', DENSITY: 'compact' });
    expect(merged).not.toHaveProperty('PAGE_SIZE');
    expect(merged.FAV_MENUS).not.toEqual(['x']);
    expect(merged.PLATFORM_ID).toBeUndefined();
    const u = (await srv.call('GET', 'utilsapi/access/user-state', { token })).body.data.results;
    expect(u.rpt_theme).toBe('dark');
    expect(u.settings).toMatchObject({ RPT_THEME: 'dark', DENSITY: 'compact' });
  });

  it('an empty DATA value merges nothing; DATA that is not an object is refused', async () => {
    expect((await post('save-setting', { DATA: '' })).status).toBe(200);
    expect((await post('save-setting', { DATA: '[1,2]' })).status).toBe(400);
    expect((await post('save-setting', { DATA: '{not json' })).status).toBe(400);
  });

  it('answers the dashboard layout and the workspace home panels, saved ones first', async () => {
    const dash = await srv.call('GET', PROFILE + 'my-dash-setting', { token });
    expect(dash.body.data.results.layout[0]).toEqual({ i: 'inbox', x: 0, y: 0, w: 8, h: 6 });
    const home = await srv.call('GET', PROFILE + 'my-workspace-home-setting', { token });
    expect(home.body.data.results).toEqual({ panels: ['inbox', 'tasks', 'controlTower', 'favourites', 'modules'] });
    await post('save-setting', { DATA: JSON.stringify({ HOME_PANELS: ['favourites', 'inbox'], DASH_LAYOUT: [{ i: 'tasks', x: 0, y: 0, w: 12, h: 4 }] }) });
    expect((await srv.call('GET', PROFILE + 'my-workspace-home-setting', { token })).body.data.results).toEqual({ panels: ['favourites', 'inbox'] });
    expect((await srv.call('GET', PROFILE + 'my-dash-setting', { token })).body.data.results).toEqual({ layout: [{ i: 'tasks', x: 0, y: 0, w: 12, h: 4 }] });
  });

  it('needs a session', async () => {
    expect((await srv.call('GET', PROFILE + 'my-dash-setting')).status).toBe(401);
  });
});
