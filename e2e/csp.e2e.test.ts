// The web app runs under the server's Content-Security-Policy without a single violation
// (docs/security.md 'Headers'): sign in, open the main screens (lists, forms, admin, upload,
// workspace), with the live socket on; any CSP report or console complaint fails the journey.
import { describe, expect, it } from 'vitest';
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
