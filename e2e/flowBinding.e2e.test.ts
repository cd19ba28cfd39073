// Issue 13 'Flows' in the browser: a company binds an approval flow to the purchase requirement on
// the flow-binding screen (en, zh, 375 px), and a project type's flow and node status are picked
// from the real flows — a status that left its flow meanwhile is refused with CFG-15's message.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, useBrowser } from './browser';

const browser = useBrowser();
const DESIGN = '/api/crossapi/superdesignapi';
const SUFFIX = Date.now().toString(36).toUpperCase();

async function call(page: Page, method: 'GET' | 'POST', path: string, data: Record<string, unknown> = {}) {
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const res =
    method === 'GET'
      ? await page.request.get(`${path}?${new URLSearchParams({ ...(data as Record<string, string>), token })}`)
      : await page.request.post(`${path}?token=${token}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.results;
}

/** Opens the select holding the input `#id` (its search box is covered while a value shows). */
const openSelect = (page: Page, input: string) => page.locator('.ant-select-selector', { has: page.locator(input) }).click();

async function choose(page: Page, trigger: string, option: string | RegExp) {
  await openSelect(page, trigger);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const options = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allTextContents();

describe('flow bindings and project type pickers (issue 13)', () => {
  it('binds a flow to the purchase requirement on its screen (en, zh, 375 px)', async () => {
    const { page } = await browser.signedIn('brand.admin');
    const copy = await call(page, 'POST', `${DESIGN}/cpm-process/copy`, {
      id: (await call(page, 'GET', `${DESIGN}/cpm-process/page-list`, { q: JSON.stringify({ code: 'PR_APPR' }) })).rows[0].id,
      code: `BIND_${SUFFIX}`,
      name: `Bound flow ${SUFFIX}`,
    });
    for (const lang of ['en', 'zh'] as const) {
      await page.getByTestId('lang-switch').getByText(lang === 'en' ? 'English' : '中文').click();
      await page.goto('/sys/page/flow-binding');
      await page.locator('#flow-binding-form_entity').waitFor();
      await shot(page, `flowbind-new-${lang}`);
    }
    await page.getByTestId('lang-switch').getByText('English').click();
    await page.goto('/sys/page/flow-binding');
    await choose(page, '#flow-binding-form_entity', 'Purchase requirement');
    await page.locator('#flow-binding-form_process_id').click();
    await page.keyboard.type('Bound flow');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: copy.name }).first().click();
    await page.getByTestId('document-save').click();
    await page.waitForURL(/flow-binding\?id=/);
    const bindings = await call(page, 'GET', `${DESIGN}/flow-binding/page-list`);
    expect(bindings.rows.map((r: { entity: string; process_id: string }) => [r.entity, r.process_id])).toEqual([['purchase-requirement', copy.id]]);
    await page.goto('/sys/index/flow-binding');
    await page.getByText(copy.name).first().waitFor();
    await shot(page, 'flowbind-list-en');
    const phone = await browser.signedIn('brand.admin', { viewport: { width: 375, height: 812 } });
    await phone.page.goto(`/sys/page/flow-binding?id=${bindings.rows[0].id}`);
    await phone.page.locator('#flow-binding-form_entity').waitFor();
    await shot(phone.page, 'flowbind-edit-375');
    // Leave the demo as it was: the purchase requirement runs PR_APPR again.
    await call(page, 'POST', `${DESIGN}/flow-binding/delete`, { DATA: [bindings.rows[0].id] });
  });

  it('project type: flow and node status from pickers; a status gone from the flow is refused (en, zh)', async () => {
    const { page } = await browser.signedIn('brand.admin');
    const source = (await call(page, 'GET', `${DESIGN}/cpm-process/page-list`, { q: JSON.stringify({ code: 'PR_APPR' }) })).rows[0];
    const flow = await call(page, 'POST', `${DESIGN}/cpm-process/copy`, { id: source.id, code: `PT_${SUFFIX}`, name: `Type flow ${SUFFIX}` });
    for (const lang of ['en', 'zh'] as const) {
      await page.getByTestId('lang-switch').getByText(lang === 'en' ? 'English' : '中文').click();
      await page.goto('/sys/page/project-type');
      await page.locator('#project-type_code').fill(`PT_${lang}_${SUFFIX}`);
      await page.locator('#project-type_name').fill(`Type ${lang}`);
      await choose(page, '#project-type_flow', flow.name);
      await openSelect(page, '#project-type_node_status');
      // The chosen flow's node statuses, nothing typed.
      await expect.poll(() => options(page)).toEqual(['会签COUNTERSIGN', '终审FINAL']);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'FINAL' }).click();
      await shot(page, `flowbind-project-type-${lang}`);
      // Meanwhile the flow loses its FINAL node: the server refuses the stale status (CFG-15).
      const view = await call(page, 'GET', `${DESIGN}/cpm-process/view`, { id: flow.id });
      const nodes = view.nodes.filter((n: { status_code: string }) => n.status_code === 'COUNTERSIGN').map(({ id: _i, _labels: _l, ...n }: Record<string, unknown>) => ({
        ...n,
        is_end: true,
        launch_action: '',
        launch_text: '',
      }));
      const keep = lang === 'en' ? view.nodes.map(({ _labels: _l, ...n }: Record<string, unknown>) => n) : null;
      await call(page, 'POST', `${DESIGN}/cpm-process/save`, { DATA: { id: flow.id, version: view.version, nodes } });
      await page.getByTestId('pt-save').click();
      const help = page.locator('#project-type_node_status_help');
      await expect.poll(() => help.textContent()).toBe(lang === 'en' ? 'The node status does not exist under the selected flow' : '节点状态在所选流程下不存在');
      await page.waitForTimeout(400); // the message's fade-in, for the picture only
      await shot(page, `flowbind-project-type-refused-${lang}`);
      // The picker now offers what the flow has; one of those is saved.
      await openSelect(page, '#project-type_node_status');
      await expect.poll(() => options(page)).toEqual(['会签COUNTERSIGN']);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'COUNTERSIGN' }).click();
      await page.getByTestId('pt-save').click();
      await page.waitForURL(/project-type\?id=/);
      const saved = (await call(page, 'GET', `${DESIGN}/project-type/page-list`, { q: JSON.stringify({ code: `PT_${lang}_${SUFFIX}` }) })).rows[0];
      expect([saved.flow, saved.node_status]).toEqual([flow.code, 'COUNTERSIGN']);
      if (keep) {
        // Give the flow its FINAL node back for the Chinese round.
        const again = await call(page, 'GET', `${DESIGN}/cpm-process/view`, { id: flow.id });
        await call(page, 'POST', `${DESIGN}/cpm-process/save`, {
          DATA: { id: flow.id, version: again.version, nodes: keep.map(({ id: _i, ...n }: Record<string, unknown>) => n) },
        });
      }
    }
    const phone = await browser.signedIn('brand.admin', { viewport: { width: 375, height: 812 } });
    await phone.page.goto('/sys/page/project-type');
    await phone.page.locator('#project-type_flow').waitFor();
    await shot(phone.page, 'flowbind-project-type-375');
  });

  it('the flow list shows a copy at once, without a reload', async () => {
    const { page } = await browser.signedIn('brand.admin');
    await page.getByTestId('lang-switch').getByText('English').click();
    const source = (await call(page, 'GET', `${DESIGN}/cpm-process/page-list`, { q: JSON.stringify({ code: 'PR_APPR' }) })).rows[0];
    await page.goto(`/sys/masterdetail/cpm-process?id=${source.id}`);
    await page.getByTestId('designer-copy').click();
    const code = `COPY_${SUFFIX}`;
    await page.locator('#copy-code').fill(code);
    await page.getByTestId('copy-ok').click();
    await page.getByText('flow copied').first().waitFor();
    // The list beside the designer (the engine's cpm-process list) names the copy.
    await page.locator('.ant-table-row', { hasText: code }).first().waitFor();
    expect(new URL(page.url()).searchParams.get('id')).not.toBe(source.id);
  });
});
