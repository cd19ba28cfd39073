// Collaboration in two browsers at once: brand.admin (Chinese) creates a task with brand.buyer
// (English) as participant and publishes an announcement; the buyer sees the header badge rise
// and a toast arrive without reloading, opens both from the toasts, adds a note and a file to the
// task, confirms reading; the publisher then sees who has read.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, signIn, useBrowser } from './browser';

const browser = useBrowser();

/** The header's unread badge (0 when antd hides it). */
async function badge(page: Page): Promise<number> {
  const sup = page.locator('.sl-header .ant-badge-count');
  if ((await sup.count()) === 0) return 0;
  return Number((await sup.first().getAttribute('title')) ?? '0');
}

async function closeDrawer(page: Page) {
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
}

async function toast(page: Page, text: string) {
  const notice = page.locator('.ant-notification-notice', { hasText: text });
  await notice.first().waitFor({ state: 'visible', timeout: 15_000 });
  return notice.first();
}

describe('collaboration in two browsers', () => {
  it('task and announcement reach the other user live; reading is confirmed and seen by the publisher', async () => {
    const admin = await browser.newPage();
    const buyer = await browser.newPage();
    await buyer.page.goto('/login');
    await signIn(buyer.page, 'brand.buyer');
    await buyer.page.waitForURL('**/workspace/home');
    await buyer.page.getByTestId('panel-inbox').waitFor();
    const before = await badge(buyer.page);
    let buyerReloads = 0;
    buyer.page.on('load', () => (buyerReloads += 1));

    await admin.page.goto('/login');
    await signIn(admin.page, 'brand.admin');
    await admin.page.waitForURL('**/workspace/home');

    // brand.admin (Chinese) creates a task with Ann Lee as participant.
    await admin.page.goto('/workspace/mailindex?tab=tasks');
    await admin.page.getByTestId('task-new').click();
    await admin.page.getByTestId('task-subject').fill('Check fabric');
    await admin.page.locator('.ant-modal .ant-select-selector').click();
    await admin.page.keyboard.type('Ann');
    await admin.page.locator('.ant-select-item-option', { hasText: 'Ann Lee' }).click();
    await admin.page.keyboard.press('Escape');
    await shot(admin.page, 'collab-task-form-zh');
    const saved = admin.page.waitForResponse((r) => r.url().includes('/notify-msg/task-save'));
    await admin.page.getByTestId('task-save').click();
    expect((await saved).status()).toBe(200);
    await admin.page.getByTestId('task-open').filter({ hasText: 'Check fabric' }).waitFor();

    // brand.buyer (English): badge +1 and a toast, without a reload.
    const taskToast = await toast(buyer.page, 'added you to the task "Check fabric"');
    await expect.poll(() => badge(buyer.page)).toBe(before + 1);
    await shot(buyer.page, 'collab-live-toast-en');
    await taskToast.click();
    await buyer.page.waitForURL(/\/workspace\/mailindex\?tab=tasks&task=/);
    const drawer = buyer.page.getByTestId('task-drawer');
    await drawer.getByText('Check fabric').first().waitFor();
    await expect.poll(() => badge(buyer.page)).toBe(before);

    // Attachments and notes on the task (NTF-17): both listed after reopening.
    await drawer.getByTestId('attachment-note-input').fill('Fabric weight to be checked on Friday');
    await drawer.getByTestId('attachment-add-note').click();
    await drawer.getByTestId('attachment-note').filter({ hasText: 'Fabric weight' }).waitFor();
    await drawer.getByTestId('attachment-file-input').setInputFiles({ name: 'lab-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 e2e') });
    await drawer.getByTestId('attachment-file').filter({ hasText: 'lab-report.pdf' }).waitFor();
    await shot(buyer.page, 'collab-task-drawer-en');
    await closeDrawer(buyer.page);
    await buyer.page.getByTestId('task-open').filter({ hasText: 'Check fabric' }).click();
    await expect.poll(() => buyer.page.getByTestId('attachment-item').count()).toBe(2);
    await buyer.page.getByTestId('task-done').click();
    await buyer.page.getByTestId('task-drawer').getByTestId('task-status').filter({ hasText: 'Done' }).waitFor();
    await closeDrawer(buyer.page);

    // An announcement with read confirmation.
    await admin.page.goto('/workspace/mailindex?tab=announcements');
    await admin.page.getByTestId('announcement-publish').click();
    await admin.page.getByTestId('announcement-title').fill('Holiday schedule');
    await admin.page.getByTestId('announcement-body').fill('The office is closed on 1 May.');
    await admin.page.getByTestId('announcement-publish-ok').click();
    await admin.page.getByTestId('read-status').waitFor();
    await expect.poll(() => admin.page.getByTestId('non-readers').textContent()).toContain('Ann Lee');

    const announceToast = await toast(buyer.page, 'Announcement: Holiday schedule');
    await shot(buyer.page, 'collab-announcement-toast-en');
    await announceToast.click();
    await buyer.page.waitForURL(/tab=announcements&id=/);
    await buyer.page.getByTestId('announcement-content').filter({ hasText: 'closed on 1 May' }).waitFor();
    await buyer.page.getByTestId('announcement-confirm').click();
    await buyer.page.getByTestId('announcement-confirmed').waitFor();
    await shot(buyer.page, 'collab-announcement-confirmed-en');
    expect(buyerReloads).toBe(0);

    // The publisher sees who has read.
    await admin.page.reload();
    await admin.page.getByTestId('announcement-open').filter({ hasText: 'Holiday schedule' }).click();
    await expect.poll(() => admin.page.getByTestId('readers').textContent()).toContain('Ann Lee');
    expect(await admin.page.getByTestId('non-readers').textContent()).not.toContain('Ann Lee');
    await shot(admin.page, 'collab-read-status-zh');

    // The workbench of both.
    await admin.page.goto('/workspace/home');
    await admin.page.getByTestId('control-tower').waitFor();
    await shot(admin.page, 'collab-workbench-zh');
    await buyer.page.goto('/workspace/home');
    await buyer.page.getByTestId('control-tower').waitFor();
    await shot(buyer.page, 'collab-workbench-en');
    await admin.context.close();
    await buyer.context.close();
  });
});
