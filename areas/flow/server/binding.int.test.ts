// Flow bindings over real HTTP on a real database: a company picks the approval flow a document
// type runs through; submit follows the binding, else the default process code (PR_APPR).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
const tok: Record<string, string> = {};
type Doc = Record<string, any>;

const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const call = (who: string, method: 'GET' | 'POST', path: string, data: Record<string, unknown>, lang = 'en') =>
  srv.call(method, path, {
    token: tok[who],
    headers: { 'x-seamline-lang': lang },
    ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) } : { json: data }),
  });
const DESIGN = 'crossapi/superdesignapi';
const BINDING = `${DESIGN}/flow-binding`;
const PR = 'scmapi/purchase-requirement';
const CPM = 'crossapi/ccommonapi/cpm-bus';

/** A one-node flow the initiator approves. */
const flow = async (who: string, code: string, active = true): Promise<Doc> =>
  ok(
    await call(who, 'POST', `${DESIGN}/cpm-process/save`, {
      DATA: {
        code,
        name: `Flow ${code}`,
        active,
        nodes: [{ node_seq: 10, status_code: 'ONLY', text: 'Only node', approve_type: 'MANUAL', reject_type: 'PREVIOUS', steps: [], is_end: true, sign_type: 'OR', authority: 'INITIATOR' }],
      },
    }),
  );
const bind = (processId: string, lang = 'en', extra: Doc = {}) =>
  call('admin', 'POST', `${BINDING}/save`, { DATA: { entity: 'purchase-requirement', process_id: processId, ...extra } }, lang);

let material = '';
/** Submits a new purchase requirement and answers the code of the process it runs through. */
async function submittedThrough(): Promise<string> {
  const doc = ok(await call('buyer', 'POST', `${PR}/save`, { DATA: { title: 'Bound PR', lines: [{ material_id: material, qty: '1', price: '1' }] } }));
  const sub = ok(await call('buyer', 'POST', `${PR}/submit`, { DATA: { id: doc.id, version: doc.version } }));
  const { pid } = ok(await call('buyer', 'GET', `${CPM}/pid-from-ui`, { entity: 'purchase-requirement', id: sub.id }));
  return ok(await call('buyer', 'GET', `${CPM}/cpm-view`, { pid })).process.code;
}

beforeAll(async () => {
  srv = await startTestServer();
  const users = { admin: 'brand.admin', buyer: 'brand.buyer', factory: 'factory.admin' };
  await Promise.all(Object.entries(users).map(async ([k, u]) => (tok[k] = (await login(srv.call, u)).token)));
  material = ok(await call('buyer', 'GET', 'mdapi/material/page-list', { p: { size: 1 } })).rows[0].id;
});
afterAll(() => srv?.close());

describe('flow bindings (issue 13: a company chooses the flow of a document type)', () => {
  it('unbound, submit runs the default flow; bound, the chosen one; unbound again, the default', async () => {
    expect(await submittedThrough()).toBe('PR_APPR');
    const alt = await flow('admin', 'ALT_PR');
    const saved = ok(await bind(alt.id));
    // The code before the name: a copy has the same name (issue 23).
    expect(saved._labels.process_id).toBe('ALT_PR · Flow ALT_PR');
    expect(await submittedThrough()).toBe('ALT_PR');
    expect(ok(await call('admin', 'POST', `${BINDING}/delete`, { DATA: [saved.id] }))).toEqual({ deleted: 1 });
    expect(await submittedThrough()).toBe('PR_APPR');
  });

  it('one binding per document type per company (en/zh); a deactivated flow falls back to the default', async () => {
    const first = await flow('admin', 'ONE_PR');
    const saved = ok(await bind(first.id));
    const second = await flow('admin', 'TWO_PR');
    const en = await bind(second.id);
    expect([en.status, en.body.code, en.body.data.errors.entity]).toEqual([422, 11000, ['This value already exists']]);
    const zh = await bind(second.id, 'zh');
    expect(zh.body.data.errors.entity).toEqual(['该值已存在']);
    // Deactivating the bound flow: submit no longer uses it.
    const view = ok(await call('admin', 'GET', `${DESIGN}/cpm-process/view`, { id: first.id }));
    ok(await call('admin', 'POST', `${DESIGN}/cpm-process/save`, { DATA: { id: first.id, version: view.version, active: false } }));
    expect(await submittedThrough()).toBe('PR_APPR');
    ok(await call('admin', 'POST', `${BINDING}/delete`, { DATA: [saved.id] }));
  });

  it('refuses an inactive flow, another company\'s flow, a missing flow and a type without flows; nothing is saved', async () => {
    const inactive = await flow('admin', 'OFF_PR', false);
    const off = await bind(inactive.id);
    expect([off.status, off.body.code]).toEqual([422, 11000]);
    expect(off.body.data.errors.process_id).toHaveLength(1);
    const offZh = await bind(inactive.id, 'zh');
    expect(offZh.body.data.errors.process_id[0]).not.toBe(off.body.data.errors.process_id[0]);

    const theirs = await flow('factory', 'FACTORY_PR');
    const foreign = await bind(theirs.id);
    expect([foreign.status, foreign.body.code]).toEqual([422, 11000]);
    expect(foreign.body.data.errors.process_id).toHaveLength(1);
    expect((await bind('00000000-0000-4000-8000-000000000000')).body.data.errors.process_id).toHaveLength(1);

    const alt = await flow('admin', 'TYPE_PR');
    const notFlow = await call('admin', 'POST', `${BINDING}/save`, { DATA: { entity: 'material', process_id: alt.id } });
    expect([notFlow.status, notFlow.body.code, Object.keys(notFlow.body.data.errors)]).toEqual([422, 11000, ['entity']]);

    expect(ok(await call('admin', 'GET', `${BINDING}/page-list`, {})).total).toBe(0);
    expect(await submittedThrough()).toBe('PR_APPR');
  });

  it('another company neither sees a binding nor can read or change it (404)', async () => {
    const alt = await flow('admin', 'MINE_PR');
    const saved = ok(await bind(alt.id));
    expect(ok(await call('factory', 'GET', `${BINDING}/page-list`, {})).total).toBe(0);
    expect((await call('factory', 'GET', `${BINDING}/view`, { id: saved.id })).status).toBe(404);
    const hijack = await call('factory', 'POST', `${BINDING}/save`, { DATA: { id: saved.id, version: saved.version, comment: 'x' } });
    expect(hijack.status).toBe(404);
    expect(await submittedThrough()).toBe('MINE_PR');
  });

  it('a buyer without the menu reads no bindings (configuration, 403)', async () => {
    expect((await call('buyer', 'GET', `${BINDING}/page-list`, {})).status).toBe(403);
    expect((await call('buyer', 'POST', `${BINDING}/save`, { DATA: { entity: 'purchase-requirement' } })).status).toBe(403);
  });
});
