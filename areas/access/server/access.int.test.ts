// The session API over real HTTP on a real, freshly seeded database (docs/api-session.md).
import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, authSession, eq, hashToken, sql } from '@seamline/server/api';
import { encryptCredentials, login, loginResponse, startTestServer, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

const userState = (token: string) => srv.call('GET', 'utilsapi/access/user-state', { token });

describe('public key', () => {
  it('is an RSA 2048 SPKI PEM, the same on every call', async () => {
    const a = await srv.call('GET', 'utilsapi/access/public-key');
    const b = await srv.call('GET', 'utilsapi/access/public-key');
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('OK');
    const pem: string = a.body.data.results.publicKey;
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(createPublicKey(pem).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(b.body.data.results.publicKey).toBe(pem);
  });
});

describe('login', () => {
  it('answers tokens with epoch-second expiries from the configured lifetimes', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await loginResponse(srv.call, 'brand.buyer');
    expect(res.status).toBe(200);
    const r = res.body.data.results;
    expect(Object.keys(r).sort()).toEqual(['lang', 'refreshexpire', 'refreshtoken', 'token', 'tokenexpire', 'username']);
    expect(r.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.refreshtoken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.token).not.toBe(r.refreshtoken);
    expect(r.tokenexpire - before).toBeGreaterThanOrEqual(7200 - 2);
    expect(r.tokenexpire - before).toBeLessThanOrEqual(7200 + 2);
    expect(r.refreshexpire - before).toBeGreaterThanOrEqual(604800 - 2);
    expect(r).toMatchObject({ username: 'brand.buyer', lang: 'en' });
  });

  it('stores only hashes of the tokens and records the last login', async () => {
    const r = await login(srv.call, 'brand.admin');
    const rows = await srv.db.asSystem((tx) => tx.select().from(authSession));
    const text = JSON.stringify(rows);
    expect(text).not.toContain(r.token);
    expect(text).not.toContain(r.refreshtoken);
    const [user] = await srv.db.asSystem((tx) => tx.select().from(appUser).where(eq(appUser.username, 'brand.admin')));
    expect(user.lastLoginTime).toBeInstanceOf(Date);
    expect(user.lastLoginIp).toBe('127.0.0.1');
  });

  it('gives a wrong password and an unknown user the very same answer', async () => {
    const wrongPassword = await loginResponse(srv.call, 'super.admin', 'not-the-password');
    const unknownUser = await loginResponse(srv.call, 'no.such.user', 'not-the-password');
    expect(wrongPassword.status).toBe(400);
    expect(unknownUser.status).toBe(wrongPassword.status);
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body).toEqual({ message: '用户名或密码错误', code: 400 });
  });

  it('answers in the language of the x-seamline-lang header before sign-in', async () => {
    const res = await loginResponse(srv.call, 'super.admin', 'nope', { 'x-seamline-lang': 'en' });
    expect(res.body).toEqual({ message: 'Incorrect username or password', code: 400 });
  });

  it('ignores the case of the username', async () => {
    const res = await loginResponse(srv.call, 'Brand.Buyer');
    expect(res.status).toBe(200);
    expect(res.body.data.results.username).toBe('brand.buyer');
  });

  it('refuses data that was not encrypted with our key', async () => {
    const res = await srv.call('POST', 'utilsapi/access/login', { form: { DATA: Buffer.from('{"username":"a"}').toString('base64') } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
  });

  it('locks a username for 15 minutes after 5 failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await loginResponse(srv.call, 'fabric.admin', `wrong-${i}`)).status).toBe(400);
    const locked = await loginResponse(srv.call, 'fabric.admin');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: '登录失败次数过多，请 15 分钟后再试', code: 429 });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Unknown usernames are throttled the same way, so the lock does not reveal who exists.
    for (let i = 0; i < 5; i++) await loginResponse(srv.call, 'ghost.user', 'x');
    expect((await loginResponse(srv.call, 'ghost.user', 'x')).status).toBe(429);
    // Another username is not affected.
    expect((await loginResponse(srv.call, 'brand.buyer')).status).toBe(200);
  });

  it('refuses a frozen user and kills the sessions that user already had', async () => {
    const before = await login(srv.call, 'factory.admin');
    await srv.db.asSystem((tx) => tx.update(appUser).set({ status: 'FROZEN' }).where(eq(appUser.username, 'factory.admin')));
    try {
      const res = await loginResponse(srv.call, 'factory.admin');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: '该账号已被冻结', code: 403 });
      expect((await userState(before.token)).status).toBe(401);
    } finally {
      await srv.db.asSystem((tx) => tx.update(appUser).set({ status: 'ACTIVE' }).where(eq(appUser.username, 'factory.admin')));
    }
  });

  it('accepts the ciphertext in a JSON body too', async () => {
    const key = (await srv.call('GET', 'utilsapi/access/public-key')).body.data.results.publicKey;
    const DATA = encryptCredentials(key, { username: 'brand.buyer', password: 'Seamline2026' });
    const res = await srv.call('POST', 'utilsapi/access/login', { json: { DATA } });
    expect(res.status).toBe(200);
  });
});

