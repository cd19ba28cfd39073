// Exception tickets across two companies in two browsers: factory.admin (Demo Garment Factory)
// opens a ticket against the brand; brand.admin (Demo Brand Co.) gets the live notification and
// the unread badge without reloading, opens the ticket from the toast, replies with a photo, and
// closes it — the closing record first, then the final close, each only after confirming (a
// cancelled confirmation changes nothing). Discovery is checked signed out. Screenshots zh/en.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pngOf } from '../server/src/engine/transfer/testing';
import { shot, signIn, useBrowser } from './browser';

const browser = useBrowser();

async function badge(page: Page): Promise<number> {
  const sup = page.locator('.sl-header .ant-badge-count');
  if ((await sup.count()) === 0) return 0;
  return Number((await sup.first().getAttribute('title')) ?? '0');
}

/** Picks an option of the antd Select carrying this test id. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const status = (page: Page) => page.getByTestId('ticket-view').getByTestId('ticket-status').first().textContent();

async function english(page: Page) {
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
}

describe('exception tickets across two companies', () => {
  it('the factory opens a ticket against the brand; the brand sees it live, replies with a photo and closes it after confirming', async () => {
    const brand = await browser.newPage();
    const factory = await browser.newPage();

    await brand.page.goto('/login');
    await signIn(brand.page, 'brand.admin');
    await brand.page.waitForURL('**/workspace/home');
    await brand.page.getByTestId('panel-inbox').waitFor();
    const before = await badge(brand.page);
    let brandReloads = 0;
    brand.page.on('load', () => (brandReloads += 1));

    // factory.admin (Chinese) opens the ticket from the list.
    await factory.page.goto('/login');
    await signIn(factory.page, 'factory.admin');
    await factory.page.waitForURL('**/workspace/home');
    await factory.page.goto('/collab/index/ticket');
    await factory.page.getByTestId('ticket-list').waitFor();
    await factory.page.getByTestId('ticket-new').click();
    // The form checks before sending: an empty title is refused with the spec's message.
    let saves = 0;
    factory.page.on('request', (r) => {
      if (r.url().includes('/api/vfapi/ticket/save')) saves += 1;
    });
    await factory.page.locator('.ant-modal:visible .ant-btn-primary').click();
    await factory.page.getByText('请修正输入错误后再提交表单！').first().waitFor();
    expect(saves).toBe(0);
    await factory.page.getByTestId('ticket-title').fill('Shade variation');
    await factory.page.getByTestId('ticket-design-no').fill('D-1001');
    await factory.page.getByTestId('ticket-tags').click();
    await factory.page.keyboard.type('色差');
    await factory.page.keyboard.press('Enter');
    await factory.page.keyboard.type('lot 2311');
    await factory.page.keyboard.press('Enter');
    await choose(factory.page, 'ticket-counterpart', 'Demo Brand Co.');
    await choose(factory.page, 'ticket-category', '面料问题');
    await shot(factory.page, 'ticket-new-form-zh');
    const saved = factory.page.waitForResponse((r) => r.url().includes('/api/vfapi/ticket/save'));
    await factory.page.locator('.ant-modal:visible .ant-btn-primary').click();
    expect((await saved).status()).toBe(200);
    await factory.page.waitForURL(/\/page\/ticket\/view\?key=/);
    const key = new URL(factory.page.url()).searchParams.get('key')!;
    await factory.page.getByTestId('ticket-view-title').filter({ hasText: 'Shade variation' }).waitFor();
    expect(await status(factory.page)).toBe('处理中');
    // Category duration 48 h, just opened: 47–48 h left.
    expect(await factory.page.getByTestId('ticket-remaining').first().textContent()).toMatch(/剩余 4[78] 小时/);

    // brand.admin: a live toast and the badge rise, no reload.
    const notice = brand.page.locator('.ant-notification-notice', { hasText: 'Shade variation' }).first();
    await notice.waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => badge(brand.page)).toBe(before + 1);
    expect(brandReloads).toBe(0);
    await shot(brand.page, 'ticket-live-toast-zh');
    await notice.click();
    await brand.page.waitForURL(`**/page/ticket/view?key=${key}`);
    await brand.page.getByTestId('ticket-view-title').filter({ hasText: 'Shade variation' }).waitFor();
    expect(await brand.page.getByTestId('ticket-my-role').textContent()).toBe('管理员');

    // The brand replies with a photo.
    await brand.page.getByTestId('comment-body').fill('请看照片，色差明显');
    await brand.page.getByTestId('comment-photo-input').setInputFiles({ name: 'shade.png', mimeType: 'image/png', buffer: pngOf(120, 90) });
    await brand.page.getByTestId('comment-pending-photos').locator('img').waitFor();
    await brand.page.getByTestId('comment-send').click();
    const brandComment = brand.page.getByTestId('ticket-comment').filter({ hasText: '请看照片，色差明显' });
    await brandComment.waitFor();
    await expect.poll(() => brandComment.getByTestId('comment-photo').locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await shot(brand.page, 'ticket-view-reply-zh');

    // The factory sees the reply, photo included, without reloading its page.
    const seen = factory.page.getByTestId('ticket-comment').filter({ hasText: '请看照片，色差明显' });
    await seen.waitFor({ timeout: 15_000 });
    await expect.poll(() => seen.getByTestId('comment-photo').locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

    // The brand closes: the closing record, then a confirmation; cancelling it changes nothing.
    await brand.page.getByTestId('ticket-close').click();
    await brand.page.getByTestId('closing-summary').fill('返工重染，扣款处理');
    await brand.page.getByTestId('closing-form').getByText('扣款', { exact: true }).click();
    await brand.page.getByTestId('closing-form').getByText('历史重复问题').click();
    await brand.page.getByTestId('closing-form').getByText('合同条款').click();
    await brand.page.getByTestId('closing-amount').fill('1200.5');
    await brand.page.getByTestId('closing-ratio').fill('5');
    await choose(brand.page, 'closing-type', '现金');
    await brand.page.getByTestId('closing-voucher').fill('V-88');
    await shot(brand.page, 'ticket-closing-form-zh');
    await brand.page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
    const confirm = brand.page.locator('.ant-modal-confirm:visible');
    await confirm.locator('.ant-btn-primary').waitFor();
    await brand.page.waitForTimeout(400); // let the dialog's opening animation finish for the screenshot
    await shot(brand.page, 'ticket-closing-confirm-zh');
    // antd spaces two-character Chinese button texts ('取 消'): the cancel button is the plain one.
    await confirm.locator('.ant-btn:not(.ant-btn-primary)').click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await status(brand.page)).toBe('处理中');
    await brand.page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
    const closing = brand.page.waitForResponse((r) => r.url().includes('/api/vfapi/ticket/closing'));
    await brand.page.locator('.ant-modal-confirm:visible .ant-btn-primary').click();
    expect((await closing).status()).toBe(200);
    await expect.poll(() => status(brand.page)).toBe('关闭中');
    const record = brand.page.getByTestId('ticket-closing-record');
    expect(await record.textContent()).toContain('1200.5000');
    expect(await record.textContent()).toContain('V-88');

    await brand.page.getByTestId('ticket-confirm-close').click();
    await brand.page.locator('.ant-popover:visible .ant-btn:not(.ant-btn-primary)').click();
    expect(await status(brand.page)).toBe('关闭中');
    await brand.page.getByTestId('ticket-confirm-close').click();
    const closed = brand.page.waitForResponse((r) => r.url().includes('/api/vfapi/ticket/close'));
    await brand.page.locator('.ant-popover:visible .ant-btn-primary').click();
    expect((await closed).status()).toBe(200);
    await expect.poll(() => status(brand.page)).toBe('已关闭');
    expect(await brand.page.getByTestId('comment-body').count()).toBe(0);
    await shot(brand.page, 'ticket-view-closed-zh');
    expect(brandReloads).toBe(0);

    // The factory's list filters by the three states; English screens.
    await factory.page.goto('/collab/index/ticket');
    await factory.page.getByTestId('ticket-list').waitFor();
    await shot(factory.page, 'ticket-list-zh');
    await english(factory.page);
    await factory.page.getByTestId('ticket-filter-status').click();
    const statusOptions = factory.page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // The dropdown opens after an animation, during which its options may not count as visible yet.
    await expect.poll(() => statusOptions.allTextContents(), { timeout: 15_000 }).toEqual(['In progress', 'Closing', 'Closed']);
    await factory.page.keyboard.press('Escape');
    await shot(factory.page, 'ticket-list-en');
    await factory.page.goto(`/page/ticket/view?key=${key}`);
    await factory.page.getByTestId('ticket-view-title').waitFor();
    expect(await status(factory.page)).toBe('Closed');
    await shot(factory.page, 'ticket-view-closed-en');
    await brand.context.close();
    await factory.context.close();
  });

  it('discovery lists public company cards without signing in, in both languages', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/discovery/index');
    await page.getByTestId('company-card-DEMO_GARMENT').waitFor();
    expect(page.url()).toContain('/discovery/index');
    // The demo mill's card is private: never listed.
    expect(await page.getByTestId('company-card-DEMO_FABRIC').count()).toBe(0);
    await shot(page, 'discovery-public-zh');
    await english(page);
    await page.getByTestId('company-card-DEMO_BRAND').waitFor();
    expect(await page.getByTestId('company-card-DEMO_BRAND').getByTestId('card-version').textContent()).toBe('Card v3');
    await choose(page, 'discovery-capabilities', 'Knitting');
    await page.getByTestId('discovery-search').click();
    await expect.poll(() => page.locator('[data-testid^="company-card-"]').count()).toBe(1);
    await shot(page, 'discovery-public-en');
    await context.close();
  });
});
