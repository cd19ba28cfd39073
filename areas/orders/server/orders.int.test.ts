// The orders documents over real HTTP on a real database (PGlite, or PostgreSQL with
// DATABASE_URL): every transition of spec §4 allowed and refused with its message, the order
// number under 20 concurrent creates, planning and work orders, outsourcing to vendors on and off
// the platform, material ordering, purchase-requirement BOM lines, and who sees what across the
// three demo companies (RLS on: a third company gets 404 on every shared document).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let buyer: string; // brand.buyer (en), Demo Brand Co., role BUYER
let brandAdmin: string; // brand.admin (zh)
let factory: string; // factory.admin (zh), Demo Garment Factory
let fabric: string; // fabric.admin (zh), Demo Fabric Mill
let factoryId: string;

type Doc = Record<string, any>;

const call = (method: string, path: string, token: string, opts: { json?: unknown; query?: Record<string, string> } = {}) =>
  srv.call(method, path, { token, ...opts });
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (path: string, token: string, data: unknown) => call('POST', path, token, { json: { DATA: data } });
const get = (path: string, token: string, query: Record<string, string>) => call('GET', path, token, { query });
const act = (entity: string, action: string, token: string, doc: Doc, extra: Doc = {}) =>
  post(`scmapi/${entity}/${action}`, token, { id: doc.id, version: doc.version, ...extra });
const msg = (res: ApiResponse) => String(res.body.message);

const LINES = [
  { style_code: 'sh-7001', colour: 'White', size: 'M', qty: '60', price: '42.1234' },
  { style_code: 'SH-7001', colour: 'White', size: 'L', qty: '40', price: '42.1234' },
];

// Plans start two weeks ahead: nothing is placed on a day in the past (issue 23).
const dayIn = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const START = dayIn(14);

let seq = 0;
const code = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

async function place(extra: Doc = {}, token = buyer): Promise<ApiResponse> {
  return post('scmapi/customer-order/place', token, { supplier_client_id: factoryId, code: code('PO'), delivery_date: '2026-12-20', lines: LINES, ...extra });
}

async function idByCode(entity: string, token: string, field: string, value: string, prefix = 'mdapi'): Promise<string> {
  const page = ok(await get(`${prefix}/${entity}/page-list`, token, { q: JSON.stringify({ [field]: value }) }));
  return page.rows[0].id;
}

beforeAll(async () => {
  srv = await startTestServer();
  [buyer, brandAdmin, factory, fabric] = await Promise.all(
    ['brand.buyer', 'brand.admin', 'factory.admin', 'fabric.admin'].map(async (u) => (await login(srv.call, u)).token),
  );
  const suppliers = ok(await get('scmapi/customer-order/suppliers', buyer, {}));
  factoryId = suppliers.find((s: Doc) => s.name === 'Demo Garment')?.client_id;
  expect(factoryId).toMatch(/^[0-9a-f-]{36}$/);
}, 120_000);
afterAll(() => srv?.close());

