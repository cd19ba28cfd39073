// Orders and production in two browsers (docs/orders.md): brand.buyer (Demo Brand Co., English)
// places an order on Demo Garment Factory; factory.admin (Chinese) accepts it, plans it in plant
// FS-01 and moves a draft work order on the planning calendar, then locks the plan; the brand's
// open order follows each step live, without a reload. Screenshots in both languages and at 390 px.
// The shop-floor journey (bundle tickets, scans, progress) continues from `journey` below.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, signIn, useBrowser } from './browser';

const browser = useBrowser();

/** What later steps of the journey (the floor's) start from. */
export const journey = { orderCode: `PO-E2E-${Date.now().toString(36).toUpperCase()}`, planCode: '', workOrderCode: '' };

/** Picks an option of the antd Select opened by clicking `trigger`. */
async function choose(page: Page, trigger: string, option: string, type?: string) {
  await page.locator(trigger).click();
  if (type) await page.keyboard.type(type);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function signedIn(page: Page, user: string) {
  await page.goto('/login');
  await signIn(page, user);
  await page.waitForURL('**/workspace/home');
}

/** Confirms the action dialog the ActionBar opened. */
async function confirmAction(page: Page, action: string) {
  await page.getByTestId(`action-${action}`).click();
  await page.getByTestId(`confirm-${action}`).click();
}

describe('orders and production across a brand and a factory', () => {
  it('the brand places an order; the factory accepts it and plans it on the calendar; the brand follows live', { timeout: 300_000 }, async () => {
    const brand = await browser.newPage();
    const factory = await browser.newPage();
    await signedIn(brand.page, 'brand.buyer');
    await signedIn(factory.page, 'factory.admin');

    // The brand places the order on the factory.
    await brand.page.goto('/scm/index/customer-order?tab=placed');
    await brand.page.getByTestId('shared-list-customer-order').waitFor();
    await brand.page.getByTestId('place-order').click();
    await choose(brand.page, '[data-testid=place-supplier]', 'Demo Garment');
    await brand.page.getByTestId('place-code').fill(journey.orderCode);
    await brand.page.getByTestId('line-style_code-1').fill('SH-9001');
    await brand.page.getByTestId('line-colour-1').fill('White');
    await brand.page.getByTestId('line-size-1').fill('M');
    await brand.page.getByTestId('line-qty-1').fill('60');
    await brand.page.getByTestId('line-price-1').fill('40.1234');
    await brand.page.getByTestId('add-line').click();
    await brand.page.getByTestId('line-size-2').fill('L');
    await brand.page.getByTestId('line-qty-2').fill('40');
    await shot(brand.page, 'orders-place-en');
    await brand.page.getByTestId('place-submit').click();
    const view = brand.page.getByTestId('shared-view');
    await view.waitFor();
    await view.getByText('Pending acceptance').waitFor();
    expect(await view.getByTestId('order-actions').textContent()).toContain('Withdraw');
    let brandReloads = 0;
    brand.page.on('load', () => (brandReloads += 1));
    await shot(brand.page, 'orders-placed-view-en');

    // The factory finds it among its customer orders and accepts it.
    await factory.page.goto('/scm/index/customer-order');
    await factory.page.getByTestId('index-screen').waitFor();
    await shot(factory.page, 'orders-received-list-zh');
    await factory.page.getByTestId('index-screen').getByText(journey.orderCode).first().dblclick();
    await factory.page.waitForURL(/\/scm\/page\/customer-order\?id=/);
    await factory.page.getByTestId('order-action-card').waitFor();
    await shot(factory.page, 'orders-customer-order-zh');
    await confirmAction(factory.page, 'accept');
    await factory.page.getByTestId('document-panel').getByText('进行中').first().waitFor();
    // The form of an accepted order is read-only (no Save).
    await expect.poll(() => factory.page.getByTestId('document-save').count()).toBe(0);

    // The brand sees it in progress without reloading.
    await view.getByText('In progress').waitFor({ timeout: 15_000 });
    expect(brandReloads).toBe(0);
    expect(await view.getByTestId('order-actions').count()).toBe(0);

    // The factory plans it in plant FS-01.
    journey.planCode = `PP-${journey.orderCode}`;
    await factory.page.goto('/plan/page/planning');
    await factory.page.locator('#production-plan-form_code').fill(journey.planCode);
    await choose(factory.page, '#production-plan-form_customer_order_id', journey.orderCode, journey.orderCode);
    await choose(factory.page, '#production-plan-form_plant_id', 'Foshan Nanhai plant');
    const saved = factory.page.waitForResponse((r) => r.url().includes('/api/scmapi/production-plan/save'));
    await factory.page.getByTestId('document-save').click();
    expect((await saved).status()).toBe(200);
    await factory.page.getByTestId('order-action-card').waitFor();
    await confirmAction(factory.page, 'plan');
    await factory.page.getByTestId('document-panel').getByText('预排草稿').first().waitFor();
    await shot(factory.page, 'orders-plan-draft-zh');

    // On the calendar the first (cutting) work order is a draft: dragged a day later, it moves.
    journey.workOrderCode = `${journey.planCode}-01`;
    await factory.page.goto('/zp/prodmgm/calendarview/work-order');
    await factory.page.getByTestId('cal-grid').waitFor();
    const chip = factory.page.getByTestId(`wo-chip-${journey.workOrderCode}`).first();
    await chip.waitFor();
    expect(await chip.getAttribute('data-status')).toBe('DRAFT');
    const cell = chip.locator('xpath=ancestor::td[1]');
    const from = (await cell.getAttribute('data-testid'))!; // cal-cell-<line>-<day>
    const day = from.slice(-10);
    const next = new Date(`${day}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const target = `${from.slice(0, -10)}${next.toISOString().slice(0, 10)}`;
    const moved = factory.page.waitForResponse((r) => r.url().includes('/api/scmapi/work-order/reschedule'));
    await chip.dragTo(factory.page.getByTestId(target));
    expect((await moved).status()).toBe(200);
    await factory.page.getByTestId(target).getByTestId(`wo-chip-${journey.workOrderCode}`).waitFor();
    await shot(factory.page, 'orders-calendar-zh');

    // The plan is locked: its work orders are planned and no longer move.
    await factory.page.goto('/plan/index/planning');
    await factory.page.getByTestId('index-screen').getByText(journey.planCode).first().dblclick();
    await factory.page.getByTestId('order-action-card').waitFor();
    await confirmAction(factory.page, 'lock');
    await factory.page.getByTestId('document-panel').getByText('已排产(锁定)').first().waitFor();
    await factory.page.goto('/zp/prodmgm/calendarview/work-order');
    const locked = factory.page.getByTestId(`wo-chip-${journey.workOrderCode}`).first();
    await locked.waitFor();
    expect(await locked.getAttribute('data-status')).toBe('PLANNED');
    expect(await locked.getAttribute('draggable')).toBe('false');

    // The same screens in the other language and at 390 px.
    await factory.page.evaluate(() => localStorage.setItem('lang', 'en'));
    await factory.page.reload();
    await factory.page.getByTestId('cal-grid').waitFor();
    await shot(factory.page, 'orders-calendar-en');
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signedIn(phone.page, 'brand.buyer');
    await phone.page.goto(`/scm/index/customer-order?tab=placed`);
    await phone.page.getByTestId('shared-list-customer-order').waitFor();
    await phone.page.getByText(journey.orderCode).first().waitFor();
    await shot(phone.page, 'orders-placed-390-en');
    await phone.page.getByText(journey.orderCode).first().click();
    await phone.page.getByTestId('shared-view').waitFor();
    await shot(phone.page, 'orders-placed-view-390-en');
    const phoneFactory = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signedIn(phoneFactory.page, 'factory.admin');
    await phoneFactory.page.goto('/zp/prodmgm/calendarview/work-order');
    await phoneFactory.page.getByTestId('cal-grid').waitFor();
    await shot(phoneFactory.page, 'orders-calendar-390-zh');
  });

  it('every menu entry of the order documents opens a working screen (factory, Chinese)', { timeout: 300_000 }, async () => {
    const { page } = await browser.newPage();
    await signedIn(page, 'factory.admin');
    const screens: Array<[string, string]> = [
      ['/scm/index/customer-order', 'index-screen'],
      ['/scm/masterdetail/purchase-requirement', 'document-panel'],
      ['/scm/ectabindex/outsourced-order', 'tab-sent'],
      ['/scm/ecindex/material-order', 'status-tabs'],
      ['/zp/prodmgm/index/work-order', 'index-screen'],
      ['/plan/index/planning', 'index-screen'],
      ['/zp/prodmgm/calendarview/work-order', 'cal-grid'],
    ];
    for (const [url, testId] of screens) {
      await page.goto(url);
      await page.locator(`[data-testid="${testId}"], [data-testid="sl-list-card"], .sl-list-card`).first().waitFor();
      expect([url, await page.getByTestId('template-pending').count(), await page.getByTestId('engine-no-entity').count()]).toEqual([url, 0, 0]);
    }
    // A submitted outsourced order opens read-only: no Save (ORD-07).
    await page.goto('/scm/ectabindex/outsourced-order');
    await page.getByText('OS-2026-001').first().dblclick();
    await page.getByTestId('document-panel').waitFor();
    await page.getByTestId('document-title').filter({ hasText: 'OS-2026-001' }).waitFor();
    expect(await page.getByTestId('document-save').count()).toBe(0);
    await shot(page, 'orders-outsourced-submitted-zh');
    // The mill sees it among the orders it received and confirms it.
    const mill = await browser.newPage();
    await signedIn(mill.page, 'fabric.admin');
    await mill.page.goto('/scm/ectabindex/outsourced-order?tab=received');
    await mill.page.getByTestId('shared-row-OS-2026-001').click();
    const view = mill.page.getByTestId('shared-view');
    await view.waitFor();
    await confirmAction(mill.page, 'confirm');
    await view.getByTestId('status-CONFIRMED').waitFor();
    await shot(mill.page, 'orders-outsourced-received-zh');
  });
});

