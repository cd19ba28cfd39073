// Issue 13: the platform switch in the browser. The side menu and the workbench's module cards
// follow the chosen platform at once (no page reload), a screen of the other platform still opens
// by its URL, and a user whose menus lie in one platform sees only its name. Desktop and 375 px,
// English and Chinese.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, useBrowser } from './browser';

const browser = useBrowser();

const cards = (page: Page) =>
  page.locator('[data-testid="module-menus"] [data-testid^="module-"]:not([data-testid^="module-entry-"])').evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-testid')!.replace('module-', '')),
  );

async function pickLang(page: Page, lang: 'en' | 'zh') {
  await page.getByTestId('lang-switch').getByText(lang === 'en' ? 'English' : '中文').click();
  await expect.poll(() => page.getByTestId('page-title').textContent()).toContain(lang === 'en' ? 'Workbench' : '个人工作台');
}

async function switchPlatform(page: Page, id: string) {
  await page.getByTestId('platform-switch').first().click();
  await page.getByTestId(`platform-${id}`).click();
}

describe('platform switch', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`moves the menus to the chosen platform without a reload (${lang}, desktop)`, async () => {
      const { context, page } = await browser.signedIn('brand.admin');
      await pickLang(page, lang);
      await page.getByTestId('module-menus').waitFor();
      // A user who never switched is on the SCM platform: no development card.
      // (The language switch re-reads user-state quietly: server texts follow a moment later.)
      await expect.poll(() => page.getByTestId('platform-name').textContent()).toBe(lang === 'en' ? 'Supply chain collaboration' : '供应链协同');
      expect(await cards(page)).toEqual(expect.arrayContaining(['SYS', 'SRM', 'SCM']));
      expect(await cards(page)).not.toContain('DEV');
      await shot(page, `platform-scm-${lang}`);

      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await switchPlatform(page, 'PLM');
      await expect.poll(() => cards(page)).toContain('DEV');
      expect(await cards(page)).not.toContain('SRM');
      expect(await cards(page)).toContain('SYS');
      expect(await page.getByTestId('platform-name').textContent()).toBe(lang === 'en' ? 'Product development' : '产品开发');
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      const side = await page.getByTestId('side-menu').innerText();
      expect(side).toContain(lang === 'en' ? 'Development' : '产品开发');
      expect(side).not.toContain(lang === 'en' ? 'Supplier' : '供应商');
      await shot(page, `platform-plm-${lang}`);

      // Back on SCM, a development screen still opens by its URL (menus are navigation only).
      await switchPlatform(page, 'SCM');
      await expect.poll(() => cards(page)).not.toContain('DEV');
      await page.goto('/dev/index/style');
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await shot(page, `platform-scm-dev-url-${lang}`);
      await context.close();
    });
  }

  it('shows only the name where the user has menus in one platform', async () => {
    const { context, page } = await browser.signedIn('brand.approver1');
    await page.getByTestId('platform-name').waitFor();
    await page.getByTestId('module-menus').waitFor();
    expect(await page.getByTestId('platform-switch').count()).toBe(0);
    await shot(page, 'platform-single-en');
    await context.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`switches from the menu drawer at 375 px (${lang})`, async () => {
      const { context, page } = await browser.signedIn('brand.admin', { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
      await pickLang(page, lang);
      await page.getByTestId('menu-toggle').click();
      const drawer = page.locator('.sl-menu-drawer');
      await drawer.getByTestId('platform-switch').waitFor();
      await expect.poll(async () => (await drawer.locator('.ant-drawer-content-wrapper').boundingBox())?.x).toBe(0);
      await page.screenshot({ path: new URL(`./artifacts/platform-phone-drawer-${lang}.png`, import.meta.url).pathname });
      await drawer.getByTestId('platform-switch').click();
      await page.getByTestId('platform-PLM').click();
      await expect.poll(() => drawer.getByTestId('platform-name').textContent()).toBe(lang === 'en' ? 'Product development' : '产品开发');
      await expect.poll(() => drawer.getByTestId('side-menu').innerText()).toContain(lang === 'en' ? 'Development' : '产品开发');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: new URL(`./artifacts/platform-phone-plm-${lang}.png`, import.meta.url).pathname });
      await drawer.getByTestId('platform-switch').click();
      await page.getByTestId('platform-SCM').click();
      await expect.poll(() => drawer.getByTestId('platform-name').textContent()).toBe(lang === 'en' ? 'Supply chain collaboration' : '供应链协同');
      await context.close();
    });
  }
});
