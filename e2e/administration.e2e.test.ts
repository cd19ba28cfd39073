// Administration in the browser: a company administrator creates a role and a user with it; the
// user signs in and sees only the role's menus; a data rule limits the user's list; freezing the
// user ends the session and blocks sign-in.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, signIn, useBrowser } from './browser';

const browser = useBrowser();

const USERNAME = 'e2e.qa';
const PASSWORD = 'Qa2026secure';

async function chooseOption(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
  await page.keyboard.press('Escape');
}

async function sideMenuTexts(page: Page): Promise<string[]> {
  return page.locator('.ant-layout-sider .ant-menu-item').allTextContents();
}

describe('administration in the browser', () => {
  it('role → user → sign-in with only its menus → data rule → freeze', async () => {
    const admin = await browser.newPage();
    await admin.page.goto('/login');
    await signIn(admin.page, 'brand.admin');
    await admin.page.waitForURL('**/workspace/home');

    // A role opening the customers list only.
    await admin.page.goto('/sys/index/role');
    await admin.page.getByTestId('role-new').click();
    await admin.page.getByTestId('role-field-code').fill('e2e_cust');
    await admin.page.getByTestId('role-field-name').fill('Customer desk');
    await admin.page.locator('[data-testid="role-menus"] .ant-tree-treenode', { hasText: '(SCM_CUSTOMER)' }).locator('.ant-tree-checkbox').click();
    await shot(admin.page, 'admin-role-new-zh');
    const roleSaved = admin.page.waitForResponse((r) => r.url().includes('/api/utilsapi/sys/roles/save'));
    await admin.page.getByTestId('role-save').click();
    expect((await roleSaved).status()).toBe(200);
    await expect.poll(() => admin.page.locator('.ant-table-tbody').textContent()).toContain('E2E_CUST');

    // The user, with that role.
    await admin.page.goto('/sys/index/user');
    await admin.page.getByTestId('user-new').click();
    await admin.page.getByTestId('user-field-username').fill(USERNAME);
    await admin.page.getByTestId('user-field-full_name').fill('Quinn Adams');
    await admin.page.getByTestId('user-field-email').fill('e2e.qa@example.com');
    await admin.page.getByTestId('user-field-password').fill(PASSWORD);
    await chooseOption(admin.page, 'user-field-roles', 'E2E_CUST');
    await shot(admin.page, 'admin-user-new-zh');
    const userSaved = admin.page.waitForResponse((r) => r.url().includes('/api/utilsapi/sys/users/save'));
    await admin.page.getByTestId('user-save').click();
    expect((await userSaved).status()).toBe(200);
    await expect.poll(() => admin.page.locator('.ant-table-tbody').textContent()).toContain(USERNAME);
    await shot(admin.page, 'admin-users-zh');

    // The user signs in and sees the role's menu only.
    const user = await browser.newPage();
    await user.page.goto('/login');
    await signIn(user.page, USERNAME, PASSWORD);
    await user.page.waitForURL('**/workspace/home');
    const state = await user.page.evaluate(async () => {
      const token = localStorage.getItem('token');
      const res = await fetch(`/api/utilsapi/access/user-state?token=${token}`);
      return res.json();
    });
    const codes = [...JSON.stringify(state.data.results.menus).matchAll(/"CODE":"([A-Za-z0-9_]+)"/g)].map((m) => m[1]);
    expect(codes).toEqual(['SCM_CUSTOMER']);
    expect(state.data.results.dashroles).toContain('E2E_CUST');
    await user.page.goto('/sys/index/user');
    // The roles screen's data is refused to them: no user list reaches the page.
    await expect.poll(() => user.page.locator('[data-testid="user-table"] .ant-table-row').count()).toBe(0);
    await shot(user.page, 'user-refused-users-zh');

    // A data rule: only one customer for this user.
    const customers = await user.page.evaluate(async () => {
      const token = localStorage.getItem('token');
      const res = await fetch(`/api/mdapi/customer/page-list?token=${token}&p=${encodeURIComponent(JSON.stringify({ size: 100 }))}`);
      return (await res.json()).data.results.rows as Array<Record<string, string | null>>;
    });
    // A rule field (the customer's authorizable ones) whose values split the demo customers.
    const field = ['level', 'type', 'category', 'industry'].find((f) => customers.some((c) => c[f] && c[f] !== customers[0][f]) && customers[0][f])!;
    expect(field).toBeTruthy();
    const keep = customers[0][field] as string;
    const expected = customers.filter((c) => c[field] === keep).length;
    expect(expected).toBeLessThan(customers.length);

    await admin.page.goto('/sys/masterdetail/data-auth');
    await admin.page.getByTestId(`auth-user-${USERNAME}`).click();
    await chooseOption(admin.page, 'rule-menu', '(SCM_CUSTOMER)');
    await chooseOption(admin.page, 'rule-field', `(${field})`);
    await admin.page.getByTestId('rule-operator').click();
    await admin.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^=$/ }).click();
    // The value is picked from the values the field takes (issue 13): type to find it, Enter picks it.
    await admin.page.getByTestId('rule-value').locator('input').fill(keep);
    await admin.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: keep }).first().click();
    await admin.page.keyboard.press('Escape');
    const ruleSaved = admin.page.waitForResponse((r) => r.url().includes('/api/utilsapi/sys/data-rules/save'));
    await admin.page.getByTestId('rule-add').click();
    expect((await ruleSaved).status()).toBe(200);
    await expect.poll(() => admin.page.getByTestId('auth-effective').textContent()).toContain(keep);
    await shot(admin.page, 'admin-data-rule-zh');

    await user.page.goto('/md/index/customer');
    await expect.poll(() => user.page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(expected);
    expect(await sideMenuTexts(user.page)).not.toContain('用户管理');
    await shot(user.page, 'user-customers-limited-zh');

    // Freeze: the session ends at once and sign-in is refused.
    await admin.page.goto('/sys/index/user');
    await admin.page.getByTestId(`freeze-${USERNAME}`).click();
    const frozen = admin.page.waitForResponse((r) => r.url().includes('/api/utilsapi/sys/users/freeze'));
    await admin.page.locator('.ant-popconfirm .ant-btn-primary').click();
    expect((await frozen).status()).toBe(200);
    await expect.poll(() => admin.page.locator('.ant-table-tbody').textContent()).toContain('已冻结');
    await shot(admin.page, 'admin-user-frozen-zh');

    await user.page.goto('/md/index/customer');
    await user.page.waitForURL('**/login**');
    await signIn(user.page, USERNAME, PASSWORD);
    await expect.poll(() => user.page.url()).toContain('/login');
    await user.page.waitForTimeout(500);
    expect(user.page.url()).toContain('/login');

    await admin.context.close();
    await user.context.close();
  });

  it('English screens for the super admin: users, app market and system UI config', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/login');
    await signIn(page, 'super.admin');
    await page.waitForURL('**/workspace/home');
    await page.goto('/collab/page/app-market');
    await expect.poll(() => page.getByTestId('app-market').textContent()).toContain('switched on');
    await shot(page, 'admin-app-market-en');
    await page.goto('/sys/page/ui-config');
    await expect.poll(() => page.getByTestId('ui-form').count()).toBe(1);
    await shot(page, 'admin-ui-config-en');
    await page.goto('/sys/index/user');
    await expect.poll(() => page.locator('[data-testid="user-type-ADMIN"]').count()).toBeGreaterThan(0);
    await shot(page, 'admin-users-en');
    await context.close();
  });
});
