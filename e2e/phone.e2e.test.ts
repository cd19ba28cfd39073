// The signed-in shell on a phone (390×844, the width factory users and e-sign signers have): no
// horizontal page overflow, the company name on one line, bell and user menu on screen, and the
// side menu reachable as a drawer.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS, shot, signIn, useBrowser } from './browser';

const browser = useBrowser();
const WIDTH = 390;

async function phonePage(lang: 'en' | 'zh') {
  const { context, page } = await browser.newPage({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto('/login');
  await signIn(page, 'brand.admin');
  await page.waitForURL('**/workspace/home');
  // brand.admin's own language is Chinese: the header switch picks the one under test.
  await page.getByTestId('lang-switch').getByText(lang === 'en' ? 'English' : '中文').click();
  await expect.poll(() => page.getByTestId('page-title').textContent()).toContain(lang === 'en' ? 'Workbench' : '个人工作台');
  return { context, page };
}

/** The element's box lies fully inside the viewport's width. */
/** What the phone shows (the viewport, not the full page: the drawer is fixed to it). */
const view = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), animations: 'disabled' });

async function onScreen(el: Locator) {
  const box = await el.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the shell on a phone', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`fits 390 px in ${lang}: header on one line, bell and user menu on screen, menu in a drawer`, async () => {
      const { context, page } = await phonePage(lang);
      await page.getByTestId('module-menus').waitFor();
      await shot(page, `phone-workbench-${lang}`);

      expect(await scrollWidth(page)).toBeLessThanOrEqual(WIDTH);
      // The company name is cut with an ellipsis on one line, not wrapped a letter per line.
      expect((await page.locator('.sl-header .sl-company').boundingBox())!.height).toBeLessThanOrEqual(32);
      expect(await page.getByTestId('company-name').evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
      await onScreen(page.locator('.sl-header .anticon-bell'));
      await onScreen(page.getByTestId('user-menu'));
      await onScreen(page.getByTestId('lang-switch'));

      // The side menu does not take the phone's width: it opens as a drawer from the header
      // button and closes once an entry is chosen.
      expect(await page.getByTestId('side-menu').isVisible()).toBe(false);
      await page.getByTestId('menu-toggle').click();
      const drawer = page.locator('.sl-menu-drawer');
      await drawer.getByTestId('side-menu').waitFor();
      await expect.poll(async () => (await drawer.locator('.ant-drawer-content-wrapper').boundingBox())?.x).toBe(0);
      await view(page, `phone-menu-drawer-${lang}`);
      await drawer.getByText(lang === 'en' ? 'To-do centre' : '待办中心').first().click();
      await page.waitForURL('**/workspace/mailindex');
      await expect.poll(() => drawer.getByTestId('side-menu').isVisible()).toBe(false);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(WIDTH);

      // The user menu opens on screen.
      await page.getByTestId('user-menu').click();
      await onScreen(page.getByTestId('signout'));
      await view(page, `phone-user-menu-${lang}`);
      await context.close();
    });
  }
});
