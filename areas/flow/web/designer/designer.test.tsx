// The process designer in the real route table (/sys/masterdetail/cpm-process): core's flow
// checks before any request (one §8 message per rule), the table and the diagram editing the same
// nodes, and copy under a new code.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setLang, queryClient } from '@seamline/web/engine';
import { renderApp, USER, posted, signedInServer } from '@seamline/web/testing';
import { mockReactFlowDom } from '../test/reactFlowDom';
import { addNode, emptyProcess, fromWire, reorder, toWire } from './model';

vi.setConfig({ testTimeout: 90_000 }); // whole designer screens in jsdom on a loaded machine
mockReactFlowDom();
beforeEach(() => setLang('en'));

const ADMIN = { ...USER, user_type: 'ADMIN' };

const node = (seq: number, status: string, extra: Record<string, unknown> = {}) => ({
  id: `n${seq}`,
  node_seq: seq,
  status_code: status,
  text: `Node ${status}`,
  color: 'blue',
  approve_type: 'MANUAL',
  reject_type: 'PREVIOUS',
  steps: [],
  launch_action: `GO_${status}`,
  launch_text: `Go ${status}`,
  is_end: false,
  sign_type: 'OR',
  authority: 'INITIATOR',
  positions: [],
  roles: [],
  users: [],
  ...extra,
});

const PROCESS = {
  id: 'p1',
  version: 1,
  code: 'PO_APPR',
  name: 'PO approval',
  comment: 'two steps',
  tag: 'po',
  nodes: [node(20, 'S2', { text: 'QA check', color: 'green', is_end: true, launch_action: '', launch_text: '' }), node(10, 'S1')],
};

function designerServer(doc: Record<string, unknown> = PROCESS) {
  return signedInServer(ADMIN as never)
    .on('GET', 'crossapi/superdesignapi/cpm-process/page-list', () => ({ rows: [doc], total: 1, page: 1, size: 20 }))
    .on('GET', 'crossapi/superdesignapi/cpm-process/view', () => doc)
    .on('GET', 'utilsapi/users/options', () => [])
    .on('GET', 'mdapi/position/page-list', () => ({ rows: [], total: 0, page: 1, size: 200 }));
}

const rows = () => screen.getAllByTestId(/^node-row-/);
// The first render of a file compiles the lazy screens; on a busy machine that takes a while.
const SLOW = { timeout: 60_000 };
const problems = () => screen.getByTestId('designer-problems').textContent ?? '';

describe('designer model', () => {
  it('keeps diagram order and sequence one thing: reorder renumbers 10, 20, 30', () => {
    let p = emptyProcess();
    const a = addNode(p);
    p = a.process;
    const b = addNode(p);
    p = b.process;
    expect(p.nodes.map((n) => n.seq)).toEqual([10, 20]);
    p = reorder(p, [b.key, a.key]);
    expect(p.nodes.map((n) => [n.key, n.seq])).toEqual([
      [b.key, 10],
      [a.key, 20],
    ]);
    // inserting after the first puts the new node second
    const c = addNode(p, b.key);
    expect(c.process.nodes.map((n) => n.key)).toEqual([b.key, c.key, a.key]);
  });

  it('reads and writes the wire shape (node_seq on the wire, ordered by it)', () => {
    const p = fromWire(PROCESS);
    expect(p.nodes.map((n) => n.status_code)).toEqual(['S1', 'S2']);
    const body = toWire(p) as { id: string; version: number; nodes: Record<string, unknown>[] };
    expect(body).toMatchObject({ id: 'p1', version: 1, code: 'PO_APPR' });
    expect(body.nodes.map((n) => [n.node_seq, n.id])).toEqual([
      [10, 'n10'],
      [20, 'n20'],
    ]);
    expect(body.nodes[0]).not.toHaveProperty('key');
  });
});

