// Approval flows end to end over real HTTP on a real database (PGlite, or PostgreSQL with
// DATABASE_URL): the designer's checks and copy, project types, the document lifecycle, and the
// runtime — and/or nodes, every authority, every rollback, adding approvers, rules before an
// approval, concurrency and retried requests, and company isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, dataRule } from '@seamline/server/api';
import { login, startTestServer, writeGrants, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { cpmHistory, cpmTask } from './schema';

let srv: TestServer;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};
type Doc = Record<string, any>;

const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const EN = { 'x-seamline-lang': 'en' };
const get = (who: string, path: string, query: Record<string, unknown> = {}) =>
  srv.call('GET', path, {
    token: tok[who],
    headers: EN,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
  });
const post = (who: string, path: string, json: unknown) => srv.call('POST', path, { token: tok[who], headers: EN, json });
const DESIGN = 'crossapi/superdesignapi/cpm-process';
const CPM = 'crossapi/ccommonapi';
const PR = 'scmapi/purchase-requirement';

const node = (seq: number, extra: Doc = {}): Doc => ({
  node_seq: seq,
  status_code: `N${seq}`,
  text: `Node ${seq}`,
  color: 'blue',
  approve_type: 'MANUAL',
  reject_type: 'PREVIOUS',
  steps: [`ST${seq}`],
  launch_action: `GO${seq}`,
  launch_text: `Go on from ${seq}`,
  is_end: false,
  sign_type: 'OR',
  authority: 'INITIATOR',
  positions: [],
  roles: [],
  users: [],
  pre_rules: [],
  ...extra,
});
const last = (seq: number, extra: Doc = {}) => node(seq, { is_end: true, launch_action: '', launch_text: '', ...extra });

async function processByCode(code: string): Promise<Doc | undefined> {
  const row = ok(await get('super', `${DESIGN}/page-list`, { q: { code } })).rows[0];
  return row ? ok(await get('super', `${DESIGN}/view`, { id: row.id })) : undefined;
}

/** Redefines the demo flow PR_APPR (running documents keep the nodes they were submitted with). */
async function defineFlow(nodes: Doc[]) {
  const p = await processByCode('PR_APPR');
  return ok(await post('super', `${DESIGN}/save`, { DATA: { id: p!.id, version: p!.version, nodes } }));
}

let materials: string[] = [];
async function newPr(title = 'Test PR'): Promise<Doc> {
  return ok(await post('buyer', `${PR}/save`, { DATA: { title, lines: [{ material_id: materials[0], qty: '10', price: '2.5' }] } }));
}
async function submit(doc: Doc, who = 'buyer'): Promise<Doc> {
  return ok(await post(who, `${PR}/submit`, { DATA: { id: doc.id, version: doc.version } }));
}
const prView = async (id: string) => ok(await get('buyer', `${PR}/view`, { id }));
const pidOf = async (id: string) => ok(await get('buyer', `${CPM}/cpm-bus/pid-from-ui`, { entity: 'purchase-requirement', id }))?.pid as string;
const view = async (pid: string, who = 'buyer') => ok(await get(who, `${CPM}/cpm-bus/cpm-view`, { pid }));
const actions = async (pid: string, who: string) => ok(await get(who, `${CPM}/cpm-bus/cpm-node-actions`, { pid })).map((a: Doc) => a.action);
const push = (who: string, pid: string, action: string, extra: Doc = {}) => post(who, `${CPM}/cpm-bus/push`, { pid, action, ...extra });
const approvers = (v: Doc) => v.nodes.find((n: Doc) => n.current)?.approvers.map((a: Doc) => a.id).sort();
async function started(nodes: Doc[], title?: string): Promise<{ doc: Doc; pid: string }> {
  await defineFlow(nodes);
  const doc = await submit(await newPr(title));
  return { doc, pid: await pidOf(doc.id) };
}

beforeAll(async () => {
  srv = await startTestServer();
  const users = { super: 'super.admin', admin: 'brand.admin', buyer: 'brand.buyer', a1: 'brand.approver1', a2: 'brand.approver2', factory: 'factory.admin' };
  await Promise.all(
    Object.entries(users).map(async ([k, u]) => {
      tok[k] = (await login(srv.call, u)).token;
      uid[k] = ok(await srv.call('GET', 'utilsapi/access/user-state', { token: tok[k] })).id;
    }),
  );
  materials = ok(await get('buyer', 'mdapi/material/page-list', { p: { size: 5 } })).rows.map((r: Doc) => r.id);
});
afterAll(() => srv?.close());

