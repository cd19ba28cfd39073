// QR e-signing in real browsers (ESG-01..03): brand.buyer (en) opens a vendor on the desktop and
// asks for a signature; the QR code is read off the desktop page and decoded with jsQR; a
// phone-sized context (375 px, touch) that is not signed in opens the decoded URL, signs in as
// brand.admin (zh) through /login and comes back to the signing page, reads the summary, draws a
// signature and signs; the desktop's dialog shows who signed live and closes itself, the phone's
// page counts down and leaves. A later change to the vendor marks the signature as no longer
// matching, on the document and in the list. Screenshots in both languages, desktop and 375 px.
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { shot, signIn, useBrowser } from './browser';

const browser = useBrowser();
const T = { timeout: 30_000 };
// Two browser contexts on a shared 2-core machine: the journey's own limit, never a sleep.
const JOURNEY_MS = 240_000;
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The QR code's pixels as the desktop shows them, decoded here with jsQR. */
async function readQr(page: Page): Promise<string> {
  const img = page.getByTestId('esign-qr');
  await img.waitFor(T);
  const { width, height, data } = await img.evaluate(async (el: HTMLImageElement) => {
    await el.decode();
    const c = document.createElement('canvas');
    c.width = el.naturalWidth;
    c.height = el.naturalHeight;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(el, 0, 0);
    return { width: c.width, height: c.height, data: Array.from(ctx.getImageData(0, 0, c.width, c.height).data) };
  });
  const code = jsQR(Uint8ClampedArray.from(data), width, height);
  if (!code) throw new Error('the QR code did not decode');
  return code.data;
}

