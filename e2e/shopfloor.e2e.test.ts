// The shop floor in real browsers, two companies at once: Demo Garment Factory (factory.admin,
// Chinese) cuts the sewing work order of the demo plan into bundle tickets, prints them, and scans
// one ticket through two process steps at the scanning station with a keyboard wedge (code +
// Enter); Demo Brand Co. (brand.buyer, English) has its customer order open the whole time and
// sees the progress per process move without reloading. Screenshots in both languages and at
// 390 px go to e2e/artifacts.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, signIn, useBrowser } from './browser';

const browser = useBrowser();

async function signedIn(username: string) {
  const { context, page } = await browser.newPage();
  await page.goto('/login');
  await signIn(page, username);
  await page.waitForURL('**/workspace/home');
  return { context, page };
}

/** A call with the page's own session. */
async function apiGet(page: Page, path: string, query: Record<string, string> = {}) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`/api/${path}?${new URLSearchParams({ ...query, token: token ?? '' })}`);
  expect([path, res.status()]).toEqual([path, 200]);
  return (await res.json()).data.results;
}

/** The done pieces of each step of one work order's progress bars on a page, in order. */
const doneSteps = (page: Page, workOrderId: string) =>
  page
    .locator(`[data-testid="floor-progress-bars"][data-work-order="${workOrderId}"] [data-testid="floor-progress-step"]`)
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-done'))));

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

describe('shop floor: bundle tickets and scanning, live at the brand', () => {
  it('prints bundle tickets, scans two steps, and the brand sees progress move without reloading', async () => {
    const factory = await signedIn('factory.admin');
    const brand = await signedIn('brand.buyer');
    const fp = factory.page;
    const bp = brand.page;

    // The sewing work order of the demo plan (planned on the factory's lines, for the brand's order).
    const [sew] = (await apiGet(fp, 'mdapi/process/page-list', { q: JSON.stringify({ process_code: 'SEW' }) })).rows;
    const wos = (await apiGet(fp, 'scmapi/work-order/page-list', { q: JSON.stringify({ process_id: sew.id }) })).rows as Array<Record<string, string>>;
    const wo = wos.find((w) => w.code.startsWith('PP-2026-001'))!;
    expect(wo).toBeTruthy();

    // The brand opens its order (placed on the factory) and keeps it open.
    await bp.goto(`/scm/index/customer-order?tab=placed&id=${wo.customer_order_id}`);
    await bp.getByTestId('shared-view').waitFor();
    await bp.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));

    // Factory: cut the work order into bundles of 20 from its form, then print the tickets.
    await fp.goto(`/prodmgm/page/work-order?id=${wo.id}`);
    await fp.getByTestId('work-order-floor').waitFor();
    const cut = fp.waitForResponse((r) => r.url().includes('/api/vfapi/bundle/cut'));
    await fp.getByTestId('cut-bundles').click();
    expect((await cut).status()).toBe(200);
    await fp.getByTestId('floor-progress-step').first().waitFor();
    await shot(fp, 'shopfloor-work-order-zh');
    await fp.goto(`/printpage/bundle-ticket?work_order_id=${wo.id}`);
    await fp.getByTestId('bundle-ticket').first().waitFor();
    expect(await fp.locator('[data-testid="bundle-ticket"] svg').count()).toBeGreaterThan(1);
    const code = (await fp.getByTestId('bundle-ticket').first().getAttribute('data-code'))!;
    expect(code).toBe(`${wo.code}-001`);
    await shot(fp, 'shopfloor-tickets-zh');

    // The brand's open order now shows the sewing steps too (pushed when the work order was cut).
    await expect.poll(() => doneSteps(bp, wo.id), { timeout: 15_000 }).toEqual([0, 0, 0]);

    // Scanning station: collar setting, then sleeves, each by a wedge scan.
    await fp.goto('/zp/prodmgm/index/vfscanvalidate');
    await fp.getByTestId('scan-station').waitFor();
    await pickProcess(fp, 'SEW-COLLAR');
    expect((await wedgeScan(fp, code)).status()).toBe(200);
    await expect.poll(() => fp.getByTestId('scan-result').getAttribute('data-state')).toBe('ok');
    expect(await fp.getByTestId('scan-reason').textContent()).toMatch(new RegExp(`^扎号 ${code}:.* 已登记 20 件$`));
    await shot(fp, 'shopfloor-scan-ok-zh');
    await expect.poll(() => doneSteps(bp, wo.id), { timeout: 15_000 }).toEqual([20, 0, 0]);

    await pickProcess(fp, 'SEW-SLEEVE');
    expect((await wedgeScan(fp, code)).status()).toBe(200);
    await expect.poll(() => fp.getByTestId('scan-result').getAttribute('data-state')).toBe('ok');
    await expect.poll(() => doneSteps(bp, wo.id), { timeout: 15_000 }).toEqual([20, 20, 0]);
    await shot(bp, 'shopfloor-brand-progress-en');

    // The same ticket again at the same step: red, with the reason; the brand's bars stay.
    expect((await wedgeScan(fp, code)).status()).toBe(400);
    await expect.poll(() => fp.getByTestId('scan-result').getAttribute('data-state')).toBe('refused');
    expect(await fp.getByTestId('scan-reason').textContent()).toMatch(new RegExp(`^扎号 ${code} 已在工序 .* 扫描过$`));
    await shot(fp, 'shopfloor-scan-refused-zh');
    expect(await doneSteps(bp, wo.id)).toEqual([20, 20, 0]);
    expect(await bp.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);

    // A phone at the station: 390 px wide, English interface; the result stays readable.
    await fp.setViewportSize({ width: 390, height: 844 });
    await fp.getByTestId('lang-switch').getByText('English').click();
    await pickProcess(fp, 'SEW-ASSEMBLE');
    expect((await wedgeScan(fp, code)).status()).toBe(200);
    await expect.poll(() => fp.getByTestId('scan-result').getAttribute('data-state')).toBe('ok');
    expect(await fp.getByTestId('scan-result').textContent()).toContain('OK');
    const box = (await fp.getByTestId('scan-result').boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    await shot(fp, 'shopfloor-scan-390-en');
    await bp.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => doneSteps(bp, wo.id), { timeout: 15_000 }).toEqual([20, 20, 20]);
    await shot(bp, 'shopfloor-brand-progress-390-en');

    // The warehouse overview of the factory (demo stock in its bins).
    await fp.setViewportSize({ width: 1366, height: 850 });
    await fp.goto('/scm/index/warehouse');
    await fp.getByTestId('warehouse-stock').first().waitFor();
    await expect.poll(() => fp.getByTestId('stock-qty').count()).toBeGreaterThan(0);
    await shot(fp, 'shopfloor-warehouse');

    await factory.context.close();
    await brand.context.close();
  });
});
