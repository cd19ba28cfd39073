// Administration over real HTTP on a seeded database: users, roles and menus, data rules,
// serial numbers, list layouts and the platform UI settings — and that no company reaches
// another's records through any of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession, and, eq, isNull } from '@seamline/server/api';
import { login, loginResponse, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
const tok: Record<string, string> = {};
beforeAll(async () => {
  srv = await startTestServer();
  for (const u of ['super.admin', 'brand.admin', 'brand.buyer', 'factory.admin', 'fabric.admin']) tok[u] = (await login(srv.call, u)).token;
});
afterAll(() => srv?.close());

type Doc = Record<string, any>;
const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const get = (user: string, path: string, query: Record<string, unknown> = {}) =>
  srv.call('GET', `utilsapi/sys/${path}`, {
    token: tok[user],
    headers: { 'x-seamline-lang': 'en' },
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
  });
const post = (user: string, path: string, data: unknown) =>
  srv.call('POST', `utilsapi/sys/${path}`, {
    token: tok[user],
    headers: { 'x-seamline-lang': 'en' },
    json: { DATA: data },
  });
const layoutPost = (user: string, action: string, data: unknown) =>
  srv.call('POST', `utilsapi/scommonapi/sconf-ui-config-person/${action}`, { token: tok[user], headers: { 'x-seamline-lang': 'en' }, json: { DATA: data } });

const newUser = (over: Doc = {}) => ({
  username: `u${Math.random().toString(36).slice(2, 9)}`,
  email: 'someone@example.com',
  password: 'Secret123',
  full_name: 'Una User',
  first_name: 'Una',
  last_name: 'User',
  gender: 'F',
  title: 'QA lead',
  mobile: '13912345678',
  phone: '021-1234',
  language_code: 'en',
  avatar: 'https://example.com/a.png',
  wx_id: 'wx1',
  qywx_id: 'qy1',
  dd_id: 'dd1',
  user_type: 'COMMON',
  ...over,
});

const rolesOf = async (user: string) => ok(await get(user, 'roles/list')) as Doc[];
const roleId = async (user: string, code: string) => (await rolesOf(user)).find((r) => r.code === code)!.id as string;

describe('users', () => {
  it('creates a member with every profile field; the password is never shown', async () => {
    const buyer = await roleId('brand.admin', 'BUYER');
    const posted = newUser({ role_ids: [buyer] });
    const u = ok(await post('brand.admin', 'users/save', posted));
    for (const f of ['username', 'email', 'full_name', 'first_name', 'last_name', 'gender', 'title', 'mobile', 'phone', 'language_code', 'avatar', 'wx_id', 'qywx_id', 'dd_id']) {
      expect(u[f]).toBe((posted as Doc)[f]);
    }
    expect(u.roles.map((r: Doc) => r.code)).toEqual(['BUYER']);
    expect(u.status).toBe('ACTIVE');
    expect(u.user_type).toBe('COMMON');
    expect(u.last_login_time).toBeNull();
    // locked_fields names 'password' (what this caller may not change); no value of it is shown.
    expect(JSON.stringify({ ...u, locked_fields: [] })).not.toMatch(/password|Secret123/i);
    const again = ok(await get('brand.admin', 'users/view', { id: u.id }));
    expect(JSON.stringify({ ...again, locked_fields: [] })).not.toMatch(/password|Secret123/i);

    // The new user signs in; last login time and IP are then recorded and shown.
    const session = await login(srv.call, posted.username, 'Secret123');
    const state = ok(await srv.call('GET', 'utilsapi/access/user-state', { token: session.token }));
    expect(JSON.stringify(state)).toContain('BUYER');
    const seen = ok(await get('brand.admin', 'users/view', { id: u.id }));
    expect(seen.last_login_ip).toBe('127.0.0.1');
    expect(typeof seen.last_login_time).toBe('string');
  });

  it('lists, filters, sorts and pages the members of the company only', async () => {
    const all = ok(await get('brand.admin', 'users/page-list', { p: { page: 1, size: 200, sort: [{ field: 'username', order: 'asc' }] } }));
    const names = all.rows.map((r: Doc) => r.username);
    expect(names).toContain('brand.buyer');
    expect(names).not.toContain('factory.admin');
    expect([...names].sort((a: string, b: string) => a.localeCompare(b, 'en'))).toEqual(names.slice().sort((a: string, b: string) => a.localeCompare(b, 'en')));
    const admins = ok(await get('brand.admin', 'users/page-list', { q: { user_type: ['ADMIN'] } }));
    expect(admins.rows.map((r: Doc) => r.username).sort()).toEqual(['brand.admin', 'super.admin']);
    const search = ok(await get('brand.admin', 'users/page-list', { q: { search: 'buyer' } }));
    expect(search.rows.map((r: Doc) => r.username)).toEqual(['brand.buyer']);
    const paged = ok(await get('brand.admin', 'users/page-list', { p: { page: 2, size: 1, sort: [{ field: 'username', order: 'desc' }] } }));
    expect(paged.rows).toHaveLength(1);
    expect(paged.total).toBe(all.total);
    const desc = ok(await get('brand.admin', 'users/page-list', { p: { page: 1, size: 200, sort: [{ field: 'username', order: 'desc' }] } }));
    expect(paged.rows[0].username).toBe(desc.rows[1].username);
  });

  it('hostile paging of the user and role lists answers 400 naming the parameter, in both languages', async () => {
    for (const p of [{ page: -1 }, { page: '1e20' }, { size: 'x' }, { size: 2.5 }, { page: 0 }, [1], '{']) {
      for (const path of ['users/page-list', 'roles/list']) {
        const res = await get('brand.admin', path, { p: typeof p === 'string' ? p : JSON.stringify(p) });
        expect(res.status, `${path} ${JSON.stringify(p)}`).toBe(400);
      }
    }
    const zh = await srv.call('GET', 'utilsapi/sys/users/page-list', { token: tok['brand.admin'], headers: { 'x-seamline-lang': 'zh' }, query: { p: '{"page":-1}' } });
    expect(zh.status).toBe(400);
    expect(JSON.stringify(zh.body)).toContain('参数 page 无效');
    const en = await get('brand.admin', 'roles/list', { p: { size: 'x' } });
    expect(JSON.stringify(en.body)).toContain('The parameter size is not valid');
    // Good paging still pages the roles, in code order.
    const all = await rolesOf('brand.admin');
    const second = ok(await get('brand.admin', 'roles/list', { p: { page: 2, size: 1 } })) as Doc[];
    expect(second.map((r) => r.code)).toEqual([all[1].code]);
  });

  it('the status filter follows the membership in this company, as the list shows it', async () => {
    const member = ok(await post('brand.admin', 'users/save', newUser()));
    ok(await post('brand.admin', 'users/freeze-membership', { id: member.id }));
    const frozen = ok(await get('brand.admin', 'users/page-list', { q: { status: 'FROZEN' }, p: { size: 200 } }));
    expect(frozen.rows.map((r: Doc) => r.id)).toContain(member.id);
    expect(frozen.rows.every((r: Doc) => r.membership_status === 'FROZEN' || r.status === 'FROZEN')).toBe(true);
    const active = ok(await get('brand.admin', 'users/page-list', { q: { status: 'ACTIVE' }, p: { size: 200 } }));
    expect(active.rows.map((r: Doc) => r.id)).not.toContain(member.id);
    expect(active.rows.map((r: Doc) => r.username)).toContain('brand.buyer');
    ok(await post('brand.admin', 'users/unfreeze-membership', { id: member.id }));
    const back = ok(await get('brand.admin', 'users/page-list', { q: { status: 'ACTIVE' }, p: { size: 200 } }));
    expect(back.rows.map((r: Doc) => r.id)).toContain(member.id);
  });

  it("an invited colleague shows no placeholder username until they accept, and can still be given roles", async () => {
    const email = `inv${Math.random().toString(36).slice(2, 8)}@example.com`;
    const invited = await srv.call('POST', 'utilsapi/access/invite', { token: tok['brand.admin'], headers: { 'x-seamline-lang': 'en' }, json: { DATA: { email, fullname: 'Ivy Invited' } } });
    expect(invited.status).toBe(200);
    const list = ok(await get('brand.admin', 'users/page-list', { q: { user_type: ['INVITED'] }, p: { size: 200 } }));
    const row = list.rows.find((r: Doc) => r.email === email);
    expect(row.username).toBeNull();
    expect(JSON.stringify(list)).not.toContain('~invited');
    const doc = ok(await get('brand.admin', 'users/view', { id: row.id }));
    expect(doc.username).toBeNull();
    const buyer = await roleId('brand.admin', 'BUYER');
    const { username: _none, ...rest } = doc;
    const saved = ok(await post('brand.admin', 'users/save', { ...rest, role_ids: [buyer], locked_fields: undefined }));
    expect(saved.roles.map((r: Doc) => r.code)).toEqual(['BUYER']);
    expect(saved.username).toBeNull();
  });

  it('validates every field together (11000) and refuses a taken username, in any case', async () => {
    const bad = await post('brand.admin', 'users/save', { username: 'x', email: 'nope', password: 'weak', gender: 'Q', user_type: 'KING' });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe(11000);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['email', 'full_name', 'gender', 'password', 'user_type', 'username']);
    const dup = await post('brand.admin', 'users/save', newUser({ username: 'Brand.Buyer' }));
    expect(dup.status).toBe(422);
    expect(dup.body.data.errors.username).toEqual(['This username is already taken']);
    const noPassword = await post('brand.admin', 'users/save', newUser({ password: '' }));
    expect(noPassword.body.data.errors.password).toEqual(['Set a password for the new user']);
  });

  it('updates with the version (409 when stale), keeps the password unless a new one is given', async () => {
    const u = ok(await post('brand.admin', 'users/save', newUser()));
    const saved = ok(await post('brand.admin', 'users/save', { id: u.id, version: u.version, title: 'Manager', user_type: 'GUEST' }));
    expect(saved.title).toBe('Manager');
    expect(saved.user_type).toBe('GUEST');
    expect(saved.full_name).toBe(u.full_name);
    expect((await post('brand.admin', 'users/save', { id: u.id, version: u.version, title: 'Stale' })).status).toBe(409);
    expect((await loginResponse(srv.call, u.username, 'Secret123')).status).toBe(200);
  });

  it('freezing ends the sessions at once and blocks sign-in; unfreezing lets the user back', async () => {
    const posted = newUser();
    const u = ok(await post('brand.admin', 'users/save', posted));
    const session = await login(srv.call, posted.username, 'Secret123');
    expect((await srv.call('GET', 'utilsapi/access/user-state', { token: session.token })).status).toBe(200);
    const frozen = ok(await post('brand.admin', 'users/freeze', { id: u.id }));
    expect(frozen.status).toBe('FROZEN');
    expect((await srv.call('GET', 'utilsapi/access/user-state', { token: session.token })).status).toBe(401);
    const live = await srv.db.asSystem((tx) => tx.select().from(authSession).where(and(eq(authSession.userId, u.id), isNull(authSession.revokedAt))));
    expect(live).toHaveLength(0);
    expect((await loginResponse(srv.call, posted.username, 'Secret123')).status).not.toBe(200);
    expect(ok(await post('brand.admin', 'users/unfreeze', { id: u.id })).status).toBe('ACTIVE');
    expect((await loginResponse(srv.call, posted.username, 'Secret123')).status).toBe(200);
  });

  it('nobody freezes themselves; a company admin cannot freeze an account shared with other companies', async () => {
    const me = ok(await get('brand.admin', 'users/page-list', { q: { search: 'brand.admin' } })).rows[0];
    expect((await post('brand.admin', 'users/freeze', { id: me.id })).status).toBe(400);
    const superAdmin = ok(await get('brand.admin', 'users/page-list', { q: { search: 'super.admin' } })).rows[0];
    const shared = await post('brand.admin', 'users/freeze', { id: superAdmin.id });
    expect(shared.status).toBe(400);
    expect(shared.body.message).toMatch(/other companies/);
  });

  it('only administrators write users; a member with the menu may not', async () => {
    expect((await post('brand.buyer', 'users/save', newUser())).status).toBe(403);
    expect((await get('brand.buyer', 'users/page-list')).status).toBe(403);
  });
});

