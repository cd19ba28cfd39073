// Publishing and award through an approval flow when the project's type binds one (issue 7,
// docs/sourcing.md 'Approval'): the step waits for the flow's last node, re-runs its §8 checks
// then, and a return leaves the project as it was. Real HTTP, real database (PGlite / PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};
const EN = { 'x-seamline-lang': 'en' };
type Doc = Record<string, any>;

const call = (method: string, path: string, who: string, opts: { json?: unknown; query?: Record<string, string> } = {}) =>
  srv.call(method, path, { token: tok[who], headers: EN, ...opts });
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (who: string, path: string, data: unknown) => call('POST', path, who, { json: { DATA: data } });
const CPM = 'crossapi/ccommonapi/cpm-bus';

const node = (seq: number, extra: Doc) => ({
  node_seq: seq,
  status_code: `S${seq}`,
  text: `Step ${seq}`,
  color: 'blue',
  approve_type: 'MANUAL',
  reject_type: 'PREVIOUS',
  steps: [`SR${seq}`],
  launch_action: `GO${seq}`,
  launch_text: `On from ${seq}`,
  is_end: false,
  sign_type: 'OR',
  positions: [],
  roles: [],
  pre_rules: [],
  ...extra,
});

const project = async (id: string) => ok(await call('GET', 'srmapi/sourcing-project/view', 'buyer', { query: { id } }));
const workspace = async (id: string) => ok(await call('GET', 'srmapi/sourcing-project/workspace', 'buyer', { query: { id } }));
const act = async (id: string, action: string, who = 'buyer') => post(who, `srmapi/sourcing-project/${action}`, { id, version: (await project(id)).version });
const view = async (pid: string, who = 'buyer') => ok(await call('GET', `${CPM}/cpm-view`, who, { query: { pid } }));
async function push(who: string, pid: string, action: string) {
  const v = await view(pid, who);
  return ok(await call('POST', `${CPM}/push`, who, { json: { pid, action, status_code: v.current_status_code, node_version: v.node_version } }));
}
const todos = async (who: string) => ok(await call('GET', `${CPM}/my-approvals`, who, { query: { q: JSON.stringify({ entity: 'sourcing-project' }) } })).rows;

async function newProject(projectType: string | null): Promise<Doc> {
  const vendors = ok(await call('GET', 'mdapi/vendor/page-list', 'buyer', { query: { q: JSON.stringify({ code: 'V1001' }) } }));
  const p = ok(
    await post('buyer', 'srmapi/sourcing-project/save', {
      name: 'AW27 denim',
      contact_person: 'Ann Lee',
      contact_phone: '021-6000 1001',
      project_type: projectType,
      items: [{ name: 'Denim 12oz', unit: 'm', quantity: '3000', expected_price: '5.5000', currency: 'USD', status: 'active' }],
    }),
  );
  ok(await post('buyer', 'srmapi/invitation/create', { project_id: p.id, vendor_ids: [vendors.rows[0].id] }));
  return p;
}

beforeAll(async () => {
  srv = await startTestServer();
  const users = { super: 'super.admin', admin: 'brand.admin', buyer: 'brand.buyer', factory: 'factory.admin' };
  for (const [k, u] of Object.entries(users)) {
    tok[k] = (await login(srv.call, u)).token;
    uid[k] = ok(await srv.call('GET', 'utilsapi/access/user-state', { token: tok[k] })).id;
  }
  // Two nodes: the buyer (initiator) first, then the company administrator decides.
  ok(
    await post('super', 'crossapi/superdesignapi/cpm-process/save', {
      code: 'SRC_APPR',
      name: 'Sourcing approval',
      nodes: [node(10, { authority: 'INITIATOR', users: [] }), node(20, { authority: 'FIXED_POSITIONS', users: [uid.admin], is_end: true, launch_action: '', launch_text: '' })],
    }),
  );
  ok(await post('super', 'crossapi/superdesignapi/project-type/save', { code: 'PT_SRC', name: 'Approved sourcing', flow: 'SRC_APPR', node_status: 'S10' }));
  ok(await post('super', 'crossapi/superdesignapi/project-type/save', { code: 'PT_FREE', name: 'Free sourcing' }));
});
afterAll(() => srv?.close());

