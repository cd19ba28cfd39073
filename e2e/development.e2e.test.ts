// Style development in two browsers (docs/development.md): brand.buyer (Demo Brand Co., English)
// creates a style with two colourways, a BOM and a graded measurement chart, and asks Demo Garment
// Factory for a fit sample; factory.admin (Chinese) enters measurements, one out of tolerance,
// highlighted on both screens live; the buyer approves; the tech pack prints (both languages, a
// PDF); brand.admin records a late T&A node, the dependent nodes move and the owner (role BUYER:
// brand.buyer) sees the alert live. Screenshots in both languages and at 390 px.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS, shot, useBrowser } from './browser';

const browser = useBrowser();
const STYLE = `ST-E2E-${Date.now().toString(36).toUpperCase()}`;

async function choose(page: Page, trigger: string, option: string | RegExp, type?: string) {
  await page.locator(trigger).click();
  if (type) await page.keyboard.type(type);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const signedIn = (user: string, viewport?: { width: number; height: number }) => browser.signedIn(user, viewport ? { viewport } : {});

async function save(page: Page, api: string) {
  const saved = page.waitForResponse((r) => r.url().includes(`/api/plmapi/${api}/save`) && r.request().method() === 'POST');
  await page.getByTestId('document-save').click();
  const res = await saved;
  expect([api, res.status()]).toEqual([api, 200]);
  return ((await res.json()) as { data: { results: Record<string, any> } }).data.results;
}

const f = (page: Page, entity: string, path: string) => page.locator(`#${entity}-form_${path}`);

describe('style development between a brand and a factory', () => {
  it('style → BOM → graded chart → fit sample measured by the factory → approved → tech pack → late T&A node alerts its owner', async () => {
    const brand = await signedIn('brand.buyer');
    const bp = brand.page;

    // 1. A style with two colourways and a 100 % composition (five slots, no sixth).
    await bp.goto('/dev/page/style');
    await f(bp, 'style', 'code').fill(STYLE);
    await f(bp, 'style', 'name').fill('E2E relaxed tee');
    await choose(bp, '#style-form_size_range_id', '女装上衣', '女装');
    await choose(bp, '#style-form_fibre_1', 'Cotton');
    await f(bp, 'style', 'percent_1').fill('100');
    expect(await bp.locator('#style-form_fibre_6').count()).toBe(0);
    await bp.getByTestId('child-colourways-add').click();
    await bp.getByTestId('child-colourways-add').click();
    await choose(bp, '#style-form_colourways_0_colour_id', 'Navy', 'Navy');
    await choose(bp, '#style-form_colourways_1_colour_id', 'Optic white', 'Optic');
    const style = await save(bp, 'style');
    expect(style.colourways).toHaveLength(2);
    await shot(bp, 'development-style-en');

    // 2. A BOM: fabric for every colourway; the cost roll-up per colourway, exact to 4 places.
    await bp.goto('/dev/page/bom');
    await f(bp, 'bom', 'code').fill(`BOM-${STYLE}`);
    await choose(bp, '#bom-form_style_id', STYLE, STYLE);
    await bp.getByTestId('child-lines-add').click();
    await choose(bp, '#bom-form_lines_0_material_id', '全棉府绸', '府绸'); // the demo's materials read in Chinese
    await f(bp, 'bom', 'lines_0_consumption').fill('1.2345');
    await f(bp, 'bom', 'lines_0_wastage_pct').fill('3');
    await f(bp, 'bom', 'lines_0_price').fill('12.3457');
    await save(bp, 'bom');
    await bp.waitForURL(/\/dev\/page\/bom\?id=/);
    await expect.poll(() => bp.getByTestId('cost-now-NAVY').textContent()).toBe('¥15.6980');
    expect(await bp.getByTestId('cost-now-WHITE').textContent()).toBe('¥15.6980');
    await shot(bp, 'development-bom-cost-en');

    // 3. A measurement chart graded from the base size M by 2 per step.
    await bp.goto('/dev/page/measurement-chart');
    await f(bp, 'measurement-chart', 'code').fill(`MC-${STYLE}`);
    await choose(bp, '#measurement-chart-form_style_id', STYLE, STYLE);
    await choose(bp, '#measurement-chart-form_size_range_id', '女装上衣', '女装');
    await bp.getByTestId('child-points-add').click();
    await f(bp, 'measurement-chart', 'points_0_pom_code').fill('A');
    await f(bp, 'measurement-chart', 'points_0_description').fill('Chest width');
    await f(bp, 'measurement-chart', 'points_0_tol_plus').fill('1');
    await f(bp, 'measurement-chart', 'points_0_tol_minus').fill('1');
    await f(bp, 'measurement-chart', 'points_0_base_value').fill('50');
    await f(bp, 'measurement-chart', 'points_0_grade_rule').fill('2');
    await save(bp, 'measurement-chart');
    await expect.poll(() => bp.getByTestId('graded-A-XL').textContent()).toBe('54.0');
    expect(await bp.getByTestId('graded-A-XS').textContent()).toBe('46.0');
    await shot(bp, 'development-chart-en');

    // 4. A fit sample asked of the factory, size M.
    await bp.goto('/dev/index/sampling');
    await bp.getByTestId('new-sample').click();
    await choose(bp, '.ant-modal [data-testid=style-select]', STYLE, STYLE);
    await choose(bp, '.ant-modal [data-testid=supplier-select]', 'Demo Garment');
    await bp.getByTestId('sample-size').fill('M');
    const created = bp.waitForResponse((r) => r.url().includes('/api/plmapi/sampling/create'));
    await bp.locator('.ant-modal .ant-btn-primary').click();
    expect((await created).status()).toBe(200);
    await bp.waitForURL(/\/dev\/page\/sampling\?id=/);
    const sampleUrl = new URL(bp.url()).pathname + new URL(bp.url()).search;

    // 5. The factory (Chinese) measures: A is 52 against 50 ± 1 — out of tolerance, highlighted as typed.
    const factory = await signedIn('factory.admin');
    const fp = factory.page;
    await fp.goto('/dev/index/sampling');
    await fp.getByTestId('sample-list').getByText(STYLE).first().waitFor();
    await shot(fp, 'development-sampling-list-zh');
    await fp.goto(sampleUrl);
    await fp.getByTestId('measure-input-A').fill('52');
    await expect.poll(() => fp.getByTestId('measured-A').getAttribute('data-oot')).toBe('1');
    await shot(fp, 'development-sample-measure-zh');
    const submitted = fp.waitForResponse((r) => r.url().includes('/api/plmapi/sampling/measure'));
    await fp.getByTestId('submit-measurements').click();
    expect((await submitted).status()).toBe(200);

    // The brand's open screen follows live (no reload): measured, the cell highlighted.
    await expect.poll(() => bp.getByTestId('plm-state').first().textContent(), { timeout: 15_000 }).toBe('Measured');
    expect(await bp.getByTestId('measured-A').getAttribute('data-oot')).toBe('1');
    expect(await bp.getByTestId('out-count').textContent()).toBe('1 point(s) out of tolerance');
    await bp.getByTestId('comment-input-A').fill('Chest 2 cm wide: take in side seams');
    await bp.getByTestId('save-comments').click();
    await expect.poll(() => fp.getByTestId('sample-points').textContent(), { timeout: 15_000 }).toContain('take in side seams');
    await bp.getByTestId('approve-sample').click();
    await expect.poll(() => bp.getByTestId('plm-state').first().textContent()).toBe('Approved');
    await expect.poll(() => fp.getByTestId('plm-state').first().textContent(), { timeout: 15_000 }).toBe('已确认');
    expect(await fp.getByTestId('measured-A').getAttribute('data-oot')).toBe('1');
    await shot(bp, 'development-sample-approved-en');
    await shot(fp, 'development-sample-approved-zh');

    // 6. The tech pack prints, in English and in Chinese, and as a PDF.
    await bp.goto(`/printpage/tech-pack?id=${style.id}`);
    await expect.poll(() => bp.getByTestId('tech-pack-composition').textContent()).toBe('100% Cotton');
    expect(await bp.getByTestId('tech-pack-cost-NAVY').textContent()).toBe('¥15.6980');
    expect(await bp.getByTestId('tech-pack-chart').textContent()).toContain('54.0');
    await shot(bp, 'development-techpack-en');
    await bp.getByTestId('tech-pack-lang').getByText('中文').click();
    await expect.poll(() => bp.getByTestId('tech-pack-composition').textContent()).toBe('100% 棉');
    await shot(bp, 'development-techpack-zh');
    await bp.emulateMedia({ media: 'print' });
    expect(await bp.getByTestId('tech-pack-print').isVisible()).toBe(false);
    const pdf = await bp.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    writeFileSync(join(ARTIFACTS, 'development-techpack.pdf'), pdf);
    await bp.emulateMedia({ media: 'screen' });

    // 7. T&A: brand.admin records fabric 5 days late; the dependent nodes move and brand.buyer,
    // owner (role BUYER) of the nodes now at risk, gets the alert live on the open plan.
    await bp.goto('/dev/index/node-following');
    await bp.getByText('TA-PO-2026-0001').first().dblclick();
    await bp.waitForURL(/\/dev\/page\/node-following\?id=/);
    const planUrl = new URL(bp.url()).pathname + new URL(bp.url()).search;
    await bp.getByTestId('tna-gantt').locator('svg').first().waitFor();
    const admin = await signedIn('brand.admin');
    const ap = admin.page;
    await ap.goto(planUrl);
    const planned = await f(ap, 'node-following', 'nodes_0_planned_date').inputValue();
    const late = new Date(Date.parse(`${planned}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
    await f(ap, 'node-following', 'nodes_0_actual_date').fill(late);
    await f(ap, 'node-following', 'nodes_0_actual_date').press('Enter');
    // Watch for the alert before saving, so a toast that comes and goes quickly is not missed.
    const alert = bp.locator('.ant-notification-notice', { hasText: 'is now projected for' }).first();
    const alertSeen = alert.waitFor({ timeout: 30_000 }).catch(async (e) => {
      await shot(bp, 'development-tna-alert-missing');
      throw e;
    });
    const saved = await save(ap, 'node-following');
    expect(saved.nodes.map((n: any) => n.state)).toEqual(['late', 'planned', 'at_risk', 'at_risk', 'at_risk', 'at_risk']);
    await alertSeen;
    await shot(bp, 'development-tna-alert-toast-en');
    // The open plan refreshes on the alert: the moved projection of CUT is on the buyer's screen.
    const cut = saved.nodes[2].projected_date as string;
    expect(cut > saved.nodes[2].planned_date).toBe(true);
    await expect.poll(() => bp.getByTestId('child-nodes').textContent(), { timeout: 15_000 }).toContain(cut);
    await shot(bp, 'development-tna-alert-en');
    await shot(ap, 'development-tna-zh');

    // 390 px: the sample screen and the plan stay usable on a phone.
    const phone = await signedIn('factory.admin', { width: 390, height: 844 });
    await phone.page.goto(sampleUrl);
    await phone.page.getByTestId('sample-points').waitFor();
    await shot(phone.page, 'development-sample-390-zh');
    const phoneEn = await signedIn('brand.buyer', { width: 390, height: 844 });
    await phoneEn.page.goto('/dev/index/trend');
    await phoneEn.page.getByTestId('trend-board').waitFor();
    await shot(phoneEn.page, 'development-trends-390-en');
    await phoneEn.page.goto(planUrl);
    await phoneEn.page.getByTestId('tna-gantt').locator('svg').first().waitFor();
    await shot(phoneEn.page, 'development-tna-390-en');
    for (const c of [brand, factory, admin, phone, phoneEn]) await c.context.close();
  }, 300_000);
});
