import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCaller, login } from '../server/src/testing/http';
import { shot, signIn, useBrowser } from './browser';

const browser = useBrowser();
const freshPage = () => browser.newPage();

const storage = (page: Page) => page.evaluate(() => ({ ...localStorage }));

// Journeys share one server and its demo users; others switch brand.admin's language. This one is
// about the demo's documented Chinese, so it puts the stored language back first (as its owner would).
beforeAll(async () => {
  const call = apiCaller(inject('baseURL'));
  const { token } = await login(call, 'brand.admin');
  const profile = await call('GET', 'utilsapi/access/profile', { token });
  const saved = await call('POST', 'utilsapi/access/save-profile', { token, json: { DATA: { ...profile.body.data.results, language: 'zh' } } });
  expect(saved.status).toBe(200);
});

describe('foundation journeys', () => {
  it('brand.admin signs in on the Chinese UI and lands on the workbench', async () => {
    const { context, page } = await freshPage();
    await page.goto('/login');
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toMatch(/登\s*录/);
    await shot(page, 'login-zh');
    await signIn(page, 'brand.admin');
    await page.waitForURL('**/workspace/home');
    await expect.poll(() => page.getByTestId('module-menus').textContent()).toContain('系统管理');
    const ls = await storage(page);
    for (const key of ['token', 'tokenexpire', 'refreshtoken', 'refreshexpire', 'username']) expect(ls[key]).toBeTruthy();
    expect(ls.username).toBe('brand.admin');
    expect(ls.lang ?? 'zh').not.toBe('en');
    expect(JSON.stringify(ls)).not.toContain('Seamline2026');
    await shot(page, 'workbench-brand-admin-zh');

    // switching the language changes every text of the shell, menu titles from the server included
    await page.getByTestId('lang-switch').getByText('English').click();
    await expect.poll(() => page.getByTestId('module-menus').textContent()).toContain('Data authorization');
    expect(await page.getByTestId('side-menu').textContent()).toContain('Workbench');
    expect((await storage(page)).lang).toBe('en');
    await page.reload();
    await expect.poll(() => page.getByTestId('module-menus').textContent()).toContain('System');
    await shot(page, 'workbench-brand-admin-switched-en');
    await context.close();
  });

  it('brand.buyer gets the English UI, adds and removes a favourite that survives a reload', async () => {
    const { context, page } = await freshPage();
    await page.goto('/login');
    await signIn(page, 'brand.buyer');
    await page.waitForURL('**/workspace/home');
    await expect.poll(() => page.getByTestId('module-menus').textContent()).toContain('Supplier');
    expect((await storage(page)).lang).toBe('en');
    // a buyer is not an administrator: no system menus
    expect(await page.getByTestId('module-SYS').count()).toBe(0);
    expect(await page.getByTestId('module-SRM').count()).toBe(1);

    const star = page.locator('[data-testid^="fav-star-"]').first();
    const menuId = (await star.getAttribute('data-testid'))!.slice('fav-star-'.length);
    const saved = page.waitForRequest((r) => r.url().includes('save-favourite-menus') && r.method() === 'POST');
    await star.click();
    const req = await saved;
    expect(req.url()).toContain('token=');
    await expect.poll(() => page.getByTestId(`fav-item-${menuId}`).count()).toBe(1);
    await shot(page, 'workbench-brand-buyer-en-favourite');

    await page.reload();
    await expect.poll(() => page.getByTestId(`fav-item-${menuId}`).count()).toBe(1);

    const removed = page.waitForRequest((r) => r.url().includes('remove-favourite-menus'));
    await page.getByTestId(`fav-star-${menuId}`).first().click();
    await removed;
    await expect.poll(() => page.getByTestId(`fav-item-${menuId}`).count()).toBe(0);
    await context.close();
  });

  it('an unknown path shows the not-found page with Back and Home', async () => {
    const { context, page } = await freshPage();
    await page.goto('/login');
    await signIn(page, 'brand.buyer');
    await page.waitForURL('**/workspace/home');
    await page.goto('/no/such/path/here/at/all');
    await expect.poll(() => page.getByTestId('notfound-home').count()).toBe(1);
    expect(await page.getByTestId('notfound-back').count()).toBe(1);
    await shot(page, 'not-found-en');
    await page.getByTestId('notfound-home').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/no/such'));
    await expect.poll(() => page.getByTestId('notfound-home').count()).toBe(0);
    await context.close();
  });

  it('signing out from a deep page and back in returns to it', async () => {
    const { context, page } = await freshPage();
    await page.goto('/login');
    await signIn(page, 'brand.admin');
    await page.waitForURL('**/workspace/home');
    await page.goto('/sys/index/user?tab=2');
    await page.getByTestId('user-menu').click();
    const logout = page.waitForRequest((r) => r.url().includes('/access/logout'));
    await page.getByTestId('signout').click();
    await logout;
    await page.waitForURL('**/login?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('navipath')).toBe('/sys/index/user');
    expect(url.searchParams.get('naviparams_cata')).toBe('sys');
    expect(url.searchParams.get('naviparams_opt')).toBe('user');
    expect(url.searchParams.get('tab')).toBe('2');
    expect((await storage(page)).token).toBeUndefined();
    await shot(page, 'signed-out-login-zh');

    await signIn(page, 'brand.admin');
    await page.waitForURL('**/sys/index/user?tab=2');
    await context.close();
  });

  it('a signed-out visit to a signed-in route goes to /login with navipath', async () => {
    const { context, page } = await freshPage();
    await page.goto('/workspace/home');
    await page.waitForURL('**/login?**');
    expect(new URL(page.url()).searchParams.get('navipath')).toBe('/workspace/home');
    await context.close();
  });
});