describe('roles and menus', () => {
  it('a role lives in its company only; its menus must be switched on there', async () => {
    const r = ok(await post('brand.admin', 'roles/save', { code: 'qa', name: 'Quality', menus: ['SCM_CUSTOMER', 'SYS_USER'] }));
    expect(r.code).toBe('QA');
    expect(r.menus).toEqual(['SCM_CUSTOMER', 'SYS_USER']);
    expect((await rolesOf('factory.admin')).map((x) => x.code)).not.toContain('QA');
    expect((await get('factory.admin', 'roles/view', { id: r.id })).status).toBe(404);
    const dev = await post('fabric.admin', 'roles/save', { code: 'DEVS', name: 'Devs', menus: ['DEV_BOM'] });
    expect(dev.status).toBe(422);
    expect(dev.body.data.errors.menus[0]).toMatch(/not switched this menu on/);
    expect((await post('brand.admin', 'roles/save', { code: 'QA', name: 'Again' })).status).toBe(422);
    expect((await post('brand.admin', 'roles/save', { id: r.id, version: r.version + 5, code: 'QA', name: 'x' })).status).toBe(409);
  });

  it('refuses the platform’s reserved SUPER_* menus on a role, though the company has them switched on', async () => {
    const res = await post('brand.admin', 'roles/save', { code: 'SNEAK', name: 'Sneak', menus: ['SCM_CUSTOMER', 'SUPER_SIGNUP', 'SUPER_LICENCE'] });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.menus).toEqual(['Platform and administrator menus (SUPER_…, ADMIN_…) cannot be given to a role: SUPER_SIGNUP, SUPER_LICENCE']);
    expect((await rolesOf('brand.admin')).map((x) => x.code)).not.toContain('SNEAK');
    const r = ok(await post('brand.admin', 'roles/save', { code: 'SNEAK2', name: 'Sneak', menus: ['SCM_CUSTOMER'] }));
    const again = await post('brand.admin', 'roles/save', { id: r.id, version: r.version, code: 'SNEAK2', name: 'Sneak', menus: ['SUPER_OUTBOX'] });
    expect(again.status).toBe(422);
    expect(ok(await get('brand.admin', 'roles/view', { id: r.id })).menus).toEqual(['SCM_CUSTOMER']);
  });

  it('a user given a role gets its code as a dashrole and exactly its menus (CFG-04, CFG-07)', async () => {
    const r = ok(await post('brand.admin', 'roles/save', { code: 'MENUS2', name: 'Two menus', menus: ['SCM_CUSTOMER', 'SYS_MENU_GUIDE'] }));
    const posted = newUser({ role_ids: [r.id] });
    ok(await post('brand.admin', 'users/save', posted));
    const s = await login(srv.call, posted.username, 'Secret123');
    const state = ok(await srv.call('GET', 'utilsapi/access/user-state', { token: s.token }));
    const text = JSON.stringify(state);
    expect(text).toContain('MENUS2');
    const codes = [...text.matchAll(/"CODE":"([A-Z_]+)"/g)].map((m) => m[1]).sort();
    expect(codes).toEqual(['SCM_CUSTOMER', 'SYS_MENU_GUIDE']);
  });

  it('refuses to delete a role still assigned; deletes a free one', async () => {
    const used = await roleId('brand.admin', 'BUYER');
    expect((await post('brand.admin', 'roles/delete', [used])).status).toBe(400);
    const free = ok(await post('brand.admin', 'roles/save', { code: 'TEMP', name: 'Temp' }));
    expect(ok(await post('brand.admin', 'roles/delete', [free.id]))).toEqual({ deleted: 1 });
    expect((await post('factory.admin', 'roles/delete', [used])).status).toBe(404);
  });

  it('the menu tree shows the catalogue with what the company switched on, never WeChat entries; switching and ordering', async () => {
    const tree = ok(await get('fabric.admin', 'menus/tree')) as Doc[];
    const all = tree.flatMap((c) => c.menus);
    expect(all.some((m) => m.code === 'WECHAT_MGM' || m.code.startsWith('WX_'))).toBe(false);
    // The super admin's platform screens are no company's to switch: only the super admin sees them.
    expect(all.some((m) => m.code.startsWith('SUPER_'))).toBe(false);
    const superTree = (ok(await get('super.admin', 'menus/tree')) as Doc[]).flatMap((c) => c.menus);
    expect(superTree.some((m) => m.code === 'SUPER_UI_CONFIG')).toBe(true);
    expect(all.find((m) => m.code === 'DEV_BOM').enabled).toBe(false);
    expect(all.find((m) => m.code === 'SRM_VENDOR').enabled).toBe(true);
    ok(await post('fabric.admin', 'menus/switch', { codes: ['DEV_BOM'], enabled: true }));
    // DEV menus are on the PLM platform (areas/system/server/platforms.ts), offered once one is switched on.
    const fabricState = async () => {
      const token = tok['fabric.admin'];
      await srv.call('POST', 'utilsapi/access/switch-plt', { token, form: { platform_id: 'PLM' } });
      const state = JSON.stringify(ok(await srv.call('GET', 'utilsapi/access/user-state', { token })));
      await srv.call('POST', 'utilsapi/access/switch-plt', { token, form: { platform_id: 'SCM' } });
      return state;
    };
    expect(await fabricState()).toContain('DEV_BOM');
    ok(await post('fabric.admin', 'menus/switch', { codes: ['DEV_BOM'], enabled: false }));
    expect(await fabricState()).not.toContain('DEV_BOM');
    expect((await post('fabric.admin', 'menus/switch', { codes: ['WECHAT_MGM'], enabled: true })).status).toBe(422);

    const rpt = tree.find((c) => c.code === 'RPT')!.menus.map((m: Doc) => m.code);
    const reversed = [...rpt].reverse();
    const after = ok(await post('fabric.admin', 'menus/order', { codes: reversed })) as Doc[];
    expect(after.find((c) => c.code === 'RPT')!.menus.map((m: Doc) => m.code)).toEqual(reversed);
    // Another company's order is its own.
    const brand = ok(await get('brand.admin', 'menus/tree')) as Doc[];
    expect(brand.find((c) => c.code === 'RPT')!.menus.map((m: Doc) => m.code)).toEqual(rpt);
    expect((await post('brand.buyer', 'menus/switch', { codes: ['DEV_BOM'], enabled: false })).status).toBe(403);
  });

  it('CFG-28: only the menu administrator reads the whole tree; brand.buyer (BUYER) gets the tree of its own menus (issue 23)', async () => {
    const mine = (ok(await get('brand.buyer', 'menus/tree')) as Doc[]).flatMap((c) => c.menus.map((m: Doc) => m.code));
    expect(mine.some((c) => c.startsWith('SYS_'))).toBe(false);
    expect(mine).toContain('SRM_VENDOR');
    const whole = (ok(await get('brand.admin', 'menus/tree')) as Doc[]).flatMap((c) => c.menus.map((m: Doc) => m.code));
    expect(whole).toEqual(expect.arrayContaining(['SYS_MENU', 'SYS_ROLE', 'SYS_USER']));
    // The buyer's own menus (its role's categories, on both platforms), a part of the catalogue.
    expect(whole).toEqual(expect.arrayContaining(mine));
    expect(mine).toEqual(expect.arrayContaining(['SRM_VENDOR', 'DEV_SEASON']));
    expect(whole.length).toBeGreaterThan(mine.length);
  });
});

