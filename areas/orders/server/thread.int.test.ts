// Issue 27 over real HTTP on a real database, two hand-offs of the thread:
// - allocation becomes orders: the brand publishes an allocation; each demand × vendor on the
//   platform becomes a customer order in the vendor's company (the brand sees it placed, the
//   factory received), a vendor off the platform a manual record; publishing again never doubles;
// - T&A on the order: that order carries the T&A template of its style (planned from the delivery
//   date backwards), readable by both companies (a third gets 404); a milestone completes when its
//   event happens (the order's materials received), not by typing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, sql } from '@seamline/server/api';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { addWeeks, weekMonday, weekOf } from '../../capacity/meta/weeks';

let srv: TestServer;
let brand: string; // brand.buyer
let factory: string; // factory.admin: vendor V1001 of the brand, on the platform
let mill: string; // fabric.admin: vendor V1002, made an off-platform vendor below; a third company to the factory's order
const ids = { brand: '', factory: '', mill: '' };
const EN = { 'x-seamline-lang': 'en' };
type Doc = Record<string, any>;
const next = addWeeks(weekOf(new Date()), 1);
const due = addWeeks(next, 5);
const friday = new Date(Date.parse(`${weekMonday(due)}T00:00:00Z`) + 4 * 86_400_000).toISOString().slice(0, 10);
const minus = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const today = new Date().toISOString().slice(0, 10);

function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (path: string, token: string, data: unknown) => srv.call('POST', path, { token, headers: EN, json: { DATA: data } });
const get = (path: string, token: string, query: Record<string, string>) => srv.call('GET', path, { token, headers: EN, query });
const first = async (token: string, path: string, q: Doc) => ok(await get(`${path}/page-list`, token, { q: JSON.stringify(q) })).rows[0];

let style: Doc;
let demandNo: string;

beforeAll(async () => {
  srv = await startTestServer();
  [brand, factory, mill] = (await Promise.all(['brand.buyer', 'factory.admin', 'fabric.admin'].map((u) => login(srv.call, u)))).map((s) => s.token);
  const companies = await srv.db.asSystem((tx) => tx.select({ id: client.id, name: client.name }).from(client));
  ids.brand = companies.find((c) => c.name === 'Demo Brand Co.')!.id;
  ids.factory = companies.find((c) => c.name === 'Demo Garment Factory')!.id;
  ids.mill = companies.find((c) => c.name === 'Demo Fabric Mill')!.id;
  // V1002 (the mill) is followed by hand for this brand: not linked on the platform.
  await srv.db.asSystem((tx) => tx.execute(sql`update md_vendor set platform_link = 'none' where client_id = ${ids.brand} and code = 'V1002'`));
  // The brand's style with its own T&A template; a demand for it.
  const range = await first(brand, 'plmapi/size', { code: 'TOPS-W' });
  style = ok(await post('plmapi/style/save', brand, { code: `KT-T${Date.now().toString(36).toUpperCase()}`, name: 'Thread tee', size_range_id: range.id, fibre_1: 'COTTON', percent_1: '100' }));
  ok(
    await post('plmapi/follow-node-config/save', brand, {
      code: `TA-${style.code}`.slice(0, 32),
      name: 'Tee T&A',
      basis: 'DELIVERY',
      style_id: style.id,
      nodes: [
        { node_code: 'FABRIC', node_name: 'Fabric in', offset_days: -40, event: 'MATERIAL_RECEIVED' },
        { node_code: 'CUT', node_name: 'Cutting', offset_days: -30, depends_on: 'FABRIC', event: 'CUTTING_STARTED' },
        { node_code: 'SEW', node_name: 'Sewing done', offset_days: -15, depends_on: 'CUT', event: 'SEWING_DONE' },
        { node_code: 'QC', node_name: 'Final inspection', offset_days: -7, depends_on: 'SEW', event: 'INSPECTION_PASSED' },
        { node_code: 'SHIP', node_name: 'Shipped', offset_days: 0, depends_on: 'QC', event: 'SHIPPED' },
      ],
    }),
  );
  const group = await first(brand, 'scmapi/capacity-group', { code: 'KNIT-TOP' });
  demandNo = `DM-T${Date.now().toString(36).toUpperCase()}`.slice(0, 32);
  ok(await post('scmapi/demand/save', brand, { demand_no: demandNo, style_no: style.code, capacity_group_id: group.id, quantity: 1000, smv: '12', due_week: due }));
}, 300_000); // a seeded server starts slowly on a busy machine
afterAll(() => srv?.close());

async function publishNewVersion(title: string): Promise<Doc> {
  const v = ok(await post('scmapi/demand-allocation/save', brand, { title, start_week: next }));
  const ws = ok(await post('scmapi/demand-allocation/run', brand, { id: v.id, version: v.version }));
  return ok(await post('scmapi/demand-allocation/publish', brand, { id: v.id, version: ws.version.version }));
}

