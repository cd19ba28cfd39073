// Issue 23: a material order to a supplier on the platform is one document of two companies, like
// the customer order — the supplier sees it (list, view), confirms it with a date or declines it
// with a reason, and the sender follows; a third company gets 404; the vendor's company may
// change nothing but its answer. Over real HTTP with the demo users on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@seamline/server/api';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let factory: string; // factory.admin (zh), Demo Garment Factory: orders fabric
let fabric: string; // fabric.admin (zh), Demo Fabric Mill: the supplier (vendor V2001 of the factory)
let brand: string; // brand.admin: a third company

type Doc = Record<string, any>;
const EN = { 'x-seamline-lang': 'en' };
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (path: string, token: string, data: unknown, headers: Record<string, string> = {}) => srv.call('POST', path, { token, json: { DATA: data }, headers });
const get = (path: string, token: string, query: Record<string, string>) => srv.call('GET', path, { token, query });
const act = (action: string, token: string, doc: Doc, extra: Doc = {}, headers: Record<string, string> = {}) =>
  post(`scmapi/material-order/${action}`, token, { id: doc.id, version: doc.version, ...extra }, headers);
let seq = 0;
const code = () => `MO-${Date.now().toString(36)}-${++seq}`;
const dayIn = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  srv = await startTestServer();
  [factory, fabric, brand] = await Promise.all(['factory.admin', 'fabric.admin', 'brand.admin'].map(async (u) => (await login(srv.call, u)).token));
});
afterAll(() => srv?.close());

async function order(vendorCode = 'V2001'): Promise<Doc> {
  const vendor = ok(await get('mdapi/vendor/page-list', factory, { q: JSON.stringify({ code: vendorCode }) })).rows[0].id;
  return ok(await post('scmapi/material-order/save', factory, { code: code(), vendor_id: vendor, required_date: dayIn(10), lines: [{ material_code: 'FB-POPLIN', qty: '100', price: '19.2' }] }));
}

describe('a material order to a supplier on the platform', () => {
  it('the supplier sees it, confirms it with a date; the sender sees the confirmation', async () => {
    const doc = await order();
    expect(doc.vendor_client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(doc.sender_name).toBe('Demo Garment Factory');
    // The supplier finds it among the orders it received, and opens it with its lines.
    const received = ok(await get('scmapi/material-order/received-list', fabric, { code: doc.code }));
    expect(received.rows.map((r: Doc) => [r.code, r.company_name, r.status])).toEqual([[doc.code, 'Demo Garment Factory', 'NEW']]);
    const view = ok(await get('scmapi/material-order/shared-view', fabric, { id: doc.id }));
    expect([view.side, view.owner_name, view.actions]).toEqual(['counterpart', 'Demo Garment Factory', ['confirm', 'decline']]);
    expect(view.doc.lines.map((l: Doc) => [l.material_code, l.qty])).toEqual([['FB-POPLIN', '100.0000']]);
    // The supplier was told.
    const inbox = ok(await get('utilsapi/notifyapi/notify-msg/index', fabric, { p: JSON.stringify({ page: 1, size: 50 }) }));
    expect(JSON.stringify(inbox)).toContain(doc.code);
    // The sender may not record the acceptance for it; the supplier confirms with a date.
    const record = await act('accept', factory, doc, {}, EN);
    expect([record.status, record.body.message]).toEqual([400, 'The supplier confirms this order on the platform']);
    const noDate = await act('confirm', fabric, doc, {}, EN);
    expect([noDate.status, noDate.body.message]).toEqual([400, 'Give the delivery date you confirm']);
    const confirmed = ok(await act('confirm', fabric, doc, { confirmed_date: dayIn(8) }));
    expect([confirmed.status, confirmed.confirmed_date]).toEqual(['ACCEPTED', dayIn(8)]);
    // The sender reads the confirmation and goes on: call material, receive, close.
    let mine = ok(await get('scmapi/material-order/view', factory, { id: doc.id }));
    expect([mine.status, mine.confirmed_date]).toEqual(['ACCEPTED', dayIn(8)]);
    for (const [step, status] of [['call-material', 'CALLED'], ['receive', 'RECEIVED'], ['close', 'CLOSED']]) {
      mine = ok(await act(step, factory, mine));
      expect(mine.status).toBe(status);
    }
    // The supplier's steps are its own: it cannot call material on the sender's behalf.
    expect((await act('close', fabric, mine)).status).toBe(403);
  });

  it('the supplier declines with a reason; nothing else of the order changes by the supplier', async () => {
    const doc = await order();
    expect((await act('decline', fabric, doc, { reason: '' }, EN)).body.message).toBe('Please give a reason for the rejection');
    const declined = ok(await act('decline', fabric, doc, { reason: 'Poplin sold out until March' }));
    expect([declined.status, declined.reject_reason]).toEqual(['REJECTED', 'Poplin sold out until March']);
    // The database lets the supplier change nothing but its answer.
    const ids = await srv.db.asSystem((tx) => tx.execute(sql`select id from client where name = 'Demo Fabric Mill'`));
    const mill = (ids as unknown as { rows: { id: string }[] }).rows[0].id;
    const tamper = await srv.db.withTenant(mill, (tx) => tx.execute(sql`update ord_material_order set total_amount = 1 where id = ${doc.id}`)).catch((e) => e);
    expect(String((tamper as Error).message ?? '') + String((tamper as { cause?: Error }).cause?.message ?? '')).toMatch(/not allowed/);
  });

  it('a third company gets 404 on the order and sees none in its lists', async () => {
    const doc = await order();
    expect((await get('scmapi/material-order/shared-view', brand, { id: doc.id })).status).toBe(404);
    expect((await act('confirm', brand, doc, { confirmed_date: dayIn(8) })).status).toBe(404);
    expect(ok(await get('scmapi/material-order/received-list', brand, { code: doc.code })).rows).toEqual([]);
    expect((await get('scmapi/material-order/view', brand, { id: doc.id })).status).toBe(404);
  });

  it('an off-platform vendor: the sender records the acceptance; nobody else sees the order', async () => {
    const doc = await order('V2002');
    expect(doc.vendor_client_id).toBeNull();
    expect(ok(await act('accept', factory, doc)).status).toBe('ACCEPTED');
    expect(ok(await get('scmapi/material-order/received-list', fabric, { code: doc.code })).rows).toEqual([]);
  });
});