describe('designer validations (spec §5, one message each)', () => {
  const save = (nodes: Doc[], code = 'VAL_TEST') => post('super', `${DESIGN}/save`, { DATA: { code, name: 'Validation', nodes } });
  const messages = (res: ApiResponse) => {
    expect(res.body.code).toBe(11000);
    return JSON.stringify(res.body.data.errors);
  };
  it('no nodes → create node first', async () => {
    expect(messages(await save([]))).toContain('Please create a node first');
  });
  it('last node without an end', async () => {
    expect(messages(await save([node(10), last(20), node(30, { launch_action: '', launch_text: '' })]))).toContain('The last node has no end defined');
  });
  it('no node defines an end', async () => {
    const m = messages(await save([node(10), node(20)]));
    expect(m).toContain('No node defines an end');
    expect(m).not.toContain('The last node has no end defined');
  });
  it('duplicate sequence', async () => {
    expect(messages(await save([node(10), last(10, { status_code: 'X', steps: [] })]))).toContain('Duplicate node sequence');
  });
  it('duplicate status', async () => {
    expect(messages(await save([node(10), last(20, { status_code: 'N10' })]))).toContain('Duplicate node status');
  });
  it('duplicate launch action', async () => {
    expect(messages(await save([node(10), node(20, { launch_action: 'GO10' }), last(30)]))).toContain('Duplicate launch action');
  });
  it('duplicate step', async () => {
    expect(messages(await save([node(10), last(20, { steps: ['ST10'] })]))).toContain('Duplicate step');
  });
  it('launch action and text required except on the last node', async () => {
    expect(messages(await save([node(10, { launch_text: '' }), last(20)]))).toContain('Launch action and its text are required');
    const saved = ok(await save([node(10), last(20)], 'VAL_OK'));
    expect(saved.nodes.map((n: Doc) => n.node_seq)).toEqual([10, 20]);
    expect(await processByCode('VAL_TEST')).toBeUndefined();
  });
  it('validate answers the problems without saving', async () => {
    const res = ok(await post('super', `${DESIGN}/validate`, { DATA: { code: 'X', nodes: [node(10), node(20)] } }));
    expect(res).toEqual({ ok: false, problems: [{ key: 'flow.noEndNode', message: 'No node defines an end' }] });
  });
  it('only administrators write flows', async () => {
    expect((await post('buyer', `${DESIGN}/save`, { DATA: { code: 'BUY', name: 'x', nodes: [last(10)] } })).status).toBe(403);
  });
});

describe('copy a flow', () => {
  it("copies under a new code: 'flow copied', same nodes", async () => {
    const src = await processByCode('PR_APPR');
    const res = await post('super', `${DESIGN}/copy`, { id: src!.id, code: 'pr_appr_copy' });
    const copy = ok(res);
    expect(copy._message).toBe('flow copied');
    expect(copy.code).toBe('PR_APPR_COPY');
    expect(copy.nodes.map((n: Doc) => [n.node_seq, n.status_code])).toEqual(src!.nodes.map((n: Doc) => [n.node_seq, n.status_code]));
    expect(copy.id).not.toBe(src!.id);
  });
  it('an empty code is refused with its own message', async () => {
    const src = await processByCode('PR_APPR');
    const res = await post('super', `${DESIGN}/copy`, { id: src!.id, code: '  ' });
    expect([res.status, res.body.message]).toEqual([400, 'Please enter a new process code']);
  });
  it("an existing code → 'flow copy failed'", async () => {
    const src = await processByCode('PR_APPR');
    const res = await post('super', `${DESIGN}/copy`, { id: src!.id, code: 'PR_APPR' });
    expect([res.status, res.body.message]).toEqual([400, 'flow copy failed']);
  });
});

describe('a flow in use (spec §8 in-use warning)', () => {
  it('deleting or recoding a flow that project types or running documents use asks first; force goes ahead', async () => {
    const src = await processByCode('PR_APPR');
    const copy = ok(await post('super', `${DESIGN}/copy`, { id: src!.id, code: 'IN_USE_T' }));
    ok(await post('super', 'crossapi/superdesignapi/project-type/save', { DATA: { code: 'PT_IU', name: 'In use', flow: 'IN_USE_T' } }));
    const del = await post('super', `${DESIGN}/delete`, { DATA: [copy.id] });
    expect([del.status, del.body.message, del.body.data]).toEqual([400, 'This flow is in use, still process?', { warning: 'IN_USE', count: 1, usages: ['Project type PT_IU'] }]);
    const recode = await post('super', `${DESIGN}/save`, { DATA: { id: copy.id, version: copy.version, code: 'IN_USE_2' } });
    expect(recode.body.data.warning).toBe('IN_USE');
    expect(ok(await srv.call('POST', `${DESIGN}/delete`, { token: tok.super, headers: EN, json: { DATA: [copy.id], force: 1 } }))).toEqual({ deleted: 1 });
  });
});

