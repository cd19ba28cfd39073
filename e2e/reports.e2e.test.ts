// Reports in a real browser against the real server: a buyer (Demo Brand Co., English) opens a
// report from the report list, sees its chart drawn, exports it — a real .xlsx, read back with
// ExcelJS and compared with the report's own answer — and prints it; the factory (Demo Garment
// Factory, Chinese) keeps its wall board open while a scan is booked through the real API, and the
// board's figures move without a reload. Screenshots in both languages and at 375 px go to
// e2e/artifacts.
import '../server/src/engine/transfer/exceljsFix'; // before ExcelJS itself
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS, shot, useBrowser } from './browser';

const browser = useBrowser();

const signedIn = (username: string, viewport?: { width: number; height: number }) => browser.signedIn(username, viewport ? { viewport } : {});

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

async function apiGet(page: Page, path: string, query: Record<string, string> = {}) {
  const res = await page.request.get(`/api/${path}?${new URLSearchParams({ ...query, token: await tokenOf(page) })}`);
  expect([path, res.status()]).toEqual([path, 200]);
  return (await res.json()).data.results;
}

async function apiPost(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`/api/${path}?${new URLSearchParams({ token: await tokenOf(page) })}`, { data: { DATA: data } });
  return { status: res.status(), body: await res.json() };
}

async function sheetRows(path: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('reports', () => {
  it('a buyer opens a report, sees its chart, exports it (read back with ExcelJS) and prints it', async () => {
    const { page } = await signedIn('brand.buyer');
    // From the menu's report list to the report.
    await page.goto('/rpt/dsrptindex/reports');
    await page.getByTestId('report-link-vendors-by-category').click();
    await page.waitForURL('**/rpt/dsrptindex/vendors-by-category');
    const chart = page.getByTestId('report-chart');
    await chart.locator('svg path').first().waitFor();
    expect(await chart.locator('svg path').count()).toBeGreaterThan(1); // the pie's sectors are drawn
    expect(await chart.getAttribute('data-chart')).toBe('pie');
    const answer = await apiGet(page, 'rptapi/report/run', { opt: 'vendors-by-category' });
    expect(answer.rows.length).toBeGreaterThan(1);
    for (const r of answer.rows) await expect.poll(() => page.getByTestId('report-table').getByText(r.label, { exact: true }).count()).toBeGreaterThan(0);
    await shot(page, 'reports-vendors-en');

    const download = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    const file = await download;
    const path = join(ARTIFACTS, 'reports-vendors-by-category.xlsx');
    await file.saveAs(path);
    expect(file.suggestedFilename()).toMatch(/^Vendors by category-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = await sheetRows(path);
    expect(rows[0]).toEqual(['Vendor category', 'Vendors']);
    expect(rows.slice(1, -1)).toEqual(answer.rows.map((r: { label: string; count: string }) => [r.label, r.count]));
    expect(rows.at(-1)).toEqual(['Total', answer.total.count]);

    // Print: the read-only print view with the same figures.
    await page.getByTestId('report-print').click();
    await page.waitForURL('**/printpage/htprintview?report=vendors-by-category');
    await page.getByTestId('report-printout').locator('svg path').first().waitFor();
    expect(await page.locator('input, textarea').count()).toBe(0);
    await shot(page, 'reports-print-en');
  });

  it('the control tower per role and a report at phone width, in Chinese', async () => {
    const { page } = await signedIn('brand.admin', { width: 375, height: 812 });
    await page.goto('/rpt/dsrptindex/control-tower');
    await page.getByTestId('control-tower').first().waitFor();
    await page.getByTestId('tower-role-buyer').waitFor();
    await shot(page, 'reports-control-tower-zh-375');
    await page.goto('/rpt/dsrptindex/open-orders');
    await page.getByTestId('report-view').waitFor();
    expect(await page.getByTestId('report-export').textContent()).toContain('导出');
    // Nothing sticks out sideways at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'reports-open-orders-zh-375');

    // A customer document prints in its customer's print language (C1003: English) for a Chinese user.
    const [customer] = (await apiGet(page, 'mdapi/customer/page-list', { q: JSON.stringify({ code: 'C1003' }) })).rows;
    expect(customer.print_language).toBe('en');
    const saved = await apiPost(page, 'scmapi/customer-order/save', {
      code: `E2E-PRINT-${Date.now()}`,
      customer_id: customer.id,
      lines: [{ style_code: 'ST-1', colour: 'Navy', size: 'M', qty: '10', price: '2.5000' }],
    });
    expect(saved.status).toBe(200);
    await page.goto(`/printpage/htprintview?entity=customer-order&id=${saved.body.data.results.id}`);
    const printed = page.getByTestId('htprint');
    await printed.waitFor();
    expect(await printed.getAttribute('data-print-lang')).toBe('en');
    await printed.getByText('Order number').first().waitFor();
    expect(await printed.getByText('订单号').count()).toBe(0);
    expect(await page.getByTestId('print-language-note').textContent()).toContain('英文');
    expect(await page.locator('input, textarea').count()).toBe(0);
    await shot(page, 'reports-htprint-customer-en-for-zh-375');
  });

  it('the factory’s wall board changes live when a scan is booked', async () => {
    const { page } = await signedIn('factory.admin');
    await page.goto('/visual/board');
    await page.getByTestId('visual-wall').waitFor();
    await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
    const before = Number(await page.getByTestId('wall-pieces').getAttribute('data-value'));
    const scansBefore = Number(await page.getByTestId('wall-scans').getAttribute('data-value'));
    await shot(page, 'reports-wall-before-zh');

    // A bundle of the demo plan's sewing work order at its next step (cutting it first if needed).
    const [sew] = (await apiGet(page, 'mdapi/process/page-list', { q: JSON.stringify({ process_code: 'SEW' }) })).rows;
    const wos = (await apiGet(page, 'scmapi/work-order/page-list', { q: JSON.stringify({ process_id: sew.id }) })).rows as Array<Record<string, string>>;
    const wo = wos.find((w) => w.code.startsWith('PP-2026-001'))!;
    expect(wo).toBeTruthy();
    await apiPost(page, 'vfapi/bundle/cut', { work_order_id: wo.id, bundle_size: 20 }); // 400 'already cut' is fine
    const tickets = await apiGet(page, 'vfapi/bundle/tickets', { work_order_id: wo.id });
    const processes = (await apiGet(page, 'vfapi/scan/processes')) as Array<{ id: string; process_code: string }>;
    let booked: { quantity: number } | null = null;
    for (const b of tickets.bundles as Array<{ bundle_code: string; status: string; quantity: number; steps: Array<{ process_code: string }> }>) {
      if (b.status === 'done' || booked) continue;
      for (const step of b.steps) {
        const process = processes.find((p) => p.process_code === step.process_code);
        if (!process) continue;
        const res = await apiPost(page, 'vfapi/scan/validate', { code: b.bundle_code, process_id: process.id, station: 'e2e-reports' });
        if (res.status === 200) {
          booked = { quantity: Number(b.quantity) };
          break;
        }
      }
    }
    expect(booked).not.toBeNull();

    await expect.poll(() => page.getByTestId('wall-pieces').getAttribute('data-value').then(Number), { timeout: 15_000 }).toBe(before + booked!.quantity);
    expect(Number(await page.getByTestId('wall-scans').getAttribute('data-value'))).toBe(scansBefore + 1);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
    await shot(page, 'reports-wall-after-zh');
  });
});
