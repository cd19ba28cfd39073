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
import { sweepLateNodes } from '../../development/server/lateNodes';
import { signatureValid, startReceiver } from '../../outapi/server/receiver.testing';

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

  it('late nodes alert the factory once, in both languages, however often or wherever the sweep runs', async () => {
    const plan = ok(await get('plmapi/node-following/for-order', factory, { customer_order_id: orderId })).plans[0];
    const after = minus(friday, -1); // every open node of the plan is late that day; FABRIC is done
    const notices = () =>
      srv.db.asSystem(async (tx) =>
        (await tx.execute(sql`select m.client_id::text as client_id, m.content_en, m.content_zh from notify_msg m where m.related_key = ${plan.id} and m.function_subarea = 'node-following' order by m.content_en`)) as unknown as { rows: Doc[] },
      );
    const [a, b] = await Promise.all([sweepLateNodes(srv.db, after), sweepLateNodes(srv.db, after)]);
    expect(a + b).toBeGreaterThanOrEqual(4);
    const sent = (await notices()).rows;
    const admins = (await srv.db.asSystem((tx) => tx.execute(sql`select count(*)::int as n from user_client where client_id = ${ids.factory} and user_type = 'ADMIN'`))) as unknown as { rows: Array<{ n: number }> };
    // CUT, SEW, QC, SHIP to each administrator of the factory (no owner named); none to the brand.
    expect(sent).toHaveLength(4 * admins.rows[0].n);
    expect(new Set(sent.map((m) => m.client_id))).toEqual(new Set([ids.factory]));
    expect(sent[0].content_en).toBe(`T&A ${plan.code} (order ${demandNo}): node CUT Cutting was planned for ${minus(friday, 30)} and is not done`);
    expect(sent[0].content_zh).toBe(`T&A ${plan.code}(订单 ${demandNo})：节点 CUT Cutting 计划 ${minus(friday, 30)} 完成，尚未完成`);
    // Again (another node, a later day): nothing new.
    await sweepLateNodes(srv.db, minus(friday, -10));
    expect((await notices()).rows).toHaveLength(sent.length);
  });

  it('a vendor’s confirmed orders reduce the capacity it offers; the brand’s own allocation orders are planned by its run', async () => {
    const week = next;
    const free = async () => {
      const rows = (ok(await get('scmapi/vendor-capacity/of-vendors', brand, { week })) as Doc[]).filter((r) => r.supplier_client_id === ids.factory);
      const sum = (f: string) => rows.reduce((n, r) => n + Number(r[f]), 0);
      return { free: sum('free_minutes'), load: sum('order_minutes') };
    };
    const before = await free();
    expect(before.free).toBeGreaterThan(1000);
    // The order the brand's allocation made, confirmed by the factory: the brand's next run plans it itself.
    const made = ok(await get('scmapi/customer-order/view', factory, { id: orderId }));
    ok(await post('scmapi/customer-order/accept', factory, { id: made.id, version: made.version }));
    expect(await free()).toEqual(before);
    // Another customer's order, confirmed and planned on the factory's lines that week (its day plan;
    // written directly: the seeded line calendar does not reach next week).
    const own = ok(await post('scmapi/customer-order/save', factory, { code: `CO-LOAD-${Date.now().toString(36)}`, lines: [{ style_code: 'KT-1001', colour: 'Red', size: 'S', qty: '100', price: '5' }] }));
    const open = async (minutes: string) =>
      srv.db.asSystem((tx) =>
        tx.execute(sql`insert into cap_order_allocation (client_id, customer_order_id, work_date, quantity, smv, minutes, status) values (${ids.factory}, ${own.id}, ${weekMonday(week)}::date, 100, '10.5', ${minutes}, 'confirmed')`),
      );
    await open('1050.0000');
    expect(await free()).toEqual(before); // still pending acceptance: not confirmed
    ok(await post('scmapi/customer-order/accept', factory, { id: own.id, version: own.version }));
    const reduced = await free();
    expect([reduced.free, reduced.load]).toEqual([before.free - 1050, before.load + 1050]);
    // The allocation run sees the reduced figure: the factory gets no more than that in the week.
    const v = ok(await post('scmapi/demand-allocation/save', brand, { title: 'Thread load', start_week: next }));
    const ws = ok(await post('scmapi/demand-allocation/run', brand, { id: v.id, version: v.version }));
    const vendor = await first(brand, 'mdapi/vendor', { code: 'V1001' });
    const planned = ws.lines.filter((l: Doc) => l.week === week && l.vendor_id === vendor.id).reduce((n: number, l: Doc) => n + Number(l.minutes), 0);
    expect(planned).toBeLessThanOrEqual(reduced.free + 0.0001);
    // A third company learns nothing of the factory's load.
    const third = await srv.db.withTenant(ids.mill, (tx) => tx.execute(sql`select count(*)::int as n from cap_vendor_order_load('0000-W01') where supplier = ${ids.factory}::uuid`));
    expect((third as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);
  });
});

