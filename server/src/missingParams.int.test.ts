// A call without a parameter its route cannot do without (route option `params`, routes.ts) is a
// malformed call: 400 naming the parameter, in the caller's language — not the 404 of an unknown
// route or a missing record. Walks every route that declares params, so later ones are covered too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from './routes';
import { login, startTestServer, type TestServer } from './testing';

let srv: TestServer;
let token = '';
let buyer = '';
const GUEST = 'walk.guest';
const GUEST_PASSWORD = 'Secret123';
beforeAll(async () => {
  srv = await startTestServer();
  token = (await login(srv.call, 'brand.admin')).token;
  buyer = (await login(srv.call, 'brand.buyer')).token;
  // A guest of Demo Garment Factory holding its ADMIN role: reads every menu, writes nothing.
  const factoryAdmin = (await login(srv.call, 'factory.admin')).token;
  const roles = (await srv.call('GET', 'utilsapi/sys/roles/list', { token: factoryAdmin })).body.data.results as Array<{ id: string; code: string }>;
  const created = await srv.call('POST', 'utilsapi/sys/users/save', {
    token: factoryAdmin,
    json: { DATA: { username: GUEST, email: `${GUEST}@example.com`, password: GUEST_PASSWORD, full_name: 'Gina Guest', language_code: 'en', user_type: 'GUEST', role_ids: [roles.find((r) => r.code === 'ADMIN')!.id] } },
  });
  if (created.status !== 200) throw new Error(`guest: ${created.status} ${JSON.stringify(created.body)}`);
});
afterAll(async () => {
  await srv?.close();
});

