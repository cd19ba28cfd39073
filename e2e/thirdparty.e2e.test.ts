// Third-party sign-in in a real browser (issue 17): a real OpenID Connect provider
// (oauth2-mock-server, areas/access/server/thirdPartyTestProvider) and a server process of this
// file's own, configured for it through THIRD_PARTY_LOGINS (the global setup's server has no
// provider). The browser really leaves for the provider and comes back with the code.
// - An unbound DingTalk id shows the link step; the password sign-in links it and lands on the workbench.
// - The next DingTalk sign-in lands on the workbench at once, as that user.
// - Binding from the profile (WeCom), then a WeCom sign-in as that user.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestProvider, type TestProvider } from '../areas/access/server/thirdPartyTestProvider';
import { launch, shot, signIn } from './browser';
import { freePort, waitUntilUp } from './global-setup';

let idp: TestProvider;
let server: ChildProcess;
let baseURL: string;
let dataDir: string;
let browser: Browser;

const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });

beforeAll(async () => {
  idp = await startTestProvider();
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'seamline-thirdparty-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseURL,
    THIRD_PARTY_LOGINS: JSON.stringify({ DEMO_BRAND: { dingtalk: idp.adapter, wecom: idp.adapter } }),
  };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: new URL('..', import.meta.url).pathname, env, stdio: 'inherit' });
  // Up when it answers (fresh embedded database: migrations and demo data first).
  await waitUntilUp(`${baseURL}/api/utilsapi/access/public-key`, server, 180_000);
  browser = await launch();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  await idp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function freshPage(lang: 'en' | 'zh', width = 1366): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  return page;
}

/** The signed-in user, as the page's own stored token tells the server. */
const whoAmI = (page: Page) =>
  page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const res = await fetch(`/api/utilsapi/access/user-state?token=${encodeURIComponent(token ?? '')}`);
    return (await res.json()).data?.results?.username as string | undefined;
  });

describe('DingTalk-style sign-in through a local OpenID Connect provider', () => {
  it('an unbound id shows the link step; signing in with the password links it and lands on the workbench', async () => {
    const page = await freshPage('en', 375);
    await page.goto('/login/ddwelcome/DEMO_BRAND');
    const start = page.getByTestId('login-third-start');
    await start.waitFor();
    expect(await start.textContent()).toBe('Sign in with DingTalk');
    await shot(page, 'thirdparty-ddwelcome-375-en');
    idp.as('dd-user-ann');
    await start.click();
    // Off to the provider and back with the code: not linked yet, so the link step shows.
    const unbound = page.getByTestId('login-third-unbound');
    await unbound.waitFor({ timeout: 30_000 });
    expect(await unbound.textContent()).toMatch(/This DingTalk account is not linked to a Seamline account yet/);
    expect(page.url()).toContain('/login/ddwelcome/DEMO_BRAND?');
    await shot(page, 'thirdparty-unbound-375-en');
    await signIn(page, 'brand.buyer');
    await page.waitForURL('**/workspace/home');
    await poll(() => page.evaluate(async () => {
      const token = localStorage.getItem('token');
      const res = await fetch(`/api/thirdpartyapi/third-login/mine?token=${encodeURIComponent(token ?? '')}`);
      return (await res.json()).data.results.find((r: { type: string }) => r.type === 'dingtalk')?.bound;
    })).toBe(true);
    await page.context().close();
  });

  it('the linked id signs in from DingTalk straight onto the workbench (Chinese)', async () => {
    const page = await freshPage('zh');
    await page.goto('/login/ddwelcome/DEMO_BRAND');
    await page.getByTestId('login-third-start').filter({ hasText: '使用钉钉登录' }).waitFor();
    await shot(page, 'thirdparty-ddwelcome-zh');
    idp.as('dd-user-ann');
    await page.getByTestId('login-third-start').click();
    await page.waitForURL('**/workspace/home', { timeout: 30_000 });
    expect(await whoAmI(page)).toBe('brand.buyer');
    await page.context().close();
  });

  it('a company without DingTalk says so in place and keeps the password form', async () => {
    const page = await freshPage('en', 375);
    await page.goto('/login/ddwelcome/DEMO_GARMENT');
    await page.getByTestId('login-third-answer').filter({ hasText: 'Sign-in through DingTalk is not configured' }).waitFor();
    expect(await page.getByTestId('login-submit').isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('binding from the profile', () => {
  it('the owner links WeCom on /page/userinfo, then signs in from WeCom as themselves', async () => {
    // brand.admin's own language is Chinese: the app follows it after sign-in.
    const page = await freshPage('zh');
    await page.goto('/login');
    await signIn(page, 'brand.admin');
    await page.waitForURL('**/workspace/home');
    await page.goto('/page/userinfo');
    const row = page.getByTestId('third-row-wecom');
    await row.waitFor();
    expect(await row.textContent()).toContain('未绑定');
    await page.getByTestId('third-card').scrollIntoViewIfNeeded();
    await shot(page, 'thirdparty-profile-zh');
    idp.as('wecom-wang-fang');
    await page.getByTestId('qywx-bind').click();
    await page.getByTestId('third-linked').filter({ hasText: '已绑定企业微信' }).waitFor({ timeout: 30_000 });
    expect(page.url()).toContain('/page/thirdbinding');
    await shot(page, 'thirdparty-linked-zh');
    await page.goto('/page/userinfo');
    await poll(async () => (await page.getByTestId('third-row-wecom').textContent()) ?? '').toMatch(/企业微信已绑定/);
    await page.context().close();

    const wecom = await freshPage('zh', 375);
    await wecom.goto('/login/qywxwelcome?client=DEMO_BRAND');
    await wecom.getByTestId('login-third-start').filter({ hasText: '使用企业微信登录' }).waitFor();
    await shot(wecom, 'thirdparty-qywxwelcome-375-zh');
    idp.as('wecom-wang-fang');
    await wecom.getByTestId('login-third-start').click();
    await wecom.waitForURL('**/workspace/home', { timeout: 30_000 });
    expect(await whoAmI(wecom)).toBe('brand.admin');
    await wecom.context().close();
  });
});
