// Sourcing across companies in real browsers, one context per company: brand.buyer creates an
// RFQ and publishes it to Demo Garment Factory (factory.admin) and Demo Fabric Mill
// (fabric.admin); both quote; the buyer compares, selects the mill; the factory sees 'unselected'.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, useBrowser } from './browser';

const browser = useBrowser();

const field = (page: Page, path: string) => page.locator(`#sourcing-project-form_${path}`);

/** Confirms the open Popconfirm (antd: the primary button of the visible confirm). */
async function confirm(page: Page) {
  const ok = page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
  await ok.click();
}

async function act(page: Page, testId: string) {
  const done = page.waitForResponse((r) => r.url().includes('/api/srmapi/') && r.request().method() === 'POST');
  await page.getByTestId(testId).click();
  await confirm(page);
  const res = await done;
  expect([testId, res.status()]).toEqual([testId, 200]);
}

const signedIn = (username: string) => browser.signedIn(username);

/** A supplier opens the project from its inbox and posts a quotation. */
async function quote(page: Page, code: string, prices: [string, string], name: string) {
  await page.goto('/srm/index/sourcing-inbox');
  await page.locator(`[data-testid="inbox-open"][data-code="${code}"]`).click();
  await page.waitForURL(/\/srm\/page\/sourcing-answer\?id=/);
  await expect.poll(() => page.getByTestId('quote-price').count()).toBe(2);
  await page.getByTestId('quote-price').nth(0).fill(prices[0]);
  await page.getByTestId('quote-price').nth(1).fill(prices[1]);
  await page.getByTestId('quote-lead').nth(0).fill('21');
  await page.getByTestId('add-tier').nth(0).click();
  await page.getByLabel(/起订量 1|Min\. qty 1/).fill('5000');
  await page.getByLabel(/单价 1|Unit price 1/).fill(String(Number(prices[0]) - 1));
  await shot(page, `sourcing-quote-${name}`);
  const posted = page.waitForResponse((r) => r.url().includes('/api/srmapi/quotation/post'));
  await page.getByTestId('quote-post').click();
  await confirm(page);
  expect((await posted).status()).toBe(200);
  await expect.poll(() => page.locator('[data-testid="state-quotation"]').first().getAttribute('data-state')).toBe('posted');
  await expect.poll(() => page.getByTestId('no-quote').count()).toBe(1);
}

