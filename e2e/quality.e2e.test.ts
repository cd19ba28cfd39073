// Issue 25 in three browsers: the brand books a final inspection and keeps its screen open; the
// factory confirms on its screen; the inspector, on a 390 px phone, starts, counts pieces, logs a
// defect with a photo and a measurement, and finishes — the lot fails on a critical defect. The
// brand's and the factory's screens show each step without reloading, and the phone never
// scrolls sideways.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pngOf } from '../server/src/engine/transfer/testing';
import { shot, useBrowser } from './browser';

const browser = useBrowser();
/** A loaded machine (two cores, many jobs): screens may take a while to load. */
const WAIT = { timeout: 60_000 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A call with the page's own session (the form-encoded DATA the web client sends). */
function apiCall(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  return page.evaluate(
    async ({ method, path, data }) => {
      const token = localStorage.getItem('token') ?? '';
      const url = `/api/${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
      const res = await fetch(url, method === 'GET' ? {} : { method, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ DATA: JSON.stringify(data) }) });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
      return body.data.results;
    },
    { method, path, data },
  );
}

const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth > innerWidth);

describe('an inspection across three companies, live', () => {
  it('brand books, factory confirms, the inspector fails the lot on a phone; everyone sees it', { timeout: 600_000 }, async () => {
    const brand = await browser.signedIn('brand.buyer');
    const orders = await apiCall(brand.page, 'GET', 'scmapi/inspection/orders');
    const order = orders.find((o: { code: string }) => o.code === 'SO-2026-001');
    const companies = await apiCall(brand.page, 'GET', 'scmapi/inspection/inspection-companies');
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const booked = await apiCall(brand.page, 'POST', 'scmapi/inspection/book', {
      customer_order_id: order.id,
      inspection_type: 'FINAL',
      inspection_date: day,
      inspector_party: 'COMPANY',
      inspector_client_id: companies.find((c: { code: string }) => c.code === 'DEMO_INSPECT').id,
      lines: order.lines.slice(0, 2).map((l: Record<string, string>) => ({ style_code: l.style_code, colour: l.colour, size: l.size, qty: String(Math.round(Number(l.qty))) })),
    });
    const id = booked.doc.id;
    // Lot 300 at level II: H, 50 pieces.
    expect(booked.doc).toMatchObject({ lot_size: '300', code_letter: 'H', sample_size: 50 });
    await brand.page.goto(`/scm/index/inspection?id=${id}`);
    await brand.page.getByTestId('qc-view').waitFor({ timeout: 60_000 }).catch(async (e) => {
      await shot(brand.page, 'quality-brand-view');
      throw e;
    });
    await expect.poll(() => brand.page.getByTestId('qc-status-BOOKED').count(), WAIT).toBe(1);

    // The factory (Chinese) confirms on its screen; the brand's screen follows.
    const factory = await browser.signedIn('factory.admin');
    await factory.page.goto(`/scm/index/inspection?id=${id}`);
    await factory.page.getByTestId('qc-action-confirm').click();
    await expect.poll(() => factory.page.getByTestId('qc-status-CONFIRMED').textContent(), WAIT).toBe('已确认');
    await expect.poll(() => brand.page.getByTestId('qc-status-CONFIRMED').count(), WAIT).toBe(1);

    // The inspector, at 390 px.
    const phone = await browser.signedIn('inspect.admin', PHONE);
    await phone.page.goto(`/scm/index/inspection?id=${id}`);
    await phone.page.getByTestId('qc-action-start').click();
    await expect.poll(() => phone.page.getByTestId('qc-status-IN_PROGRESS').count(), WAIT).toBe(1);
    await expect.poll(() => factory.page.getByTestId('qc-status-IN_PROGRESS').count(), WAIT).toBe(1);
    for (let i = 1; i <= 3; i++) {
      await phone.page.getByTestId('qc-sampled-plus').click();
      await expect.poll(() => phone.page.getByTestId('qc-sampled-count').textContent(), WAIT).toBe(`${i} / 50`);
    }
    // A critical defect with a photo from the camera.
    await phone.page.getByTestId('qc-defect-code').click();
    await phone.page.locator('.ant-select-item-option-content', { hasText: 'NEEDLE' }).click();
    await phone.page.getByTestId('qc-defect-photo-input').setInputFiles({ name: 'needle.png', mimeType: 'image/png', buffer: pngOf(120, 90) });
    await expect.poll(() => phone.page.getByTestId('qc-defect-photo').textContent(), WAIT).toContain('(1)');
    await phone.page.getByTestId('qc-defect-add').click();
    await expect.poll(() => phone.page.getByTestId('qc-count-critical').textContent(), WAIT).toBe('1');
    await expect.poll(() => phone.page.getByTestId('qc-verdict').textContent(), WAIT).toBe('Rejected: Critical');
    await expect.poll(() => phone.page.locator('[data-testid="qc-defect-0"] img').count(), WAIT).toBe(1);
    // The brand watches the counter move.
    await expect.poll(() => brand.page.getByTestId('qc-count-critical').textContent(), WAIT).toBe('1');
    // A measurement out of tolerance.
    await phone.page.getByTestId('qc-reading-point').fill('Chest width');
    await phone.page.getByTestId('qc-reading-size').fill('M');
    await phone.page.getByTestId('qc-reading-spec').fill('52');
    await phone.page.getByTestId('qc-reading-tol').fill('1');
    await phone.page.getByTestId('qc-reading-measured').fill('53.5');
    await phone.page.getByTestId('qc-reading-add').click();
    await expect.poll(() => phone.page.getByTestId('qc-readings').textContent(), WAIT).toContain('53.5000 · Out of tolerance');
    expect(await sideways(phone.page)).toBe(false);
    await shot(phone.page, 'quality-phone-recording');

    await phone.page.getByTestId('qc-action-finish').click();
    // The inspector signs on the e-sign area's pad (a drawn stroke), then finishes.
    const pad = phone.page.getByTestId('esign-pad');
    let box = (await pad.boundingBox())!;
    // the dialog zooms in: draw once the pad stands still
    await expect.poll(async () => box.width === (box = (await pad.boundingBox())!).width && box.width > 200, WAIT).toBe(true);
    await phone.page.mouse.move(box.x + 30, box.y + 100);
    await phone.page.mouse.down();
    for (let i = 1; i <= 8; i += 1) await phone.page.mouse.move(box.x + 30 + i * 30, box.y + 100 + (i % 2 ? -40 : 30), { steps: 3 });
    await phone.page.mouse.up();
    await phone.page.getByTestId('qc-finish-ok').click();
    await expect.poll(() => phone.page.getByTestId('qc-status-FAILED').count(), WAIT).toBe(1);
    // Live on both other screens, no reload.
    await expect.poll(() => brand.page.getByTestId('qc-status-FAILED').textContent(), WAIT).toBe('Failed');
    await expect.poll(() => factory.page.getByTestId('qc-status-FAILED').textContent(), WAIT).toBe('不合格');
    // The shipment of the order is blocked, as the shipping work reads it.
    expect(await apiCall(factory.page, 'GET', `scmapi/inspection/shipment-block?order_id=${order.id}`)).toMatchObject({ id, status: 'FAILED' });
    expect(await sideways(phone.page)).toBe(false);
    for (const c of [brand, factory, phone]) await c.context.close();
  });
});
