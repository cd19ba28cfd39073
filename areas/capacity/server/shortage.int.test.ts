// Issue 23 'Capacity', over real HTTP with the demo users: a shortage is reported (per group, line
// and week, in the run's answer and the workspace), a minimum share is measured on what is
// allocated and a breach is reported rather than refusing the run, demand states follow the
// quantity actually covered, the supplier sees the version it received, and a bad KPI period is
// a field error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { addWeeks, weekOf } from '../meta/weeks';

let srv: TestServer;
let buyer: string; // brand.buyer, Demo Brand Co.
let factory: string; // factory.admin, Demo Garment Factory
let mill: string; // fabric.admin, Demo Fabric Mill
const EN = { 'x-seamline-lang': 'en' };
const ZH = { 'x-seamline-lang': 'zh' };
const next = addWeeks(weekOf(new Date()), 1);

type Doc = Record<string, any>;
const call = (method: string, path: string, token: string, opts: { json?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  srv.call(method, path, { token, headers: EN, ...opts });
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (path: string, token: string, data: unknown, headers = EN) => call('POST', path, token, { json: { DATA: data }, headers });
const list = async (path: string, token: string, q: Doc = {}) => ok(await call('GET', path, token, { query: { q: JSON.stringify(q), p: JSON.stringify({ size: 200 }) } })).rows as Doc[];

beforeAll(async () => {
  srv = await startTestServer();
  [buyer, factory, mill] = await Promise.all(['brand.buyer', 'factory.admin', 'fabric.admin'].map(async (u) => (await login(srv.call, u)).token));
});
afterAll(() => srv?.close());

describe('a shortage is never silent; a minimum share is measured on what is allocated', () => {
  let groupId: string;
  let v: Doc;

  it('1,000 pieces of demand on 240 of capacity: 240 allocated, 760 reported per group, line and week', async () => {
    const group = ok(await post('scmapi/capacity-group/save', buyer, { code: 'SHORT-T', name: 'Shortage tops' }));
    groupId = group.id;
    const [garment] = await list('mdapi/vendor/page-list', buyer, { code: 'V1001' });
    const [fabric] = await list('mdapi/vendor/page-list', buyer, { code: 'V1002' });
    // The newest active setting of each vendor applies: both serve the new group; the mill must hold 50 %.
    ok(await post('scmapi/vendor-setting/save', buyer, { vendor_id: garment.id, lead_time_weeks: 0, groups: [{ capacity_group_id: groupId }] }));
    ok(await post('scmapi/vendor-setting/save', buyer, { vendor_id: fabric.id, lead_time_weeks: 0, groups: [{ capacity_group_id: groupId, min_share: '50' }] }));
    // Each vendor now has two active settings: the list marks the one that applies (the newest).
    const settings = await list('scmapi/vendor-setting/page-list', buyer, { vendor_id: garment.id });
    expect(settings.map((x) => [x.status, x.applies])).toEqual([['active', true], ['active', false]]);
    // The factory offers 240 minutes that week, the mill 10 (1 piece = 1 minute).
    ok(await post('scmapi/vendor-capacity/save', factory, { brand: 'Demo Brand Co.', group_code: 'SHORT-T', week: next, operators: 1, minutes_per_day: '240', work_days: '1', efficiency: '100', avg_smv: '1' }));
    ok(await post('scmapi/vendor-capacity/save', mill, { brand: 'Demo Brand Co.', group_code: 'SHORT-T', week: next, operators: 1, minutes_per_day: '10', work_days: '1', efficiency: '100', avg_smv: '1' }));
    ok(await post('scmapi/demand/save', buyer, { demand_no: 'SH-1000', style_no: 'ST-1', capacity_group_id: groupId, quantity: 1000, smv: '1', due_week: next }));
    v = ok(await post('scmapi/demand-allocation/save', buyer, { title: 'Shortage', start_week: next }));
    const ws = ok(await post('scmapi/demand-allocation/run', buyer, { id: v.id, version: v.version }));
    const mine = ws.lines.filter((l: Doc) => l.group_code === 'SHORT-T');
    expect(mine.reduce((s: number, l: Doc) => s + l.qty, 0)).toBe(250);
    // The run says what it could not place: the line, its group and week, and the quantity.
    const short = ws.run.shortages.find((x: Doc) => x.demand_no === 'SH-1000');
    expect(short).toMatchObject({ group_code: 'SHORT-T', week: next, quantity: 1000, allocated: 250, unallocated: 750 });
    expect(ws.shortage_by_group_week).toContainEqual({ group_code: 'SHORT-T', group_name: 'Shortage tops', week: next, unallocated: 750 });
    expect(ws.run.unallocated_total).toBeGreaterThanOrEqual(750);
    // The mill holds 10 of 250 (4 %), below its 50 %: reported, and the rest still allocated.
    expect(ws.run.breaches).toContainEqual(expect.objectContaining({ code: 'minShare', group_name: 'Shortage tops', vendor_name: 'Demo Fabric', share: '4.0000', min: '50.0000' }));
    expect(ws.run.breaches.find((b: Doc) => b.group === groupId).message).toBe('Demo Fabric holds 4.0000% of what Shortage tops got allocated, below its minimum share of 50.0000%: the rest is allocated anyway');
    // The workspace (a fresh load of the board) reports the same shortage.
    const again = ok(await call('GET', 'scmapi/demand-allocation/workspace', buyer, { query: { id: v.id } }));
    expect(again.shortages.find((x: Doc) => x.demand_no === 'SH-1000').unallocated).toBe(750);
    v = ws.version;
  });

  it('in Chinese too', async () => {
    const ws = ok(await post('scmapi/demand-allocation/run', buyer, { id: v.id, version: v.version }, ZH));
    expect(ws.run.breaches.find((b: Doc) => b.group === groupId).message).toBe('Demo Fabric 在 Shortage tops 已分配量中占 4.0000%，低于其最小份额 50.0000%：其余仍已分配');
    v = ws.version;
  });

  it('a demand 250 of 1,000 allocated is "allocated" when published, never "submitted" or "daily-allocated" while short', async () => {
    ok(await post('scmapi/demand-allocation/publish', buyer, { id: v.id, version: v.version }));
    const [demand] = await list('scmapi/demand/page-list', buyer, { demand_no: 'SH-1000' });
    expect(demand.status).toBe('20');
    ok(await post('scmapi/allocation/confirm', factory, { version_id: v.id }));
    ok(await post('scmapi/allocation/confirm', mill, { version_id: v.id }));
    const [after] = await list('scmapi/demand/page-list', buyer, { demand_no: 'SH-1000' });
    expect(after.status).toBe('20');
  });

  it('the supplier sees the version number and title it received', async () => {
    const got = ok(await call('GET', 'scmapi/allocation/received', factory)) as Doc[];
    const mine = got.find((g) => g.version_id === v.id)!;
    expect([mine.version_no, mine.title, mine.brand_name]).toEqual([v.version_no, 'Shortage', 'Demo Brand Co.']);
  });
});

describe('vendor KPI', () => {
  it('a period such as 2026-13 is a field error, in both languages', async () => {
    const [garment] = await list('mdapi/vendor/page-list', buyer, { code: 'V1001' });
    const bad = await post('scmapi/vendor-kpi/save', buyer, { vendor_id: garment.id, period: '2026-13', on_time_rate: '90' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.period).toEqual(['A month or quarter such as 2026-10 or 2026-Q4']);
    const zh = await post('scmapi/vendor-kpi/save', buyer, { vendor_id: garment.id, period: '2026-13', on_time_rate: '90' }, ZH);
    expect(zh.body.data.errors.period).toEqual(['请输入月份或季度，例如 2026-10 或 2026-Q4']);
  });
});

describe('demo data dated relative to the day it is seeded', () => {
  it('the demo sewing line has capacity today: an order allocation for today is accepted', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const [sew] = await list('mdapi/production-line/page-list', factory, { code: 'SEW-01' });
    const order = ok(await post('scmapi/customer-order/save', factory, { code: `CO-TODAY-${Date.now().toString(36)}`, lines: [{ style_code: 'KT-1001', colour: 'White', size: 'M', qty: '10', price: '5' }] }));
    const accepted = ok(await post('scmapi/customer-order/accept', factory, { id: order.id, version: order.version }));
    const saved = await post('scmapi/order-allocation/save', factory, { customer_order_id: accepted.id, production_line_id: sew.id, work_date: today, process_code: 'SEW-ASSEMBLE', quantity: 10, smv: '10' });
    expect(saved.status).toBe(200);
  });
});
