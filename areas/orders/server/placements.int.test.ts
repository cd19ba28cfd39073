// Issue 23 'Orders and production', over real HTTP with the demo users on a real database: the
// calendar refuses impossible placements, each with the rule it breaks (both languages).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let buyer: string; // brand.buyer (en)
let factory: string; // factory.admin (zh)
let factoryEn: string; // factory.admin asking in English
let fabric: string; // fabric.admin (zh), a third company
let factoryId: string;

type Doc = Record<string, any>;
const call = (method: string, path: string, token: string, opts: { json?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  srv.call(method, path, { token, ...opts });
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (path: string, token: string, data: unknown) => call('POST', path, token, { json: { DATA: data } });
const get = (path: string, token: string, query: Record<string, string>) => call('GET', path, token, { query });
const act = (entity: string, action: string, token: string, doc: Doc, extra: Doc = {}) => post(`scmapi/${entity}/${action}`, token, { id: doc.id, version: doc.version, ...extra });
const msg = (res: ApiResponse) => String(res.body.message);
const dayIn = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const code = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;
async function idByCode(entity: string, token: string, field: string, value: string, prefix = 'mdapi'): Promise<string> {
  return ok(await get(`${prefix}/${entity}/page-list`, token, { q: JSON.stringify({ [field]: value }) })).rows[0].id;
}

beforeAll(async () => {
  srv = await startTestServer();
  [buyer, factory, fabric] = await Promise.all(['brand.buyer', 'factory.admin', 'fabric.admin'].map(async (u) => (await login(srv.call, u)).token));
  factoryEn = factory;
  const suppliers = ok(await get('scmapi/customer-order/suppliers', buyer, {}));
  factoryId = suppliers.find((s: Doc) => s.name === 'Demo Garment')?.client_id;
});
afterAll(() => srv?.close());

describe('the planning calendar refuses impossible placements, naming the rule', () => {
  it('wrong process for the line, a line without hours, before the plan, in the past, before the previous step or after the next', async () => {
    const start = dayIn(14);
    const order = ok(await post('scmapi/customer-order/place', buyer, {
      supplier_client_id: factoryId,
      code: code('PO'),
      delivery_date: dayIn(60),
      lines: [{ style_code: 'SH-7001', colour: 'White', size: 'M', qty: '100', price: '10' }],
    }));
    const accepted = ok(await act('customer-order', 'accept', factory, order));
    const fs01 = await idByCode('plant', factory, 'code', 'FS-01');
    const plan = ok(await post('scmapi/production-plan/save', factory, { code: code('PP'), customer_order_id: accepted.id, plant_id: fs01, start_date: start }));
    ok(await act('production-plan', 'plan', factory, plan));
    const wos: Doc[] = ok(await get('scmapi/work-order/page-list', factory, { q: JSON.stringify({ plan_id: plan.id }), p: JSON.stringify({ sort: [{ field: 'sequence', order: 'asc' }] }) })).rows;
    const [cut, sew, fin] = wos;
    expect([cut.planned_start, sew.planned_start, fin.planned_start]).toEqual([start, dayIn(15), dayIn(16)]);
    const line = async (c: string) => idByCode('production-line', factory, 'code', c);
    const move = (wo: Doc, day: string, lineId?: string, token = factory, lang?: string) =>
      call('POST', 'scmapi/work-order/reschedule', token, { json: { DATA: { id: wo.id, version: wo.version, planned_start: day, ...(lineId ? { production_line_id: lineId } : {}) } }, headers: lang ? { 'x-seamline-lang': lang } : {} });

    // A cutting work order on a sewing line.
    const wrong = await move(cut, start, await line('SEW-01'));
    expect(wrong.status).toBe(400);
    expect(msg(wrong)).toMatch(/^产线 SEW-01 不做 CUT .*：其产能只允许 SEW-COLLAR, SEW-SLEEVE, SEW-ASSEMBLE/);
    // A line with no hours (SEW-02 has no capacity maintained).
    expect(msg(await move(sew, dayIn(15), await line('SEW-02')))).toBe(`产线 SEW-02 在 ${dayIn(15)} 没有工时`);
    // Before the plan starts; in the past.
    expect(msg(await move(cut, dayIn(13)))).toBe(`工单不能早于计划开始日期(${start})`);
    expect(msg(await move(cut, dayIn(-1)))).toBe(`工单不能排在已过去的日期(${dayIn(-1)})`);
    // A step before the previous one, or after the next one.
    expect(msg(await move(fin, start))).toBe(`工序工单 ${fin.code} 不能早于上一道工序 ${sew.code} 开始(${dayIn(15)})`);
    expect(msg(await move(cut, dayIn(16)))).toBe(`工序工单 ${cut.code} 不能晚于下一道工序 ${sew.code} 开始(${dayIn(15)})`);
    // Nothing moved; a placement that keeps every rule moves.
    const after: Doc[] = ok(await get('scmapi/work-order/page-list', factory, { q: JSON.stringify({ plan_id: plan.id }), p: JSON.stringify({ sort: [{ field: 'sequence', order: 'asc' }] }) })).rows;
    expect(after.map((w) => [w.planned_start, w.version])).toEqual(wos.map((w) => [w.planned_start, w.version]));
    expect(ok(await move(fin, dayIn(17))).planned_start).toBe(dayIn(17));
    // Also in English.
    const en = await move(cut, dayIn(-1), undefined, factoryEn, 'en');
    expect(msg(en)).toBe(`A work order cannot be placed on a day in the past (${dayIn(-1)})`);
  });
});

describe('purchase requirements (ORD-01)', () => {
  it('the demo PR has BOM lines under its entries; the factory’s new PR is numbered from its own series', async () => {
    const [demo] = ok(await get('scmapi/purchase-requirement/page-list', buyer, { q: JSON.stringify({ title: '2027 春夏系列面料与辅料' }) })).rows;
    const pr = ok(await get('scmapi/purchase-requirement/view', buyer, { id: demo.id }));
    expect(pr.lines.length).toBe(2);
    expect(new Set(pr.bom.map((b: Doc) => b.entry_no))).toEqual(new Set([1, 2]));
    const material = ok(await get('mdapi/material/page-list', factory, { p: JSON.stringify({ page: 1, size: 1 }) })).rows[0];
    const mine = ok(await post('scmapi/purchase-requirement/save', factory, { title: 'Thread for SO-2026-001', lines: [{ material_id: material.id, qty: '10' }] }));
    expect(mine.code).toMatch(/^PR/);
  });
});

describe('order numbers', () => {
  it('are unique without regard to case: g-race-1 beside G-RACE-1 is refused with the duplicate message', async () => {
    const upper = `G-RACE-${Date.now().toString(36).toUpperCase()}`;
    const lines = [{ style_code: 'SH-1', colour: 'White', size: 'M', qty: '1', price: '1' }];
    ok(await post('scmapi/customer-order/place', buyer, { supplier_client_id: factoryId, code: upper, lines }));
    const lower = await post('scmapi/customer-order/place', buyer, { supplier_client_id: factoryId, code: upper.toLowerCase(), lines });
    expect(lower.status).toBe(422);
    expect(lower.body.data.errors.code).toEqual(['order number already exists and cannot be created']);
    const engine = await post('scmapi/customer-order/save', factory, { code: upper.toLowerCase(), lines });
    expect(engine.status).toBe(422);
    expect(engine.body.data.errors.code).toEqual(['订单号已存在，不能创建']);
  });
});