describe('sourcing between a brand and two suppliers', () => {
  it('publishes an RFQ to two suppliers, both quote, the buyer compares and selects, the loser sees unselected', async () => {
    const buyer = await signedIn('brand.buyer');
    const bp = buyer.page;

    // The project form (engine screen) with two RFQ items.
    await bp.goto('/srm/page/rfq');
    await field(bp, 'name').fill('E2E shirting RFQ');
    await field(bp, 'contact_person').fill('Ann Lee');
    await field(bp, 'contact_phone').fill('021-6000 1001');
    await field(bp, 'duration').fill('30');
    await bp.getByTestId('child-items-add').click();
    await bp.getByTestId('child-items-add').click();
    await field(bp, 'items_0_name').fill('Cotton poplin 120gsm');
    await field(bp, 'items_0_expected_price').fill('12.3456');
    await field(bp, 'items_0_unit').fill('m');
    await field(bp, 'items_1_name').fill('Shell button 18L');
    await field(bp, 'items_1_expected_price').fill('0.0800');
    await field(bp, 'items_1_unit').fill('pcs');
    const saved = bp.waitForResponse((r) => r.url().includes('/api/srmapi/sourcing-project/save'));
    await bp.getByTestId('document-save').click();
    expect((await saved).status()).toBe(200);
    await bp.waitForURL(/\/srm\/page\/rfq\?id=/);
    await expect.poll(() => field(bp, 'code').inputValue()).toMatch(/^SP\d{7}$/);
    const code = await field(bp, 'code').inputValue();
    await expect.poll(() => bp.getByTestId('publish-stage').getAttribute('data-state')).toBe('0');

    // Invite both platform suppliers, then publish (the §8 checks pass).
    await bp.getByRole('tab', { name: /Invitations/ }).click();
    await bp.getByTestId('invite-select').click();
    await bp.locator('.ant-select-item-option', { hasText: 'Demo Garment Factory' }).click();
    await bp.locator('.ant-select-item-option', { hasText: 'Demo Fabric Mill' }).click();
    await bp.keyboard.press('Escape');
    const invited = bp.waitForResponse((r) => r.url().includes('/api/srmapi/invitation/create'));
    await bp.getByTestId('invite-button').click();
    expect((await invited).status()).toBe(200);
    await expect.poll(() => bp.locator('[data-testid="invitations"] [data-testid="state-invitation"]').count()).toBe(2);
    await act(bp, 'action-publish');
    await expect.poll(() => bp.getByTestId('publish-stage').getAttribute('data-state')).toBe('10');
    await expect.poll(() => bp.locator('[data-testid="invitations"] [data-state="posted"]').count()).toBe(2);
    await shot(bp, 'sourcing-published-en');

    // Both suppliers quote, each in its own browser context.
    const factory = await signedIn('factory.admin');
    await quote(factory.page, code, ['11.8000', '0.0750'], 'factory-zh');
    const mill = await signedIn('fabric.admin');
    await quote(mill.page, code, ['11.2000', '0.0790'], 'mill-zh');

    // A brand user has no Quote action on the supplier page.
    await bp.goto(`/srm/page/rfq?id=${new URL(bp.url()).searchParams.get('id')}`);
    await act(bp, 'action-close-inquiry');
    await act(bp, 'action-start-evaluation');
    await bp.getByRole('tab', { name: /Quotation comparison/ }).click();
    const suppliers = () => bp.getByTestId('compare-supplier').evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLElement).dataset.supplier))].sort());
    await expect.poll(suppliers).toEqual(['Demo Fabric Mill', 'Demo Garment Factory']);
    expect(await bp.getByTestId('comparison').textContent()).toContain('11.2000');
    await shot(bp, 'sourcing-comparison-en');
    await act(bp, 'action-end-evaluation');

    // Select the mill's quotation: the factory's becomes unselected.
    const millColumn = bp.locator('[data-testid="compare-supplier"][data-supplier="Demo Fabric Mill"]').first();
    const selected = bp.waitForResponse((r) => r.url().includes('/api/srmapi/quotation/select'));
    await millColumn.getByTestId('select-quotation').click();
    await confirm(bp);
    expect((await selected).status()).toBe(200);
    await expect.poll(() => millColumn.getByTestId('state-quotation').getAttribute('data-state')).toBe('selected');
    await expect
      .poll(() => bp.locator('[data-testid="compare-supplier"][data-supplier="Demo Garment Factory"] [data-testid="state-quotation"]').first().getAttribute('data-state'))
      .toBe('unselected');
    await shot(bp, 'sourcing-selected-en');
    // The same screen in Chinese.
    await bp.evaluate(() => localStorage.setItem('lang', 'zh'));
    await bp.reload();
    await bp.getByRole('tab', { name: /报价比价/ }).click();
    await expect.poll(() => bp.getByText('未中标').count()).toBeGreaterThan(0);
    await shot(bp, 'sourcing-selected-zh');

    // The losing supplier sees 'unselected' (未中标) in its quotations.
    const fp = factory.page;
    await fp.goto('/srm/index/my-quotations');
    const row = fp.locator('[data-testid="my-quotations"] tr', { hasText: code });
    await expect.poll(() => row.getByTestId('state-quotation').getAttribute('data-state')).toBe('unselected');
    expect(await row.textContent()).toContain('未中标');
    await shot(fp, 'sourcing-factory-unselected-zh');
    await fp.evaluate(() => localStorage.setItem('lang', 'en'));
    await fp.reload();
    await expect.poll(() => fp.locator('[data-testid="my-quotations"] tr', { hasText: code }).textContent()).toContain('Unselected');
    await shot(fp, 'sourcing-factory-unselected-en');

    // The winner sees 'selected'.
    await mill.page.goto('/srm/index/my-quotations');
    await expect
      .poll(() => mill.page.locator('[data-testid="my-quotations"] tr', { hasText: code }).getByTestId('state-quotation').getAttribute('data-state'))
      .toBe('selected');

    await Promise.all([buyer.context.close(), factory.context.close(), mill.context.close()]);
  });

  it('reaches every sourcing screen from the Supplier menu, with its title (SRC-28)', async () => {
    const { context, page } = await signedIn('brand.buyer');
    const screens: Array<[string, RegExp, string]> = [
      ['RFI requests', /\/srm\/index\/rfi$/, 'inbox'],
      ['RFI records', /\/srm\/index\/rfi-record$/, 'rfi-records'],
      ['RFQ / quotations', /\/srm\/index\/rfq$/, ''],
      ['Access-evaluation configuration', /\/srm\/masterdetail\/access-eval-config$/, ''],
      ['Supplier evaluation', /\/srm\/index\/supplier-eval$/, ''],
      ['Supplier admission evaluation', /\/srm\/index\/admission-eval$/, ''],
      ['Sourcing inbox', /\/srm\/index\/sourcing-inbox$/, 'inbox'],
      ['My quotations', /\/srm\/index\/my-quotations$/, 'my-quotations'],
    ];
    await page.getByRole('menuitem', { name: /Supplier/ }).first().click();
    for (const [title, url, testId] of screens) {
      await page.getByRole('menuitem', { name: new RegExp(`^${title.replace(/[/()]/g, '\\$&')}`) }).first().click();
      await page.waitForURL(url);
      await expect.poll(() => page.title()).toContain(title);
      if (testId) await expect.poll(() => page.getByTestId(testId).count()).toBe(1);
      else await expect.poll(() => page.locator('.ant-table, .ant-card').count()).toBeGreaterThan(0);
    }
    await page.getByRole('menuitem', { name: /^Access-evaluation configuration/ }).first().click();
    await expect.poll(() => page.getByText('标准供应商准入').count()).toBeGreaterThan(0);
    await page.getByText('标准供应商准入').first().click();
    const values = () => page.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await expect.poll(values).toContain('质量体系');
    await shot(page, 'sourcing-eval-config-en');
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await page.reload();
    await expect.poll(() => page.title()).toContain('准入评估配置');
    await expect.poll(values).toContain('质量体系');
    await shot(page, 'sourcing-eval-config-zh');
    await page.goto('/srm/index/rfq');
    await expect.poll(() => page.title()).toContain('询价与报价');
    await shot(page, 'sourcing-projects-zh');
    await context.close();
  });

  it('RFI: the factory fills in the information request, the buyer shortlists it (SRC-11, SRC-25)', async () => {
    const buyer = await signedIn('brand.buyer');
    const bp = buyer.page;
    await bp.goto('/srm/page/rfq');
    await field(bp, 'name').fill('E2E trims RFI');
    await field(bp, 'contact_person').fill('Ann Lee');
    await field(bp, 'contact_phone').fill('021-6000 1001');
    await bp.getByTestId('child-rfi_questions-add').click();
    await field(bp, 'rfi_questions_0_question').fill('Monthly capacity in metres?');
    const saved = bp.waitForResponse((r) => r.url().includes('/api/srmapi/sourcing-project/save'));
    await bp.getByTestId('document-save').click();
    expect((await saved).status()).toBe(200);
    await bp.waitForURL(/\/srm\/page\/rfq\?id=/);
    await expect.poll(() => field(bp, 'code').inputValue()).toMatch(/^SP/);
    const code = await field(bp, 'code').inputValue();
    await bp.getByRole('tab', { name: /Invitations/ }).click();
    await bp.getByTestId('invite-select').click();
    await bp.locator('.ant-select-item-option', { hasText: 'Demo Garment Factory' }).click();
    await bp.keyboard.press('Escape');
    await bp.getByTestId('invite-button').click();
    await expect.poll(() => bp.locator('[data-testid="invitations"] [data-testid="state-invitation"]').count()).toBe(1);
    await act(bp, 'action-start-preparing');
    await expect.poll(() => bp.getByTestId('rfi-status').getAttribute('data-state')).toBe('open');

    const factory = await signedIn('factory.admin');
    const fp = factory.page;
    await fp.goto('/srm/index/rfi');
    await fp.locator(`[data-testid="inbox-open"][data-code="${code}"]`).click();
    await fp.waitForURL(/\/srm\/page\/sourcing-answer\?id=/);
    await fp.getByLabel('Monthly capacity in metres?').fill('80,000 m');
    await fp.getByLabel('产能').fill('3 weaving lines');
    await shot(fp, 'sourcing-rfi-fill-in-zh');
    const submitted = fp.waitForResponse((r) => r.url().includes('/api/srmapi/rfi-record/submit'));
    await fp.getByTestId('rfi-submit').click();
    await confirm(fp);
    expect((await submitted).status()).toBe(200);
    await expect.poll(() => fp.locator('[data-testid="state-rfi"]').first().getAttribute('data-state')).toBe('submitted');

    await bp.reload();
    await bp.getByRole('tab', { name: /RFI records/ }).click();
    await expect.poll(() => bp.locator('[data-testid="rfi-records"] [data-testid="state-rfi"]').first().getAttribute('data-state')).toBe('submitted');
    await act(bp, 'row-rfi-record-shortlist');
    await expect.poll(() => bp.locator('[data-testid="rfi-records"] [data-testid="state-rfi"]').first().getAttribute('data-state')).toBe('shortlisted');
    await shot(bp, 'sourcing-rfi-shortlisted-en');
    await Promise.all([buyer.context.close(), factory.context.close()]);
  });
});