describe('project types (CFG-15)', () => {
  const save = (data: Doc) => post('super', 'crossapi/superdesignapi/project-type/save', { DATA: { name: 'Type', ...data } });
  it('a node status missing from the flow is refused; one of its statuses is saved', async () => {
    const bad = await save({ code: 'PT1', flow: 'PR_APPR', node_status: 'NOPE' });
    expect(bad.body.code).toBe(11000);
    expect(bad.body.data.errors.node_status).toEqual(['The node status does not exist under the selected flow']);
    const missing = await save({ code: 'PT1', flow: 'NO_SUCH_FLOW', node_status: 'FINAL' });
    expect(missing.body.data.errors.flow).toEqual(['Approval flow does not exist']);
    const good = ok(await save({ code: 'PT1', flow: 'PR_APPR', node_status: 'FINAL' }));
    expect([good.flow, good.node_status]).toEqual(['PR_APPR', 'FINAL']);
  });
  it('CFG-28: project types are configuration: a member without the menu reads nothing (403, en/zh); the admin reads', async () => {
    const path = 'crossapi/superdesignapi/project-type/page-list';
    const refused = await get('buyer', path);
    expect([refused.status, refused.body.message]).toEqual([403, expect.any(String)]);
    const zh = await srv.call('GET', path, { token: tok.buyer, headers: { 'x-seamline-lang': 'zh' } });
    expect(zh.status).toBe(403);
    expect(zh.body.message).not.toEqual(refused.body.message);
    expect((await get('buyer', 'crossapi/superdesignapi/project-type/export')).status).toBe(403);
    expect(ok(await get('admin', path, { q: { code: 'PR_STD' } })).rows).toHaveLength(1);
  });

  it('the demo project type binds PR_APPR', async () => {
    const rows = ok(await get('super', 'crossapi/superdesignapi/project-type/page-list', { q: { code: 'PR_STD' } })).rows;
    expect([rows[0].flow, rows[0].node_status]).toEqual(['PR_APPR', 'COUNTERSIGN']);
    const options = ok(await get('super', `${DESIGN}/options`));
    expect(options.find((o: Doc) => o.code === 'PR_APPR').nodes.map((n: Doc) => n.status_code)).toEqual(['COUNTERSIGN', 'FINAL']);
  });

  it('issue 23: the demo flow, its project type and its purchase requirement read in the company\'s language (Chinese)', async () => {
    const flow = (await processByCode('PR_APPR'))!;
    expect([flow.name, flow.comment]).toEqual(['采购需求审批', '两位审批人会签后，由管理员终审']);
    expect(flow.nodes.map((n: Doc) => [n.status_code, n.text, n.launch_text])).toEqual([['COUNTERSIGN', '会签', '提交终审'], ['FINAL', '终审', null]]);
    expect(ok(await get('super', 'crossapi/superdesignapi/project-type/page-list', { q: { code: 'PR_STD' } })).rows[0].name).toBe('标准采购');
    const [pr] = ok(await get('buyer', `${PR}/page-list`, { q: { title: '2027 春夏系列面料与辅料' } })).rows;
    expect(pr.remark ?? ok(await get('buyer', `${PR}/view`, { id: pr.id })).remark).toBe('审批流 PR_APPR 的演示单据');
  });
});

