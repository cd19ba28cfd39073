// Route permissions over real HTTP: the `menu` and `superAdmin` route options, and the engine's
// generic endpoints, which need the entity's menu to write but not to read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, defineArea, eq, inArray, menu, role, roleMenu, type Tx } from '@seamline/server/api';
import { login, startTestServer, writeGrants, type TestServer } from '@seamline/server/testing';
import { isHiddenMenuCode } from '@seamline/core';
import { COMPANIES, ROLES, USERS } from './seed/demo';
import { MENU_CATALOGUE } from './seed/menus';

const probe = defineArea({
  name: 'permission-probe',
  routes: (api) => {
    api.get('testapi/probe/users', { auth: true, menu: 'SYS_USER' }, () => 'users');
    api.get('testapi/probe/either', { auth: true, menu: ['SYS_USER', 'SCM_CUSTOMER'] }, () => 'either');
    api.get('testapi/probe/dev', { auth: true, menu: 'DEV_BOM' }, () => 'dev');
    api.get('testapi/probe/wechat', { auth: true, menu: 'WECHAT_MGM' }, () => 'wechat');
    api.post('testapi/probe/platform', { auth: true, superAdmin: true }, () => 'platform');
    // One probe per catalogue menu: the matrix below walks every user over every menu.
    for (const m of MENU_CATALOGUE) api.get(`testapi/probe/menu/${m.code}`, { auth: true, menu: m.code }, () => m.code);
  },
});

let srv: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  srv = await startTestServer({ extraAreas: [probe] });
  // Every demo user (docs/server.md 'Demo data'), whoever adds one later included.
  for (const u of USERS) tokens[u.username] = (await login(srv.call, u.username)).token;
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

describe('administrator-only menus (ADMIN_…): the API reference', () => {
  const REF = 'ADMIN_API_REFERENCE';
  type Entry = { CODE: string; TITLE: string; URL: string };
  /** Menu entries in user-state's groups (any depth). */
  const entries = (x: unknown): Entry[] =>
    Array.isArray(x) ? x.flatMap(entries) : x && typeof x === 'object' ? ('URL' in x && 'CODE' in x ? [x as Entry] : Object.values(x).flatMap(entries)) : [];
  /** What user-state shows the user over every platform offered (each shows part of the menus). */
  const menusOf = async (user: string, lang: 'en' | 'zh') => {
    const state = async () => (await srv.call('GET', 'utilsapi/access/user-state', { token: tokens[user], headers: { 'x-seamline-lang': lang } })).body.data.results;
    const first = await state();
    const shown: Entry[] = [];
    for (const p of first.platform_list as { platform_id: string }[]) {
      await srv.call('POST', 'utilsapi/access/switch-plt', { token: tokens[user], form: { platform_id: p.platform_id } });
      shown.push(...entries((await state()).menus));
    }
    await srv.call('POST', 'utilsapi/access/switch-plt', { token: tokens[user], form: { platform_id: first.platform_id } });
    return shown;
  };

  it('shows the API reference to a company administrator, in English and Chinese', async () => {
    expect((await menusOf('brand.admin', 'en')).find((m) => m.CODE === REF)).toMatchObject({ TITLE: 'API reference', URL: '/sys/page/api-reference' });
    expect((await menusOf('brand.admin', 'zh')).find((m) => m.CODE === REF)).toMatchObject({ TITLE: 'API 参考文档', URL: '/sys/page/api-reference' });
  });

  it('never shows it to a buyer, not even when a role grants it: the document it opens refuses them (403)', async () => {
    expect((await menusOf('brand.buyer', 'en')).some((m) => m.CODE === REF)).toBe(false);
    const [{ roleId, clientId }] = await srv.db.asSystem((tx) => tx.select({ roleId: role.id, clientId: role.clientId }).from(role).where(eq(role.code, 'BUYER')));
    const [ref] = await srv.db.asSystem((tx) => tx.select({ id: menu.id }).from(menu).where(eq(menu.code, REF)));
    await writeGrants(srv.db, clientId, (tx) => tx.insert(roleMenu).values({ clientId, roleId, menuId: ref.id }));
    try {
      expect((await menusOf('brand.buyer', 'en')).some((m) => m.CODE === REF)).toBe(false);
      expect(await status('GET', `testapi/probe/menu/${REF}`, 'brand.buyer')).toBe(403);
      expect(await status('GET', 'utilsapi/openapi.json', 'brand.buyer')).toBe(403);
    } finally {
      await writeGrants(srv.db, clientId, (tx) => tx.delete(roleMenu).where(and(eq(roleMenu.roleId, roleId), eq(roleMenu.menuId, ref.id))));
    }
  });

  it('refuses it in a role (a field error in the caller\'s language)', async () => {
    const res = await srv.call('POST', 'utilsapi/sys/roles/save', {
      token: tokens['brand.admin'],
      headers: { 'x-seamline-lang': 'en' },
      json: { DATA: { code: 'REF_PROBE', name: 'Ref probe', menus: [REF] } },
    });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.menus).toEqual(['Platform and administrator menus (SUPER_…, ADMIN_…) cannot be given to a role: ADMIN_API_REFERENCE']);
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

    const taken = await srv.db.asSystem((tx) => buyerRoleMenus(tx, ['SRM_VENDOR']));
    const brand = taken[0].clientId;
    await writeGrants(srv.db, brand, (tx) => tx.delete(roleMenu).where(and(eq(roleMenu.roleId, taken[0].roleId), eq(roleMenu.menuId, taken[0].menuId))));
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
      await writeGrants(srv.db, brand, (tx) => tx.insert(roleMenu).values(taken));
    }
    expect((await post({ short_name: 'Menu probe 3', full_name: 'Menu probe 3 Ltd.' })).status).toBe(200);
  });
});

