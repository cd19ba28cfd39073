// The approval panel and the flow document screen in the real route table, the network stubbed at
// fetch: only the offered actions, push-before before push, Return/Rollback targets, add approver,
// the mount-error / operation-failed / changed-by-others messages, lifecycle labels and actions,
// read-only under approval, 'submit failed'.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { statusColor } from '@seamline/core';
import { setLang } from '@seamline/web/engine';
import { json, currentUrl, renderApp, USER, signedInServer } from '@seamline/web/testing';
import { mockReactFlowDom } from '../test/reactFlowDom';
import { CPM, type CpmView } from './cpmApi';
import { nodeState } from './ApprovalPanel';

vi.setConfig({ testTimeout: 30_000 });
mockReactFlowDom();
beforeEach(() => setLang('en'));

const ADMIN = { ...USER, user_type: 'ADMIN' };
const PR = 'scmapi/purchase-requirement';

const DOC = { id: 'd1', version: 3, code: 'PR0001', title: 'Fabric for SS25', status: 'FOR_APPROVAL', lines: [] };

const VIEW: CpmView = {
  pid: 'P1',
  entity: 'purchase-requirement',
  record_id: 'd1',
  title: 'PR0001',
  status: 'PENDING_ARRPOVE',
  current_seq: 20,
  current_status_code: 'FIN',
  node_version: 4,
  initiator: { id: 'u1', full_name: 'Ann Lee' },
  doc_status: 'FOR_APPROVAL',
  process: { code: 'PR_APPR', name: 'PR approval' },
  nodes: [
    { seq: 10, status_code: 'MGR', text: 'Manager check', color: 'blue', sign_type: 'OR', is_end: false, current: false, outcome: 'APPROVE', approvers: [{ id: 'a1', full_name: 'Olivia Chen', outcome: 'APPROVE' }] },
    { seq: 20, status_code: 'FIN', text: 'Finance check', color: 'green', sign_type: 'AND', is_end: true, current: true, outcome: 'PENDING', approvers: [{ id: 'a2', full_name: '赵敏', outcome: 'PENDING' }] },
  ],
  history: [
    { at: '2026-11-20T09:00:00Z', user: { id: 'u1', full_name: 'Ann Lee' }, action: 'SUBMIT', seq: 10, status_code: 'MGR', target_seq: null, comment: null },
    { at: '2026-11-20T10:00:00Z', user: { id: 'a1', full_name: 'Olivia Chen' }, action: 'APPROVE', seq: 10, status_code: 'MGR', target_seq: null, comment: 'fine by me' },
  ],
};

const label = (en: string) => ({ en, zh: en });

function flowServer(opts: { actions?: string[]; doc?: Record<string, unknown>; user?: typeof ADMIN } = {}) {
  return signedInServer((opts.user ?? USER) as never)
    .on('GET', `${PR}/view`, () => opts.doc ?? DOC)
    .on('GET', CPM.pidFromUi, () => ({ pid: 'P1', status: 'PENDING_ARRPOVE' }))
    .on('GET', CPM.view, () => VIEW)
    .on('GET', CPM.nodeActions, () => (opts.actions ?? ['APPROVE']).map((action) => ({ action, label: label(action === 'APPROVE' ? 'Finance OK' : action) })))
    .on('GET', CPM.scenario, () => null)
    .on('GET', CPM.rollbackNodes, () => [{ seq: 10, status_code: 'MGR', text: 'Manager check', color: 'blue' }])
    .on('POST', CPM.pushBefore, () => ({ ok: true }))
    .on('GET', 'utilsapi/users/options', () => [{ value: 'u5', label: 'Uma Five', username: 'u5' }]);
}

const open = () => renderApp('/page/document/purchase-requirement?id=d1');
// The first render of a file compiles the lazy screens; on a busy machine that takes a while.
const SLOW = { timeout: 20_000 };
const actionButtons = async () => {
  await screen.findByTestId('cpm-actions', {}, SLOW);
  return [...screen.getByTestId('cpm-actions').querySelectorAll('button')].map((b) => b.textContent);
};