describe('tokens', () => {
  it('refuses a missing or forged token with 401 in the envelope', async () => {
    expect((await srv.call('GET', 'utilsapi/access/user-state')).body).toEqual({ message: '未登录或登录已过期', code: 401 });
    const forged = await userState('A'.repeat(43));
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe(401);
  });

  it('takes the token from Authorization: Bearer as well', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const res = await srv.call('GET', 'utilsapi/access/user-state', { bearer: me.token });
    expect(res.status).toBe(200);
  });

  it('refuses an expired token, and the refresh token renews it', async () => {
    const me = await login(srv.call, 'brand.buyer');
    await srv.db.asSystem((tx) =>
      tx.update(authSession).set({ tokenExpiresAt: sql`now() - interval '1 second'` }).where(eq(authSession.tokenHash, hashToken(me.token))),
    );
    expect((await userState(me.token)).status).toBe(401);

    const res = await srv.call('POST', 'utilsapi/access/refresh-token', { form: { username: 'brand.buyer', refresh_token: me.refreshtoken } });
    expect(res.status).toBe(200);
    const renewed = res.body.data.results;
    expect(renewed.token).not.toBe(me.token);
    expect(renewed.refreshtoken).not.toBe(me.refreshtoken); // rotated (refreshRotation.int.test.ts)
    expect(renewed.refreshexpire).toBe(me.refreshexpire);
    expect(renewed.tokenexpire).toBeGreaterThan(Math.floor(Date.now() / 1000) + 7000);
    expect((await userState(renewed.token)).status).toBe(200);
  });

  it('renewing ends the previous access token', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const res = await srv.call('POST', 'utilsapi/access/refresh-token', { json: { username: 'brand.buyer', refresh_token: me.refreshtoken } });
    expect(res.status).toBe(200);
    expect((await userState(me.token)).status).toBe(401);
  });

  it('refuses a refresh token of another user, an unknown one or an expired one', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const refresh = (username: string, refresh_token: string) =>
      srv.call('POST', 'utilsapi/access/refresh-token', { form: { username, refresh_token } });
    const foreign = await refresh('brand.admin', me.refreshtoken);
    expect(foreign.status).toBe(401);
    expect(foreign.body).toEqual({ message: '会话续期失败，请重新登录', code: 401 });
    expect((await refresh('brand.buyer', 'B'.repeat(43))).status).toBe(401);
    expect((await refresh('brand.buyer', '')).status).toBe(401);
    await srv.db.asSystem((tx) =>
      tx.update(authSession).set({ refreshExpiresAt: sql`now() - interval '1 second'` }).where(eq(authSession.tokenHash, hashToken(me.token))),
    );
    expect((await refresh('brand.buyer', me.refreshtoken)).status).toBe(401);
  });

  it('logout ends the access token and the refresh token at once', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const out = await srv.call('POST', 'utilsapi/access/logout', { token: me.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'OK', data: { results: true } });
    expect((await userState(me.token)).status).toBe(401);
    const refresh = await srv.call('POST', 'utilsapi/access/refresh-token', { form: { username: 'brand.buyer', refresh_token: me.refreshtoken } });
    expect(refresh.status).toBe(401);
  });
});