describe('process designer screen', () => {
  it('a new flow without nodes says "create node first" and posts nothing (FLOW-03)', async () => {
    const server = designerServer();
    renderApp('/sys/masterdetail/cpm-process?new=1');
    await screen.findByTestId('process-designer', {}, SLOW);
    fireEvent.change(document.getElementById('designer-code')!, { target: { value: 'po_appr' } });
    fireEvent.change(document.getElementById('designer-name')!, { target: { value: 'PO approval' } });
    expect((document.getElementById('designer-code') as HTMLInputElement).value).toBe('PO_APPR');
    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(problems()).toContain('Please create a node first'));
    expect(server.calls('crossapi/superdesignapi/cpm-process/save')).toHaveLength(0);
  });

  it.each([
    ['en' as const, 'Leave without saving?'],
    ['zh' as const, '不保存就离开吗？'],
  ])('%s: leaving an unsaved new flow asks first; Stay keeps it, Leave goes', { timeout: 120_000 }, async (lang, question) => {
    setLang(lang);
    Modal.destroyAll();
    designerServer();
    const { router } = renderApp('/sys/masterdetail/cpm-process?new=1');
    await screen.findByTestId('process-designer', {}, SLOW);
    // nothing typed yet: leaving is free
    await act(() => router.navigate('/sys/masterdetail/cpm-process?id=p1'));
    expect(router.state.location.search).toBe('?id=p1');
    await act(() => router.navigate('/sys/masterdetail/cpm-process?new=1'));
    await waitFor(() => expect(document.getElementById('designer-code')).toBeTruthy(), SLOW);
    fireEvent.change(document.getElementById('designer-name')!, { target: { value: 'Half typed' } });
    await act(() => router.navigate('/workspace/home'));
    await screen.findByTestId('designer-stay', {}, SLOW);
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe(question);
    fireEvent.click(screen.getByTestId('designer-stay'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sys/masterdetail/cpm-process'));
    expect((document.getElementById('designer-name') as HTMLInputElement).value).toBe('Half typed');
    await act(() => router.navigate('/workspace/home'));
    // the first question may still be fading out: answer the newest
    await waitFor(() => expect(screen.getAllByTestId('designer-leave').length).toBeGreaterThan(0), SLOW);
    fireEvent.click(screen.getAllByTestId('designer-leave').at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/home'));
  });

  it('shows each flow rule with its own message before posting (FLOW-04…10)', async () => {
    const cases: [Record<string, unknown>[], string][] = [
      [[node(10, 'S1', { is_end: false }), node(20, 'S2', { is_end: true }), node(30, 'S3', { is_end: false })], 'The last node has no end defined'],
      [[node(10, 'S1'), node(20, 'S2')], 'No node defines an end'],
      [[node(10, 'S1'), node(10, 'S2', { is_end: true, launch_action: '', launch_text: '' })], 'Duplicate node sequence'],
      [[node(10, 'S1'), node(20, 'S1', { is_end: true, launch_action: '', launch_text: '' })], 'Duplicate node status'],
      [[node(10, 'S1', { launch_action: 'SUBMIT' }), node(20, 'S2', { launch_action: 'SUBMIT' }), node(30, 'S3', { is_end: true })], 'Duplicate launch action'],
      [[node(10, 'S1', { steps: ['ST1'] }), node(20, 'S2', { is_end: true, steps: ['ST1'] })], 'Duplicate step'],
      [[node(10, 'S1', { launch_text: '' }), node(20, 'S2', { is_end: true, launch_action: '', launch_text: '' })], 'Launch action and its text are required except on the last node'],
    ];
    for (const [nodes, message] of cases) {
      const server = designerServer({ ...PROCESS, nodes });
      const view = renderApp('/sys/masterdetail/cpm-process?id=p1');
      await waitFor(() => expect(rows()).toHaveLength(nodes.length), SLOW);
      fireEvent.click(screen.getByTestId('designer-save'));
      await waitFor(() => expect(problems()).toContain(message));
      expect(server.calls('crossapi/superdesignapi/cpm-process/save')).toHaveLength(0);
      view.unmount();
    }
  }, 120_000);

  it('a valid flow is posted with its nodes; the last node may leave the launch action empty (FLOW-06)', async () => {
    const server = designerServer().on('POST', 'crossapi/superdesignapi/cpm-process/save', (req) => ({ ...posted(req), version: 2 }));
    renderApp('/sys/masterdetail/cpm-process?id=p1');
    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(server.calls('crossapi/superdesignapi/cpm-process/save')).toHaveLength(1));
    const body = posted(server.calls('crossapi/superdesignapi/cpm-process/save')[0]);
    expect(body).toMatchObject({ id: 'p1', version: 1, code: 'PO_APPR', name: 'PO approval', comment: 'two steps', tag: 'po' });
    expect((body.nodes as Record<string, unknown>[]).map((n) => [n.node_seq, n.status_code, n.is_end, n.sign_type])).toEqual([
      [10, 'S1', false, 'OR'],
      [20, 'S2', true, 'OR'],
    ]);
    await screen.findByText('Saved successfully');
  });

  it('the server\'s 11000 answer lands on the document and the node rows', async () => {
    designerServer().on('POST', 'crossapi/superdesignapi/cpm-process/save', () =>
      new Response(JSON.stringify({ message: 'x', code: 11000, data: { errors: { code: ['Code already exists'], nodes: [null, { status_code: ['bad status'] }] } } }), {
        status: 422,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderApp('/sys/masterdetail/cpm-process?id=p1');
    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    fireEvent.click(screen.getByTestId('designer-save'));
    await screen.findByText('Code already exists');
    await waitFor(() => expect(rows()[1].className).toContain('flow-row-error'));
  });

  it('the table and the diagram edit the same nodes', async () => {
    designerServer();
    renderApp('/sys/masterdetail/cpm-process?id=p1');
    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    const diagram = screen.getByTestId('flow-diagram');
    expect(within(diagram).getByTestId('diagram-node-S2').textContent).toContain('QA check');

    // choosing a node in the diagram selects its row and opens its editor
    fireEvent.click(within(diagram).getByTestId('diagram-node-S2'));
    await waitFor(() => expect(rows()[1].getAttribute('data-selected')).toBe('true'));
    const editor = await screen.findByTestId('node-editor');
    const text = within(editor).getByLabelText('Text') as HTMLInputElement;
    expect(text.value).toBe('QA check');
    fireEvent.change(text, { target: { value: 'Quality check' } });
    await waitFor(() => expect(rows()[1].textContent).toContain('Quality check'));
    expect(within(diagram).getByTestId('diagram-node-S2').textContent).toContain('Quality check');

    // moving it up in the diagram reorders the table and renumbers the sequences
    fireEvent.click(within(diagram).getByTestId('diagram-up'));
    await waitFor(() => expect(rows()[0].textContent).toContain('Quality check'));
    expect(rows()[0].textContent).toMatch(/^10S2/);
    expect(rows()[1].textContent).toMatch(/^20S1/);

    // adding in the table shows the new box in the diagram
    fireEvent.click(screen.getByTestId('node-add'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await waitFor(() => expect(within(diagram).getAllByTestId(/^diagram-node-/)).toHaveLength(3));

    // removing in the diagram (confirmed) removes the row
    fireEvent.click(within(diagram).getByTestId('diagram-node-S1'));
    fireEvent.click(within(diagram).getByTestId('diagram-remove'));
    fireEvent.click(await screen.findByTestId('confirm-remove-node'));
    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    expect(within(diagram).queryByTestId('diagram-node-S1')).toBeNull();
  });

  it('node authority offers exactly the seven options of spec §6 (FLOW-13); reject types three (FLOW-15)', async () => {
    designerServer();
    renderApp('/sys/masterdetail/cpm-process?id=p1');
    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    fireEvent.click(screen.getByTestId('node-edit-0'));
    const editor = await screen.findByTestId('node-editor');
    const authority = within(editor).getByTestId('node-authority');
    fireEvent.mouseDown(authority.querySelector('.ant-select-selector')!);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(7));
    expect([...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent)).toEqual([
      'Initiator',
      'Other positions',
      'Initiator plus positions',
      'Other roles',
      'Initiator plus roles',
      'Fixed positions',
      'Reporting manager',
    ]);
    expect(within(editor).getByText('Return to previous approver')).toBeTruthy();
    expect(within(editor).getByText('Return to a chosen node')).toBeTruthy();
    expect(within(editor).getByText('Return to the first node')).toBeTruthy();
  });

  it('copy: an empty code is refused without a request; a new code copies (FLOW-11/12)', async () => {
    const server = designerServer().on('POST', 'crossapi/superdesignapi/cpm-process/copy', (req) => ({ ...PROCESS, id: 'p2', code: req.body?.get('code') }));
    renderApp('/sys/masterdetail/cpm-process?id=p1');
    await waitFor(() => expect(rows()).toHaveLength(2), SLOW);
    fireEvent.click(screen.getByTestId('designer-copy'));
    fireEvent.click(await screen.findByTestId('copy-ok'));
    await waitFor(() => expect(screen.getAllByText('Please enter a new process code').length).toBeGreaterThan(0));
    expect(server.calls('crossapi/superdesignapi/cpm-process/copy')).toHaveLength(0);
    fireEvent.change(document.getElementById('copy-code')!, { target: { value: 'po_appr2' } });
    // A flow list seen before the copy (the engine's list of cpm-process) must be fetched again.
    queryClient.setQueryData(['engine', 'cpm-process', 'page-list', 'seen'], { rows: [], total: 0 });
    fireEvent.click(screen.getByTestId('copy-ok'));
    await screen.findByText('flow copied');
    await waitFor(() => expect(queryClient.getQueryState(['engine', 'cpm-process', 'page-list', 'seen'])?.isInvalidated).toBe(true));
    expect(server.calls('crossapi/superdesignapi/cpm-process/copy')[0].body?.get('code')).toBe('PO_APPR2');
    expect(server.calls('crossapi/superdesignapi/cpm-process/copy')[0].body?.get('id')).toBe('p1');
  });
});
