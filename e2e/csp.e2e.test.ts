// The web app runs under the server's Content-Security-Policy without a single violation
// (docs/security.md 'Headers'): sign in, open the main screens (lists, forms, admin, upload,
// workspace), with the live socket on; any CSP report or console complaint fails the journey.
import { describe, expect, inject, it } from 'vitest';
import { apiCaller, login } from '../server/src/testing/http';
import type { Page } from 'playwright-core';
import { shot, signIn, useBrowser } from './browser';

const { newPage } = useBrowser();

/** Records every CSP violation the page reports, from the first document on. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy|CSP violation/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

const SCREENS = [
  '/workspace/menuguide',
  '/md/index/vendor',
  '/md/index/company',
  '/sys/index/user',
  '/sys/index/role',
  '/sys/page/ui-config',
  '/page/upload/view',
  '/srm/index/rfq',
  '/collab/index/task',
  '/collab/index/ticket',
  '/collab/page/my-approvals',
  '/rpt/dsrptindex/control-tower',
  '/rpt/dsrptindex/reports',
  '/visual/board',
  '/plan/page/capacity-board',
  '/dev/index/style',
  '/discovery/index',
];

describe('Content-Security-Policy', () => {
  it('the sign-in page, the workbench and the main screens run without a violation', async () => {
    const { page, context } = await newPage();
    const violations = await watchCsp(page);
    const first = await page.goto('/login');
    const csp = first!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    await signIn(page, 'brand.admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    for (const path of SCREENS) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.locator('#root *').first().waitFor();
    }
    // A form with its inputs and pickers open.
    await page.goto('/md/index/vendor');
    await page.waitForLoadState('networkidle');
    await shot(page, 'csp-vendor-list');
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe('external avatars (SES-06)', () => {
  it('an https avatar link shows in the header instead of being blocked by the policy', async () => {
    const call = apiCaller(inject('baseURL'));
    const { token } = await login(call, 'brand.approver2');
    const profile = await call('GET', 'utilsapi/access/profile', { token });
    const before = profile.body.data.results;
    const AVATAR = 'https://avatars.seamline.test/approver2.png';
    await call('POST', 'utilsapi/access/save-profile', { token, json: { DATA: { ...before, avatar: AVATAR } } });
    try {
      const { page, context } = await newPage();
      const violations = await watchCsp(page);
      // The browser's one outside address: answered here with a real PNG (no network in tests).
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
      await context.route('https://avatars.seamline.test/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
      await page.goto('/login');
      await signIn(page, 'brand.approver2');
      await page.waitForURL('**/workspace/home');
      const img = page.getByTestId('user-menu').locator('img');
      await expect.poll(() => img.getAttribute('src')).toBe(AVATAR);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
      expect(violations).toEqual([]);
      await context.close();
    } finally {
      await call('POST', 'utilsapi/access/save-profile', { token, json: { DATA: { ...before, avatar: before.avatar ?? '' } } });
    }
  });
});