describe('a call without its required parameter', () => {
  it('DELETE utilsapi/notifyapi/notify-msg/task-remove without an id answers 400 naming it, in both languages', async () => {
    const zh = await srv.call('DELETE', 'utilsapi/notifyapi/notify-msg/task-remove', { token, headers: { 'x-seamline-lang': 'zh' } });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, message: '缺少必需参数：id' });
    const en = await srv.call('DELETE', 'utilsapi/notifyapi/notify-msg/task-remove', { token: buyer, query: { id: '' } });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('Missing required parameter: id');
    // An unknown route and a record that is not there still answer 404.
    expect((await srv.call('DELETE', 'utilsapi/notifyapi/notify-msg/no-such-route', { token })).status).toBe(404);
    expect((await srv.call('DELETE', 'utilsapi/notifyapi/notify-msg/task-remove', { token, query: { id: '00000000-0000-0000-0000-000000000000' } })).status).toBe(404);
  });

  it('the id may come in the query, the body or DATA; a generated view without it is 400', async () => {
    expect((await srv.call('GET', 'mdapi/vendor/view', { token })).body).toMatchObject({ code: 400, message: expect.stringContaining('id') });
    const inData = await srv.call('POST', 'utilsapi/notifyapi/notify-msg/task-change-status', { token, form: { DATA: JSON.stringify({ status: 30 }) } });
    expect(inData.status).toBe(400);
    expect(inData.body.message).toMatch(/id$/);
    const found = await srv.call('POST', 'utilsapi/notifyapi/notify-msg/task-change-status', { token, form: { DATA: JSON.stringify({ id: '00000000-0000-0000-0000-000000000000', status: 30 }) } });
    expect(found.status).toBe(404);
  });

  // Routes whose bare call answered 404 like an unknown route (a walk of every route, issue 23).
  it.each([
    ['GET', 'scmapi/stock/ledger', 'bin_id', 'brand.admin'],
    ['GET', 'vfapi/scan/list', 'work_order_id', 'factory.admin'],
    ['GET', 'vfapi/bundle/tickets', 'work_order_id', 'factory.admin'],
    ['GET', 'scmapi/customer-order/shared-view', 'id', 'brand.admin'],
    ['GET', 'scmapi/material-order/shared-view', 'id', 'brand.admin'],
    ['GET', 'scmapi/shipment/shared-view', 'id', 'factory.admin'],
    ['GET', 'scmapi/shipment/labels', 'id', 'factory.admin'],
    ['GET', 'scmapi/demand-allocation/workspace', 'id', 'brand.buyer'],
    ['GET', 'srmapi/quotation/compare', 'project_id', 'brand.buyer'],
    ['GET', 'srmapi/sourcing-project/workspace', 'id', 'brand.buyer'],
    ['GET', 'plmapi/style/tech-pack', 'id', 'brand.buyer'],
    ['GET', 'plmapi/bom/cost', 'id', 'brand.buyer'],
    ['GET', 'rptapi/report/run', 'opt', 'brand.admin'],
    ['GET', 'utilsapi/sys/data-rules/effective', 'user_id', 'brand.admin'],
    ['GET', 'utilsapi/esignapi/request/state', 'id', 'brand.buyer'],
    ['GET', 'utilsapi/esignapi/sign/summary', 'code', 'brand.buyer'],
    ['GET', 'utilsapi/dynamic-form/values/page-list', 'form', 'brand.admin'],
    ['POST', 'scmapi/customer-order/accept', 'id', 'factory.admin'],
    ['POST', 'scmapi/stock-receipt/post', 'id', 'brand.admin'],
  ])('%s %s without %s answers 400 naming it', async (method, path, name, user) => {
    const who = (await login(srv.call, user)).token;
    const res = await srv.call(method, path, { token: who, headers: { 'x-seamline-lang': 'en' } });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: `Missing required parameter: ${name}` });
  });

  it('a generated delete without ids answers 400 naming DATA, not OK for deleting nothing', async () => {
    for (const form of [undefined, { DATA: '[]' }]) {
      const res = await srv.call('POST', 'mdapi/vendor/delete', { token, form, headers: { 'x-seamline-lang': 'en' } });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'Missing required parameter: DATA' });
    }
  });

  it('a route taking one of two parameters names both when neither is given, in both languages', async () => {
    const factory = (await login(srv.call, 'factory.admin')).token;
    const en = await srv.call('GET', 'vfapi/progress', { token: factory, headers: { 'x-seamline-lang': 'en' } });
    expect({ status: en.status, message: en.body.message }).toEqual({ status: 400, message: 'Missing required parameter: one of work_order_id, order_id' });
    const zh = await srv.call('GET', 'vfapi/ticket/view', { token, headers: { 'x-seamline-lang': 'zh' } });
    expect({ status: zh.status, message: zh.body.message }).toEqual({ status: 400, message: '缺少必需参数：key, id 之一' });
    // Either one is enough: an id of no ticket is then not found.
    expect((await srv.call('GET', 'vfapi/ticket/view', { token, query: { id: '00000000-0000-0000-0000-000000000000' } })).status).toBe(404);
  });

  it('every route that declares its parameters answers a bare call with 400 naming the first', async () => {
    const declared = routeTable(srv.app).filter((r) => r.options.params?.length);
    expect(declared.length).toBeGreaterThan(10);
    for (const r of declared) {
      const res = await srv.call(r.method as string, r.path, { token, headers: { 'x-seamline-lang': 'en' } });
      // A route the caller may not open at all says so first (403); otherwise the missing parameter.
      if (res.status === 403) continue;
      const first = r.options.params![0]!;
      expect({ route: `${r.method} ${r.path}`, status: res.status, message: res.body.message }).toEqual({
        route: `${r.method} ${r.path}`,
        status: 400,
        message: typeof first === 'string' ? `Missing required parameter: ${first}` : `Missing required parameter: one of ${first.join(', ')}`,
      });
    }
  });

  // The guard that no route can forget: every registered route, called bare, answers anything but
  // the 404 of an unknown route or record, and never a 500 — by the platform's super admin (every
  // menu of the demo companies, the platform's own routes too), by an ordinary member (brand.buyer,
  // role BUYER: the routes outside their menus must refuse cleanly, not fail), and by a GUEST of the
  // factory with its ADMIN role (every write refused, every read reaching its handler without
  // the id it needs). A route that needs a parameter declares it (`params`), so the engine answers
  // 400 naming it. ~900 calls each: 112 s at load 39 on the shared 2-core machine.
  it.each([
    ['the platform super admin', 'super.admin', ''],
    ['an ordinary member (brand.buyer)', 'brand.buyer', ''],
    ['a GUEST of the factory with its ADMIN role', GUEST, GUEST_PASSWORD],
  ])('no registered route answers a bare call by %s with 404 or 500', { timeout: 600_000 }, async (_who, username, password) => {
    const signIn = async () => (await login(srv.call, username, password || undefined)).token;
    let who = await signIn();
    const wrong: string[] = [];
    const statuses: Record<number, number> = {};
    for (const r of routeTable(srv.app)) {
      const bare = () => srv.call(r.method as string, r.path, { token: who, headers: { 'x-seamline-lang': 'en' } });
      let res = await bare();
      // A route that ends the session (sign-out…) ended it for the next: sign in again.
      if (res.status === 401 && r.options.auth) {
        who = await signIn();
        res = await bare();
      }
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 404 || res.status >= 500) wrong.push(`${r.method} ${r.path} → ${res.status} ${res.body?.message ?? ''}`);
      // A guest changes nothing: every write that does not declare `guest` refuses them first, in
      // every area (finance, quality, shipping, the thread… included), before it looks at the call.
      else if (username === GUEST && r.options.auth && !r.options.guest && r.method !== 'GET' && res.body?.message !== 'Guests can view but not change anything') {
        wrong.push(`${r.method} ${r.path} → ${res.status} ${res.body?.message ?? ''} (a write the guest was not refused)`);
      }
    }
    expect(wrong).toEqual([]);
    // The walk went past the door: hundreds of routes named their missing parameter to this caller
    // (a guest is refused every write first, 403, but still reads).
    expect(statuses[400] ?? 0).toBeGreaterThan(200);
  });
});
