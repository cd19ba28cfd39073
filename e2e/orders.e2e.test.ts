// Orders and production as one journey in two browsers (docs/orders.md): brand.buyer (Demo Brand
// Co., English) places an order on Demo Garment Factory and keeps it open; factory.admin (Chinese)
// accepts it, plans it in plant FS-01, moves a draft on the planning calendar, reads the load view,
// locks the plan, cuts the sewing work order into bundle tickets, prints them (Code 128), and scans
// one ticket through the sewing steps at the scanning station with a keyboard wedge (code +
// Enter), takes the last scan back and scans it again. The brand's open order follows every step
// — state, progress per process, produced quantity — without a reload, and so does the factory's
// own order form. Screenshots (en, zh, desktop and 375 px) go to e2e/artifacts.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, useBrowser } from './browser';

const browser = useBrowser();
const orderCode = `PO-E2E-${Date.now().toString(36).toUpperCase()}`;
const planCode = `PP-${orderCode}`;
const PHONE = { width: 375, height: 812 };

/** A fresh browser context signed in as `username`, on the workbench. */
const signedIn = (username: string) => browser.signedIn(username);

/** Picks an option of the antd Select opened by clicking `trigger`. */
async function choose(page: Page, trigger: string, option: string, type?: string) {
  await page.locator(trigger).click();
  if (type) await page.keyboard.type(type);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Confirms the action dialog the ActionBar opened. */
async function confirmAction(page: Page, action: string) {
  await page.getByTestId(`action-${action}`).click();
  await page.getByTestId(`confirm-${action}`).click();
}

/** The done pieces of each step of one work order's progress bars on a page, in order. */
const doneSteps = (page: Page, workOrderId: string) =>
  page
    .locator(`[data-testid="floor-progress-bars"][data-work-order="${workOrderId}"] [data-testid="floor-progress-step"]`)
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-done'))));

/** 'produced / ordered' as the brand's order drawer shows it. */
const produced = (page: Page) => page.getByTestId('shared-view').getByTestId('shared-progress').locator('.ant-progress-text').textContent();

async function pickProcess(page: Page, code: string) {
  await page.getByTestId('scan-process').click();
  await page.locator('.ant-select-item-option', { hasText: code }).click();
}

/** What a hand scanner does: types the code into the focused input and presses Enter. */
async function wedgeScan(page: Page, code: string) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('scan-input');
  const answered = page.waitForResponse((r) => r.url().includes('/api/vfapi/scan/validate'));
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  return answered;
}

/** The journey's production plan, opened from the plan list. */
async function openPlan(page: Page) {
  await page.goto('/plan/index/planning');
  await page.getByTestId('index-screen').getByText(planCode).first().dblclick();
  await page.getByTestId('order-action-card').waitFor();
}

/** The page in the other language (stored in the browser, as the login page's switch does). */
async function inLanguage(page: Page, lang: 'en' | 'zh', url?: string) {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  if (url) await page.goto(url);
  else await page.reload();
}