describe('approval panel', () => {
  it('resolves the instance with pid-from-ui for the document (CPM-01) and shows the flow with outcomes and history (CPM-02)', async () => {
    const server = flowServer();
    open();
    const panel = await screen.findByTestId('cpm-running', {}, SLOW);
    const q = server.calls(CPM.pidFromUi)[0].query;
    expect([q.get('entity'), q.get('id')]).toEqual(['purchase-requirement', 'd1']);
    expect(server.calls(CPM.scenario)[0].query.get('pid')).toBe('P1'); // CPM-11
    const mgr = within(panel).getByTestId('diagram-node-MGR');
    const fin = within(panel).getByTestId('diagram-node-FIN');
    expect(mgr.getAttribute('data-state')).toBe('APPROVED');
    expect(fin.getAttribute('data-state')).toBe('PENDING_ARRPOVE');
    expect(mgr.textContent).toContain('Approved');
    expect(fin.textContent).toContain('Pending');
    const items = within(panel).getAllByTestId('cpm-history-item');
    expect(items.map((i) => i.getAttribute('data-action'))).toEqual(['SUBMIT', 'APPROVE']);
    expect(items[1].textContent).toContain('Olivia Chen');
    expect(items[1].textContent).toContain('Manager check');
    expect(items[1].textContent).toContain('fine by me');
    expect(within(panel).getByTestId('cpm-waiting').textContent).toContain('赵敏');
  });

  it("approvers who were not needed read so, in both languages (issue 23)", async () => {
    const decided: CpmView = {
      ...VIEW,
      nodes: [
        { ...VIEW.nodes[0], approvers: [{ id: 'a1', full_name: 'Olivia Chen', outcome: 'APPROVE' }, { id: 'a2', full_name: '赵敏', outcome: 'NOT_NEEDED' }] },
        VIEW.nodes[1],
      ],
    };
    flowServer().on('GET', CPM.view, () => decided);
    open();
    const row = await screen.findByTestId('cpm-approvers-10', {}, SLOW);
    expect([...row.querySelectorAll('[data-testid="cpm-approver"]')].map((n) => n.textContent)).toEqual(['Olivia Chen · approved', '赵敏 · not needed']);
    expect(screen.getByTestId('cpm-approvers-20').textContent).toContain('赵敏 · pending');
    setLang('zh');
    await waitFor(() => expect(screen.getByTestId('cpm-approvers-10').textContent).toContain('赵敏 · 无需审批'));
  });

  it('a node with a scenario shows its form, looked up as <process code>:<status code> (CPM-11)', async () => {
    const server = flowServer().on('GET', CPM.scenario, () => ({ id: 's1', form_id: 'f1' }));
    server.on('GET', 'utilsapi/dynamic-form/scenario', () => null);
    open();
    await screen.findByTestId('cpm-scenario', {}, SLOW);
    await waitFor(() =>
      expect(
        server.calls('utilsapi/dynamic-form/scenario').some((r) => r.query.get('context_type') === 'FLOW_NODE' && r.query.get('context_key') === 'PR_APPR:FIN'),
      ).toBe(true),
    );
  });

  it('the colour keys are the spec\'s PENDING_ARRPOVE, APPROVED and REJECTED (CPM-14)', () => {
    expect(nodeState({ outcome: 'PENDING', current: true })).toBe('PENDING_ARRPOVE');
    expect(nodeState({ outcome: 'APPROVE', current: false })).toBe('APPROVED');
    expect(nodeState({ outcome: 'REJECT', current: false })).toBe('REJECTED');
    expect(new Set([statusColor('PENDING_ARRPOVE'), statusColor('APPROVED'), statusColor('REJECTED')]).size).toBe(3);
  });

  it('offers only the actions cpm-node-actions returns (CPM-03)', async () => {
    flowServer({ actions: ['APPROVE'] });
    const first = open();
    expect(await actionButtons()).toEqual(['Approve']);
    first.unmount();
    flowServer({ actions: ['APPROVE', 'RETURN', 'ROLLBACK', 'ADD_APPROVER'] });
    open();
    await screen.findByTestId('cpm-action-ADD_APPROVER', {}, SLOW);
    expect(await actionButtons()).toEqual(['Approve', 'Return', 'Rollback', 'Add approver']);
  });

  it('REJECT is offered as a button when returned, and confirmed before a push REJECT (CPM-03)', async () => {
    const server = flowServer({ actions: ['APPROVE', 'REJECT'] }).on('POST', CPM.push, () => VIEW);
    open();
    await screen.findByTestId('cpm-action-REJECT', {}, SLOW);
    expect(await actionButtons()).toEqual(['Approve', 'Reject']);
    fireEvent.click(screen.getByTestId('cpm-action-REJECT'));
    fireEvent.click(await screen.findByTestId('cpm-reject-ok'));
    await waitFor(() => expect(server.calls(CPM.push)).toHaveLength(1));
    expect(Object.fromEntries(server.calls(CPM.push)[0].body!)).toMatchObject({ pid: 'P1', action: 'REJECT' });
  });

  it('the Reject button and its question are in Chinese for a Chinese user', async () => {
    setLang('zh');
    flowServer({ actions: ['REJECT'] });
    open();
    fireEvent.click(await screen.findByTestId('cpm-action-REJECT', {}, SLOW));
    expect(screen.getByTestId('cpm-action-REJECT').textContent!.replace(/\s/g, '')).toBe('驳回');
    expect(await screen.findByText('确定驳回并将单据退回上一步吗？')).toBeTruthy();
  });

  it.each([
    ['en' as const, 'Approval step'],
    ['zh' as const, '审批节点'],
  ])('FLOW-16 (%s): the current node shows in its own text and colour in the list column and the document header', async (lang, column) => {
    setLang(lang);
    const node = { status_code: 'FIN', text: 'Finance check', color: 'green' };
    flowServer({ doc: { ...DOC, flow_node: node } }).on('GET', `${PR}/page-list`, () => ({
      rows: [{ ...DOC, flow_node: node }, { ...DOC, id: 'd2', code: 'PR0002', status: 'DRAFT', flow_node: null }],
      total: 2,
      page: 1,
      size: 20,
    }));
    const list = renderApp('/scm/index/purchase-requirement');
    await screen.findByText('PR0002', undefined, SLOW);
    expect(screen.getAllByText(column).some((n) => n.closest('th'))).toBe(true);
    const tags = screen.getAllByTestId('flow-node-tag');
    expect(tags.map((n) => [n.textContent, n.getAttribute('data-status')])).toEqual([['Finance check', 'FIN']]);
    expect(tags[0].className).toContain('ant-tag-green');
    list.unmount();
    open();
    await screen.findByTestId('document-title', {}, SLOW);
    await waitFor(() => expect(document.querySelector('.sl-document-header [data-testid="flow-node-tag"]')?.textContent).toBe('Finance check'));
  });

  it('nothing offered → no buttons, a note', async () => {
    flowServer({ actions: [] });
    open();
    await screen.findByTestId('cpm-no-actions');
    expect(screen.queryByTestId('cpm-actions')).toBeNull();
  });

  it('Approve runs push-before (query and body) and then push with the node the user saw (CPM-04/05)', async () => {
    const server = flowServer().on('POST', CPM.push, () => ({ ...VIEW, node_version: 5 }));
    open();
    await actionButtons();
    fireEvent.change(screen.getByTestId('cpm-comment'), { target: { value: 'ok for me' } });
    fireEvent.click(screen.getByTestId('cpm-action-APPROVE'));
    await waitFor(() => expect(server.calls(CPM.push)).toHaveLength(1));
    const before = server.calls(CPM.pushBefore)[0];
    expect([before.query.get('pid'), before.query.get('action')]).toEqual(['P1', 'APPROVE']);
    expect(before.body?.get('pid')).toBe('P1');
    const push = server.calls(CPM.push)[0];
    expect(server.requests.indexOf(before)).toBeLessThan(server.requests.indexOf(push));
    expect(push.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(push.body!)).toMatchObject({ pid: 'P1', action: 'APPROVE', status_code: 'FIN', node_version: '4', comment: 'ok for me' });
    expect(push.body?.get('request_id')).toBeTruthy();
    await screen.findByText('Operated successfully');
  });

  it('a refusing pre-check stops the push and shows its message', async () => {
    const server = flowServer().on('POST', CPM.pushBefore, () => ({ ok: false, messages: ['Amount over budget'] }));
    open();
    await actionButtons();
    fireEvent.click(screen.getByTestId('cpm-action-APPROVE'));
    await screen.findByText('Amount over budget');
    expect(server.calls(CPM.push)).toHaveLength(0);
  });

  it('a changed node answers 409 → "changed by someone else, refresh and retry" with a reload (CPM-12)', async () => {
    const server = flowServer().on('POST', CPM.push, () => json(409, { message: 'the document was changed by someone else, refresh and retry', code: 409 }));
    open();
    await actionButtons();
    fireEvent.click(screen.getByTestId('cpm-action-APPROVE'));
    const stale = await screen.findByTestId('cpm-stale');
    expect(stale.textContent).toContain('the document was changed by someone else, refresh and retry');
    const views = server.calls(CPM.view).length;
    fireEvent.click(screen.getByTestId('cpm-stale-reload'));
    await waitFor(() => expect(server.calls(CPM.view).length).toBeGreaterThan(views));
  });

  it('a failed operation says operation failed; a failed mount says the flow failed to load (CPM-13)', async () => {
    flowServer().on('POST', CPM.push, () => json(400, { message: 'You are not an approver of this node', code: 400 }));
    const first = open();
    await actionButtons();
    fireEvent.click(screen.getByTestId('cpm-action-APPROVE'));
    await waitFor(() => expect(screen.getAllByTestId('notify-error').map((n) => n.textContent)).toContain('Approval operation failed: You are not an approver of this node'));
    first.unmount();

    flowServer().on('GET', CPM.pidFromUi, () => json(500, { message: 'boom', code: 500 }));
    open();
    expect((await screen.findByTestId('cpm-mount-error', {}, SLOW)).textContent).toContain('Approval flow failed to load');
  });

  it('Return lists the allowed rollback nodes; choosing node 10 posts rollback-node naming it (CPM-06)', async () => {
    const server = flowServer({ actions: ['APPROVE', 'RETURN', 'ROLLBACK'] }).on('POST', CPM.rollback, () => VIEW).on('POST', CPM.push, () => VIEW);
    open();
    await actionButtons();
    fireEvent.click(screen.getByTestId('cpm-action-RETURN'));
    const target = await screen.findByTestId('cpm-target-10');
    expect(server.calls(CPM.rollbackNodes)[0].query.get('pid')).toBe('P1');
    expect(screen.getByTestId('cpm-target-INITIATOR')).toBeTruthy();
    fireEvent.click(target.tagName === 'INPUT' ? target : target.querySelector('input')!);
    fireEvent.click(screen.getByTestId('cpm-return-ok'));
    await waitFor(() => expect(server.calls(CPM.rollback)).toHaveLength(1));
    expect(Object.fromEntries(server.calls(CPM.rollback)[0].body!)).toMatchObject({ pid: 'P1', action: 'ROLLBACK', target: '10', status_code: 'FIN' });
    expect(server.calls(CPM.push)).toHaveLength(0);
  });

  it('Return to the initiator is a push RETURN', async () => {
    const server = flowServer({ actions: ['RETURN'] }).on('POST', CPM.push, () => VIEW);
    open();
    await actionButtons();
    fireEvent.click(screen.getByTestId('cpm-action-RETURN'));
    await screen.findByTestId('cpm-target-INITIATOR');
    fireEvent.click(screen.getByTestId('cpm-return-ok'));
    await waitFor(() => expect(server.calls(CPM.push)).toHaveLength(1));
    expect(server.calls(CPM.push)[0].body?.get('action')).toBe('RETURN');
  });

  it('Add approver posts insert-user-into-node with the user and the node (CPM-10)', async () => {
    const server = flowServer({ actions: ['APPROVE', 'ADD_APPROVER'] }).on('POST', CPM.insertUser, () => VIEW);
    open();
    await actionButtons();
    fireEvent.click(screen.getByTestId('cpm-action-ADD_APPROVER'));
    const userSelect = await screen.findByTestId('cpm-add-user');
    fireEvent.mouseDown(userSelect.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('Uma Five (u5)'));
    fireEvent.click(screen.getByTestId('cpm-add-ok'));
    await waitFor(() => expect(server.calls(CPM.insertUser)).toHaveLength(1));
    expect(Object.fromEntries(server.calls(CPM.insertUser)[0].body!)).toEqual({ pid: 'P1', seq: '20', user_id: 'u5' });
  });
});