describe('document lifecycle with the demo flow (countersign and, then or)', () => {
  const demoNodes = async () => (await processByCode('PR_APPR_COPY'))!.nodes.map(({ id: _i, _labels: _l, ...n }: Doc) => n);
  it('runs Draft → Ongoing → For Approval → Approved → Archived; read-only under approval', async () => {
    await defineFlow(await demoNodes());
    let doc = await newPr('Lifecycle PR');
    expect(doc.status).toBe('DRAFT');
    expect(doc.code).toMatch(/^PR\d{4}$/);
    doc = ok(await post('buyer', `${PR}/start`, { DATA: { id: doc.id, version: doc.version } }));
    expect(doc.status).toBe('ONGOING');
    expect(await pidOf(doc.id)).toBeUndefined();
    doc = await submit(doc);
    expect(doc.status).toBe('FOR_APPROVAL');
    const pid = await pidOf(doc.id);
    expect(ok(await get('buyer', `${CPM}/cpm-bus/pid-from-ui`, { q: { entity: 'purchase-requirement', id: doc.id } }))).toEqual({
      pid,
      status: 'PENDING_ARRPOVE',
      status_code: 'COUNTERSIGN',
      text: '会签',
      color: 'orange',
    });
    // FLOW-16: the list and the document carry the current node's text and colour while it runs.
    const countersign = { status_code: 'COUNTERSIGN', text: '会签', color: 'orange' };
    expect((await prView(doc.id)).flow_node).toEqual(countersign);
    expect(ok(await get('buyer', `${PR}/page-list`, { q: { code: doc.code } })).rows[0].flow_node).toEqual(countersign);
    let v = await view(pid);
    expect([v.status, v.current_status_code, v.initiator.id]).toEqual(['PENDING_ARRPOVE', 'COUNTERSIGN', uid.buyer]);
    expect(approvers(v)).toEqual([uid.a1, uid.a2].sort());
    expect(await actions(pid, 'buyer')).toEqual(['ADD_APPROVER']);
    expect(await actions(pid, 'a1')).toEqual(['APPROVE', 'RETURN', 'ADD_APPROVER']);

    // DOC-05: read-only while For Approval (save and delete refused, nothing changed).
    const edit = await post('buyer', `${PR}/save`, { DATA: { id: doc.id, version: doc.version, title: 'changed' } });
    expect([edit.status, edit.body.message]).toEqual([400, 'The document cannot be changed in its current status']);
    expect((await post('buyer', `${PR}/delete`, { DATA: [doc.id] })).status).toBe(400);
    expect((await prView(doc.id)).title).toBe('Lifecycle PR');

    // 'and': the first approval leaves the node pending, the second moves on.
    v = ok(await push('a1', pid, 'APPROVE', { status_code: 'COUNTERSIGN', node_version: v.node_version, comment: 'qty ok' }));
    expect(v.current_status_code).toBe('COUNTERSIGN');
    expect(v.nodes[0].approvers.find((a: Doc) => a.id === uid.a1).outcome).toBe('APPROVE');
    expect(await actions(pid, 'a1')).toEqual([]);
    v = ok(await push('a2', pid, 'APPROVE', { status_code: 'COUNTERSIGN', comment: 'price ok' }));
    expect(v.current_status_code).toBe('FINAL');
    expect(v.nodes.map((n: Doc) => n.outcome)).toEqual(['APPROVE', 'PENDING']);
    // 'or' over the administrators: one approval ends the flow.
    v = ok(await push('admin', pid, 'APPROVE', { status_code: 'FINAL' }));
    expect([v.status, v.doc_status, v.current_seq]).toEqual(['APPROVED', 'APPROVED', null]);
    expect(v.nodes.map((n: Doc) => n.outcome)).toEqual(['APPROVE', 'APPROVE']);
    expect(v.history.map((h: Doc) => h.action)).toEqual(['SUBMIT', 'APPROVE', 'APPROVE', 'NODE_APPROVED', 'APPROVE', 'NODE_APPROVED', 'END']);
    expect(v.history[1]).toMatchObject({ user: { id: uid.a1, full_name: 'Olivia Chen' }, comment: 'qty ok', status_code: 'COUNTERSIGN' });
    // The other administrator's to-do was closed: acting on it now is a stale screen.
    const late = await push('super', pid, 'APPROVE', { status_code: 'FINAL' });
    expect([late.status, late.body.message]).toEqual([409, 'the document was changed by someone else, refresh and retry']);

    doc = await prView(doc.id);
    expect(doc.status).toBe('APPROVED');
    expect(doc.flow_node).toBeNull();
    expect((await post('buyer', `${PR}/save`, { DATA: { id: doc.id, version: doc.version, title: 'x' } })).status).toBe(400);
    expect((await post('buyer', `${PR}/submit`, { DATA: { id: doc.id, version: doc.version } })).status).toBe(400);
    doc = ok(await post('buyer', `${PR}/archive`, { DATA: { id: doc.id, version: doc.version } }));
    expect(doc.status).toBe('ARCHIVED');
    const audit = ok(await get('buyer', `${PR}/audit`, { id: doc.id })).map((a: Doc) => a.action);
    expect(audit).toEqual(['archive', 'approve', 'submit', 'start', 'create']);
  });

  it('pending approvers have to-dos and notifications; my approvals pages and filters', async () => {
    await defineFlow(await demoNodes());
    const doc = await submit(await newPr('Todo PR'));
    const list = ok(await get('a1', `${CPM}/cpm-bus/my-approvals`, { q: { keyword: doc.code.toLowerCase() }, p: { page: 1, size: 10 } }));
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ entity: 'purchase-requirement', record_id: doc.id, status_code: 'COUNTERSIGN', title: doc.code, initiator: { id: uid.buyer } });
    expect(ok(await get('a1', `${CPM}/cpm-bus/my-approvals`, { q: { keyword: 'no-such-thing' } })).total).toBe(0);
    expect(ok(await get('buyer', `${CPM}/cpm-bus/my-approvals`)).total).toBe(0);
    const inbox = await srv.db.asSystem((tx) =>
      tx.execute(sql`select content_en, module, type, url from notify_msg where user_id = ${uid.a1} and related_key = ${doc.id}`),
    );
    const rows = (inbox as unknown as { rows: Doc[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ module: 'CPM', type: 'APPR', url: `/page/document/purchase-requirement?id=${doc.id}` });
    expect(rows[0].content_en).toContain('is waiting for your approval');
    const tower = ok(await get('a1', 'utilsapi/workspace/control-tower')).find((c: Doc) => c.key === 'flow.approvals');
    const all = ok(await get('a1', `${CPM}/cpm-bus/my-approvals`)).total;
    expect(all).toBeGreaterThanOrEqual(1);
    expect(tower).toMatchObject({ label: 'Approvals waiting', url: '/collab/page/my-approvals', count: all });

    // The 'My approvals' menu badge counts pending approvals, not unread messages: reading every
    // message leaves it as it is; approving takes one off.
    const badge = async () =>
      (Object.values(ok(await get('a1', 'utilsapi/notifyapi/notify-msg/menu-unread-sum'))) as Doc[]).find((m) => m.CODE === 'COLLAB_MY_APPROVALS')?.UNREAD_CT ?? 0;
    expect(await badge()).toBe(all);
    ok(await post('a1', 'utilsapi/notifyapi/notify-msg/read-msg', { all: 1 }));
    expect(await badge()).toBe(all);
    expect((await push('a1', await pidOf(doc.id), 'APPROVE', { status_code: 'COUNTERSIGN' })).status).toBe(200);
    expect(await badge()).toBe(all - 1);
  });

  it("the initiator's Rollback takes a submitted document back to Ongoing and closes the to-dos", async () => {
    await defineFlow(await demoNodes());
    let doc = await submit(await newPr('Withdrawn PR'));
    const pid = await pidOf(doc.id);
    expect(ok(await get('a1', `${CPM}/cpm-bus/my-approvals`, { q: { keyword: doc.code } })).total).toBe(1);
    doc = ok(await post('buyer', `${PR}/rollback`, { DATA: { id: doc.id, version: doc.version } }));
    expect(doc.status).toBe('ONGOING');
    const v = await view(pid);
    expect([v.status, v.history.at(-1).action]).toEqual(['CANCELLED', 'WITHDRAW']);
    expect(ok(await get('a1', `${CPM}/cpm-bus/my-approvals`, { q: { keyword: doc.code } })).total).toBe(0);
    expect((await push('a1', pid, 'APPROVE')).status).toBe(409);
    doc = ok(await post('buyer', `${PR}/cancel`, { DATA: { id: doc.id, version: doc.version } }));
    expect(doc.status).toBe('CANCELLED');
    expect((await post('buyer', `${PR}/submit`, { DATA: { id: doc.id, version: doc.version } })).status).toBe(400);
  });

  it('a return puts the document back to Ongoing; a resubmit starts a new round at the first node', async () => {
    await defineFlow(await demoNodes());
    let doc = await submit(await newPr('Return PR'));
    const pid = await pidOf(doc.id);
    ok(await push('a1', pid, 'APPROVE'));
    let v = ok(await push('a2', pid, 'RETURN', { comment: 'price too high' }));
    expect([v.status, v.doc_status, v.current_seq]).toEqual(['REJECTED', 'ONGOING', null]);
    expect(v.nodes[0].outcome).toBe('REJECT');
    doc = await prView(doc.id);
    expect(doc.status).toBe('ONGOING');
    doc = ok(await post('buyer', `${PR}/save`, { DATA: { id: doc.id, version: doc.version, title: 'Return PR (cheaper)' } }));
    doc = await submit(doc);
    v = await view(pid);
    expect([v.status, v.round, v.current_status_code]).toEqual(['PENDING_ARRPOVE', 2, 'COUNTERSIGN']);
    expect(v.nodes[0].approvers.map((a: Doc) => a.outcome)).toEqual(['PENDING', 'PENDING']);
    expect(v.history.filter((h: Doc) => h.action === 'RETURN')[0].comment).toBe('price too high');
    // The journey of the issue: countersigned again, then the final approval.
    ok(await push('a2', pid, 'APPROVE'));
    ok(await push('a1', pid, 'APPROVE'));
    v = ok(await push('admin', pid, 'APPROVE', { comment: 'fine now' }));
    expect([v.status, v.doc_status]).toEqual(['APPROVED', 'APPROVED']);
    expect(v.nodes.map((n: Doc) => n.outcome)).toEqual(['APPROVE', 'APPROVE']);
    const told = await srv.db.asSystem((tx) =>
      tx.execute(sql`select content_en from notify_msg where user_id = ${uid.buyer} and related_key = ${doc.id}`),
    );
    expect((told as unknown as { rows: Doc[] }).rows.map((r) => r.content_en).sort()).toEqual([`${doc.code} was approved`, `${doc.code} was returned: price too high`]);
  });
});