describe('customer orders between a brand and a factory', () => {
  it('a brand places an order on a supplier on the platform: the supplier’s customer order, open, totals exact', async () => {
    const doc = ok(await place());
    expect(doc.status).toBe('OPEN');
    expect(doc.total_qty).toBe('100.0000');
    expect(doc.total_amount).toBe('4212.3400');
    expect(doc.lines.map((l: Doc) => l.style_code)).toEqual(['SH-7001', 'SH-7001']);
    expect(doc.buyer_name).toBe('Demo Brand Co.');
    // The factory finds it among its customer orders (the engine's own list and view).
    const list = ok(await get('scmapi/customer-order/page-list', factory, { q: JSON.stringify({ code: doc.code }) }));
    expect(list.total).toBe(1);
    expect(ok(await get('scmapi/customer-order/view', factory, { id: doc.id })).lines).toHaveLength(2);
    // The brand finds it among the orders it placed.
    const placed = ok(await get('scmapi/customer-order/placed-list', buyer, { code: doc.code }));
    expect(placed.rows.map((r: Doc) => r.id)).toEqual([doc.id]);
    expect(placed.rows[0].company_name).toBe('Demo Garment Factory');
    const shared = ok(await get('scmapi/customer-order/shared-view', buyer, { id: doc.id }));
    expect(shared.side).toBe('counterpart');
    expect(shared.actions).toEqual(['withdraw']);
    expect(ok(await get('scmapi/customer-order/shared-view', factory, { id: doc.id })).actions).toEqual(['accept', 'reject']);
  });

  it('a third company gets 404 on every call about the order; the brand’s engine endpoints do not show it either', async () => {
    const doc = ok(await place());
    for (const res of [
      await get('scmapi/customer-order/shared-view', fabric, { id: doc.id }),
      await get('scmapi/customer-order/view', fabric, { id: doc.id }),
      await act('customer-order', 'accept', fabric, doc),
      await act('customer-order', 'withdraw', fabric, doc),
      await get('scmapi/customer-order/view', buyer, { id: doc.id }),
    ]) expect(res.status).toBe(404);
    expect(ok(await get('scmapi/customer-order/placed-list', fabric, {})).rows.some((r: Doc) => r.id === doc.id)).toBe(false);
    expect(ok(await get('scmapi/customer-order/page-list', fabric, { q: JSON.stringify({ code: doc.code }) })).total).toBe(0);
  });

  it('placing needs a supplier that is one of the brand’s vendors on the platform, and lines', async () => {
    const fabricMill = ok(await get('scmapi/customer-order/suppliers', buyer, {})).find((s: Doc) => s.name === 'Demo Fabric');
    // The factory is not the mill's vendor link: the mill cannot place on it.
    const refused = await post('scmapi/customer-order/place', fabric, { supplier_client_id: factoryId, code: code('X'), lines: LINES });
    expect(refused.status).toBe(400);
    expect(msg(refused)).toBe('请选择在平台上且是您供应商的公司');
    expect((await place({ lines: [] })).status).toBe(422);
    const bad = await place({ lines: [{ ...LINES[0], price: '1.23456' }] });
    expect(bad.status).toBe(422);
    expect(fabricMill).toBeTruthy();
  });

  it('accept moves an open order to in progress; only the receiving side may (the brand gets 403)', async () => {
    const doc = ok(await place());
    const byBrand = await act('customer-order', 'accept', buyer, doc);
    expect(byBrand.status).toBe(403);
    expect(msg(byBrand)).toBe('Only the company that owns the document may do this');
    const accepted = ok(await act('customer-order', 'accept', factory, doc));
    expect(accepted.status).toBe('IN_PROGRESS');
    // Stale version: 409; a second accept: refused with the state in the message.
    expect((await act('customer-order', 'accept', factory, doc)).status).toBe(409);
    const again = await act('customer-order', 'accept', factory, accepted);
    expect(again.status).toBe(400);
    expect(msg(again)).toBe('单据当前为进行中，不能接单');
    // The brand can no longer withdraw it.
    const withdraw = await act('customer-order', 'withdraw', buyer, accepted);
    expect(msg(withdraw)).toBe('Withdraw is not possible while the document is In progress');
    // The brand was told, live: its administrators and the buyer who placed the order.
    const inbox = await srv.db.asSystem((tx) =>
      tx.execute(
        `select u.username from notify_msg m join app_user u on u.id = m.user_id where m.related_key = '${doc.id}' and m.content_en like '%accepted order%' order by 1` as never,
      ),
    );
    expect((inbox as unknown as { rows: Array<{ username: string }> }).rows.map((r) => r.username)).toEqual(expect.arrayContaining(['brand.admin', 'brand.buyer']));
  });

  it('reject needs a reason (ORD-04): empty refused, a reason cancels the order and both sides see it', async () => {
    const doc = ok(await place());
    for (const reason of [undefined, '', '   ']) {
      const res = await act('customer-order', 'reject', factory, doc, { reason });
      expect(res.status).toBe(400);
      expect(msg(res)).toBe('请填写拒单原因');
    }
    const rejected = ok(await act('customer-order', 'reject', factory, doc, { reason: 'price' }));
    expect(rejected.status).toBe('CANCELLED');
    expect(rejected.reject_reason).toBe('price');
    expect(ok(await get('scmapi/customer-order/shared-view', buyer, { id: doc.id })).doc.reject_reason).toBe('price');
    expect((await act('customer-order', 'accept', factory, rejected)).status).toBe(400);
  });

  it('the brand withdraws an open order; nothing else of it may change by the brand', async () => {
    const doc = ok(await place());
    const withdrawn = ok(await act('customer-order', 'withdraw', buyer, doc));
    expect(withdrawn.status).toBe('CANCELLED');
  });

  it('complete (ORD-05, ORD-06): finished quantity not empty, not below 0; short of the order it asks first', async () => {
    const doc = ok(await act('customer-order', 'accept', factory, ok(await place())));
    for (const finished of [undefined, '', '-1', 'abc', '1.23456']) {
      const res = await act('customer-order', 'complete', factory, doc, { finished_qty: finished });
      expect(res.status).toBe(400);
      expect(msg(res)).toBe('完成数量不能为空或小于0');
    }
    const short = await act('customer-order', 'complete', factory, doc, { finished_qty: '80' });
    expect(short.status).toBe(400);
    expect(short.body.data).toMatchObject({ warning: 'SHORT_FINISH', finished: '80.0000', ordered: '100.0000' });
    expect(msg(short)).toBe('订单数量 100 件，仅完成 80 件。仍要完成订单吗？');
    // Nothing changed by the refusal.
    expect(ok(await get('scmapi/customer-order/view', factory, { id: doc.id })).status).toBe('IN_PROGRESS');
    const done = ok(await act('customer-order', 'complete', factory, doc, { finished_qty: '80', confirm: 1 }));
    expect(done).toMatchObject({ status: 'COMPLETED', finished_qty: '80.0000' });
    // Enough finished: no question.
    const other = ok(await act('customer-order', 'accept', factory, ok(await place())));
    expect(ok(await act('customer-order', 'complete', factory, other, { finished_qty: '0101' })).status).toBe('COMPLETED');
    const zero = ok(await act('customer-order', 'accept', factory, ok(await place())));
    // Pieces are whole (issue 30): a fraction is refused with its own words.
    expect(msg(await act('customer-order', 'complete', factory, zero, { finished_qty: '100.5' }))).toBe('件数只能是整数，请输入整数');
    expect((await act('customer-order', 'complete', factory, zero, { finished_qty: '0' })).body.data.warning).toBe('SHORT_FINISH');
  });

  it('the factory changes only plant and remark of a brand’s order, and nothing once accepted', async () => {
    const doc = ok(await place());
    const lines = await post('scmapi/customer-order/save', factory, { id: doc.id, version: doc.version, lines: LINES.slice(0, 1) });
    expect(lines.status).toBe(422);
    expect(JSON.stringify(lines.body.data.errors)).toContain('品牌下的订单');
    const remark = ok(await post('scmapi/customer-order/save', factory, { id: doc.id, version: doc.version, remark: 'cut on line 1' }));
    const accepted = ok(await act('customer-order', 'accept', factory, remark));
    const after = await post('scmapi/customer-order/save', factory, { id: accepted.id, version: accepted.version, remark: 'later' });
    expect(after.status).toBe(422);
    expect(JSON.stringify(after.body.data.errors)).toContain('只有待接单的订单可以修改');
    expect((await post('scmapi/customer-order/delete', factory, [accepted.id])).status).toBe(400);
  });

  it('a duplicate order number is refused with the spec’s words, in the form and when placing', async () => {
    const first = ok(await post('scmapi/customer-order/save', factory, { code: code('SO'), lines: LINES }));
    const dup = await post('scmapi/customer-order/save', factory, { code: first.code, lines: LINES });
    expect(dup.status).toBe(422);
    expect(dup.body.data.errors.code).toEqual(['订单号已存在，不能创建']);
    const placedDup = await place({ code: first.code });
    expect(placedDup.status).toBe(422);
    expect(placedDup.body.data.errors.code).toEqual(['order number already exists and cannot be created']);
  });

  it('20 concurrent creates of one order number: exactly one wins (engine save and brand placing)', async () => {
    const one = code('RACE');
    const saves = await Promise.all(Array.from({ length: 20 }, () => post('scmapi/customer-order/save', factory, { code: one, lines: LINES })));
    expect(saves.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of saves.filter((x) => x.status !== 200)) expect(r.body.data.errors.code).toEqual(['订单号已存在，不能创建']);
    const two = code('RACE');
    const places = await Promise.all(Array.from({ length: 20 }, () => place({ code: two })));
    expect(places.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of places.filter((x) => x.status !== 200)) expect(r.body.data.errors.code).toEqual(['order number already exists and cannot be created']);
    const stored = ok(await get('scmapi/customer-order/page-list', factory, { q: JSON.stringify({ code: { op: 'in', value: [one, two] } }) }));
    expect(stored.total).toBe(2);
  });
});

