// The out-API push in a real browser against a real local receiver (node:http, started here):
// brand.admin (zh) pushes from the delivery log's test push — the 10 s transfer notice shows, a
// config with MSG_DISPLAY 1 shows the result, one with MSG_DISPLAY 0 does not, a refusing
// receiver shows 'send failed'; the log lists the deliveries and a row opens its attempts.
// Screenshots in both languages and at 375 px.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCaller, login } from '../server/src/testing/http';
import { startReceiver, type Receiver } from '../areas/outapi/server/receiver.testing';
import { shot, useBrowser } from './browser';

const browser = useBrowser();
const T = { timeout: 20_000 };
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  const call = apiCaller(inject('baseURL'));
  const { token } = await login(call, 'brand.admin');
  for (const [api_id, msg_display] of [['E2E_SHOW', '1'], ['E2E_HIDE', '0']]) {
    const res = await call('POST', 'utilsapi/out-api-config/save', {
      token,
      json: { DATA: { api_id, usage: 'push', send_method: 'POST', msg_display, target_url: `${receiver.url}/${api_id}`, secret: 'e2e-secret' } },
    });
    expect(res.status).toBe(200);
  }
});
afterAll(() => receiver?.close());

async function testPush(page: Page, apiKey: string) {
  await page.getByTestId('outapi-test-key').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: apiKey }).click();
  await page.getByTestId('outapi-test-send').click();
}
const progress = (page: Page) => page.getByTestId('outapi-progress');
const visible = (page: Page, id: string) => page.getByTestId(id).filter({ visible: true }).count();

describe('out-API push', () => {
  it('shows the transfer notice and the result when MSG_DISPLAY is on', async () => {
    const { page, context } = await browser.signedIn('brand.admin');
    await page.goto('/sys/page/out-api-log');
    await expect.poll(() => page.getByTestId('outapi-test-push').count(), T).toBe(1);
    receiver.script([], 200);
    await testPush(page, 'E2E_SHOW');
    await expect.poll(() => visible(page, 'outapi-progress'), T).toBe(1);
    expect(await progress(page).textContent()).toContain('E2E_SHOW');
    await expect.poll(() => page.getByTestId('toast-success').filter({ hasText: 'E2E_SHOW' }).count(), T).toBe(1);
    // The transfer notice stays on after the result; it closes by itself (10 s).
    expect(await visible(page, 'outapi-progress')).toBe(1);
    await shot(page, 'outapi-push-zh');
    await expect.poll(() => visible(page, 'outapi-progress'), T).toBe(0);
    expect(receiver.received.filter((r) => r.path === '/E2E_SHOW')).toHaveLength(1);
    await context.close();
  });

  it('shows no result message when MSG_DISPLAY is off, and "send failed" when the receiver refuses', async () => {
    const { page, context } = await browser.signedIn('brand.admin');
    // Journeys share one server: another may have left brand.admin in English.
    await page.getByTestId('lang-switch').getByText('中文').click();
    await page.goto('/sys/page/out-api-log');
    await expect.poll(() => page.getByTestId('outapi-test-push').count(), T).toBe(1);
    receiver.script([], 200);
    const delivered = page.waitForResponse(async (r) => r.url().includes('/out-api-bus/delivery?') && (await r.json()).data?.results?.status === 'delivered');
    await testPush(page, 'E2E_HIDE');
    await expect.poll(() => visible(page, 'outapi-progress'), T).toBe(1);
    await delivered;
    // The delivery is done and the screen knows it: no success message came, nor any error.
    await expect.poll(() => page.locator('[data-testid="outapi-deliveries"] [data-testid="delivery-status-delivered"]').count(), T).toBeGreaterThan(0);
    expect(await page.getByTestId('toast-success').count()).toBe(0);
    expect(await page.getByTestId('notify-error').count()).toBe(0);

    receiver.script([], 500);
    await testPush(page, 'E2E_SHOW');
    await expect.poll(() => page.getByTestId('notify-error').filter({ hasText: '发送失败' }).count(), T).toBe(1);
    await shot(page, 'outapi-failed-zh');
    // The log shows it retrying; its attempts open under the row.
    await page.getByTestId('outapi-refresh').click();
    await expect.poll(() => page.locator('[data-testid="outapi-deliveries"] [data-testid="delivery-status-retrying"]').count(), T).toBeGreaterThan(0);
    await page.locator('[data-testid="outapi-deliveries"] .ant-table-row-expand-icon').first().click();
    await expect.poll(() => page.getByTestId('delivery-attempts').count(), T).toBe(1);
    await context.close();
  });

  it('reads in English and at a phone’s width', async () => {
    const { page, context } = await browser.signedIn('brand.admin');
    await page.getByTestId('lang-switch').getByText('English').click();
    await page.goto('/sys/page/out-api-log');
    await expect.poll(() => page.getByText('Out-API delivery log').count(), T).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid="outapi-deliveries"] .ant-table-row').count(), T).toBeGreaterThan(0);
    await shot(page, 'outapi-log-en');
    await page.goto('/sys/index/out-api-config');
    await expect.poll(() => page.getByText('E2E_SHOW').count(), T).toBeGreaterThan(0);
    await shot(page, 'outapi-configs-en');
    // The form: the secret is write-only (its hint says so) and the list shows only that one is stored.
    await page.getByRole('button', { name: 'New' }).click();
    await expect.poll(() => page.getByText('Write-only: never shown again').count(), T).toBeGreaterThan(0);
    await shot(page, 'outapi-config-form-en');
    await context.close();
    const phone = await browser.signedIn('brand.admin', { viewport: { width: 375, height: 740 } });
    await phone.page.goto('/sys/page/out-api-log');
    await expect.poll(() => phone.page.getByTestId('outapi-test-push').count(), T).toBe(1);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone.page, 'outapi-log-375');
    await phone.context.close();
  });
});