describe('node kinds', () => {
  it('an AUTO node passes by itself when reached', async () => {
    const { pid } = await started([node(10, { approve_type: 'AUTO' }), last(20)]);
    const v = await view(pid);
    expect([v.current_seq, v.nodes[0].outcome]).toEqual([20, 'APPROVE']);
    expect(v.history.map((h: Doc) => h.action)).toEqual(['SUBMIT', 'AUTO']);
  });
  it('an end node before the last ends the flow when approved', async () => {
    const { doc, pid } = await started([node(10, { is_end: true }), last(20)]);
    const v = ok(await push('buyer', pid, 'APPROVE'));
    expect([v.status, v.doc_status]).toEqual(['APPROVED', 'APPROVED']);
    expect((await prView(doc.id)).status).toBe('APPROVED');
  });
});

describe('authority types (spec §6)', () => {
  beforeAll(async () => {
    // A held position outside the buyer's organization line (SOURCING-GMT → SOURCING → HQ).
    const qa = ok(await get('admin', 'mdapi/org/page-list', { q: { code: 'QA' } })).rows[0];
    ok(await post('admin', 'mdapi/position/save', { DATA: { code: 'QA-LEAD', name: 'QA lead', org_id: qa.id, user_id: uid.a2 } }));
  });
  const cases: Array<[string, Doc, string[]]> = [
    ['INITIATOR', {}, ['buyer']],
    ['POSITIONS', { positions: ['PR_APPROVER_1', 'QA-LEAD'] }, ['a1']],
    ['INITIATOR_POSITIONS', { positions: ['PR_APPROVER_1', 'QA-LEAD'] }, ['buyer', 'a1']],
    ['ROLES', { roles: ['APPROVER'] }, ['a1', 'a2']],
    ['INITIATOR_ROLES', { roles: ['APPROVER'] }, ['buyer', 'a1', 'a2']],
    ['FIXED_POSITIONS', { positions: ['QA-LEAD'] }, ['a2']],
    ['REPORTING_MANAGER', {}, ['a1']],
  ];
  for (const [authority, extra, who] of cases) {
    it(`${authority} → ${who.join(', ')}`, async () => {
      const { pid } = await started([last(10, { authority, ...extra })]);
      const v = await view(pid);
      expect(approvers(v)).toEqual(who.map((w) => uid[w]).sort());
      // Only they get the node's actions (CPM-09).
      for (const u of ['buyer', 'a1', 'a2']) expect((await actions(pid, u)).includes('APPROVE')).toBe(who.includes(u));
    });
  }
  it('named users are added to any authority (members of the company only)', async () => {
    const { pid } = await started([last(10, { authority: 'INITIATOR', users: [uid.a2, uid.factory] })]);
    expect(approvers(await view(pid))).toEqual([uid.buyer, uid.a2].sort());
  });
  it('no approver → the submit is refused and the document stays as it was', async () => {
    await defineFlow([last(10, { authority: 'FIXED_POSITIONS', positions: ['QA-MGR'] })]);
    const doc = await newPr('Nobody');
    const res = await post('buyer', `${PR}/submit`, { DATA: { id: doc.id, version: doc.version } });
    expect([res.status, res.body.message]).toEqual([400, 'No approver found for node Node 10']);
    expect((await prView(doc.id)).status).toBe('DRAFT');
    expect(await pidOf(doc.id)).toBeUndefined();
  });
  it('a user who is not an approver is refused (403)', async () => {
    const { pid } = await started([last(10, { authority: 'ROLES', roles: ['APPROVER'] })]);
    expect((await push('buyer', pid, 'APPROVE')).status).toBe(403);
  });
});

