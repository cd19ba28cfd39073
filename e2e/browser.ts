import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

// Debian's chromium: playwright never downloads a browser here.
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run',
      '--disable-component-update', '--disable-sync'],
  });
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

export const PASSWORD = 'Seamline2026';

/** Signs in through the login form the way a person does. */
export async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * The demo users' own languages (README). Journeys share one server and some switch a user's
 * stored language; every sign-in starts from the documented one, so no journey depends on the
 * order the files run in.
 */
const DEMO_LANG: Record<string, 'en' | 'zh'> = {
  'super.admin': 'en', 'brand.admin': 'zh', 'brand.buyer': 'en', 'factory.admin': 'zh',
  'fabric.admin': 'zh', 'brand.approver1': 'en', 'brand.approver2': 'zh', 'inspect.admin': 'en',
};

/**
 * One browser per test file, started before its tests and closed after; `newPage` opens a fresh
 * context (empty storage, as a new user) on the server the global setup started.
 */
export function useBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const newPage = async (options: BrowserContextOptions = {}) => {
    const context = await browser.newContext({ baseURL: inject('baseURL'), viewport: { width: 1366, height: 850 }, ...options });
    return { context, page: await context.newPage() };
  };
  return {
    newPage,
    /** A fresh context signed in as `username`, on the workbench. */
    async signedIn(username: string, options: BrowserContextOptions = {}) {
      const { context, page } = await newPage(options);
      await page.goto('/login');
      await signIn(page, username);
      await page.waitForURL('**/workspace/home');
      const want = DEMO_LANG[username];
      if (want) await useLanguage(page, want);
      return { context, page };
    },
  };
}

/** Switches the signed-in user's language with the shell's switch, as a person does. */
export async function useLanguage(page: Page, lang: 'en' | 'zh') {
  const current = async () => (await page.evaluate(() => localStorage.getItem('lang'))) ?? 'zh';
  if ((await current()) === lang) return;
  await page.getByTestId('lang-switch').getByText(lang === 'en' ? 'English' : '中文').first().click();
  await expect.poll(current).toBe(lang);
}

/**
 * Opens each URL on `tabs` tabs of the page's context at once (language and token are the
 * context's) and calls `visit` on the loaded tab: a sweep of many screens mostly waits for the
 * network, so two tabs take about half the time on CI's two cores. A failing tab stops
 * the others at their next URL; the extra tabs are closed either way.
 */
export async function visitEach(page: Page, urls: readonly string[], visit: (tab: Page, url: string) => Promise<void>, tabs = 2) {
  const queue = [...urls];
  const pages = [page, ...(await Promise.all(Array.from({ length: tabs - 1 }, () => page.context().newPage())))];
  try {
    await Promise.all(
      pages.map(async (tab) => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          await tab.goto(url, { waitUntil: 'domcontentloaded' });
          await visit(tab, url);
        }
      }),
    );
  } finally {
    queue.length = 0;
    await Promise.all(pages.slice(1).map((t) => t.close()));
  }
}