describe('user-state', () => {
  const DOCUMENTED_KEYS = [
    'id', 'username', 'email', 'firstname', 'lastname', 'fullname', 'avatar', 'language', 'clientid', 'client_name',
    'license_type', 'user_type', 'is_super_admin', 'dashroles', 'menus', 'menu_modules', 'settings', 'jointgroups',
    'unread_total', 'menu_unread', 'category_unread', 'hasnewversion', 'contact_phone', 'contact_mobile', 'cr_dash',
    'vf_qty_amount', 'platform_id', 'platform_name', 'platform_list', 'shop_id', 'rpt_theme', 'thirdparty_username',
    'global_search_version', 'tokenexpire', 'refreshexpire', 'companies',
  ];

  it('has every documented field, and only those', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const res = await userState(me.token);
    expect(res.status).toBe(200);
    const u = res.body.data.results;
    expect(Object.keys(u).sort()).toEqual([...DOCUMENTED_KEYS].sort());
    expect(u).toMatchObject({
      username: 'brand.buyer', fullname: 'Ann Lee', firstname: 'Ann', lastname: 'Lee', email: 'brand.buyer@seamline.example',
      language: 'en', client_name: 'Demo Brand Co.', license_type: 'STANDARD', user_type: 'COMMON', is_super_admin: false,
      dashroles: ['BUYER'], jointgroups: [], unread_total: 0, hasnewversion: false, cr_dash: null, vf_qty_amount: null,
      platform_id: 'SCM', platform_name: 'Supply chain collaboration', shop_id: null, rpt_theme: 'default',
      thirdparty_username: null, global_search_version: 1, tokenexpire: me.tokenexpire, refreshexpire: me.refreshexpire,
      settings: { FAV_MENUS: [], PLATFORM_ID: 'SCM' },
    });
    expect(u.platform_list).toEqual([
      { platform_id: 'SCM', platform_name: 'Supply chain collaboration' },
      { platform_id: 'PLM', platform_name: 'Product development' },
    ]);
    expect(u.companies).toEqual([{ clientid: u.clientid, client_name: 'Demo Brand Co.' }]);
  });

  it('groups the menus by category in the documented order, titled in the user language', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const u = (await userState(me.token)).body.data.results;
    // BUYER opens supplier, supply chain, planning, development, report and collaboration; no SYS.
    // The default platform (SCM) shows all but development (areas/system/server/platforms.int.test.ts).
    expect(Object.keys(u.menus)).toEqual(['SRM', 'SCM', 'PLAN', 'RPT', 'COLLAB']);
    expect(u.menu_modules.map((m: { CATEGORY: string }) => m.CATEGORY)).toEqual(Object.keys(u.menus));
    expect(u.menu_modules[0]).toEqual({ CATEGORY: 'SRM', TITLE: 'Supplier', SEQ: 20, UNREAD_CT: 0 });
    const entry = u.menus.SCM.find((m: { CODE: string }) => m.CODE === 'SCM_OUTSOURCED_ORDER');
    expect(entry).toEqual({
      ID: expect.any(String), CODE: 'SCM_OUTSOURCED_ORDER', CATEGORY: 'SCM', TITLE: 'Outsourced orders',
      URL: '/scm/ectabindex/outsourced-order', ICON: expect.any(String), SEQ: expect.any(Number),
    });
    const all = Object.values(u.menus).flat() as { ID: string; CATEGORY: string; SEQ: number }[];
    for (const m of all) expect(u.menu_unread[m.ID]).toEqual({ UNREAD_CT: 0 });
    for (const list of Object.values(u.menus) as { SEQ: number }[][]) {
      expect(list.map((m) => m.SEQ)).toEqual([...list.map((m) => m.SEQ)].sort((a, b) => a - b));
    }
    expect(u.category_unread).toEqual(Object.fromEntries(Object.keys(u.menus).map((c) => [c, 0])));
  });

  it('gives an administrator every switched-on menu, with the menu guide but never the WeChat entries', async () => {
    const me = await login(srv.call, 'brand.admin');
    const u = (await userState(me.token)).body.data.results;
    expect(u).toMatchObject({ language: 'zh', user_type: 'ADMIN', dashroles: ['ADMIN'], platform_name: '供应链协同' });
    // Every switched-on category of the SCM platform (DEV is on the PLM platform).
    expect(Object.keys(u.menus)).toEqual(['SYS', 'SRM', 'FACTORY', 'SCM', 'PLAN', 'RPT', 'COLLAB']);
    const codes = (Object.values(u.menus).flat() as { CODE: string }[]).map((m) => m.CODE);
    expect(codes).toContain('SYS_MENU_GUIDE');
    expect(codes.filter((c) => c === 'WECHAT_MGM' || c.startsWith('WX_'))).toEqual([]);
    expect(JSON.stringify(u)).not.toMatch(/WECHAT_MGM|WX_/);
    expect(u.menus.SYS.find((m: { CODE: string }) => m.CODE === 'SYS_USER').TITLE).toBe('用户管理');
    expect(u.menu_modules[0]).toEqual({ CATEGORY: 'SYS', TITLE: '系统管理', SEQ: 10, UNREAD_CT: 0 });
  });

  it('shows a fabric mill no development menus (switched off for that company)', async () => {
    // (fabric.admin is the throttle test's victim; the super admin is an administrator there too.)
    const { token } = await switchTo('super.admin', 'Demo Fabric Mill');
    const u = (await userState(token)).body.data.results;
    expect(u.client_name).toBe('Demo Fabric Mill');
    expect(Object.keys(u.menus)).not.toContain('DEV');
    expect(Object.keys(u.menus)).toContain('SYS');
    // No development menus, so nothing on the PLM platform: no switch is offered.
    expect(u.platform_list.map((p: { platform_id: string }) => p.platform_id)).toEqual(['SCM']);
  });
});

