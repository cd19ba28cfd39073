// The platform switch over real HTTP on a freshly seeded database (spec §4 'A platform switch
// updates platform id and name'): the chosen platform decides which menu categories the session
// user's menus hold; permissions and direct routes stay as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

const state = async (token: string, lang = 'en') =>
  (await srv.call('GET', 'utilsapi/access/user-state', { token, headers: { 'x-seamline-lang': lang } })).body.data.results;
const switchTo = (token: string, platform_id: string, lang = 'en') =>
  srv.call('POST', 'utilsapi/access/switch-plt', { token, form: { platform_id }, headers: { 'x-seamline-lang': lang } });
const categories = (u: { menus: Record<string, unknown> }) => Object.keys(u.menus);
const moduleCategories = (u: { menu_modules: { CATEGORY: string }[] }) => u.menu_modules.map((m) => m.CATEGORY);

describe('platform switch', () => {
  it('shows the SCM platform to a user who never switched, and switching changes the menus at once', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const before = await state(me.token);
    expect(before).toMatchObject({ platform_id: 'SCM', platform_name: 'Supply chain collaboration' });
    expect(before.platform_list.map((p: { platform_id: string }) => p.platform_id)).toEqual(['SCM', 'PLM']);
    expect(categories(before)).toEqual(['SRM', 'SCM', 'PLAN', 'RPT', 'COLLAB']);
    expect(moduleCategories(before)).toEqual(categories(before));

    const res = await switchTo(me.token, 'PLM');
    expect(res.body.data.results).toEqual({ platform_id: 'PLM', platform_name: 'Product development' });
    const plm = await state(me.token);
    expect(plm).toMatchObject({ platform_id: 'PLM', settings: { PLATFORM_ID: 'PLM' } });
    expect(categories(plm)).toEqual(['DEV', 'RPT', 'COLLAB']);
    expect(moduleCategories(plm)).toEqual(['DEV', 'RPT', 'COLLAB']);
    // The same answer in Chinese: names follow the request's language.
    expect(await state(me.token, 'zh')).toMatchObject({ platform_id: 'PLM', platform_name: '产品开发' });

    // Menus are navigation: a screen of the other platform still answers by its URL.
    const styles = await srv.call('GET', 'plmapi/style/page-list', { token: me.token });
    expect(styles.status).toBe(200);
    await switchTo(me.token, 'SCM');
    const stillStyles = await srv.call('GET', 'plmapi/style/page-list', { token: me.token });
    expect(stillStyles.status).toBe(200);
    expect(stillStyles.body.data.results.total).toBe(styles.body.data.results.total);
    expect(categories(await state(me.token))).toEqual(['SRM', 'SCM', 'PLAN', 'RPT', 'COLLAB']);
  });

  it('a company administrator sees every category across the two platforms', async () => {
    const admin = await login(srv.call, 'brand.admin');
    const scm = await state(admin.token);
    await switchTo(admin.token, 'PLM');
    const plm = await state(admin.token);
    await switchTo(admin.token, 'SCM');
    expect(categories(scm)).toEqual(expect.arrayContaining(['SYS', 'SRM', 'SCM', 'RPT', 'COLLAB']));
    expect(categories(scm)).not.toContain('DEV');
    expect(categories(plm)).toEqual(['SYS', 'DEV', 'RPT', 'COLLAB']);
  });

  it('offers no switch to a user whose menus lie in one platform, and refuses the other there', async () => {
    const me = await login(srv.call, 'brand.approver1');
    const u = await state(me.token);
    expect(u.platform_list).toEqual([{ platform_id: 'SCM', platform_name: 'Supply chain collaboration' }]);
    const refused = await switchTo(me.token, 'PLM');
    expect(refused.body).toEqual({ message: 'Unknown platform', code: 400 });
    expect((await state(me.token)).platform_id).toBe('SCM');
  });

  it('refuses an unknown platform in the user\'s language and keeps the stored one', async () => {
    const me = await login(srv.call, 'brand.buyer');
    expect((await switchTo(me.token, 'NOPE', 'en')).body).toEqual({ message: 'Unknown platform', code: 400 });
    expect((await switchTo(me.token, 'NOPE', 'zh')).body).toEqual({ message: '未知的平台', code: 400 });
    expect((await switchTo(me.token, '', 'en')).body.code).toBe(400);
    expect((await state(me.token)).platform_id).toBe('SCM');
  });
});