describe('permission matrix: every demo user, every menu, a set of actions', () => {
  type Demo = (typeof USERS)[number];
  const landing = (u: Demo) => u.memberships[0];
  const companyOf = (u: Demo) => COMPANIES.find((c) => c.code === landing(u).company)!;
  const isAdmin = (u: Demo) => landing(u).userType === 'ADMIN' || Boolean(u.isSuperAdmin);
  /** What the seed says the user opens in the company a login lands in. */
  const expectedMenus = (u: Demo): string[] => {
    const company = companyOf(u);
    const roles = ROLES.filter((r) => r.company === company.code && landing(u).roles.includes(r.code));
    const roleCats = new Set(roles.flatMap((r) => r.categories));
    // A role may also open single menus of other categories (APPROVER: the admission evaluation).
    const roleMenus = new Set(roles.flatMap((r) => ('menus' in r ? (r.menus as readonly string[]) : [])));
    return MENU_CATALOGUE.filter((m) => company.categories.includes(m.category))
      .filter((m) => isAdmin(u) || ((roleCats.has(m.category) || roleMenus.has(m.code)) && !m.code.startsWith('ADMIN_')))
      .filter((m) => !isHiddenMenuCode(m.code) && (u.isSuperAdmin || !m.code.startsWith('SUPER_')))
      .map((m) => m.code)
      .sort();
  };
  const opens = (u: Demo, code: string) => expectedMenus(u).includes(code);

  it.each(USERS.map((u) => [u.username, u] as const))('%s: the menus shown are exactly what the route check admits', async (username, u) => {
    // Each platform shows part of the menus (areas/system/server/platforms.ts): together they are all.
    const token = tokens[username];
    const codesOf = async () =>
      [...JSON.stringify((await srv.call('GET', 'utilsapi/access/user-state', { token })).body.data.results.menus).matchAll(/"CODE":"([A-Za-z0-9_]+)"/g)].map((m) => m[1]);
    const first = (await srv.call('GET', 'utilsapi/access/user-state', { token })).body.data.results;
    const shownSet = new Set<string>();
    for (const p of first.platform_list as { platform_id: string }[]) {
      await srv.call('POST', 'utilsapi/access/switch-plt', { token, form: { platform_id: p.platform_id } });
      for (const c of await codesOf()) shownSet.add(c);
    }
    await srv.call('POST', 'utilsapi/access/switch-plt', { token, form: { platform_id: first.platform_id } });
    const shown = [...shownSet].sort();
    expect({ missing: expectedMenus(u).filter((c) => !shown.includes(c)), extra: shown.filter((c) => !expectedMenus(u).includes(c)) }).toEqual({ missing: [], extra: [] });
    for (const m of MENU_CATALOGUE) {
      const res = await srv.call('GET', `testapi/probe/menu/${m.code}`, { token: tokens[username] });
      expect([m.code, res.status]).toEqual([m.code, opens(u, m.code) ? 200 : 403]);
    }
  });

  // Each action with a body the server refuses *after* the permission check (422/400/200 mean
  // "let through"); 403 means refused.
  const actions: Array<{ name: string; allowed: (u: Demo) => boolean; run: (token: string) => Promise<{ status: number }> }> = [
    { name: 'list users', allowed: (u) => opens(u, 'SYS_USER'), run: (token) => srv.call('GET', 'utilsapi/sys/users/page-list', { token }) },
    { name: 'save a user', allowed: (u) => isAdmin(u) && opens(u, 'SYS_USER'), run: (token) => srv.call('POST', 'utilsapi/sys/users/save', { token, json: { DATA: {} } }) },
    { name: 'save a role', allowed: (u) => isAdmin(u) && opens(u, 'SYS_ROLE'), run: (token) => srv.call('POST', 'utilsapi/sys/roles/save', { token, json: { DATA: {} } }) },
    { name: 'list roles', allowed: (u) => ['SYS_ROLE', 'SYS_USER', 'SYS_DATA_AUTH'].some((c) => opens(u, c)), run: (token) => srv.call('GET', 'utilsapi/sys/roles/list', { token }) },
    { name: 'switch menus', allowed: isAdmin, run: (token) => srv.call('POST', 'utilsapi/sys/menus/switch', { token, json: { DATA: { codes: [] } } }) },
    { name: 'save a data rule', allowed: (u) => isAdmin(u) && opens(u, 'SYS_DATA_AUTH'), run: (token) => srv.call('POST', 'utilsapi/sys/data-rules/save', { token, json: { DATA: {} } }) },
    { name: 'serial numbers', allowed: (u) => opens(u, 'SYS_SN_CONFIG'), run: (token) => srv.call('GET', 'utilsapi/sys/serial-numbers/list', { token }) },
    { name: 'system UI config', allowed: (u) => Boolean(u.isSuperAdmin), run: (token) => srv.call('GET', 'utilsapi/sys/ui-config', { token }) },
    {
      name: 'save a vendor',
      allowed: (u) => isAdmin(u) || (landing(u).roles.includes('BUYER') && opens(u, 'SRM_VENDOR')),
      run: (token) => srv.call('POST', 'mdapi/vendor/save', { token, json: { DATA: {} } }),
    },
    { name: 'read vendors', allowed: () => true, run: (token) => srv.call('GET', 'mdapi/vendor/page-list', { token }) },
    { name: 'own list layout', allowed: () => true, run: (token) => srv.call('GET', 'utilsapi/scommonapi/sconf-ui-config-person/page-person-template', { token, query: { page: '/md/index/vendor' } }) },
  ];

  it.each(USERS.map((u) => [u.username, u] as const))('%s: allowed and refused actions', async (username, u) => {
    const outcome: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const a of actions) {
      const res = await a.run(tokens[username]);
      outcome[a.name] = res.status === 403 ? 'refused' : res.status === 401 ? 'signed out' : 'allowed';
      expected[a.name] = a.allowed(u) ? 'allowed' : 'refused';
    }
    expect(outcome).toEqual(expected);
  });

  it('the matrix is not trivial: someone is refused something and someone allowed', () => {
    const all = USERS.flatMap((u) => actions.map((a) => a.allowed(u)));
    expect(all).toContain(true);
    expect(all).toContain(false);
  });
});