describe('rollback (spec §4: previous approver, chosen node, first node)', () => {
  const three = (rejectType: string) => [node(10), node(20), last(30, { reject_type: rejectType })];
  async function atThird(rejectType: string) {
    const { pid } = await started(three(rejectType));
    ok(await push('buyer', pid, 'APPROVE'));
    ok(await push('buyer', pid, 'APPROVE'));
    expect((await view(pid)).current_seq).toBe(30);
    return pid;
  }
  const targets = async (pid: string) => ok(await get('buyer', `${CPM}/cpm-bus/cpm-allowed-rollback-nodes`, { pid })).map((n: Doc) => n.seq);
  it('to the previous approver', async () => {
    const pid = await atThird('PREVIOUS');
    expect(await targets(pid)).toEqual([20]);
    const v = ok(await post('buyer', `${CPM}/cpm-bus/rollback-node`, { pid, target: 20, comment: 'recheck' }));
    expect([v.current_seq, v.doc_status]).toEqual([20, 'FOR_APPROVAL']);
    // Node 30 is visited again: pending, not drawn 'rejected' (issue 23), and nobody decides it yet.
    expect(v.nodes.map((n: Doc) => n.outcome)).toEqual(['APPROVE', 'PENDING', 'PENDING']);
    expect(v.nodes[2].approvers).toEqual([]);
    expect(v.history.at(-1)).toMatchObject({ action: 'ROLLBACK', seq: 30, target_seq: 20, comment: 'recheck' });
  });
  it('to a chosen node', async () => {
    const pid = await atThird('CHOSEN');
    expect(await targets(pid)).toEqual([10, 20]);
    expect((await actions(pid, 'buyer')).includes('ROLLBACK')).toBe(true);
    expect(ok(await post('buyer', `${CPM}/cpm-bus/rollback-node`, { pid, target: 10 })).current_seq).toBe(10);
  });
  it('to the first node', async () => {
    const pid = await atThird('FIRST');
    expect(await targets(pid)).toEqual([10]);
    const bad = await post('buyer', `${CPM}/cpm-bus/rollback-node`, { pid, target: 20 });
    expect([bad.status, bad.body.message]).toEqual([400, 'This node cannot be rolled back to']);
    expect(ok(await push('buyer', pid, 'ROLLBACK', { target: 10 })).current_seq).toBe(10);
  });
  it('REJECT is offered where the node rejects to one place (previous, first) and refused elsewhere (issue 23)', async () => {
    const pid = await atThird('PREVIOUS');
    expect(await actions(pid, 'buyer')).toEqual(['APPROVE', 'RETURN', 'REJECT', 'ROLLBACK', 'ADD_APPROVER']);
    const v = ok(await push('buyer', pid, 'REJECT', { comment: 'qty wrong' }));
    expect([v.current_seq, v.doc_status]).toEqual([20, 'FOR_APPROVAL']);
    expect(v.nodes.map((n: Doc) => n.outcome)).toEqual(['APPROVE', 'PENDING', 'PENDING']);
    expect(v.history.at(-1)).toMatchObject({ action: 'REJECT', seq: 30, target_seq: 20, comment: 'qty wrong' });
    // A chosen node is picked with Rollback: no REJECT offered, and one sent anyway is refused.
    const chosen = await atThird('CHOSEN');
    expect(await actions(chosen, 'buyer')).not.toContain('REJECT');
    const refused = await push('buyer', chosen, 'REJECT');
    expect([refused.status, refused.body.message]).toEqual([400, 'This node does not allow rejecting']);
    expect((await view(chosen)).current_seq).toBe(30);
    // Nor at the first node, where there is nothing to reject back to.
    const { pid: first } = await started(three('PREVIOUS'));
    expect((await push('buyer', first, 'REJECT')).status).toBe(400);
    expect((await view(first)).current_seq).toBe(10);
  });
  it('the first node offers no rollback', async () => {
    const { pid } = await started(three('CHOSEN'));
    expect(await targets(pid)).toEqual([]);
    expect(await actions(pid, 'buyer')).toEqual(['APPROVE', 'RETURN', 'ADD_APPROVER']);
  });
});

