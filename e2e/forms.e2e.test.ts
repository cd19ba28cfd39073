// Dynamic forms in the browser: an administrator designs a form (a required email and an option
// list), the designer refuses a repeated field name, the form is bound to the vendor entity's
// scenario, filled under a vendor document — a bad email is refused before posting, a good one is
// saved and shown again on reopening. Screens in Chinese (brand.admin) and in English.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, signIn, useBrowser } from './browser';

const browser = useBrowser();
// Screens load lazily and several requests follow each other: wait for the outcome, not a clock.
const WAIT = { timeout: 20_000 };

/** Picks an option of the antd Select marked with data-testid (the dropdown is portalled to body). */
async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function addField(page: Page, f: { name: string; en: string; zh: string; type?: string; options?: string[]; required?: boolean; validator?: string }) {
  await page.getByTestId('field-add').click();
  const editor = page.getByTestId('field-editor');
  await editor.getByTestId('field-name').fill(f.name);
  await editor.getByTestId('field-label-en').fill(f.en);
  await editor.getByTestId('field-label-zh').fill(f.zh);
  if (f.type) await pick(page, 'field-type', f.type);
  if (f.validator) {
    await pick(page, 'field-validators', f.validator);
    await page.keyboard.press('Escape');
  }
  for (const [i, v] of (f.options ?? []).entries()) {
    await editor.getByTestId('option-add').click();
    await editor.getByTestId(`option-value-${i}`).fill(v);
    await editor.getByTestId(`option-label-en-${i}`).fill(`Grade ${v}`);
    await editor.getByTestId(`option-label-zh-${i}`).fill(`${v}级`);
  }
  if (f.required) await editor.getByTestId('field-required').check();
  await page.getByTestId('field-apply').click();
}

