// Route permissions over real HTTP: the `menu` and `superAdmin` route options, and the engine's
// generic endpoints, which need the entity's menu to write but not to read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, defineArea, eq, inArray, menu, role, roleMenu, type Tx } from '@seamline/server/api';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';

const probe = defineArea({
  name: 'permission-probe',
  routes: (api) => {
    api.get('testapi/probe/users', { auth: true, menu: 'SYS_USER' }, () => 'users');
    api.get('testapi/probe/either', { auth: true, menu: ['SYS_USER', 'SCM_CUSTOMER'] }, () => 'either');
    api.get('testapi/probe/dev', { auth: true, menu: 'DEV_BOM' }, () => 'dev');
    api.get('testapi/probe/wechat', { auth: true, menu: 'WECHAT_MGM' }, () => 'wechat');
    api.post('testapi/probe/platform', { auth: true, superAdmin: true }, () => 'platform');
  },
});

let srv: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  srv = await startTestServer({ extraAreas: [probe] });
  for (const u of ['super.admin', 'brand.admin', 'brand.buyer', 'factory.admin', 'fabric.admin']) tokens[u] = (await login(srv.call, u)).token;
});
afterAll(() => srv?.close());

const status = async (method: string, path: string, user: string) => (await srv.call(method, path, { token: tokens[user] })).status;

describe('route option `menu`', () => {
  it('lets a company administrator through on every menu the company has switched on', async () => {
    expect(await status('GET', 'testapi/probe/users', 'brand.admin')).toBe(200);
    expect(await status('GET', 'testapi/probe/dev', 'factory.admin')).toBe(200);
  });

  it("refuses a menu the company has not switched on, even to its administrator (the fabric mill has no development menus)", async () => {
    // fabric.admin's stored language is Chinese.
    const res = await srv.call('GET', 'testapi/probe/dev', { token: tokens['fabric.admin'] });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, message: '您没有执行此操作的权限' });
  });

  it('gives an ordinary user what their roles open, in their language', async () => {
    expect(await status('GET', 'testapi/probe/users', 'brand.buyer')).toBe(403);
    expect(await status('GET', 'testapi/probe/either', 'brand.buyer')).toBe(200);
    expect(await status('GET', 'testapi/probe/dev', 'brand.buyer')).toBe(200);
  });

  it('never opens the WeChat entries', async () => {
    expect(await status('GET', 'testapi/probe/wechat', 'super.admin')).toBe(403);
    expect(await status('GET', 'testapi/probe/wechat', 'brand.admin')).toBe(403);
  });

  it('needs a session first', async () => {
    expect((await srv.call('GET', 'testapi/probe/users')).status).toBe(401);
  });
});

describe('route option `superAdmin`', () => {
  it('refuses company administrators and lets the super admin through', async () => {
    expect(await status('POST', 'testapi/probe/platform', 'brand.admin')).toBe(403);
    expect(await status('POST', 'testapi/probe/platform', 'brand.buyer')).toBe(403);
    expect(await status('POST', 'testapi/probe/platform', 'super.admin')).toBe(200);
  });
});

describe('engine endpoints and menus', () => {
  const buyerRoleMenus = (tx: Tx, codes: string[]) =>
    tx
      .select({ roleId: roleMenu.roleId, menuId: roleMenu.menuId, clientId: roleMenu.clientId })
      .from(roleMenu)
      .innerJoin(role, and(eq(role.id, roleMenu.roleId), eq(role.code, 'BUYER')))
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .where(inArray(menu.code, codes));

  it("writes need the entity's menu; reads stay open to members (reference pickers, linked documents)", async () => {
    const post = (data: unknown) => srv.call('POST', 'mdapi/vendor/save', { token: tokens['brand.buyer'], json: { DATA: data } });
    expect((await post({ short_name: 'Menu probe', full_name: 'Menu probe Ltd.' })).status).toBe(200);

    const taken = await srv.db.asSystem(async (tx) => {
      const rows = await buyerRoleMenus(tx, ['SRM_VENDOR']);
      await tx.delete(roleMenu).where(and(eq(roleMenu.roleId, rows[0].roleId), eq(roleMenu.menuId, rows[0].menuId)));
      return rows;
    });
    try {
      const refused = await post({ short_name: 'Menu probe 2', full_name: 'Menu probe 2 Ltd.' });
      expect(refused.status).toBe(403);
      const list = await srv.call('GET', 'mdapi/vendor/page-list', { token: tokens['brand.buyer'] });
      expect(list.status).toBe(200);
      expect(list.body.data.results.rows.some((r: { short_name: string }) => r.short_name === 'Menu probe')).toBe(true);
      expect(list.body.data.results.rows.some((r: { short_name: string }) => r.short_name === 'Menu probe 2')).toBe(false);
      // The company administrator is not bound by role menus.
      expect((await srv.call('POST', 'mdapi/vendor/save', { token: tokens['brand.admin'], json: { DATA: { short_name: 'By admin', full_name: 'By admin Ltd.' } } })).status).toBe(200);
    } finally {
      await srv.db.asSystem((tx) => tx.insert(roleMenu).values(taken));
    }
    expect((await post({ short_name: 'Menu probe 3', full_name: 'Menu probe 3 Ltd.' })).status).toBe(200);
  });
});