describe('planning and work orders', () => {
  let fs01: string;
  let qy02: string;

  beforeAll(async () => {
    fs01 = await idByCode('plant', factory, 'code', 'FS-01');
    qy02 = await idByCode('plant', factory, 'code', 'QY-02');
  });

  async function acceptedOrder(): Promise<Doc> {
    return ok(await act('customer-order', 'accept', factory, ok(await place())));
  }
  async function newPlan(plant: string, order?: Doc): Promise<Doc> {
    const o = order ?? (await acceptedOrder());
    return ok(await post('scmapi/production-plan/save', factory, { code: code('PP'), customer_order_id: o.id, plant_id: plant, start_date: START }));
  }
  const workOrders = async (plan: Doc): Promise<Doc[]> =>
    ok(await get('scmapi/work-order/page-list', factory, { q: JSON.stringify({ plan_id: plan.id }), p: JSON.stringify({ sort: [{ field: 'code', order: 'asc' }] }) })).rows;

  it('planning in a plant without a standard process: “no standard process maintained for the plant” (ORD-19)', async () => {
    const plan = await newPlan(qy02);
    const res = await act('production-plan', 'plan', factory, plan);
    expect(res.status).toBe(400);
    expect(msg(res)).toBe('该工厂未维护标准工序');
    expect(ok(await get('scmapi/production-plan/view', factory, { id: plan.id })).status).toBe('PENDING');
    expect(await workOrders(plan)).toHaveLength(0);
  });

  it('an order not accepted yet cannot be planned', async () => {
    const open = ok(await place());
    const plan = await newPlan(fs01, open);
    expect(msg(await act('production-plan', 'plan', factory, plan))).toBe('只有已接单(进行中)的客户订单可以排产');
  });

  it('plan → pre-planned drafts per process on allowed lines; lock → planned; unlock a work order drops its draft (ORD-13, 14)', async () => {
    const plan = await newPlan(fs01);
    const drafted = ok(await act('production-plan', 'plan', factory, plan));
    expect(drafted.status).toBe('DRAFT');
    expect(drafted.qty).toBe('100.0000');
    const wos = await workOrders(plan);
    expect(wos.length).toBeGreaterThanOrEqual(3);
    expect(wos.map((w) => w.status)).toContain('DRAFT');
    const cut = wos[0];
    expect(cut._labels.production_line_id).toBe('裁剪 1 线');
    expect(cut.planned_start).toBe(START);
    const full = ok(await get('scmapi/work-order/view', factory, { id: cut.id }));
    expect(full.sizes.map((s: Doc) => `${s.colour}/${s.size}/${s.qty}`)).toEqual(['White/M/60.0000', 'White/L/40.0000']);
    // A draft moves on the calendar, keeping its days (not after the next step's start).
    const moved = ok(await post('scmapi/work-order/reschedule', factory, { id: cut.id, version: cut.version, planned_start: wos[1].planned_start }));
    expect(moved).toMatchObject({ planned_start: wos[1].planned_start, planned_end: wos[1].planned_start, status: 'DRAFT' });
    const locked = ok(await act('production-plan', 'lock', factory, drafted));
    expect(locked.status).toBe('PLANNED');
    const after = await workOrders(plan);
    expect(after.filter((w) => w.planned_start).every((w) => w.status === 'PLANNED')).toBe(true);
    // A locked work order does not move, and cannot be edited.
    const lockedCut = after[0];
    const refused = await post('scmapi/work-order/reschedule', factory, { id: lockedCut.id, version: lockedCut.version, planned_start: dayIn(15) });
    expect(msg(refused)).toBe('已排产(锁定)的工单不能移动或修改，请先解锁');
    expect((await post('scmapi/work-order/save', factory, { id: lockedCut.id, version: lockedCut.version, qty: '1' })).status).toBe(422);
    // Unlock one: back to pending, its draft days gone.
    const unlocked = ok(await act('work-order', 'unlock', factory, lockedCut));
    expect(unlocked).toMatchObject({ status: 'PENDING', planned_start: null, planned_end: null });
    // A pending one is not locked; a reschedule gives it days again as a draft.
    expect(msg(await act('work-order', 'lock', factory, unlocked))).toBe('单据当前为待排产，不能锁定');
    const again = ok(await post('scmapi/work-order/reschedule', factory, { id: unlocked.id, version: unlocked.version, planned_start: START }));
    expect(again.status).toBe('DRAFT');
    expect(ok(await act('work-order', 'lock', factory, again)).status).toBe('PLANNED');
  });

  it('activated work orders cannot be unlocked, nor their plan (ORD-15)', async () => {
    const plan = await newPlan(fs01);
    const locked = ok(await act('production-plan', 'lock', factory, ok(await act('production-plan', 'plan', factory, plan))));
    const [first] = await workOrders(plan);
    const active = ok(await act('work-order', 'activate', factory, first));
    expect(active.status).toBe('ACTIVE');
    const res = await act('work-order', 'unlock', factory, active);
    expect(res.status).toBe(400);
    expect(msg(res)).toBe('已激活的工单不能解锁');
    expect(msg(await act('production-plan', 'unlock', factory, locked))).toBe('已激活的工单不能解锁');
    expect(ok(await act('work-order', 'finish', factory, active)).status).toBe('COMPLETED');
  });

  it('unlocking a plan: refused once an outsourced order is submitted; else only the unsubmitted drafts go (ORD-09..11)', async () => {
    const vendorOff = await idByCode('vendor', factory, 'code', 'V2002');
    const plan = await newPlan(fs01);
    const locked = ok(await act('production-plan', 'lock', factory, ok(await act('production-plan', 'plan', factory, plan))));
    const drafts = await Promise.all(
      [1, 2].map(async () => ok(await post('scmapi/outsourced-order/save', factory, { code: code('OS'), vendor_id: vendorOff, plan_id: plan.id, qty: '100' }))),
    );
    const unrelated = ok(await post('scmapi/outsourced-order/save', factory, { code: code('OS'), vendor_id: vendorOff, qty: '5' }));
    const unlocked = ok(await act('production-plan', 'unlock', factory, locked));
    expect(unlocked.status).toBe('PENDING');
    expect(await workOrders(plan)).toHaveLength(0);
    for (const d of drafts) expect((await get('scmapi/outsourced-order/view', factory, { id: d.id })).status).toBe(404);
    expect(ok(await get('scmapi/outsourced-order/view', factory, { id: unrelated.id })).status).toBe('DRAFT');
    // Planned again, one outsourced order submitted: unlock refused, nothing removed.
    const relocked = ok(await act('production-plan', 'lock', factory, ok(await act('production-plan', 'plan', factory, unlocked))));
    const os = ok(await post('scmapi/outsourced-order/save', factory, { code: code('OS'), vendor_id: vendorOff, plan_id: plan.id, qty: '100' }));
    ok(await act('outsourced-order', 'submit', factory, os));
    const refused = await act('production-plan', 'unlock', factory, relocked);
    expect(msg(refused)).toBe('不能解锁：该计划已有外发订单提交');
    expect((await workOrders(plan)).length).toBeGreaterThan(0);
  });

  it('a process is in use while work orders are made in it: master data refuses its delete with the warning', async () => {
    const pack = await idByCode('process', factory, 'process_code', 'PACK');
    const proc = ok(await post('mdapi/process/save', factory, { process_code: code('ZZ-WO').toUpperCase().slice(0, 30), name: 'In-use by work order', parent_id: pack, plant_id: fs01, sequence: 49 }));
    const order = await acceptedOrder();
    const wo = ok(await post('scmapi/work-order/save', factory, { code: code('WO-USE'), customer_order_id: order.id, plant_id: fs01, process_id: proc.id, qty: '10' }));
    const refused = await post('mdapi/process/delete', factory, [proc.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({ warning: 'IN_USE', count: 1, usages: [`生产工单「${wo.code}」使用该工序`] });
    // Without the work order the process is free again.
    ok(await post('scmapi/work-order/delete', factory, [wo.id]));
    ok(await post('mdapi/process/delete', factory, [proc.id]));
  });

  it('the calendar lists the lines and the work orders of a range; bad ranges are 400', async () => {
    const cal = ok(await get('scmapi/work-order/calendar', factory, { from: dayIn(13), to: dayIn(43) }));
    expect(cal.lines.map((l: Doc) => l.code)).toContain('SEW-01');
    expect(cal.orders.length).toBeGreaterThan(0);
    // The load view: every line × day, hours planned against the line's hours, exact decimals.
    expect(cal.load).toHaveLength(cal.lines.length * 31);
    for (const l of cal.load) expect([l.planned, l.capacity]).toEqual([expect.stringMatching(/^\d+\.\d{4}$/), expect.stringMatching(/^\d+\.\d{4}$/)]);
    const sew = cal.lines.find((l: Doc) => l.code === 'SEW-01').id;
    const sewLoad = cal.load.filter((l: Doc) => l.line === sew);
    expect(sewLoad.some((l: Doc) => Number(l.planned) > 0)).toBe(true);
    for (const l of sewLoad) expect(l.over).toBe(Number(l.planned) > Number(l.capacity));
    for (const q of [{}, { from: '2026-03-01', to: '2025-01-01' }, { from: 'x', to: 'y' }, { from: '2026-01-01', to: '2026-12-31' }]) {
      expect((await get('scmapi/work-order/calendar', factory, q as Record<string, string>)).status).toBe(400);
    }
    // Another company sees none of the factory's work orders.
    const other = ok(await get('scmapi/work-order/calendar', fabric, { from: dayIn(13), to: dayIn(43) }));
    expect(other.orders).toHaveLength(0);
  });
});

describe('outsourced orders', () => {
  let onPlatform: string; // V2001 Demo Fabric at the factory
  let offPlatform: string; // V2002 Guangzhou Thread

  beforeAll(async () => {
    onPlatform = await idByCode('vendor', factory, 'code', 'V2001');
    offPlatform = await idByCode('vendor', factory, 'code', 'V2002');
  });
  const draft = async (vendor: string, extra: Doc = {}) =>
    ok(await post('scmapi/outsourced-order/save', factory, { code: code('OS'), vendor_id: vendor, qty: '500', price: '1.2345', indicator: '1', ...extra }));

  it('indicator 0 / 1 (ORD-08) and the amount computed exactly', async () => {
    const d = await draft(offPlatform, { indicator: '0' });
    expect(d).toMatchObject({ indicator: '0', amount: '617.2500', status: 'DRAFT' });
    expect((await post('scmapi/outsourced-order/save', factory, { code: code('OS'), vendor_id: offPlatform, qty: '1', indicator: '2' })).status).toBe(422);
  });

  it('an off-platform vendor: submitted, tracked by hand, the user is told (ORD-12); immutable afterwards (ORD-07)', async () => {
    const d = await draft(offPlatform);
    const sent = ok(await act('outsourced-order', 'submit', factory, d));
    expect(sent).toMatchObject({ status: 'SUBMITTED', tracking: 'MANUAL' });
    expect(sent._notice).toBe('供应商不在平台上，订单数据无法发送，需人工跟踪');
    const edit = await post('scmapi/outsourced-order/save', factory, { id: sent.id, version: sent.version, qty: '1' });
    expect(edit.status).toBe(422);
    expect(JSON.stringify(edit.body.data.errors)).toContain('外发订单已提交，不能修改或删除');
    for (const force of [undefined, '1']) {
      const del = await call('POST', 'scmapi/outsourced-order/delete', factory, { json: { DATA: [sent.id], ...(force ? { force } : {}) } });
      expect(del.status).toBe(400);
      expect(msg(del)).toBe('外发订单已提交，不能修改或删除');
    }
    expect(ok(await get('scmapi/outsourced-order/view', factory, { id: sent.id })).qty).toBe('500.0000');
    // The owner records the vendor's steps by hand.
    const confirmed = ok(await act('outsourced-order', 'record-confirm', factory, sent));
    const progressed = ok(await post('scmapi/outsourced-order/progress', factory, { id: confirmed.id, version: confirmed.version, completed_qty: '200' }));
    expect(progressed.completed_qty).toBe('200.0000');
    expect((await post('scmapi/outsourced-order/progress', factory, { id: progressed.id, version: progressed.version, completed_qty: '501' })).status).toBe(400);
    expect(ok(await act('outsourced-order', 'record-finish', factory, progressed)).status).toBe('COMPLETED');
  });

  it('a vendor on the platform receives it, confirms it and reports progress; both sides see it; nobody else', async () => {
    const d = await draft(onPlatform);
    // A draft is the owner's alone.
    expect((await get('scmapi/outsourced-order/shared-view', fabric, { id: d.id })).status).toBe(404);
    const sent = ok(await act('outsourced-order', 'submit', factory, d));
    expect(sent).toMatchObject({ status: 'SUBMITTED', tracking: 'PLATFORM', _notice: null });
    const inbox = ok(await get('scmapi/outsourced-order/received-list', fabric, {}));
    expect(inbox.rows.find((r: Doc) => r.id === d.id)?.company_name).toBe('Demo Garment Factory');
    const seen = ok(await get('scmapi/outsourced-order/shared-view', fabric, { id: d.id }));
    expect(seen).toMatchObject({ side: 'counterpart', actions: ['confirm'] });
    // The owner may not confirm for the vendor, nor the vendor submit.
    expect(msg(await act('outsourced-order', 'record-confirm', factory, sent))).toBe('该订单由供应商在平台上确认和汇报');
    expect((await act('outsourced-order', 'confirm', factory, sent)).status).toBe(403);
    // The brand (third company) sees nothing of it.
    for (const res of [await get('scmapi/outsourced-order/shared-view', buyer, { id: d.id }), await act('outsourced-order', 'confirm', buyer, sent)]) {
      expect(res.status).toBe(404);
    }
    const confirmed = ok(await act('outsourced-order', 'confirm', fabric, sent));
    expect(confirmed.status).toBe('CONFIRMED');
    expect((await post('scmapi/outsourced-order/progress', fabric, { id: d.id, version: confirmed.version, completed_qty: '125.5' })).body.message).toBe('件数只能是整数，请输入整数');
    const prog = ok(await post('scmapi/outsourced-order/progress', fabric, { id: d.id, version: confirmed.version, completed_qty: '125' }));
    expect(ok(await get('scmapi/outsourced-order/view', factory, { id: d.id })).completed_qty).toBe('125.0000');
    // The vendor changes nothing else (the engine's save is the owner's, and the guard holds).
    expect((await post('scmapi/outsourced-order/save', fabric, { id: d.id, version: prog.version, qty: '1' })).status).toBe(404);
    expect(ok(await act('outsourced-order', 'finish', fabric, prog)).status).toBe('COMPLETED');
  });
});

describe('material ordering and purchase requirements', () => {
  // V2002 is off the platform: the sender records the vendor's steps (a vendor on the platform
  // confirms itself: materialorders.int.test.ts).
  const order = async (token = factory, lines = [{ material_code: 'FB-POPLIN', qty: '100', price: '19.2' }]) => {
    const vendor = await idByCode('vendor', token, 'code', 'V2002');
    return post('scmapi/material-order/save', token, { code: code('MO'), vendor_id: vendor, lines });
  };

  it('accept → call material → receive → close, and reject → close (ORD-16); wrong steps refused', async () => {
    let doc = ok(await order());
    expect(doc.lines[0]._labels.material_id).toContain('府绸'); // the factory's demo material, named in its language (poplin)
    expect(doc.total_amount).toBe('1920.0000');
    expect((await act('material-order', 'receive', factory, doc)).status).toBe(400);
    for (const [step, status] of [['accept', 'ACCEPTED'], ['call-material', 'CALLED'], ['receive', 'RECEIVED'], ['close', 'CLOSED']]) {
      doc = ok(await act('material-order', step, factory, doc));
      expect(doc.status).toBe(status);
    }
    let other = ok(await order());
    other = ok(await act('material-order', 'reject', factory, other));
    expect(other.status).toBe('REJECTED');
    expect(ok(await act('material-order', 'close', factory, other)).status).toBe('CLOSED');
    // Rejected or closed, it is history: a save is refused (issue 23), the import path too.
    const rejected = ok(await act('material-order', 'reject', factory, ok(await order())));
    for (const d of [doc, rejected]) {
      const save = await post('scmapi/material-order/save', factory, { id: d.id, version: d.version, remark: 'late change' });
      expect(save.status).toBe(422);
      expect(save.body.data.errors._document).toEqual(['已拒绝或已关闭的物料订购单不能修改']);
    }
  });

  it('an unknown material code answers “material does not exist”', async () => {
    const res = await order(factory, [{ material_code: 'NO-SUCH', qty: '1', price: '1' }]);
    expect(res.status).toBe(422);
    expect(res.body.data.errors.lines[0].material_code).toEqual(['物料不存在']);
  });

  it('a purchase requirement has entries with BOM lines (ORD-01); unknown component codes and entries refused', async () => {
    const material = await idByCode('material', buyer, 'code', 'F1001');
    const base = { title: 'BOM test', lines: [{ material_id: material, qty: '10', price: '2.5' }] };
    const saved = ok(await post('scmapi/purchase-requirement/save', buyer, { ...base, bom: [{ entry_no: 1, material_code: 'F1001', usage: '1.25', unit: 'm' }] }));
    expect(saved.bom[0]).toMatchObject({ entry_no: 1, material_id: material, usage: '1.2500' });
    const bad = await post('scmapi/purchase-requirement/save', buyer, { ...base, bom: [{ entry_no: 2, material_code: 'NOPE', usage: '1' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.bom[0]).toEqual({ entry_no: ['No entry with this number'], material_code: ['material does not exist'] });
    // A picked component needs no code; a row with neither is refused the same way.
    const picked = ok(await post('scmapi/purchase-requirement/save', buyer, { ...base, bom: [{ entry_no: 1, material_id: material, usage: '2' }] }));
    expect(picked.bom[0].material_id).toBe(material);
    const none = await post('scmapi/purchase-requirement/save', buyer, { ...base, bom: [{ entry_no: 1, usage: '2' }] });
    expect(none.body.data.errors.bom[0]).toEqual({ material_code: ['material does not exist'] });
  });
});

describe('demo pipeline', () => {
  it('the factory has orders in every state, a locked plan with an activated work order, and the mill an outsourced order', async () => {
    const orders = ok(await get('scmapi/customer-order/page-list', factory, { q: JSON.stringify({ code: { op: 'prefix', value: 'SO-202' } }), p: JSON.stringify({ size: 50 }) }));
    const states = new Set(orders.rows.map((r: Doc) => r.status));
    for (const s of ['OPEN', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']) expect(states.has(s)).toBe(true);
    const wos = ok(await get('scmapi/work-order/page-list', factory, { q: JSON.stringify({ code: { op: 'prefix', value: 'PP-2026-001' } }) }));
    expect(wos.rows.map((w: Doc) => w.status)).toContain('ACTIVE');
    const received = ok(await get('scmapi/outsourced-order/received-list', fabric, { code: 'OS-2026-001' }));
    expect(received.total).toBe(1);
    const placed = ok(await get('scmapi/customer-order/placed-list', brandAdmin, { code: 'SO-2026' }));
    expect(placed.total).toBeGreaterThanOrEqual(3);
  });
});
