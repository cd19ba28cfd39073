// Capacity planning in real browsers, one context per company: brand.buyer (en) imports demand
// from a real .xlsx in the import centre, drafts version 2 on the capacity board, runs the
// allocation, adjusts a cell in place and publishes; factory.admin (zh), with the received
// allocations open all along, sees version 2 arrive live and confirms it. Screenshots in both
// languages and at 390 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { xlsxOf } from '../server/src/engine/transfer/testing';
import { addWeeks, weekOf } from '../areas/capacity/meta/weeks';
import { shot, useBrowser } from './browser';

const browser = useBrowser();
// Lazy screens on a busy 2-core machine: give the page time, never a fixed sleep.
const T = { timeout: 20_000 };

const signedIn = (username: string, viewport?: { width: number; height: number }) => browser.signedIn(username, viewport ? { viewport } : {});

/** Confirms the open Popconfirm. */
async function confirmPop(page: Page) {
  await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary').click();
}

async function post(page: Page, path: string, click: () => Promise<void>) {
  const done = page.waitForResponse((r) => r.url().includes(`/api/scmapi/${path}`) && r.request().method() === 'POST');
  await click();
  const res = await done;
  expect([path, res.status()]).toEqual([path, 200]);
}

describe('capacity planning between a brand and its suppliers', () => {
  it('reaches every capacity menu entry', async () => {
    const { page, context } = await signedIn('brand.buyer');
    for (const url of ['/plan/index/capacity-group', '/plan/index/vendor-setting', '/plan/index/demand', '/scm/index/vendor-kpi', '/scm/index/order-allocation', '/scm/index/vendor-capacity', '/scm/index/demand-allocation']) {
      await page.goto(url);
      await expect.poll(() => page.getByTestId('index-screen').count(), { ...T,  message: url }).toBeGreaterThan(0);
    }
    await page.goto('/plan/page/capacity-board');
    await expect.poll(() => page.getByTestId('heatmap').count(), T).toBe(1);
    await context.close();
  });

  it('imports demand, runs, adjusts a cell, publishes; the factory sees it live and confirms', async () => {
    const brand = await signedIn('brand.buyer');
    const factory = await signedIn('factory.admin');
    const bp = brand.page;
    const fp = factory.page;

    // The factory watches its received allocations (version 1 from the demo data).
    await fp.goto('/scm/index/demand-allocation?tab=received');
    await expect.poll(() => fp.getByTestId('received-version').count(), T).toBe(1);

    // Demand from a real workbook through the import centre.
    const next = addWeeks(weekOf(new Date()), 1);
    const bytes = await xlsxOf([
      ['Demand no.', 'Style', 'Capacity group', 'Quantity (pcs)', 'SMV (min/pc)', 'Due week'],
      ['DM-E2E1', 'KT-E2E1', 'KNIT-TOP', 1500, '11.5', addWeeks(next, 3)],
      ['DM-E2E2', 'WS-E2E2', 'WOVEN-SHIRT', 600, '23', addWeeks(next, 4)],
    ]);
    await bp.goto('/page/upload/view?entity=demand');
    await bp.locator('input[type=file]').setInputFiles({ name: 'demand.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes });
    await post(bp, 'demand/import', () => bp.getByTestId('import-start').click());
    await expect.poll(() => bp.locator('.ant-result-success').count(), T).toBe(1);

    // A new draft on the board, run.
    await bp.goto('/plan/page/capacity-board');
    await expect.poll(() => bp.getByTestId('heatmap').count(), T).toBe(1);
    await bp.getByTestId('new-version').click();
    await bp.getByTestId('new-version-title').fill('E2E re-plan');
    await post(bp, 'demand-allocation/save', () => bp.getByTestId('new-version-ok').click());
    await expect.poll(() => bp.getByTestId('run-allocation').count(), T).toBe(1);
    await post(bp, 'demand-allocation/run', async () => {
      await bp.getByTestId('run-allocation').click();
      await confirmPop(bp);
    });
    await expect.poll(() => bp.getByTestId('board-cell').count(), T).toBeGreaterThan(0);
    await expect.poll(() => bp.locator('[data-testid="demand-rows"] [data-testid="cap-state-line"][data-state="10"]').count(), T).toBeGreaterThan(0);
    await shot(bp, 'capacity-board-en');

    // Adjust one cell in place: the preview shows the effect before saving.
    await bp.getByTestId('board-cell').first().click();
    // antd puts the test id on the <input> of an InputNumber.
    const qtyInput = () => bp.locator('input[data-testid="cell-qty"], [data-testid="cell-qty"] input').first();
    const qty = qtyInput();
    await expect.poll(() => qty.count(), T).toBe(1);
    const before = Number(await qty.inputValue());
    await qty.fill(String(before + 50));
    await expect.poll(() => bp.getByTestId('cell-preview').textContent(), T).toMatch(/load .*%/);
    await shot(bp, 'capacity-board-cell-en');
    await post(bp, 'demand-allocation/cell', () => bp.getByTestId('cell-save').first().click());
    await expect.poll(async () => Number(await qtyInput().inputValue()), T).toBe(before + 50);
    await bp.keyboard.press('Escape');

    // Publish: version 1 is archived, the factory's page shows version 2 without a reload.
    await post(bp, 'demand-allocation/publish', async () => {
      await bp.getByTestId('publish-version').click();
      await confirmPop(bp);
    });
    await expect.poll(() => bp.locator('[data-testid="cap-state-version"]').first().getAttribute('data-state'), T).toBe('published');
    await expect.poll(() => fp.getByTestId('received-version').count(), { timeout: 15_000 }).toBe(2);
    await shot(fp, 'capacity-received-zh');

    await post(fp, 'allocation/confirm', async () => {
      await fp.getByTestId('confirm-allocation').first().click();
      await confirmPop(fp);
    });
    await expect.poll(() => fp.locator('[data-testid="received-version"]').first().locator('[data-testid="cap-state-line"][data-state="30"]').count(), T).toBeGreaterThan(0);
    expect(await fp.getByTestId('confirm-allocation').count()).toBe(0);
    await shot(fp, 'capacity-confirmed-zh');

    // The brand sees the confirmation as 'submitted' on its board.
    await bp.reload();
    await expect.poll(() => bp.locator('[data-testid="demand-rows"] [data-testid="cap-state-line"][data-state="30"]').count(), T).toBeGreaterThan(0);
    await brand.context.close();
    await factory.context.close();
  });

  it('looks right in Chinese and at 390 px', async () => {
    const zh = await signedIn('brand.admin');
    // Journeys share one server: another may have left brand.admin in English.
    await zh.page.getByTestId('lang-switch').getByText('中文').click();
    await zh.page.goto('/plan/page/capacity-board');
    await expect.poll(() => zh.page.getByTestId('heatmap').count(), T).toBe(1);
    await shot(zh.page, 'capacity-board-zh');
    await zh.page.goto('/scm/index/vendor-capacity');
    await zh.page.getByRole('tab', { name: '供应商产能' }).click();
    await expect.poll(() => zh.page.locator('[data-testid="vendors-capacity"] tbody tr').count(), T).toBeGreaterThan(1);
    await shot(zh.page, 'capacity-vendors-zh');
    await zh.context.close();

    const phone = await signedIn('brand.buyer', { width: 390, height: 844 });
    await phone.page.goto('/plan/page/capacity-board');
    await expect.poll(() => phone.page.getByTestId('heatmap').count(), T).toBe(1);
    // The board's card fits the screen; wide parts (heat map, tables) scroll inside it.
    const box = await phone.page.getByTestId('capacity-board').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await shot(phone.page, 'capacity-board-390');
    await phone.context.close();

    const factoryPhone = await signedIn('factory.admin', { width: 390, height: 844 });
    await factoryPhone.page.goto('/scm/index/demand-allocation?tab=received');
    await expect.poll(() => factoryPhone.page.getByTestId('received-version').count(), T).toBeGreaterThan(0);
    await shot(factoryPhone.page, 'capacity-received-390');
    await factoryPhone.context.close();
  });
});