describe('flow document screens', () => {
  it('under approval: the lifecycle label, every input read-only, no Save (DOC-01/05)', async () => {
    flowServer({ user: ADMIN });
    open();
    await screen.findByTestId('cpm-running', {}, SLOW);
    const panel = screen.getByTestId('document-panel');
    expect(panel.textContent).toContain('For Approval');
    expect(screen.queryByTestId('document-save')).toBeNull();
    const inputs = [...panel.querySelectorAll('.ant-form input, .ant-form textarea')] as HTMLInputElement[];
    expect(inputs.length).toBeGreaterThan(0);
    for (const i of inputs) expect(i.disabled, i.id).toBe(true);
    expect(screen.queryByTestId('transition-submit')).toBeNull();
    expect(screen.queryByTestId('transition-archive')).toBeNull();
  });

  it('a Draft offers Start, Submit and Cancel but no Archive; an Approved one only Archive (DOC-02/03)', async () => {
    flowServer({ user: ADMIN, doc: { ...DOC, status: 'DRAFT' } }).on('GET', CPM.pidFromUi, () => null);
    const first = open();
    await screen.findByTestId('cpm-no-flow', {}, SLOW);
    const buttons = () => [...document.querySelectorAll('[data-testid^="transition-"]')].map((b) => b.textContent);
    expect(buttons().sort()).toEqual(['Cancel', 'Start', 'Submit']);
    expect(screen.getByTestId('document-save')).toBeTruthy();
    first.unmount();
    flowServer({ user: ADMIN, doc: { ...DOC, status: 'APPROVED' } }).on('GET', CPM.pidFromUi, () => null);
    open();
    await screen.findByTestId('cpm-no-flow', {}, SLOW);
    expect(buttons()).toEqual(['Archive']);
    expect(screen.getByTestId('document-panel').textContent).toContain('Approved');
  });

  it('a refused Submit says "submit failed" (DOC-06)', async () => {
    const server = flowServer({ user: ADMIN, doc: { ...DOC, status: 'DRAFT' } })
      .on('GET', CPM.pidFromUi, () => null)
      .on('POST', `${PR}/submit`, () => json(400, { message: 'The approval flow PR_APPR is not defined', code: 400 }));
    open();
    await screen.findByTestId('cpm-no-flow', {}, SLOW);
    fireEvent.click(screen.getByTestId('transition-submit'));
    fireEvent.click(await screen.findByText('Submit', { selector: '.ant-modal-confirm-btns .ant-btn-primary span' }));
    await waitFor(() => expect(server.calls(`${PR}/submit`)).toHaveLength(1));
    // One notification: the action above the server's reason.
    await waitFor(() => expect(screen.getByTestId('notify-title').textContent).toBe('submit failed'));
    expect(screen.getByTestId('notify-error').textContent).toBe('The approval flow PR_APPR is not defined');
  });

  it('a Submit refused without a reason shows one notification: "submit failed" above "operated failed" (issues 13, 23)', async () => {
    const server = flowServer({ user: ADMIN, doc: { ...DOC, status: 'DRAFT' } })
      .on('GET', CPM.pidFromUi, () => null)
      .on('POST', `${PR}/submit`, () => json(200, { message: 'refused', code: 1 }));
    open();
    await screen.findByTestId('cpm-no-flow', {}, SLOW);
    fireEvent.click(screen.getByTestId('transition-submit'));
    fireEvent.click(await screen.findByText('Submit', { selector: '.ant-modal-confirm-btns .ant-btn-primary span' }));
    await waitFor(() => expect(server.calls(`${PR}/submit`)).toHaveLength(1));
    const shown = () => [...document.querySelectorAll('[data-testid="toast-error"], [data-testid="notify-title"], [data-testid="notify-error"]')].map((n) => n.textContent);
    await waitFor(() => expect(shown()).toContain('operated failed'));
    await new Promise((r) => setTimeout(r, 100));
    expect(shown()).toEqual(['submit failed', 'operated failed']);
  });

  it('a document of an entity without a flow gets no approval panel and no CPM call', async () => {
    const server = signedInServer(ADMIN as never).on('GET', 'scmapi/test-order/view', () => ({ id: 'd1', version: 1, code: 'SO-1', title: 'Tee', status: 'draft', lines: [] }));
    renderApp('/page/document/test-order?id=d1');
    await screen.findByTestId('flow-document-screen', {}, SLOW);
    await waitFor(() => expect(screen.getByTestId('document-title').textContent).toBe('SO-1'), SLOW);
    expect(screen.queryByTestId('approval-panel')).toBeNull();
    expect(server.requests.filter((r) => r.path.startsWith('crossapi/ccommonapi/'))).toEqual([]);
    expect(screen.getByTestId('document-save')).toBeTruthy();
  });

  it('the same document opens through /zp/{cata}/document and /clientrpt/document (DOC-04)', async () => {
    flowServer();
    const first = renderApp('/zp/prod/document/purchase-requirement?id=d1');
    await screen.findByTestId('cpm-running', {}, SLOW);
    expect(screen.getByTestId('flow-document-screen').getAttribute('data-template')).toBe('zp.document');
    expect(screen.getByTestId('document-title').textContent).toBe('PR0001');
    first.unmount();
    flowServer();
    renderApp('/clientrpt/document/purchase-requirement?id=d1');
    await screen.findByTestId('cpm-running', {}, SLOW);
    expect(screen.getByTestId('flow-document-screen').getAttribute('data-template')).toBe('clientrpt.document');
    expect(screen.getByTestId('document-title').textContent).toBe('PR0001');
  });
});