/** Draws a signature stroke across the pad with touch-like pointer moves. */
async function draw(page: Page) {
  const pad = page.getByTestId('esign-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + 30 + i * 22, box.y + 120 + (i % 2 ? -50 : 40), { steps: 3 });
  await page.mouse.up();
}

describe('QR e-signing', () => {
  it('a vendor is signed from a phone by scanning the desktop’s QR code; the desktop sees it live', async () => {
    const desk = await browser.signedIn('brand.buyer');
    const dp = desk.page;
    await dp.goto('/md/index/vendor');
    await dp.getByTestId('index-screen').waitFor(T);
    const list = await dp.evaluate(async () => {
      const res = await fetch('/api/mdapi/vendor/page-list?p=' + encodeURIComponent(JSON.stringify({ size: 1 })), { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await res.json()).data.results.rows as { id: string; short_name: string }[];
    });
    const vendor = list[0]!;
    await dp.goto(`/md/page/vendor?id=${vendor.id}`);
    const card = dp.getByTestId('esign-card');
    await card.waitFor(T);
    await card.getByTestId('esign-sign').click();
    const dialog = dp.getByTestId('esign-dialog');
    await expect.poll(() => dialog.getByTestId('esign-countdown').textContent(), T).toMatch(/^Valid for \d+ s$/);
    await shot(dp, 'esign-qr-en');
    const url = await readQr(dp);
    expect(url).toMatch(/\/zp\/collab\/page\/esign\?code=[A-Za-z0-9_-]{43}$/);

    // The phone: not signed in yet — through /login and back to the signing page.
    const phone = await browser.newPage(PHONE);
    const pp = phone.page;
    await pp.goto(url);
    await pp.waitForURL(/\/login\?/, T);
    await signIn(pp, 'brand.admin');
    await pp.waitForURL(/\/zp\/collab\/page\/esign\?code=/, T);
    const summary = pp.getByTestId('esign-summary');
    await summary.waitFor(T);
    expect(await summary.textContent()).toContain(vendor.short_name);
    expect(await pp.getByText('签署单据').count()).toBeGreaterThan(0);
    // Nothing drawn yet: it asks first and sends nothing.
    await pp.getByTestId('esign-submit').click();
    await pp.getByText('请先手写签名').first().waitFor(T);
    await draw(pp);
    await shot(pp, 'esign-phone-sign-zh-375');
    expect(await pp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const signed = pp.waitForResponse((r) => r.url().includes('/api/utilsapi/esignapi/sign') && r.request().method() === 'POST');
    await pp.getByTestId('esign-submit').click();
    expect((await signed).status()).toBe(200);
    await pp.getByTestId('esign-page-signed').waitFor(T);
    await expect.poll(() => pp.getByTestId('esign-page-countdown').textContent(), T).toMatch(/本页将在 \d 秒后关闭/);
    await shot(pp, 'esign-phone-signed-zh-375');

    // The desktop learns it live (no reload), shows who signed and closes after its countdown.
    const done = dialog.getByTestId('esign-signed');
    await done.waitFor(T);
    expect(await done.textContent()).toMatch(/^Signed by .+Closes in \d s$/);
    await shot(dp, 'esign-signed-live-en');
    await dialog.waitFor({ state: 'detached', ...T });
    // …and the phone's page leaves for the workbench at 0.
    await pp.waitForURL(/\/workspace\/home/, T);

    await expect.poll(() => card.getByTestId('esign-match').textContent(), T).toBe('Matches the document');

    // A later change to the document: the signature no longer matches.
    await dp.locator('#vendor-form_short_name').fill(`${vendor.short_name} II`);
    const saved = dp.waitForResponse((r) => r.url().includes('/api/mdapi/vendor/save'));
    await dp.getByTestId('document-save').click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => card.getByTestId('esign-match').textContent(), T).toBe('Signature no longer matches');
    await card.scrollIntoViewIfNeeded();
    await shot(dp, 'esign-no-longer-matches-en');

    // The list of requests and signatures, both languages, desktop and phone width.
    await dp.goto('/collab/index/esign');
    await dp.getByTestId('esign-list').getByText('Signature no longer matches').first().waitFor(T);
    await shot(dp, 'esign-list-en');
    await dp.getByTestId('esign-list').locator('tbody tr.ant-table-row').first().click();
    await dp.getByTestId('esign-detail').locator('img').first().waitFor(T);
    await shot(dp, 'esign-detail-en');

    await pp.goto('/collab/index/esign');
    await pp.getByTestId('esign-list').getByText('签名与单据不再一致').first().waitFor(T);
    await shot(pp, 'esign-list-zh-375');
    await desk.context.close();
    await phone.context.close();
  }, JOURNEY_MS);

  it('the QR code counts down to 0, is marked expired, and a new code restarts the countdown (ESG-02)', async () => {
    const { page, context } = await browser.newPage();
    // The page's clock is ours to move on: 120 s pass in a moment, a second at a time.
    await page.clock.install();
    await page.goto('/login');
    await signIn(page, 'brand.buyer');
    await page.waitForURL('**/workspace/home', T);
    const vendorId = await page.evaluate(async () => {
      const res = await fetch('/api/mdapi/vendor/page-list?p=' + encodeURIComponent(JSON.stringify({ size: 1 })), { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await res.json()).data.results.rows[0].id as string;
    });
    await page.goto(`/md/page/vendor?id=${vendorId}`);
    await page.getByTestId('esign-sign').click();
    const countdown = page.getByTestId('esign-countdown');
    await expect.poll(() => countdown.textContent(), T).toMatch(/^Valid for 1[12]\d s$/);
    for (let i = 0; i < 125 && (await page.getByTestId('esign-expired').count()) === 0; i += 1) await page.clock.runFor(1000);
    await page.getByTestId('esign-expired').waitFor(T);
    await shot(page, 'esign-qr-expired-en');
    const renewed = page.waitForResponse((r) => r.url().includes('/api/utilsapi/esignapi/request') && r.request().method() === 'POST');
    await page.getByTestId('esign-regenerate').click();
    expect((await renewed).status()).toBe(200);
    await expect.poll(() => countdown.textContent(), T).toMatch(/^Valid for 1[12]\d s$/);
    expect(await page.getByTestId('esign-expired').count()).toBe(0);
    await context.close();
  }, JOURNEY_MS);

  it('screens in the other languages: the QR dialog in Chinese, the phone page in English', async () => {
    const desk = await browser.signedIn('brand.admin');
    const dp = desk.page;
    await dp.goto('/collab/index/esign');
    await dp.getByTestId('esign-list').locator('tbody tr.ant-table-row').first().waitFor(T);
    await shot(dp, 'esign-list-zh');
    const vendorId = await dp.evaluate(async () => {
      const res = await fetch('/api/mdapi/vendor/page-list?p=' + encodeURIComponent(JSON.stringify({ size: 1 })), { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await res.json()).data.results.rows[0].id as string;
    });
    await dp.goto(`/md/page/vendor?id=${vendorId}`);
    await dp.getByTestId('esign-sign').click();
    await expect.poll(() => dp.getByTestId('esign-countdown').textContent(), T).toMatch(/^有效期 \d+ 秒$/);
    await shot(dp, 'esign-qr-zh');
    const url = await readQr(dp);

    const phone = await browser.signedIn('brand.buyer', PHONE);
    await phone.page.goto(url);
    await phone.page.getByTestId('esign-summary').waitFor(T);
    expect(await phone.page.getByText('Sign the document').count()).toBe(1);
    await shot(phone.page, 'esign-phone-sign-en-375');
    await desk.context.close();
    await phone.context.close();
  }, JOURNEY_MS);
});