describe('publishing through the bound flow', () => {
  it('waits for the last node, then publishes (to-dos and notifications as for any flow)', async () => {
    const p = await newProject('PT_SRC');
    const ws = ok(await act(p.id, 'publish'));
    expect(ws.project).toMatchObject({ publish_stage: '0', inquiry_status: 'none' });
    expect(ws.approval).toMatchObject({ action: 'publish', status_code: 'S10', text: 'Step 10' });
    expect(ws.actions).not.toContain('publish');
    expect(ws.invitations.map((i: Doc) => i.status)).toEqual(['draft']);
    // A second publish while it waits is refused.
    const again = await act(p.id, 'publish');
    expect([again.status, again.body.message]).toEqual([400, 'This is awaiting approval']);

    const pid = ws.approval.pid;
    expect(ok(await call('GET', `${CPM}/pid-from-ui`, 'buyer', { query: { entity: 'sourcing-project', id: p.id } }))).toMatchObject({ pid, status: 'PENDING_ARRPOVE' });
    expect((await todos('buyer')).map((t: Doc) => t.pid)).toContain(pid);
    await push('buyer', pid, 'APPROVE');
    expect((await project(p.id)).publish_stage).toBe('0');
    const mine = await todos('admin');
    expect(mine.find((t: Doc) => t.pid === pid)).toMatchObject({ url: `/srm/page/rfq?id=${p.id}`, status_code: 'S20' });
    const done = await push('admin', pid, 'APPROVE');
    expect(done).toMatchObject({ status: 'APPROVED', action: 'publish' });
    expect(done.history.map((h: Doc) => h.action).slice(-2)).toEqual(['END', 'DONE']);

    const after = await workspace(p.id);
    expect(after.project).toMatchObject({ publish_stage: '10', inquiry_status: 'quoting' });
    expect(after.invitations.map((i: Doc) => i.status)).toEqual(['posted']);
    expect(after.approval).toBeNull();
    // The supplier was told, as on an immediate publish.
    expect(ok(await call('GET', 'srmapi/sourcing-inbox/view', 'factory', { query: { id: p.id } })).project.publish_stage).toBe('10');
  });

  it('a return leaves the project unpublished, and it may be submitted again', async () => {
    const p = await newProject('PT_SRC');
    const pid = ok(await act(p.id, 'publish')).approval.pid;
    const before = await project(p.id);
    const returned = await push('buyer', pid, 'RETURN');
    expect(returned.status).toBe('REJECTED');
    const after = await project(p.id);
    expect([after.publish_stage, after.version]).toEqual(['0', before.version]);
    expect((await workspace(p.id)).actions).toContain('publish');
    expect(ok(await act(p.id, 'publish')).approval.pid).toBe(pid); // a new round of the same instance
  });

  it('re-runs the §8 checks when approved: a failing check refuses the step and changes nothing', async () => {
    const p = await newProject('PT_SRC');
    const pid = ok(await act(p.id, 'publish')).approval.pid;
    // The contact is removed while the approval runs.
    const stored = await project(p.id);
    ok(await post('buyer', 'srmapi/sourcing-project/save', { ...stored, contact_person: '' }));
    const before = await project(p.id);
    await push('buyer', pid, 'APPROVE');
    const end = await push('admin', pid, 'APPROVE');
    expect(end.status).toBe('APPROVED');
    const refused = end.history.at(-1);
    expect(refused).toMatchObject({ action: 'REFUSED', comment: 'publishing info is missing the contact person and phone' });
    const after = await workspace(p.id);
    expect(after.project).toMatchObject({ publish_stage: '0', version: before.version });
    expect(after.invitations.map((i: Doc) => i.status)).toEqual(['draft']);
    expect(after.approval).toBeNull();
  });

  it('without a bound flow publishing happens at once, as before', async () => {
    for (const type of [null, 'PT_FREE']) {
      const p = await newProject(type);
      const ws = ok(await act(p.id, 'publish'));
      expect(ws.project.publish_stage).toBe('10');
      expect(ws.approval).toBeNull();
      expect(ok(await call('GET', `${CPM}/pid-from-ui`, 'buyer', { query: { entity: 'sourcing-project', id: p.id } }))).toBeNull();
    }
  });

  it("another company neither sees the approval nor publishes the project (404)", async () => {
    const p = await newProject('PT_SRC');
    const pid = ok(await act(p.id, 'publish')).approval.pid;
    expect((await call('GET', `${CPM}/cpm-view`, 'factory', { query: { pid } })).status).toBe(404);
    const v = await view(pid);
    expect((await call('POST', `${CPM}/push`, 'factory', { json: { pid, action: 'APPROVE', status_code: v.current_status_code, node_version: v.node_version } })).status).toBe(404);
    expect((await post('factory', 'srmapi/sourcing-project/publish', { id: p.id, version: 1 })).status).toBe(404);
  });
});

describe('award through the bound flow', () => {
  it('selects the quotation only when approved', async () => {
    const p = await newProject(null);
    ok(await act(p.id, 'publish'));
    const sv = ok(await call('GET', 'srmapi/sourcing-inbox/view', 'factory', { query: { id: p.id } }));
    const draft = ok(
      await post('factory', 'srmapi/quotation/save', {
        project_id: p.id,
        currency: 'USD',
        lines: sv.items.map((it: Doc) => ({ item_id: it.id, unit_price: '5.1000', lead_time_days: 14, tiers: [] })),
      }),
    );
    const q = ok(await post('factory', 'srmapi/quotation/post', { id: draft.id, version: draft.version }));
    for (const a of ['close-inquiry', 'start-evaluation', 'end-evaluation']) ok(await act(p.id, a));
    // The type is bound after publishing: the award goes through the flow.
    const stored = await project(p.id);
    ok(await post('buyer', 'srmapi/sourcing-project/save', { ...stored, project_type: 'PT_SRC' }));

    const cmp = ok(await post('buyer', 'srmapi/quotation/select', { id: q.id, version: q.version }));
    expect(cmp.quotations[0].status).toBe('posted');
    expect(cmp.approval).toMatchObject({ action: 'select', payload: { quotation_id: q.id } });
    await push('buyer', cmp.approval.pid, 'APPROVE');
    await push('admin', cmp.approval.pid, 'APPROVE');
    expect(ok(await call('GET', 'srmapi/quotation/view', 'factory', { query: { id: q.id } })).status).toBe('selected');
  });
});