describe('data rules', () => {
  it('binds a rule per menu and per user, limits the list, and explains a record', async () => {
    const buyer = ok(await get('brand.admin', 'users/page-list', { q: { search: 'brand.buyer' } })).rows[0];
    const vendors = ok(await srv.call('GET', 'mdapi/vendor/page-list', { token: tok['brand.buyer'], query: { p: JSON.stringify({ size: 200 }) } })).rows as Doc[];
    expect(vendors.length).toBeGreaterThan(1);
    // A field vendors allow rules on (authorizable) whose values split the demo vendors.
    const field = ['grade', 'category', 'type', 'currency', 'status'].find((f) => vendors[0][f] && vendors.some((v) => v[f] !== vendors[0][f]))!;
    expect(field).toBeTruthy();
    const keep = vendors[0];
    const value = String(keep[field]);
    const hidden = vendors.find((v) => v[field] !== keep[field])!;
    const rule = ok(await post('brand.admin', 'data-rules/save', { menu_code: 'SRM_VENDOR', user_id: buyer.id, field, operator: '=', value }));
    expect(rule).toMatchObject({ menu_code: 'SRM_VENDOR', field, operator: '=', value, username: 'brand.buyer' });
    try {
      const limited = ok(await srv.call('GET', 'mdapi/vendor/page-list', { token: tok['brand.buyer'], query: { p: JSON.stringify({ size: 200 }) } })).rows as Doc[];
      expect(limited.map((v) => v.id).sort()).toEqual(vendors.filter((v) => v[field] === keep[field]).map((v) => v.id).sort());
      expect(limited.length).toBeLessThan(vendors.length);
      // Only that user on that menu: the administrator still sees every vendor.
      expect(ok(await srv.call('GET', 'mdapi/vendor/page-list', { token: tok['brand.admin'] })).total).toBe(vendors.length);
      expect(ok(await get('brand.admin', 'data-rules/list', { user_id: buyer.id })).map((r: Doc) => r.id)).toEqual([rule.id]);
      expect(ok(await get('brand.admin', 'data-rules/list', { menu_code: 'SCM_CUSTOMER' }))).toEqual([]);

      const eff = ok(await get('brand.admin', 'data-rules/effective', { user_id: buyer.id }));
      expect(eff.menus).toEqual([{ menu_code: 'SRM_VENDOR', opens_menu: true, rules: [expect.objectContaining({ id: rule.id })] }]);

      const seen = ok(await get('brand.admin', 'data-rules/explain', { user_id: buyer.id, entity: 'vendor', id: keep.id }));
      expect(seen).toMatchObject({ visible: true, menu_code: 'SRM_VENDOR', opens_menu: true, via: 'ROLES', roles: ['BUYER'], can_read: true });
      expect(seen.shown_by).toHaveLength(1);
      const notSeen = ok(await get('brand.admin', 'data-rules/explain', { user_id: buyer.id, entity: 'vendor', id: hidden.id }));
      expect(notSeen.visible).toBe(false);
      expect(notSeen.hidden_by).toEqual([expect.objectContaining({ field, operator: '=', value })]);
    } finally {
      ok(await post('brand.admin', 'data-rules/delete', [rule.id]));
    }
    expect(ok(await srv.call('GET', 'mdapi/vendor/page-list', { token: tok['brand.buyer'] })).total).toBe(vendors.length);
  });

  it('deletes rules named by a form field ids=[…] too; no ids at all is a 400 naming it, not 200 {deleted: 0}', async () => {
    const buyer = ok(await get('brand.admin', 'users/page-list', { q: { search: 'brand.buyer' } })).rows[0];
    const rule = ok(await post('brand.admin', 'data-rules/save', { menu_code: 'SRM_VENDOR', user_id: buyer.id, field: 'grade', operator: '=', value: 'A' }));
    const del = (form: Record<string, string>) => srv.call('POST', 'utilsapi/sys/data-rules/delete', { token: tok['brand.admin'], headers: { 'x-seamline-lang': 'en' }, form });
    for (const form of [{}, { ids: '' }, { ids: '[]' }, { DATA: '' }] as Record<string, string>[]) {
      const res = await del(form);
      expect([JSON.stringify(form), res.status, res.body.message]).toEqual([JSON.stringify(form), 400, 'The parameter ids is required']);
    }
    expect((await del({ ids: '{"a":1}' })).status).toBe(400);
    expect(ok(await del({ ids: JSON.stringify([rule.id]) }))).toEqual({ deleted: 1 });
    expect(ok(await get('brand.admin', 'data-rules/list', { user_id: buyer.id })).map((r: Doc) => r.id)).not.toContain(rule.id);
    expect((await del({ ids: JSON.stringify([rule.id]) })).status).toBe(404);
  });

  it('checks the rule (operator, menu, member) and offers the fields per entity', async () => {
    const factoryAdmin = ok(await get('factory.admin', 'users/page-list', { q: { search: 'factory.admin' } })).rows[0];
    const bad = await post('brand.admin', 'data-rules/save', { menu_code: 'NOPE', user_id: factoryAdmin.id, field: 'code', operator: '~' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['menu_code', 'operator', 'user_id']);
    const me = ok(await get('brand.admin', 'users/page-list', { q: { search: 'brand.buyer' } })).rows[0];
    const notAllowed = await post('brand.admin', 'data-rules/save', { menu_code: 'SRM_VENDOR', user_id: me.id, field: 'full_name', operator: 'in', value: ' , ' });
    expect(notAllowed.body.data.errors).toEqual({ field: ['Rules of this menu cannot use this field'], value: ['This field is required'] });
    const fields = ok(await get('brand.admin', 'data-rules/fields'));
    expect(fields.operators).toContain('not in');
    expect(fields.entities.find((e: Doc) => e.entity === 'vendor')).toMatchObject({ menu_code: 'SRM_VENDOR' });
    expect((await post('brand.buyer', 'data-rules/save', { menu_code: 'SRM_VENDOR' })).status).toBe(403);
  });

  it('offers the real values of a field for the rule value: options, dictionary rows, values in use, references by name', async () => {
    const values = async (entity: string, field: string) => ok(await get('brand.admin', 'data-rules/values', { entity, field })) as Array<{ value: string; label: string }>;
    const vendors = ok(await srv.call('GET', 'mdapi/vendor/page-list', { token: tok['brand.admin'], query: { p: JSON.stringify({ size: 200 }) } })).rows as Doc[];
    // Fixed options (status) and what the vendors hold for a dictionary or plain field.
    expect((await values('vendor', 'status')).map((o) => o.value)).toEqual(expect.arrayContaining([...new Set(vendors.map((v) => String(v.status)))]));
    const currencies = (await values('vendor', 'currency')).map((o) => o.value);
    for (const v of vendors.filter((x) => x.currency)) expect(currencies).toContain(v.currency);
    // A reference (the vendor's owner) is offered by the person's name, its value the id.
    const owned = vendors.find((v) => v.owner_id);
    if (owned) expect(await values('vendor', 'owner_id')).toContainEqual({ value: owned.owner_id, label: expect.not.stringMatching(/^[0-9a-f-]{36}$/) });
    // Another company's values never show; an unknown entity or a field no rule may name is 404; missing → 400.
    const theirs = ok(await srv.call('GET', 'mdapi/vendor/page-list', { token: tok['factory.admin'], query: { p: JSON.stringify({ size: 200 }) } })).rows as Doc[];
    const theirOwners = ok(await srv.call('GET', 'utilsapi/sys/data-rules/values', { token: tok['factory.admin'], query: { entity: 'vendor', field: 'owner_id' } })) as Array<{ value: string }>;
    expect(theirOwners.map((o) => o.value).sort()).toEqual([...new Set(theirs.map((v) => v.owner_id).filter(Boolean))].sort());
    expect((await get('brand.admin', 'data-rules/values', { entity: 'vendor', field: 'tin' })).status).toBe(404);
    expect((await get('brand.admin', 'data-rules/values', { entity: 'nope', field: 'status' })).status).toBe(404);
    expect((await get('brand.admin', 'data-rules/values', { entity: 'vendor' })).status).toBe(400);
  });
});

describe('serial-number configs', () => {
  it('keeps prefix, date prefix, suffix, length and a 0/1 flag, with a sample number', async () => {
    const c = ok(await post('brand.admin', 'serial-numbers/save', { code: 'PO', prefix: 'PO', date_prefix: 'YYYYMMDD', suffix: '', length: 4, flag: 1 }));
    expect(c).toMatchObject({ code: 'PO', prefix: 'PO', date_prefix: 'YYYYMMDD', suffix: '', length: 4, flag: 1 });
    expect(c.sample).toMatch(/^PO\d{8}0001$/);
    const bad = await post('brand.admin', 'serial-numbers/save', { code: 'PO2', length: 0, flag: 2, date_prefix: 'hello' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors).toMatchObject({ flag: ['The flag is 0 or 1'], length: ['Length is a whole number from 1 to 18'] });
    expect(bad.body.data.errors.date_prefix).toBeDefined();
    expect((await post('brand.admin', 'serial-numbers/save', { code: 'PO', length: 4, flag: 0 })).status).toBe(422);
    const off = ok(await post('brand.admin', 'serial-numbers/save', { id: c.id, version: c.version, code: 'PO', prefix: 'PO', length: 6, flag: 0 }));
    expect(off).toMatchObject({ flag: 0, length: 6, version: c.version + 1 });
    expect((await post('factory.admin', 'serial-numbers/save', { id: c.id, version: off.version, code: 'PO', length: 4, flag: 1 })).status).toBe(404);
    expect((await post('factory.admin', 'serial-numbers/delete', [c.id])).status).toBe(404);
    expect(ok(await get('factory.admin', 'serial-numbers/list')).some((x: Doc) => x.id === c.id)).toBe(false);
    expect(ok(await post('brand.admin', 'serial-numbers/delete', [c.id]))).toEqual({ deleted: 1 });
  });
});

describe('list layouts (personal UI config)', () => {
  const page = '/md/index/vendor';
  it('lives under utilsapi as API.md says (spec §7 prefixes only); the bare scommonapi path is no route', async () => {
    expect((await srv.call('GET', 'utilsapi/scommonapi/sconf-ui-config-person/page-person-template', { token: tok['brand.buyer'], query: { page: '/md/index/vendor' } })).status).toBe(200);
    expect((await srv.call('GET', 'scommonapi/sconf-ui-config-person/page-person-template', { token: tok['brand.buyer'], query: { page: '/md/index/vendor' } })).status).toBe(404);
  });

  it('saves a personal layout, falls back to the company template, copies and resets', async () => {
    const layout = { columns: [{ key: 'code', width: 120 }, { key: 'short_name', hidden: true }, { key: 'code' }] };
    const saved = ok(await layoutPost('brand.buyer', 'submit-cache', { page, config: layout }));
    expect(saved.person).toEqual({ columns: [{ key: 'code', width: 120 }, { key: 'short_name', hidden: true }] });
    expect(saved.effective).toEqual(saved.person);
    expect(saved.can_save_company).toBe(false);
    expect((await layoutPost('brand.buyer', 'submit-template', { page, config: layout })).status).toBe(403);

    const company = ok(await layoutPost('brand.admin', 'submit-template', { page, config: { columns: [{ key: 'full_name' }] } }));
    expect(company.company).toEqual({ columns: [{ key: 'full_name' }] });

    // Copy the buyer's layout to the administrator (a member of the same company).
    const admin = ok(await get('brand.admin', 'users/page-list', { q: { search: 'brand.admin' } })).rows[0];
    expect(ok(await layoutPost('brand.buyer', 'copy-page-person', { page, user_ids: [admin.id] }))).toEqual({ copied: 1 });
    const adminView = ok(await srv.call('GET', 'utilsapi/scommonapi/sconf-ui-config-person/page-person-template', { token: tok['brand.admin'], query: { page } }));
    expect(adminView.person).toEqual(saved.person);
    // Not to another company's user.
    const factoryAdmin = ok(await get('factory.admin', 'users/page-list', { q: { search: 'factory.admin' } })).rows[0];
    expect((await layoutPost('brand.buyer', 'copy-page-person', { page, user_ids: [factoryAdmin.id] })).status).toBe(422);

    const reset = ok(await layoutPost('brand.buyer', 'reset-page', { page }));
    expect(reset.person).toBeNull();
    expect(reset.effective).toEqual({ columns: [{ key: 'full_name' }] });
    ok(await layoutPost('brand.buyer', 'submit-cache', { page: '/md/index/customer', config: layout }));
    expect(ok(await layoutPost('brand.buyer', 'clear-cache', {}))).toEqual({ cleared: 1 });

    // Another company sees none of it.
    const other = ok(await srv.call('GET', 'utilsapi/scommonapi/sconf-ui-config-person/page-person-template', { token: tok['factory.admin'], query: { page } }));
    expect(other).toMatchObject({ person: null, company: null, effective: null });
    expect((await layoutPost('brand.buyer', 'submit-cache', { page: 'not-a-path', config: layout })).status).toBe(422);
  });
});

describe('system UI config (super admin only)', () => {
  it('is refused to company admins and kept for the super admin', async () => {
    expect((await get('brand.admin', 'ui-config')).status).toBe(403);
    expect((await post('brand.admin', 'ui-config/save', { site_name_en: 'X' })).status).toBe(403);
    const before = ok(await get('super.admin', 'ui-config'));
    expect(before.site_name_en).toBeTruthy();
    const bad = await post('super.admin', 'ui-config/save', { ...before, primary_color: 'red', default_page_size: 7 });
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['default_page_size', 'primary_color']);
    const saved = ok(await post('super.admin', 'ui-config/save', { ...before, site_name_en: 'Seamline Test', primary_color: '#AA3300', default_page_size: 50 }));
    expect(saved).toMatchObject({ site_name_en: 'Seamline Test', primary_color: '#aa3300', default_page_size: 50 });
    expect(ok(await srv.call('GET', 'utilsapi/sys/ui-config/public')).site_name_en).toBe('Seamline Test');
  });
});

describe('tenant isolation of every admin endpoint', () => {
  it("answers 404 for another company's ids and never shows its data", async () => {
    const brandUser = ok(await get('brand.admin', 'users/page-list', { q: { search: 'brand.buyer' } })).rows[0];
    const brandRole = await roleId('brand.admin', 'BUYER');
    const rule = ok(await post('brand.admin', 'data-rules/save', { menu_code: 'SRM_VENDOR', user_id: brandUser.id, field: 'grade', operator: '=', value: 'X' }));
    const vendor = ok(await srv.call('GET', 'mdapi/vendor/page-list', { token: tok['brand.admin'] })).rows[0];
    try {
      const calls: Array<[string, Promise<ApiResponse>]> = [
        ['users/view', get('factory.admin', 'users/view', { id: brandUser.id })],
        ['users/save', post('factory.admin', 'users/save', { id: brandUser.id, version: 1, title: 'x' })],
        ['users/freeze', post('factory.admin', 'users/freeze', { id: brandUser.id })],
        ['users/unfreeze', post('factory.admin', 'users/unfreeze', { id: brandUser.id })],
        ['roles/view', get('factory.admin', 'roles/view', { id: brandRole })],
        ['roles/save', post('factory.admin', 'roles/save', { id: brandRole, version: 1, code: 'BUYER', name: 'x' })],
        ['roles/delete', post('factory.admin', 'roles/delete', [brandRole])],
        ['data-rules/save', post('factory.admin', 'data-rules/save', { id: rule.id, version: 1, menu_code: 'SRM_VENDOR', user_id: brandUser.id, field: 'grade', operator: '=' })],
        ['data-rules/delete', post('factory.admin', 'data-rules/delete', [rule.id])],
        ['data-rules/effective', get('factory.admin', 'data-rules/effective', { user_id: brandUser.id })],
        ['data-rules/explain', get('factory.admin', 'data-rules/explain', { user_id: brandUser.id, entity: 'vendor', id: vendor.id })],
      ];
      for (const [name, call] of calls) {
        const res = await call;
        // The factory admin may name the brand's user in a rule body: that is a field error (not a member), never a write.
        const expected = name === 'data-rules/save' ? [404, 422] : [404];
        expect(expected, `${name} answered ${res.status}`).toContain(res.status);
        expect(JSON.stringify(res.body)).not.toContain('brand.buyer');
      }
      expect(ok(await get('factory.admin', 'data-rules/list')).some((r: Doc) => r.id === rule.id)).toBe(false);
      expect(ok(await get('factory.admin', 'users/page-list', { p: { size: 200 } })).rows.some((r: Doc) => r.id === brandUser.id)).toBe(false);
      expect((await rolesOf('factory.admin')).some((r) => r.id === brandRole)).toBe(false);
      // Nothing changed for the brand.
      expect(ok(await get('brand.admin', 'users/view', { id: brandUser.id })).status).toBe('ACTIVE');
    } finally {
      ok(await post('brand.admin', 'data-rules/delete', [rule.id]));
    }
  });
});

describe('company card and profile (CON-19, CON-21, CON-22)', () => {
  const save = (data: Doc) => srv.call('POST', 'mdapi/company/save', { token: tok['brand.admin'], headers: { 'x-seamline-lang': 'en' }, json: { DATA: data } });
  it('keeps case slots 1 to 5, each once; a sixth case or a taken slot is refused', async () => {
    const card = ok(await srv.call('GET', 'mdapi/company/page-list', { token: tok['brand.admin'] })).rows[0];
    const cases = (n: number) => Array.from({ length: n }, (_, i) => ({ slot: String(i + 1), title: `Case ${i + 1}` }));
    const dup = await save({ id: card.id, version: card.version, cases: [{ slot: '1', title: 'A' }, { slot: '1', title: 'B' }] });
    expect(dup.status).toBe(422);
    expect(JSON.stringify(dup.body.data.errors)).toContain('This case slot is taken');
    const six = await save({ id: card.id, version: card.version, cases: [...cases(5), { slot: '5', title: 'Sixth' }] });
    expect(six.status).toBe(422);
    expect(six.body.data.errors._document).toContain('At most 5 cases');
    const badSlot = await save({ id: card.id, version: card.version, cases: [{ slot: '6', title: 'Six' }] });
    expect(badSlot.status).toBe(422);
    const saved = ok(await save({ id: card.id, version: card.version, cases: cases(5), licence_image: 'https://example.com/licence.png' }));
    expect(saved.cases.map((c: Doc) => c.slot)).toEqual(['1', '2', '3', '4', '5']);
    expect(saved.licence_image).toBe('https://example.com/licence.png');
    expect(saved.card_version).toBe(card.card_version + 1);
  });

  it('the form shows the logo and licence size hints', async () => {
    const defs = ok(await srv.call('GET', 'utilsapi/meta/entities', { token: tok['brand.admin'], query: { names: 'company' } }));
    const fields = (defs[0] ?? defs.company).fields as Doc[];
    expect(fields.find((f) => f.name === 'logo')!.hint.en).toMatch(/702×180.*200×200/);
    expect(fields.find((f) => f.name === 'licence_image')!.hint.en).toBe('At least 600×840 px');
  });
});