describe('orders and production: from the brand’s order to scanned bundles', () => {
  it('the brand places an order; the factory accepts, plans, prints and scans; the brand follows live', { timeout: 600_000 }, async () => {
    const brand = await signedIn('brand.buyer');
    const factory = await signedIn('factory.admin');
    const bp = brand.page;
    const fp = factory.page;

    // 1. The brand places the order on the factory and keeps it open.
    await bp.goto('/scm/index/customer-order?tab=placed');
    await bp.getByTestId('shared-list-customer-order').waitFor();
    await bp.getByTestId('place-order').click();
    await choose(bp, '[data-testid=place-supplier]', 'Demo Garment');
    await bp.getByTestId('place-code').fill(orderCode);
    await bp.getByTestId('line-style_code-1').fill('SH-9001');
    await bp.getByTestId('line-colour-1').fill('White');
    await bp.getByTestId('line-size-1').fill('M');
    await bp.getByTestId('line-qty-1').fill('60');
    await bp.getByTestId('line-price-1').fill('40.1234');
    await bp.getByTestId('add-line').click();
    await bp.getByTestId('line-size-2').fill('L');
    await bp.getByTestId('line-qty-2').fill('40');
    await shot(bp, 'orders-place-en');
    await bp.getByTestId('place-submit').click();
    const view = bp.getByTestId('shared-view');
    await view.waitFor();
    await view.getByText('Pending acceptance').waitFor();
    expect(await view.getByTestId('order-actions').textContent()).toContain('Withdraw');
    let brandLoads = 0;
    bp.on('load', () => (brandLoads += 1));

    // 2. The factory finds it among its customer orders and accepts it; the brand sees it move.
    await fp.goto('/scm/index/customer-order');
    await fp.getByTestId('index-screen').getByText(orderCode).first().dblclick();
    await fp.waitForURL(/\/scm\/page\/customer-order\?id=/);
    const orderId = new URL(fp.url()).searchParams.get('id')!;
    await fp.getByTestId('order-action-card').waitFor();
    await confirmAction(fp, 'accept');
    await fp.getByTestId('document-panel').getByText('进行中').first().waitFor();
    await expect.poll(() => fp.getByTestId('document-save').count()).toBe(0); // read-only once accepted
    await view.getByText('In progress').waitFor({ timeout: 15_000 });
    expect(await view.getByTestId('order-actions').count()).toBe(0);
    expect(await produced(bp)).toMatch(/^0 \/ 100 (pcs|件)$/);

    // 3. The factory plans it in plant FS-01: a draft work order per process of the plant.
    await fp.goto('/plan/page/planning');
    await fp.locator('#production-plan-form_code').fill(planCode);
    await choose(fp, '#production-plan-form_customer_order_id', orderCode, orderCode);
    await choose(fp, '#production-plan-form_plant_id', '佛山南海工厂');
    const saved = fp.waitForResponse((r) => r.url().includes('/api/scmapi/production-plan/save'));
    await fp.getByTestId('document-save').click();
    expect((await saved).status()).toBe(200);
    await fp.getByTestId('order-action-card').waitFor();
    await confirmAction(fp, 'plan');
    await fp.getByTestId('document-panel').getByText('预排草稿').first().waitFor();
    await fp.getByTestId('plan-work-orders').getByText(`${planCode}-02`).waitFor();

    // 4. On the calendar the cutting work order is a draft: dragged a day later, it moves.
    const cutting = `${planCode}-01`;
    await fp.goto('/zp/prodmgm/calendarview/work-order');
    const chip = fp.getByTestId('cal-grid').getByTestId(`wo-chip-${cutting}`);
    await chip.waitFor();
    expect(await chip.getAttribute('data-status')).toBe('DRAFT');
    // At 1440 px a day is ~90 px wide: the chip still shows the whole order code (issue 23).
    await fp.setViewportSize({ width: 1440, height: 900 });
    const chipCode = chip.getByTestId(`wo-chip-order-${cutting}`);
    expect(await chipCode.textContent()).toContain(orderCode);
    expect(await chipCode.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await fp.setViewportSize({ width: 1366, height: 850 });
    const from = (await chip.locator('xpath=ancestor::td[1]').getAttribute('data-testid'))!; // cal-cell-<line>-<day>
    const next = new Date(`${from.slice(-10)}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const target = `${from.slice(0, -10)}${next.toISOString().slice(0, 10)}`;
    const moved = fp.waitForResponse((r) => r.url().includes('/api/scmapi/work-order/reschedule'));
    await chip.dragTo(fp.getByTestId(target));
    expect((await moved).status()).toBe(200);
    await fp.getByTestId(target).getByTestId(`wo-chip-${cutting}`).waitFor();
    await shot(fp, 'orders-calendar-zh');

    // 5. The load view: hours planned per line and day against the line's hours.
    await fp.getByTestId('cal-view').getByText('负荷').click();
    await fp.getByTestId('load-grid').waitFor();
    const cutLoad = fp.locator(`[data-testid="load-cell-${target.slice('cal-cell-'.length)}"] [data-over]`);
    await expect.poll(async () => Number(await cutLoad.getAttribute('data-planned'))).toBeGreaterThan(0);
    await shot(fp, 'orders-calendar-load-zh');

    // 6. The plan is locked: its work orders are planned and no longer move.
    await openPlan(fp);
    await confirmAction(fp, 'lock');
    await fp.getByTestId('document-panel').getByText('已排产(锁定)').first().waitFor();
    await fp.goto('/zp/prodmgm/calendarview/work-order');
    const locked = fp.getByTestId('cal-grid').getByTestId(`wo-chip-${cutting}`);
    await locked.waitFor();
    expect([await locked.getAttribute('data-status'), await locked.getAttribute('draggable')]).toEqual(['PLANNED', 'false']);

    // 7. The sewing work order, from the plan: cut into bundles of 20, tickets printed.
    await openPlan(fp);
    await fp.getByTestId('plan-work-orders').getByText(`${planCode}-02`).dblclick();
    await fp.waitForURL(/\/prodmgm\/page\/work-order\?id=/);
    const sewing = new URL(fp.url()).searchParams.get('id')!;
    await fp.getByTestId('work-order-floor').waitFor();
    const cut = fp.waitForResponse((r) => r.url().includes('/api/vfapi/bundle/cut'));
    await fp.getByTestId('cut-bundles').click();
    expect((await cut).status()).toBe(200);
    await fp.getByTestId('floor-progress-step').first().waitFor();
    await shot(fp, 'orders-work-order-zh');
    await fp.goto(`/printpage/bundle-ticket?work_order_id=${sewing}`);
    await fp.getByTestId('bundle-ticket').first().waitFor();
    expect(await fp.locator('[data-testid="bundle-ticket"] svg').count()).toBe(5); // 60 M + 40 L in bundles of 20
    const code = (await fp.getByTestId('bundle-ticket').first().getAttribute('data-code'))!;
    expect(code).toBe(`${planCode}-02-001`);
    await shot(fp, 'orders-tickets-zh');
    // The brand's open order shows the sewing steps now (pushed when the work order was cut).
    await expect.poll(() => doneSteps(bp, sewing), { timeout: 15_000 }).toEqual([0, 0, 0]);

    // 8. The scanning station: collar, then sleeves, each by a wedge scan; the brand's bars move.
    await fp.goto('/zp/prodmgm/index/vfscanvalidate');
    await fp.getByTestId('scan-station').waitFor();
    await pickProcess(fp, 'SEW-COLLAR');
    expect((await wedgeScan(fp, code)).status()).toBe(200);
    await expect.poll(() => fp.getByTestId('scan-result').getAttribute('data-state')).toBe('ok');
    expect(await fp.getByTestId('scan-reason').textContent()).toMatch(new RegExp(`^扎号 ${code}:.* 已登记 20 件$`));
    await expect.poll(() => doneSteps(bp, sewing), { timeout: 15_000 }).toEqual([20, 0, 0]);
    await pickProcess(fp, 'SEW-SLEEVE');
    expect((await wedgeScan(fp, code)).status()).toBe(200);
    await expect.poll(() => doneSteps(bp, sewing), { timeout: 15_000 }).toEqual([20, 20, 0]);
    expect(await produced(bp)).toMatch(/^0 \/ 100 (pcs|件)$/); // not through the last step yet

    // 9. The last sewing step makes 20 garments: the brand's produced quantity moves.
    await pickProcess(fp, 'SEW-ASSEMBLE');
    expect((await wedgeScan(fp, code)).status()).toBe(200);
    await expect.poll(() => doneSteps(bp, sewing), { timeout: 15_000 }).toEqual([20, 20, 20]);
    await expect.poll(() => produced(bp), { timeout: 15_000 }).toMatch(/^20 \/ 100 (pcs|件)$/);
    await shot(fp, 'orders-scan-ok-zh');
    await shot(bp, 'orders-brand-produced-en');

    // The same ticket again at the same step: red, with the reason; nothing moves.
    expect((await wedgeScan(fp, code)).status()).toBe(400);
    await expect.poll(() => fp.getByTestId('scan-result').getAttribute('data-state')).toBe('refused');
    expect(await fp.getByTestId('scan-reason').textContent()).toMatch(new RegExp(`^扎号 ${code} 已在工序 .* 扫描过$`));
    await shot(fp, 'orders-scan-refused-zh');

    // 10. The factory's own order form is open too; the last scan is taken back, then booked again.
    const form = await factory.context.newPage();
    await form.goto(`/scm/page/customer-order?id=${orderId}`);
    const producedField = form.locator('[data-readonly-field="produced_qty"]');
    const atFactory = async () => Number(((await producedField.textContent()) ?? '').replace(/[^\d.]/g, ''));
    await expect.poll(atFactory, { timeout: 15_000 }).toBe(20);
    await fp.getByTestId('scan-cancel').first().click(); // the newest booked scan: the assembly
    const cancelled = fp.waitForResponse((r) => r.url().includes('/api/vfapi/scan/cancel'));
    await fp.getByTestId('scan-cancel-confirm').click();
    expect((await cancelled).status()).toBe(200);
    await expect.poll(() => produced(bp), { timeout: 15_000 }).toMatch(/^0 \/ 100 (pcs|件)$/);
    await expect.poll(() => doneSteps(bp, sewing)).toEqual([20, 20, 0]);
    await expect.poll(atFactory, { timeout: 15_000 }).toBe(0);
    await shot(fp, 'orders-scan-cancelled-zh');
    expect((await wedgeScan(fp, code)).status()).toBe(200);
    await expect.poll(() => produced(bp), { timeout: 15_000 }).toMatch(/^20 \/ 100 (pcs|件)$/);
    await expect.poll(atFactory, { timeout: 15_000 }).toBe(20);
    expect(brandLoads).toBe(0); // the brand never reloaded

    // 11. The same screens in the other language and at a phone's width.
    await bp.setViewportSize(PHONE);
    await shot(bp, 'orders-brand-produced-375-en');
    await inLanguage(bp, 'zh', `/scm/index/customer-order?tab=placed&id=${orderId}`);
    await bp.getByTestId('shared-view').waitFor();
    await shot(bp, 'orders-brand-produced-375-zh');
    await bp.setViewportSize({ width: 1366, height: 850 });
    await shot(bp, 'orders-brand-produced-zh');
    await inLanguage(fp, 'en');
    await fp.getByTestId('scan-station').waitFor();
    await pickProcess(fp, 'SEW-COLLAR');
    expect((await wedgeScan(fp, `${planCode}-02-002`)).status()).toBe(200);
    await expect.poll(() => fp.getByTestId('scan-result').textContent()).toContain('OK');
    await shot(fp, 'orders-scan-en');
    await fp.setViewportSize(PHONE);
    const box = (await fp.getByTestId('scan-result').boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    await shot(fp, 'orders-scan-375-en');
    await inLanguage(fp, 'zh');
    await fp.getByTestId('scan-station').waitFor();
    await shot(fp, 'orders-scan-375-zh');
    await fp.goto('/zp/prodmgm/calendarview/work-order?view=load');
    await fp.getByTestId('load-grid').locator('[data-over]').first().waitFor();
    await shot(fp, 'orders-calendar-load-375-zh');
    await inLanguage(fp, 'en');
    await fp.getByTestId('load-grid').locator('[data-over]').first().waitFor();
    await shot(fp, 'orders-calendar-load-375-en');
    await fp.setViewportSize({ width: 1366, height: 850 });
    await shot(fp, 'orders-calendar-load-en');

    await brand.context.close();
    await factory.context.close();
  });

  it('every menu entry of the order documents opens a working screen; a submitted outsourced order is read-only (factory, Chinese)', { timeout: 300_000 }, async () => {
    const { page } = await signedIn('factory.admin');
    const screens: Array<[string, string]> = [
      ['/scm/index/customer-order', 'index-screen'],
      ['/scm/masterdetail/purchase-requirement', 'document-panel'],
      ['/scm/ectabindex/outsourced-order', 'tab-sent'],
      ['/scm/ecindex/material-order', 'status-tabs'],
      ['/zp/prodmgm/index/work-order', 'index-screen'],
      ['/plan/index/planning', 'index-screen'],
      ['/zp/prodmgm/calendarview/work-order', 'cal-grid'],
      ['/scm/index/warehouse', 'warehouse-stock'],
    ];
    for (const [url, testId] of screens) {
      await page.goto(url);
      await page.locator(`[data-testid="${testId}"], [data-testid="sl-list-card"], .sl-list-card`).first().waitFor();
      expect([url, await page.getByTestId('template-pending').count(), await page.getByTestId('engine-no-entity').count()]).toEqual([url, 0, 0]);
    }
    await expect.poll(() => page.getByTestId('stock-qty').count()).toBeGreaterThan(0); // demo stock in the bins
    // A submitted outsourced order opens read-only: no Save (ORD-07).
    await page.goto('/scm/ectabindex/outsourced-order');
    await page.getByText('OS-2026-001').first().dblclick();
    await page.getByTestId('document-title').filter({ hasText: 'OS-2026-001' }).waitFor();
    expect(await page.getByTestId('document-save').count()).toBe(0);
    await shot(page, 'orders-outsourced-submitted-zh');
    // The mill sees it among the orders it received and confirms it.
    const mill = await signedIn('fabric.admin');
    await mill.page.goto('/scm/ectabindex/outsourced-order?tab=received');
    await mill.page.getByTestId('shared-row-OS-2026-001').click();
    const view = mill.page.getByTestId('shared-view');
    await view.waitFor();
    await confirmAction(mill.page, 'confirm');
    await view.getByTestId('status-CONFIRMED').waitFor();
    await shot(mill.page, 'orders-outsourced-received-zh');
  });
});