async function switchTo(username: string, companyName: string) {
  const me = await login(srv.call, username);
  const u = (await userState(me.token)).body.data.results;
  const target = u.companies.find((c: { client_name: string }) => c.client_name === companyName);
  const res = await srv.call('POST', 'utilsapi/access/switch-token', { token: me.token, form: { clientid: target.clientid } });
  expect(res.status).toBe(200);
  return res.body.data.results as { token: string; refreshtoken: string };
}

describe('switching', () => {
  it('switch-plt stores the platform and answers its name in the session language', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const res = await srv.call('POST', 'utilsapi/access/switch-plt', { token: me.token, form: { platform_id: 'PLM' } });
    expect(res.body).toEqual({ message: 'OK', data: { results: { platform_id: 'PLM', platform_name: 'Product development' } } });
    const u = (await userState(me.token)).body.data.results;
    expect(u).toMatchObject({ platform_id: 'PLM', platform_name: 'Product development', settings: { PLATFORM_ID: 'PLM' } });
    const unknown = await srv.call('POST', 'utilsapi/access/switch-plt', { token: me.token, form: { platform_id: 'NOPE' } });
    expect(unknown.body).toEqual({ message: 'Unknown platform', code: 400 });
    await srv.call('POST', 'utilsapi/access/switch-plt', { token: me.token, form: { platform_id: 'SCM' } });
  });

  it('switch-token opens a session in another company of the user and ends the current one', async () => {
    const me = await login(srv.call, 'super.admin');
    const u = (await userState(me.token)).body.data.results;
    expect(u.client_name).toBe('Demo Brand Co.');
    expect(u.companies.map((c: { client_name: string }) => c.client_name)).toEqual(['Demo Brand Co.', 'Demo Fabric Mill', 'Demo Garment Factory', 'Demo QC Services']);
    const factory = u.companies.find((c: { client_name: string }) => c.client_name === 'Demo Garment Factory');
    const res = await srv.call('POST', 'utilsapi/access/switch-token', { token: me.token, form: { clientid: factory.clientid } });
    expect(res.status).toBe(200);
    const switched = res.body.data.results;
    expect(switched).toMatchObject({ username: 'super.admin', lang: 'en' });
    expect(switched.token).not.toBe(me.token);
    const there = (await userState(switched.token)).body.data.results;
    expect(there).toMatchObject({ clientid: factory.clientid, client_name: 'Demo Garment Factory' });
    expect((await userState(me.token)).status).toBe(401);
  });

  it('switch-token refuses a company the user does not belong to', async () => {
    const admin = await login(srv.call, 'super.admin');
    const fabric = (await userState(admin.token)).body.data.results.companies.find(
      (c: { client_name: string }) => c.client_name === 'Demo Fabric Mill',
    );
    const buyer = await login(srv.call, 'brand.buyer');
    const res = await srv.call('POST', 'utilsapi/access/switch-token', { token: buyer.token, form: { clientid: fabric.clientid } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'You are not a member of this company', code: 403 });
    expect((await srv.call('POST', 'utilsapi/access/switch-token', { token: buyer.token, form: { clientid: 'x' } })).status).toBe(403);
    // The refused switch leaves the current session alone.
    expect((await userState(buyer.token)).status).toBe(200);
  });
});