describe('my approvals', () => {
  it('pages the waiting to-dos, filters by keyword and opens the document', async () => {
    const row = {
      task_id: 't1', pid: 'P1', entity: 'purchase-requirement', record_id: 'd1', title: 'PR0001', url: null, process_code: 'PR_APPR',
      process_name: 'PR approval', seq: 20, status_code: 'FIN', text: 'Finance check', color: 'green', initiator: { id: 'u1', full_name: 'Ann Lee' },
      since: '2026-11-20T10:00:00Z',
    };
    const server = flowServer()
      .on('GET', CPM.myApprovals, () => ({ rows: [row], total: 1, page: 1, size: 20 }))
      .on('GET', 'crossapi/superdesignapi/cpm-process/options', () => [{ code: 'PR_APPR', name: 'PR approval', nodes: [] }]);
    const { router } = renderApp('/collab/page/my-approvals');
    const link = await screen.findByTestId('myappr-open');
    expect(screen.getByTestId('my-approvals').textContent).toContain('Finance check');
    expect(screen.getByTestId('my-approvals').textContent).toContain('Purchase requirement');
    expect(JSON.parse(server.calls(CPM.myApprovals)[0].query.get('p')!)).toEqual({ page: 1, size: 20 });
    fireEvent.change(screen.getByTestId('myappr-keyword'), { target: { value: 'PR00' } });
    fireEvent.click(screen.getByTestId('myappr-search'));
    await waitFor(() => expect(server.calls(CPM.myApprovals).some((r) => JSON.parse(r.query.get('q')!).keyword === 'PR00')).toBe(true));
    fireEvent.click(link);
    await waitFor(() => expect(currentUrl(router)).toBe('/page/document/purchase-requirement?id=d1'));
  });
});
