// A guest reads the areas added with sessions 8–9 (shipping, finance, quality, the order's material
// thread) and changes nothing there, named by real ids (issue 23): the walk of every route
// (missingParams.int.test.ts) calls them bare; this one calls them on the demo's own documents.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let admin = '';
let guest = '';
const en = (token: string) => ({ token, headers: { 'x-seamline-lang': 'en' } });
type Doc = Record<string, any>;

beforeAll(async () => {
  srv = await startTestServer();
  admin = (await login(srv.call, 'factory.admin')).token;
  const roles = (await srv.call('GET', 'utilsapi/sys/roles/list', en(admin))).body.data.results as Doc[];
  const created = await srv.call('POST', 'utilsapi/sys/users/save', {
    ...en(admin),
    json: { DATA: { username: 'areas.guest', email: 'areas.guest@example.com', password: 'Secret123', full_name: 'Area Guest', language_code: 'en', user_type: 'GUEST', role_ids: [roles.find((r) => r.code === 'ADMIN')!.id] } },
  });
  expect(created.status).toBe(200);
  guest = (await login(srv.call, 'areas.guest', 'Secret123')).token;
});
afterAll(() => srv?.close());

it.each([
  ['shipments', 'scmapi/shipment/page-list'],
  ['invoices', 'scmapi/finance/invoice/list'],
  ['inspections', 'scmapi/inspection/page-list'],
  ['inspection templates', 'scmapi/inspection-template/page-list'],
  ['customer orders', 'scmapi/customer-order/page-list'],
])('a guest with the ADMIN role reads the %s the administrator reads', async (_what, path) => {
  const mine = await srv.call('GET', path, en(admin));
  const theirs = await srv.call('GET', path, en(guest));
  expect([mine.status, theirs.status]).toEqual([200, 200]);
  expect(theirs.body.data.results).toEqual(mine.body.data.results);
});

it('a guest is refused every action on a real order, shipment or invoice, and the document stays as it was', async () => {
  const first = async (path: string) => ((await srv.call('GET', path, en(admin))).body.data.results.rows as Doc[])[0];
  const order = await first('scmapi/customer-order/page-list');
  expect(order).toBeTruthy();
  const calls: Array<[string, Record<string, unknown>]> = [
    ['scmapi/customer-order/save', { id: order.id, version: order.version, remark: 'by a guest' }],
    ['scmapi/customer-order/accept', { id: order.id }],
    ['scmapi/finance/invoice/from-shipment', { shipment_id: order.id }],
    ['scmapi/shipment/receive', { id: order.id }],
    ['scmapi/inspection/book', { customer_order_id: order.id }],
    ['scmapi/inspection-template/save', { name: 'by a guest' }],
  ];
  for (const [path, DATA] of calls) {
    const res = await srv.call('POST', path, { ...en(guest), json: { DATA } });
    expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status: 403, message: 'Guests can view but not change anything' });
  }
  const after = await srv.call('GET', 'scmapi/customer-order/view', { ...en(admin), query: { id: order.id } });
  expect(after.body.data.results).toMatchObject({ version: order.version, remark: order.remark ?? null });
});
