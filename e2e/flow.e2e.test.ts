// The approval journey in a real browser on the demo flow PR_APPR (areas/flow/server/seed.ts): the
// buyer submits a purchase requirement, the two approvers countersign the 'and' node, one of them
// returns it, the buyer resubmits, both countersign again and an administrator gives the final
// approval. Also the designer with its diagram, in both languages.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, useBrowser } from './browser';

const browser = useBrowser();

/** Waits for what a user would see next (a server round trip and a re-render). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

const PR = '/api/scmapi/purchase-requirement';

const signedIn = (username: string) => browser.signedIn(username, { viewport: { width: 1366, height: 1000 } });

/** A call with the page's own session (the buyer's draft is found this way, not by guessing). */
async function apiGet(page: Page, path: string, query: Record<string, string> = {}) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const qs = new URLSearchParams({ ...query, token: token ?? '' });
  const res = await page.request.get(`${path}?${qs}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data.results;
}

const statusText = (page: Page) => page.getByTestId('document-panel').locator('.sl-document-header').textContent();

async function openDoc(page: Page, id: string) {
  await page.goto(`/page/document/purchase-requirement?id=${id}`);
  await page.getByTestId('approval-panel').waitFor();
}

async function act(page: Page, action: 'APPROVE' | 'RETURN', comment: string) {
  await page.getByTestId(`cpm-action-${action}`).waitFor();
  await page.getByTestId('cpm-comment').fill(comment);
  const pushed = page.waitForResponse((r) => r.url().includes('/cpm-bus/push') && r.request().method() === 'POST');
  await page.getByTestId(`cpm-action-${action}`).click();
  if (action === 'RETURN') {
    await page.getByTestId('cpm-target-INITIATOR').click();
    await page.getByTestId('cpm-return-ok').click();
  }
  expect((await pushed).status()).toBe(200);
}

async function submit(page: Page) {
  await page.getByTestId('transition-submit').click();
  const done = page.waitForResponse((r) => r.url().includes(`${PR}/submit`));
  await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  expect((await done).status()).toBe(200);
  await poll(() => page.getByTestId('cpm-running').count()).toBe(1);
}

describe('approval flow in the browser', () => {
  it('submit → countersign → return → resubmit → countersign → final approval', async () => {
    // The buyer (English) opens the demo draft, edits it and submits it.
    const buyer = await signedIn('brand.buyer');
    const list = await apiGet(buyer.page, `${PR}/page-list`, { q: JSON.stringify({ status: 'DRAFT' }), p: JSON.stringify({ page: 1, size: 1 }) });
    const id = list.rows[0].id as string;
    await openDoc(buyer.page, id);
    expect(await statusText(buyer.page)).toContain('Draft');
    await poll(() => buyer.page.getByTestId('cpm-no-flow').count()).toBe(1);
    expect(await buyer.page.getByTestId('transition-archive').count()).toBe(0);
    await buyer.page.locator('#purchase-requirement-form_title').fill('Fabric and trims for SS27 (e2e)');
    const saved = buyer.page.waitForResponse((r) => r.url().includes(`${PR}/save`));
    await buyer.page.getByTestId('document-save').click();
    expect((await saved).status()).toBe(200);
    await submit(buyer.page);
    await poll(() => statusText(buyer.page)).toContain('For Approval');
    // under approval the form is read-only
    expect(await buyer.page.getByTestId('document-save').count()).toBe(0);
    expect(await buyer.page.locator('#purchase-requirement-form_title').isDisabled()).toBe(true);
    await poll(() => buyer.page.getByTestId('diagram-node-COUNTERSIGN').getAttribute('data-state')).toBe('PENDING_ARRPOVE');
    await shot(buyer.page, 'flow-doc-submitted-en');

    // Approver 1 (English) finds it in 'my approvals' and approves: the 'and' node still waits.
    const a1 = await signedIn('brand.approver1');
    await a1.page.goto('/collab/page/my-approvals');
    await a1.page.getByTestId('myappr-open').first().waitFor();
    expect(await a1.page.getByTestId('my-approvals').textContent()).toContain('会签'); // the demo flow's node, in Demo Brand Co.'s language (issue 23)
    await shot(a1.page, 'flow-my-approvals-en');
    await a1.page.getByTestId('myappr-open').first().click();
    await a1.page.waitForURL(/purchase-requirement/);
    await a1.page.getByTestId('approval-panel').waitFor();
    await act(a1.page, 'APPROVE', 'Quantities checked');
    await poll(() => a1.page.getByTestId('cpm-waiting').textContent()).toContain('赵敏');
    await poll(() => a1.page.getByTestId('diagram-node-COUNTERSIGN').getAttribute('data-state')).toBe('PENDING_ARRPOVE');
    await poll(() => a1.page.getByTestId('cpm-action-APPROVE').count()).toBe(0);
    await shot(a1.page, 'flow-countersign-half-en');

    // Approver 2 (Chinese) returns it to the buyer with a comment.
    const a2 = await signedIn('brand.approver2');
    await a2.page.goto('/collab/page/my-approvals');
    await a2.page.getByTestId('myappr-open').first().waitFor();
    expect(await a2.page.getByTestId('my-approvals').textContent()).toContain('采购需求');
    await shot(a2.page, 'flow-my-approvals-zh');
    await openDoc(a2.page, id);
    await act(a2.page, 'RETURN', '单价偏高，请重新询价');
    await poll(() => statusText(a2.page)).toContain('进行中');
    await poll(() => a2.page.getByTestId('cpm-history').textContent()).toContain('单价偏高');
    await shot(a2.page, 'flow-returned-zh');

    // The buyer sees it Ongoing with the reason, and submits again.
    await openDoc(buyer.page, id);
    await poll(() => statusText(buyer.page)).toContain('Ongoing');
    expect(await buyer.page.getByTestId('cpm-history').textContent()).toContain('单价偏高');
    expect(await buyer.page.locator('#purchase-requirement-form_title').isDisabled()).toBe(false);
    await submit(buyer.page);
    await poll(() => statusText(buyer.page)).toContain('For Approval');

    // Both countersign this time.
    await openDoc(a1.page, id);
    await act(a1.page, 'APPROVE', 'OK after the new quote');
    await openDoc(a2.page, id);
    await act(a2.page, 'APPROVE', '同意');
    await poll(() => a2.page.getByTestId('diagram-node-COUNTERSIGN').getAttribute('data-state')).toBe('APPROVED');
    await poll(() => a2.page.getByTestId('diagram-node-FINAL').getAttribute('data-state')).toBe('PENDING_ARRPOVE');
    await shot(a2.page, 'flow-countersigned-zh');

    // The administrator (Chinese) gives the final approval.
    const admin = await signedIn('brand.admin');
    await openDoc(admin.page, id);
    await act(admin.page, 'APPROVE', '批准');
    await poll(() => statusText(admin.page)).toContain('已审批');
    await poll(() => admin.page.getByTestId('cpm-status').textContent()).toBe('已通过');
    expect(await admin.page.getByTestId('document-save').count()).toBe(0);
    await shot(admin.page, 'flow-approved-zh');

    // The buyer sees it Approved, with the whole history, and may now archive it.
    await openDoc(buyer.page, id);
    await poll(() => statusText(buyer.page)).toContain('Approved');
    // The history loads after the status; wait for it rather than reading it at once.
    const historyActions = () => buyer.page.getByTestId('cpm-history-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
    await poll(async () => (await historyActions()).filter((a) => a === 'SUBMIT').length).toBe(2);
    const history = await historyActions();
    expect(history.filter((a) => a === 'RETURN')).toHaveLength(1);
    expect(history.filter((a) => a === 'APPROVE').length).toBeGreaterThanOrEqual(4);
    expect(await buyer.page.getByTestId('transition-archive').count()).toBe(1);
    expect(await buyer.page.getByTestId('transition-submit').count()).toBe(0);
    await shot(buyer.page, 'flow-approved-en');

    for (const s of [buyer, a1, a2, admin]) await s.context.close();
  });

  it('an administrator designs a new flow: header, two nodes with every field, saved, listed and reopened (FLOW-01/02/14)', async () => {
    const admin = await signedIn('brand.admin');
    const { page } = admin;
    await page.goto('/sys/masterdetail/cpm-process?new=1');
    await page.getByTestId('process-designer').waitFor();
    await page.locator('#designer-code').fill('po_appr');
    await page.locator('#designer-name').fill('PO approval');
    await page.locator('#designer-tag').fill('PO');
    await page.locator('#designer-comment').fill('Buyer check, then QA');

    // saving without nodes: the flow message, nothing sent
    let saves = 0;
    page.on('request', (r) => {
      if (r.url().includes('/cpm-process/save')) saves += 1;
    });
    await page.getByTestId('designer-save').click();
    await poll(() => page.getByTestId('designer-problems').textContent()).toContain('请先创建节点');
    expect(saves).toBe(0);

    const editor = page.getByTestId('node-editor');
    const field = (name: string) => editor.locator(`#flow-node_${name}`);
    await page.getByTestId('node-add').click();
    await field('status_code').fill('S1');
    await field('text').fill('Buyer check');
    await field('launch_action').fill('SEND_QA');
    await field('launch_text').fill('Send to QA');
    await editor.getByText('会签（所有审批人）').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('node-add').click();
    await field('status_code').fill('S2');
    await field('text').fill('QA check');
    await field('color').fill('green');
    await field('steps').fill('ST1');
    await field('steps').press('Enter');
    await field('is_end').click();
    await editor.getByText('退回第一个节点').click();
    await page.keyboard.press('Escape');
    await poll(() => page.getByTestId('flow-diagram').getByTestId(/^diagram-node-/).count()).toBe(2);
    expect(await page.getByTestId('flow-diagram').getByTestId('diagram-node-S2').textContent()).toContain('QA check');

    const saved = page.waitForResponse((r) => r.url().includes('/cpm-process/save'));
    await page.getByTestId('designer-save').click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(/cpm-process\?id=/);
    await poll(() => page.locator('.sl-list-card').textContent()).toContain('PO_APPR');
    await shot(page, 'flow-designer-new-zh');

    // reopened: every value as saved
    await page.reload();
    await poll(() => page.getByTestId(/^node-row-/).count()).toBe(2);
    expect(await page.getByTestId('node-row-0').textContent()).toContain('AND');
    expect(await page.getByTestId('node-row-1').textContent()).toContain('QA check');
    await page.getByTestId('node-edit-1').click();
    await poll(() => field('text').inputValue()).toBe('QA check');
    expect(await field('color').inputValue()).toBe('green');
    expect(await field('is_end').getAttribute('aria-checked')).toBe('true');
    expect(await editor.locator('.ant-radio-button-wrapper-checked').allTextContents()).toEqual(expect.arrayContaining(['退回第一个节点']));
    expect(await editor.textContent()).toContain('ST1');
    await admin.context.close();
  });

  it('the designer shows the flow as a table and a diagram, in both languages; copy needs a code', async () => {
    const admin = await signedIn('brand.admin');
    const { page } = admin;
    await page.goto('/sys/masterdetail/cpm-process');
    await page.getByText('PR_APPR').first().click();
    await page.getByTestId('process-designer').waitFor();
    await poll(() => page.getByTestId(/^node-row-/).count()).toBe(2);
    await poll(() => page.getByTestId('flow-diagram').getByTestId('diagram-node-COUNTERSIGN').count()).toBe(1);
    // choosing the node in the diagram opens its editor
    await page.getByTestId('flow-diagram').getByTestId('diagram-node-FINAL').click();
    await page.getByTestId('node-editor').waitFor();
    await shot(page, 'flow-designer-zh');
    await page.keyboard.press('Escape');

    // copy with an empty code: the message, nothing sent
    let copies = 0;
    page.on('request', (r) => {
      if (r.url().includes('/cpm-process/copy')) copies += 1;
    });
    await page.getByTestId('designer-copy').click();
    await page.getByTestId('copy-ok').click();
    await poll(() => page.getByText('请输入新的流程编码').count()).toBeGreaterThan(0);
    expect(copies).toBe(0);
    await page.locator('#copy-code').fill('PR_APPR_E2E');
    await page.getByTestId('copy-ok').click();
    await poll(() => page.getByText('流程复制成功').count()).toBeGreaterThan(0);
    await poll(() => page.getByTestId('designer-title').textContent()).toContain('PR_APPR_E2E');

    // English
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await page.getByTestId('process-designer').waitFor();
    await poll(() => page.getByTestId(/^node-row-/).count()).toBe(2);
    expect(await page.getByTestId('process-designer').textContent()).toContain('Nodes');
    await shot(page, 'flow-designer-en');
    await admin.context.close();
  });
});