describe('dynamic forms and scenarios', () => {
  it('an admin designs a form, binds it to vendors, and a vendor document saves its extra fields', async () => {
    const { page } = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto('/login');
    await signIn(page, 'brand.admin');
    await page.waitForURL('**/workspace/home');

    // FORM-20: both screens hang off the configuration (system) menu.
    await page.getByRole('menuitem', { name: '系统管理' }).click();
    await page.getByRole('menuitem', { name: '场景配置' }).click();
    await page.waitForURL('**/sys/index/scenario');
    await expect.poll(() => page.getByTestId('scenario-list').count(), WAIT).toBe(1);
    await page.getByRole('menuitem', { name: '动态表单' }).click();
    await page.waitForURL('**/sys/index/dynamic-form');
    await expect.poll(() => page.getByTestId('forms-list').count(), WAIT).toBe(1);
    await page.getByTestId('form-new').click();
    await page.waitForURL('**/sys/page/dynamic-form');

    await page.getByTestId('form-code').fill('VENDOR_QC');
    await page.getByTestId('form-name-en').fill('Vendor QC');
    await page.getByTestId('form-name-zh').fill('供应商质检');
    await addField(page, { name: 'qc_email', en: 'QC email', zh: '质检邮箱', required: true, validator: '邮箱' });
    await addField(page, { name: 'qc_grade', en: 'QC grade', zh: '质检等级', type: '单选', options: ['A', 'B'] });
    await expect.poll(() => page.locator('[data-testid="designer-fields"] tbody tr.ant-table-row').count(), WAIT).toBe(2);

    // FORM-18 in the browser: a second 'qc_email' is refused with a message and not added.
    await addField(page, { name: 'QC_EMAIL', en: 'Again', zh: '重复' });
    await expect.poll(() => page.getByTestId('field-editor').getByText('字段名必须唯一').count(), WAIT).toBe(1);
    await shot(page, 'forms-designer-duplicate-zh');
    await page.locator('.ant-modal-footer button').first().click();
    await expect.poll(() => page.locator('[data-testid="designer-fields"] tbody tr.ant-table-row').count(), WAIT).toBe(2);

    // The live preview renders the form through the engine form and validates it.
    const preview = page.getByTestId('designer-preview');
    await preview.locator('#designer-preview_qc_email').fill('nope');
    await preview.getByTestId('preview-check').click();
    await expect.poll(() => preview.locator('.ant-form-item-explain-error').allTextContents(), WAIT).toEqual(expect.arrayContaining([expect.stringMatching(/邮箱/)]));
    await shot(page, 'forms-designer-zh');

    const saved = page.waitForResponse((r) => r.url().includes('/api/utilsapi/dynamic-form/save'));
    await page.getByTestId('designer-save').click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(/\/sys\/page\/dynamic-form\?id=/);

    // Bind it to the vendor entity's extra fields.
    await page.goto('/sys/index/scenario');
    await page.getByTestId('scenario-new').click();
    await pick(page, 'scenario-form', 'VENDOR_QC');
    await pick(page, 'scenario-type', '实体附加字段');
    await page.getByTestId('scenario-key').fill('vendor');
    const bound = page.waitForResponse((r) => r.url().includes('/api/utilsapi/dynamic-form/scenarios/save'));
    await page.getByTestId('scenario-save').click();
    expect((await bound).status()).toBe(200);
    // Beside the demo's RFQ project-type form, now the vendor's.
    await expect.poll(() => page.locator('[data-testid="scenario-list"] tbody tr.ant-table-row', { hasText: 'VENDOR_QC' }).count(), WAIT).toBe(1);
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count(), WAIT).toBe(0);
    await shot(page, 'forms-scenarios-zh');

    // A vendor document shows the form under its own; a bad email never leaves the browser.
    await page.goto('/md/index/vendor');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().dblclick();
    await page.waitForURL(/\/md\/page\/vendor\?id=/);
    const vendorUrl = page.url();
    const panel = page.getByTestId('scenario-form-VENDOR_QC');
    await expect.poll(() => panel.count(), WAIT).toBe(1);
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/utilsapi/dynamic-form/values/save')) posts += 1;
    });
    await page.locator('#scenario-VENDOR_QC_qc_email').fill('qc@');
    await panel.getByTestId('scenario-form-save').click();
    await expect.poll(() => panel.locator('.ant-form-item-explain-error').allTextContents(), WAIT).toEqual(expect.arrayContaining([expect.stringMatching(/邮箱/)]));
    expect(posts).toBe(0);
    await shot(page, 'forms-vendor-extra-error-zh');

    await page.locator('#scenario-VENDOR_QC_qc_email').fill('QC@Knits.example');
    await panel.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'B级' }).click();
    const stored = page.waitForResponse((r) => r.url().includes('/api/utilsapi/dynamic-form/values/save'));
    await panel.getByTestId('scenario-form-save').click();
    expect((await stored).status()).toBe(200);
    expect(posts).toBe(1);

    // Reopened: the saved values are shown (as saved).
    await page.goto(vendorUrl);
    await expect.poll(() => page.locator('#scenario-VENDOR_QC_qc_email').inputValue(), WAIT).toBe('QC@Knits.example');
    await expect.poll(() => page.getByTestId('scenario-form-VENDOR_QC').textContent(), WAIT).toContain('B级');
    await shot(page, 'forms-vendor-extra-saved-zh');

    // The same screens in English.
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await expect.poll(() => page.getByTestId('scenario-form-VENDOR_QC').textContent(), WAIT).toContain('Extra fields');
    await expect.poll(() => page.getByTestId('scenario-form-VENDOR_QC').textContent(), WAIT).toContain('Grade B');
    await shot(page, 'forms-vendor-extra-en');
    await page.goto('/sys/index/dynamic-form');
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'VENDOR_QC' }).dblclick();
    await expect.poll(() => page.getByTestId('designer-preview').textContent(), WAIT).toContain('QC email');
    // The saved values are queryable from the form: the vendor's set, found by its email.
    const values = page.getByTestId('designer-values');
    await expect.poll(() => values.textContent(), WAIT).toContain('QC@Knits.example');
    await pick(page, 'values-filter-field', 'QC email');
    await page.getByTestId('values-filter-value').fill('nobody@');
    await page.getByTestId('values-filter-search').click();
    await expect.poll(() => values.locator('tbody tr.ant-table-row').count(), WAIT).toBe(0);
    await page.getByTestId('values-filter-value').fill('knits');
    await page.getByTestId('values-filter-search').click();
    await expect.poll(() => values.locator('tbody tr.ant-table-row').count(), WAIT).toBe(1);
    expect(await values.textContent()).toContain('Grade B');
    await shot(page, 'forms-designer-en');
    await page.goto('/sys/index/scenario');
    await expect.poll(() => page.getByTestId('scenario-list').textContent(), WAIT).toContain('Entity extra fields');
    await shot(page, 'forms-scenarios-en');
  });
});
