import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { ARTIFACTS, shot, useBrowser } from './browser';

const browser = useBrowser();

/** The vendor form's inputs are antd Form items: ids are `vendor-form_<field>` / `…_<child>_<row>_<field>`. */
const input = (page: Page, path: string) => page.locator(`#vendor-form_${path}`);

describe('master data in the browser', () => {
  it('brand.admin creates a vendor with two contacts, finds, exports, views and prints it', async () => {
    const { context, page } = await browser.signedIn('brand.admin', { viewport: { width: 1366, height: 900 }, acceptDownloads: true });

    await page.goto('/md/page/vendor');
    await input(page, 'code').fill('VE2E01');
    await input(page, 'short_name').fill('E2E Knits');
    await input(page, 'full_name').fill('E2E Knitwear Co., Ltd.');
    await page.getByTestId('child-contacts-add').click();
    await page.getByTestId('child-contacts-add').click();
    await input(page, 'contacts_0_person').fill('Li Lei');
    await input(page, 'contacts_0_email').fill('li.lei@');
    await input(page, 'contacts_1_person').fill('Han Meimei');
    await input(page, 'contacts_1_email').fill('han@e2e-knits.example');

    // a bad email: the message under the field and the spec's submit message, nothing is sent
    let saves = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/mdapi/vendor/save')) saves += 1;
    });
    await page.getByTestId('document-save').click();
    await expect.poll(() => page.getByText('请修正输入错误后再提交表单！').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/邮箱|email/i)]),
    );
    expect(saves).toBe(0);
    await shot(page, 'vendor-form-errors-zh');

    await input(page, 'contacts_0_email').fill('li.lei@e2e-knits.example');
    const saved = page.waitForResponse((r) => r.url().includes('/api/mdapi/vendor/save'));
    await page.getByTestId('document-save').click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(/\/md\/page\/vendor\?id=/);
    const id = new URL(page.url()).searchParams.get('id')!;
    // DOC-07: a saved document carries attachments and notes; a note is kept with the vendor.
    const attachments = page.getByTestId('document-attachments');
    await attachments.getByRole('textbox').fill('首次合作，需验厂');
    await attachments.getByTestId('attachment-add-note').click();
    await attachments.getByText('首次合作，需验厂').waitFor();
    await shot(page, 'vendor-form-saved-zh');

    // find it in the list by filter
    await page.goto('/md/index/vendor');
    await page.locator('[data-filter="short_name"] input').fill('E2E');
    await page.getByTestId('filter-search').click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    expect(await page.locator('.ant-table-tbody').textContent()).toContain('E2E Knits');
    await shot(page, 'vendor-list-filtered-zh');

    // export the list view
    const download = page.waitForEvent('download');
    await page.getByTestId('list-export').click();
    const file = await (await download).path();
    const bytes = readFileSync(file!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an .xlsx is a zip
    await (await download).saveAs(`${ARTIFACTS}/vendors-export.xlsx`);

    // read-only view: nothing editable, no save
    await page.goto(`/page/view/vendor?id=${id}`);
    // fields show as disabled inputs here, so read their values rather than text
    const shown = () => page.locator('input, textarea').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await expect.poll(shown).toContain('E2E Knitwear Co., Ltd.');
    expect(await page.getByTestId('document-save').count()).toBe(0);
    // (the header's language switch is not part of the document; antd's aria-hidden textarea only measures)
    expect(await page.locator('form input[disabled]').count()).toBeGreaterThan(5);
    expect(await page.locator('form input:not([disabled]):not([type="hidden"]), form textarea:not([disabled]):not([aria-hidden="true"])').count()).toBe(0);
    await shot(page, 'vendor-view-zh');

    // print layout
    await page.goto(`/printpage/vendor?id=${id}`);
    await expect.poll(() => page.getByTestId('print-document').count()).toBe(1);
    expect(await page.getByTestId('print-document').textContent()).toContain('Han Meimei');
    expect(await page.getByTestId('print-document').locator('input, textarea').count()).toBe(0);
    await shot(page, 'vendor-print-zh');
    await context.close();
  });
});