describe("approvers who did not act (issue 23)", () => {
  it("an 'or' node decided by one approver shows the others as not needed, never pending", async () => {
    const { pid } = await started([node(10, { authority: 'FIXED_POSITIONS', positions: ['PR_APPROVER_1', 'PR_APPROVER_2'] }), last(20, { authority: 'ROLES', roles: ['ADMIN'] })]);
    ok(await push('a1', pid, 'APPROVE'));
    const v = await view(pid);
    const outcomes = (seq: number) => Object.fromEntries(v.nodes.find((n: Doc) => n.seq === seq).approvers.map((a: Doc) => [a.id, a.outcome]));
    expect(outcomes(10)).toEqual({ [uid.a1]: 'APPROVE', [uid.a2]: 'NOT_NEEDED' });
    expect(Object.values(outcomes(20)).every((o) => o === 'PENDING')).toBe(true);
    ok(await push('admin', pid, 'APPROVE'));
    const done = await view(pid);
    const last20 = done.nodes.find((n: Doc) => n.seq === 20).approvers;
    expect(last20.find((a: Doc) => a.id === uid.admin).outcome).toBe('APPROVE');
    expect(last20.filter((a: Doc) => a.id !== uid.admin).every((a: Doc) => a.outcome === 'NOT_NEEDED')).toBe(true);
  });
});

describe('adding an approver (insert-user-into-node)', () => {
  it("to the current 'and' node: the node waits for the added approver too", async () => {
    const { pid } = await started([node(10, { sign_type: 'AND', authority: 'ROLES', roles: ['APPROVER'] }), last(20)]);
    const v = ok(await post('buyer', `${DESIGN}/insert-user-into-node`, { pid, seq: 10, user_id: uid.admin }));
    expect(approvers(v)).toEqual([uid.a1, uid.a2, uid.admin].sort());
    expect((await post('buyer', `${DESIGN}/insert-user-into-node`, { pid, seq: 10, user_id: uid.admin })).status).toBe(400);
    ok(await push('a1', pid, 'APPROVE'));
    ok(await push('a2', pid, 'APPROVE'));
    expect((await view(pid)).current_seq).toBe(10);
    expect((await push('admin', pid, 'APPROVE')).status).toBe(200);
    expect((await view(pid)).current_seq).toBe(20);
  });
  it('to a later node: the user acts when it is reached; not by outsiders, not to passed nodes', async () => {
    const { pid } = await started([node(10), last(20)]);
    expect((await post('a1', `${DESIGN}/insert-user-into-node`, { pid, seq: 20, user_id: uid.a1 })).status).toBe(403);
    ok(await post('buyer', `${DESIGN}/insert-user-into-node`, { pid, seq: 20, user_id: uid.a1 }));
    ok(await push('buyer', pid, 'APPROVE'));
    expect(approvers(await view(pid))).toEqual([uid.buyer, uid.a1].sort());
    expect((await post('buyer', `${DESIGN}/insert-user-into-node`, { pid, seq: 10, user_id: uid.a2 })).status).toBe(400);
    const other = await post('buyer', `${DESIGN}/insert-user-into-node`, { pid, seq: 20, user_id: uid.factory });
    expect(other.status).toBe(400);
  });
});

describe('rules before an action (dmn-bus/push-before)', () => {
  it('a failed rule is reported before and refuses the push with its message', async () => {
    const rule = { expression: "title != 'BLOCKED'", message: { en: 'Blocked titles cannot be approved', zh: '该标题不能审批' } };
    const { pid } = await started([last(10, { pre_rules: [rule] })], 'BLOCKED');
    const before = ok(await srv.call('POST', `${CPM}/dmn-bus/push-before`, { token: tok.buyer, headers: EN, query: { pid, action: 'APPROVE' }, json: {} }));
    expect(before).toEqual({ ok: false, messages: ['Blocked titles cannot be approved'] });
    const res = await push('buyer', pid, 'APPROVE');
    expect([res.status, res.body.message]).toEqual([400, 'Blocked titles cannot be approved']);
    const fine = await started([last(10, { pre_rules: [rule] })], 'Fine');
    expect(ok(await post('buyer', `${CPM}/dmn-bus/push-before`, { pid: fine.pid, action: 'APPROVE' }))).toEqual({ ok: true, messages: [] });
  });
  it('the node scenario is looked up in the forms area (none bound → null)', async () => {
    const { pid } = await started([last(10)]);
    expect(ok(await get('buyer', `${CPM}/cpm-ot/scenario`, { pid }))).toBeNull();
  });
});