describe('the thread’s hand-offs as named out-API event types', () => {
  it('a company subscribes a target to an event type; each side gets its own, signed, and a third company nothing', async () => {
    const receiver = await startReceiver();
    try {
      const brandAdmin = (await login(srv.call, 'brand.admin')).token;
      const subscribe = (token: string, type: string, path: string, lang = 'en') =>
        srv.call('POST', 'utilsapi/out-api-config/save', { token, headers: { 'x-seamline-lang': lang }, json: { DATA: { api_id: type, usage: 'event', send_method: 'POST', msg_display: '1', target_url: `${receiver.url}${path}`, secret: `s-${path}` } } });
      // An event subscription must name an event type, in the user's language.
      const bad = await subscribe(brandAdmin, 'ORDER.EATEN', '/x');
      expect(bad.status).toBe(422);
      expect(JSON.stringify(bad.body)).toContain('An event subscription names an event type as its API ID: ALLOCATION.PUBLISHED, ORDER.PLACED');
      expect(JSON.stringify((await subscribe(brandAdmin, 'ORDER.EATEN', '/x', 'zh')).body)).toContain('事件订阅的接口 ID 须为事件类型之一');
      ok(await subscribe(brandAdmin, 'order.accepted', '/brand'));
      ok(await subscribe(factory, 'ORDER.PLACED', '/factory'));
      ok(await subscribe(mill, 'ORDER.ACCEPTED', '/mill'));
      // The brand places an order on the factory; the factory accepts it.
      const suppliers = ok(await get('scmapi/customer-order/suppliers', brand, {}));
      const placed = ok(
        await post('scmapi/customer-order/place', brand, {
          supplier_client_id: ids.factory,
          code: `CO-EV${Date.now().toString(36).toUpperCase()}`,
          delivery_date: friday,
          lines: [{ style_code: style.code, colour: 'Navy', size: 'M', qty: '10', price: '4' }],
        }),
      );
      expect(suppliers.map((x: Doc) => x.client_id)).toContain(ids.factory);
      const got = async (path: string, n: number) => {
        const end = Date.now() + 60_000;
        while (receiver.received.filter((r) => r.path === path).length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
        return receiver.received.filter((r) => r.path === path);
      };
      const [toFactory] = await got('/factory', 1);
      expect(signatureValid(toFactory, 's-/factory')).toBe(true);
      const body = JSON.parse(toFactory.body);
      expect(body.API_ID).toBe('ORDER.PLACED');
      expect(body.DATA).toHaveLength(1);
      expect([body.DATA[0].type, body.DATA[0].data.customer_order_ids]).toEqual(['ORDER.PLACED', [placed.id]]);
      expect(body.DATA[0].id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(body.DATA[0].timestamp))).toBe(false);
      const order = ok(await get('scmapi/customer-order/view', factory, { id: placed.id }));
      ok(await post('scmapi/customer-order/accept', factory, { id: order.id, version: order.version }));
      const [toBrand] = await got('/brand', 1);
      expect(signatureValid(toBrand, 's-/brand')).toBe(true);
      expect(JSON.parse(toBrand.body).DATA[0]).toMatchObject({ type: 'ORDER.ACCEPTED', data: { customer_order_ids: [placed.id], status: 'IN_PROGRESS' } });
      // The brand's log shows the delivery; the mill, no party to the order, got nothing.
      const log = ok(await srv.call('GET', 'utilsapi/zutilsapi/out-api-bus/deliveries', { token: brandAdmin, headers: EN, query: { q: JSON.stringify({ api_id: 'ORDER.ACCEPTED' }) } }));
      expect(log.rows.length).toBeGreaterThan(0);
      expect(receiver.received.filter((r) => r.path === '/mill')).toEqual([]);
      const count = async (q: ReturnType<typeof sql>, tenant?: string) =>
        ((await (tenant ? srv.db.withTenant(tenant, (tx) => tx.execute(q)) : srv.db.asSystem((tx) => tx.execute(q)))) as unknown as { rows: Array<{ n: number }> }).rows[0].n;
      expect(await count(sql`select count(*)::int as n from outapi_delivery where client_id = ${ids.mill} and api_id = 'ORDER.ACCEPTED'`)).toBe(0);
      // Nor can a company queue deliveries into the log of a company it has no order with.
      const [brandMill] = (await srv.db.asSystem((tx) => tx.execute(sql`select count(*)::int as n from ord_customer_order where (client_id = ${ids.mill} and buyer_client_id = ${ids.brand}) or (client_id = ${ids.brand} and buyer_client_id = ${ids.mill})`)) as unknown as { rows: Array<{ n: number }> }).rows;
      if (brandMill.n === 0) expect(await count(sql`select count(*)::int as n from outapi_event_deliveries(${ids.brand}::uuid, 'ORDER.ACCEPTED', '{}', null, 1)`, ids.mill)).toBe(0);
      expect(receiver.received.filter((r) => r.path === '/factory')).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