describe('allocation becomes orders', () => {
  let orderId: string;

  it('publishing makes a customer order on each vendor on the platform and a manual record for the others', async () => {
    const ws = await publishNewVersion('Thread v1');
    const mine = ws.lines.filter((l: Doc) => l.demand_no === demandNo && l.qty > 0);
    expect(mine.length).toBeGreaterThan(0);
    const links = (ok(await get('scmapi/allocation-order/list', brand, { version_id: ws.version.id })) as Doc[]).filter((r) => r.demand_no === demandNo);
    const pieces = (name: string) => String(mine.filter((l: Doc) => l.vendor_name === name).reduce((n: number, l: Doc) => n + Number(l.qty), 0));
    expect(links.map((l) => [l.vendor_name, l.tracking, Number(l.qty)]).sort()).toEqual(
      [...new Set<string>(mine.map((l: Doc) => String(l.vendor_name)))].map((n) => [n, links.find((x) => x.vendor_name === n)?.tracking, Number(pieces(n))]).sort(),
    );
    const platform = links.find((l) => l.tracking === 'PLATFORM')!;
    expect(platform.customer_order_id).toMatch(/^[0-9a-f-]{36}$/);
    expect([platform.order_code, platform.delivery_date, platform.order_status]).toEqual([demandNo, friday, 'OPEN']);
    for (const manual of links.filter((l) => l.tracking === 'MANUAL')) expect(manual.customer_order_id).toBeNull();
    orderId = platform.customer_order_id;
    // Both directions: the factory received it from the brand; the brand sees it among the orders it placed.
    const received = ok(await get('scmapi/customer-order/view', factory, { id: orderId }));
    expect([received.code, received.buyer_name, received.delivery_date, received.status]).toEqual([demandNo, 'Demo Brand Co.', friday, 'OPEN']);
    expect(received.lines.map((l: Doc) => [l.style_code, l.colour, l.size, l.qty])).toEqual([[style.code, 'ALL', 'ALL', `${platform.qty}`]]);
    const placed = ok(await get('scmapi/customer-order/placed-list', brand, { code: demandNo }));
    expect(placed.rows.map((r: Doc) => [r.code, r.company_name])).toEqual([[demandNo, 'Demo Garment Factory']]);
    // A third company sees none of it.
    expect((await get('scmapi/customer-order/shared-view', mill, { id: orderId })).status).toBe(404);
    expect(ok(await get('scmapi/allocation-order/list', mill, {}))).toEqual([]);
  });

  it('publishing again (a new version) links to the same orders and never doubles them', async () => {
    const ws = await publishNewVersion('Thread v2');
    const links = (ok(await get('scmapi/allocation-order/list', brand, { version_id: ws.version.id })) as Doc[]).filter((r) => r.demand_no === demandNo);
    expect(links.find((l) => l.tracking === 'PLATFORM')?.customer_order_id).toBe(orderId);
    const all = (ok(await get('scmapi/allocation-order/list', brand, {})) as Doc[]).filter((r) => r.demand_no === demandNo);
    expect(all).toHaveLength(links.length);
    const atFactory = ok(await get('scmapi/customer-order/page-list', factory, { q: JSON.stringify({ code: demandNo }) }));
    expect(atFactory.rows).toHaveLength(1);
  });

  it('the order carries its style’s T&A, planned back from the delivery date, for both companies; a third gets 404', async () => {
    const mine = ok(await get('plmapi/node-following/for-order', factory, { customer_order_id: orderId }));
    const theirs = ok(await get('plmapi/node-following/for-order', brand, { customer_order_id: orderId }));
    expect(theirs).toEqual(mine);
    expect(mine.plans).toHaveLength(1);
    const plan = mine.plans[0];
    expect(plan.basis_date).toBe(friday);
    expect(plan.nodes.map((n: Doc) => [n.node_code, n.planned_date, n.event])).toEqual([
      ['FABRIC', minus(friday, 40), 'MATERIAL_RECEIVED'],
      ['CUT', minus(friday, 30), 'CUTTING_STARTED'],
      ['SEW', minus(friday, 15), 'SEWING_DONE'],
      ['QC', minus(friday, 7), 'INSPECTION_PASSED'],
      ['SHIP', friday, 'SHIPPED'],
    ]);
    expect((await get('plmapi/node-following/for-order', mill, { customer_order_id: orderId })).status).toBe(404);
    // Applying again (by hand) never makes a second plan.
    expect(ok(await post('plmapi/node-following/apply-order', factory, { customer_order_id: orderId })).plans).toHaveLength(1);
  });

  it('a milestone completes from its event: the order’s material orders received → fabric in, on both sides', async () => {
    const vendor = await first(factory, 'mdapi/vendor', { code: 'V2002' }); // off the platform: the factory records its steps
    let mo = ok(await post('scmapi/material-order/save', factory, { code: `MO-T${Date.now().toString(36)}`, vendor_id: vendor.id, customer_order_id: orderId, lines: [{ material_code: 'FB-POPLIN', qty: '100' }] }));
    for (const step of ['accept', 'call-material']) mo = ok(await post(`scmapi/material-order/${step}`, factory, { id: mo.id, version: mo.version }));
    const before = ok(await get('plmapi/node-following/for-order', brand, { customer_order_id: orderId })).plans[0].nodes[0];
    expect(before.actual_date).toBeNull();
    ok(await post('scmapi/material-order/receive', factory, { id: mo.id, version: mo.version }));
    for (const token of [factory, brand]) {
      const node = ok(await get('plmapi/node-following/for-order', token, { customer_order_id: orderId })).plans[0].nodes[0];
      expect([node.node_code, node.actual_date, node.state]).toEqual(['FABRIC', today, today > node.planned_date ? 'late' : 'done']);
    }
    // A company that is neither side of the order completes nothing of its plan.
    const n = await srv.db.withTenant(ids.mill, (tx) => tx.execute(sql`select plm_order_node_done(${orderId}::uuid, 'SHIPPED', ${today}::date) as n`));
    expect((n as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);
  });
});