describe('concurrency and retries', () => {
  const historyOf = (pid: string) =>
    srv.db.asSystem((tx) => tx.select().from(cpmHistory).where(eq(cpmHistory.instanceId, pid)));
  it("two approvers on an 'or' node at once: exactly one outcome, the other is told to refresh", async () => {
    const { pid } = await started([node(10, { authority: 'ROLES', roles: ['APPROVER'] }), last(20)]);
    const v = await view(pid);
    const results = await Promise.all([
      push('a1', pid, 'APPROVE', { status_code: 'N10', node_version: v.node_version }),
      push('a2', pid, 'RETURN', { status_code: 'N10', node_version: v.node_version }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.message).toBe('the document was changed by someone else, refresh and retry');
    const decided = (await historyOf(pid)).filter((h) => ['APPROVE', 'RETURN'].includes(h.action));
    expect(decided).toHaveLength(1);
  });
  it("two approvers on an 'and' node at once: both approvals are recorded and the node moves on once", async () => {
    const { pid } = await started([node(10, { sign_type: 'AND', authority: 'ROLES', roles: ['APPROVER'] }), last(20)]);
    const results = await Promise.all([push('a1', pid, 'APPROVE', { status_code: 'N10' }), push('a2', pid, 'APPROVE', { status_code: 'N10' })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const h = await historyOf(pid);
    expect(h.filter((x) => x.action === 'APPROVE')).toHaveLength(2);
    expect(h.filter((x) => x.action === 'NODE_APPROVED')).toHaveLength(1);
    expect((await view(pid)).current_seq).toBe(20);
  });
  it('a retried push (same request id) acts once, also when the retries race', async () => {
    const { pid } = await started([node(10), node(20), last(30)]);
    const first = ok(await push('buyer', pid, 'APPROVE', { request_id: 'req-1' }));
    const again = ok(await push('buyer', pid, 'APPROVE', { request_id: 'req-1' }));
    expect([first.current_seq, again.current_seq]).toEqual([20, 20]);
    const raced = await Promise.all([push('buyer', pid, 'APPROVE', { request_id: 'req-2' }), push('buyer', pid, 'APPROVE', { request_id: 'req-2' })]);
    expect(raced.map((r) => r.status)).toEqual([200, 200]);
    expect((await view(pid)).current_seq).toBe(30);
    const tasks = await srv.db.asSystem((tx) => tx.select().from(cpmTask).where(and(eq(cpmTask.instanceId, pid), eq(cpmTask.outcome, 'APPROVE'))));
    expect(tasks.map((t) => t.seq).sort()).toEqual([10, 20]);
  });
  it("the initiator's withdrawal racing the last approval: one wins, the other is refused, never a fault", async () => {
    const { doc, pid } = await started([last(10, { authority: 'ROLES', roles: ['APPROVER'] })]);
    const results = await Promise.all([
      push('a1', pid, 'APPROVE', { status_code: 'N10' }),
      post('buyer', `${PR}/rollback`, { DATA: { id: doc.id, version: doc.version } }),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => [200, 400, 409].includes(s))).toBe(true);
    const final = (await prView(doc.id)).status;
    expect(final).toBe(results[0].status === 200 ? 'APPROVED' : 'ONGOING');
  });

  it('a push may come form-encoded (spec §7), DATA or plain fields', async () => {
    const { pid } = await started([node(10), node(20), last(30)]);
    const v = await view(pid);
    const plain = await srv.call('POST', `${CPM}/cpm-bus/push`, {
      token: tok.buyer,
      headers: EN,
      form: { pid, action: 'APPROVE', status_code: 'N10', node_version: String(v.node_version), comment: 'form ok' },
    });
    expect(ok(plain).current_seq).toBe(20);
    const data = await srv.call('POST', `${CPM}/cpm-bus/push`, { token: tok.buyer, headers: EN, form: { DATA: JSON.stringify({ pid, action: 'APPROVE', status_code: 'N20' }) } });
    expect(ok(data).current_seq).toBe(30);
    expect(ok(data).history.find((h: Doc) => h.action === 'APPROVE').comment).toBe('form ok');
  });

  it('a stale node version is refused with 409 and changes nothing', async () => {
    const { pid } = await started([node(10), last(20)]);
    const v = await view(pid);
    const res = await push('buyer', pid, 'APPROVE', { node_version: v.node_version - 1 });
    expect(res.status).toBe(409);
    expect((await view(pid)).current_seq).toBe(10);
  });
});

describe('data authorization', () => {
  it("a document the user's data rules hide shows its flow only to those who take part", async () => {
    const clientId = ok(await srv.call('GET', 'utilsapi/access/user-state', { token: tok.a2 })).clientid;
    await writeGrants(srv.db, clientId, (tx) =>
      tx.insert(dataRule).values({ clientId, menuCode: 'SCM_PURCHASE_REQUIREMENT', userId: uid.a2, field: 'title', operator: '=', value: 'Visible' }),
    );
    try {
      const hidden = await started([last(10)], 'Hidden');
      expect((await get('a2', `${CPM}/cpm-bus/cpm-view`, { pid: hidden.pid })).status).toBe(404);
      const part = await started([last(10, { authority: 'ROLES', roles: ['APPROVER'] })], 'Hidden too');
      expect(ok(await get('a2', `${CPM}/cpm-bus/cpm-view`, { pid: part.pid })).pid).toBe(part.pid);
      expect((await push('a2', part.pid, 'APPROVE')).status).toBe(200);
    } finally {
      await writeGrants(srv.db, clientId, (tx) => tx.delete(dataRule).where(eq(dataRule.userId, uid.a2)));
    }
  });
});

describe('company isolation', () => {
  it("another company's instance is not found", async () => {
    const { pid } = await started([last(10)]);
    for (const path of ['cpm-bus/cpm-view', 'cpm-bus/cpm-node-actions', 'cpm-bus/cpm-allowed-rollback-nodes', 'cpm-ot/scenario']) {
      expect([path, (await get('factory', `${CPM}/${path}`, { pid })).status]).toEqual([path, 404]);
    }
    expect((await push('factory', pid, 'APPROVE')).status).toBe(404);
    expect((await post('factory', `${DESIGN}/insert-user-into-node`, { pid, seq: 10, user_id: uid.factory })).status).toBe(404);
    expect(ok(await get('factory', `${CPM}/cpm-bus/my-approvals`)).total).toBe(0);
    expect((await get('buyer', `${CPM}/cpm-bus/cpm-view`, { pid: 'not-a-uuid' })).status).toBe(404);
  });
});
