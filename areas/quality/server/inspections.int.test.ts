// Issue 25 over real HTTP on a real database: inspections shared by three companies — the brand
// books, the factory confirms or proposes a date, the inspection company records and finishes —
// a fourth company gets 404 everywhere; every transition allowed and refused (both languages);
// the verdict at the accept / reject boundaries; a failed final inspection blocks the shipment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, appUser, client, eq, inArray, notifyMsg } from '@seamline/server/api';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { inspectionCalls, ok, SIGNATURE, type Doc } from './testing';

let srv: TestServer;
let brand: string; // brand.buyer (en)
let factory: string; // factory.admin (zh)
let inspector: string; // inspect.admin (en), Demo QC Services
let fourth: string; // fabric.admin (zh), a company with no part in it
let factoryId: string;
let inspectId: string;

const { call, post, get, act } = inspectionCalls(() => srv);
const msg = (res: ApiResponse) => String(res.body.message);
const dayIn = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const code = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

/** A customer order the brand places on the factory, accepted; 8 lines × `perLine` pieces of one style. */
async function order(perLine: number, style = 'QC-100'): Promise<Doc> {
  const lines = ['White', 'Navy'].flatMap((colour) => ['S', 'M', 'L', 'XL'].map((size) => ({ style_code: style, colour, size, qty: String(perLine), price: '10' })));
  const placed = ok(await call('POST', 'scmapi/customer-order/place', brand, { json: { DATA: { supplier_client_id: factoryId, code: code('PO'), delivery_date: dayIn(60), lines } } }));
  return ok(await call('POST', 'scmapi/customer-order/accept', factory, { json: { DATA: { id: placed.id, version: placed.version } } }));
}

/** Books on an order: every line offered in full (lot = 8 × perLine). */
async function bookOn(o: Doc, extra: Doc = {}): Promise<Doc> {
  const lines = o.lines.map((l: Doc) => ({ style_code: l.style_code, colour: l.colour, size: l.size, qty: l.qty.replace(/\.0+$/, '') }));
  return ok(await post('book', brand, { customer_order_id: o.id, inspection_type: 'FINAL', inspection_date: dayIn(3), inspector_party: 'COMPANY', inspector_client_id: inspectId, lines, ...extra })).doc;
}

/** Booked → confirmed → in progress. */
async function started(o: Doc, extra: Doc = {}): Promise<Doc> {
  const booked = await bookOn(o, extra);
  const confirmed = ok(await act('confirm', factory, booked)).doc;
  const inspectorToken = extra.inspector_party === 'FACTORY' ? factory : extra.inspector_party === 'BRAND' ? brand : inspector;
  return ok(await act('start', inspectorToken, confirmed)).doc;
}

beforeAll(async () => {
  srv = await startTestServer();
  [brand, factory, inspector, fourth] = await Promise.all(['brand.buyer', 'factory.admin', 'inspect.admin', 'fabric.admin'].map(async (u) => (await login(srv.call, u)).token));
  factoryId = ok(await call('GET', 'scmapi/customer-order/suppliers', brand)).find((s: Doc) => s.name === 'Demo Garment')?.client_id;
  inspectId = ok(await get('inspection-companies', brand, {})).find((c: Doc) => c.code === 'DEMO_INSPECT')?.id;
  expect(factoryId).toBeTruthy();
  expect(inspectId).toBeTruthy();
  // A new migration builds the template database once: slow on a shared machine.
}, 600_000);
afterAll(() => srv?.close());

describe('booking: the server derives the sampling plan; bad input is refused in the user\'s language', () => {
  it('lot 1 600 at level II → K, 125 pieces; critical 0 → 0/1, major 2.5 → 7/8, minor 4.0 → 10/11', async () => {
    const o = await order(200);
    const b = await bookOn(o);
    expect(b).toMatchObject({ status: 'BOOKED', lot_size: '1600', code_letter: 'K', sample_size: 125, inspector_name: 'Demo QC Services', factory_name: 'Demo Garment Factory' });
    expect(b.plans.critical).toMatchObject({ accept: 0, reject: 1, sampleSize: 125 });
    expect(b.plans.major).toMatchObject({ accept: 7, reject: 8 });
    expect(b.plans.minor).toMatchObject({ accept: 10, reject: 11 });
    expect(b.code).toMatch(/^QC-\d{8}-\d{3}$/);
  });

  it('refuses a line not on the order, too many pieces, no lines, a wrong AQL, a non-inspection company — nothing saved', async () => {
    const o = await order(10);
    const before = ok(await get('page-list', brand, { customer_order_id: o.id })).total;
    const base = { customer_order_id: o.id, inspection_type: 'FINAL', inspection_date: dayIn(2), inspector_party: 'BRAND' };
    const wrongLine = await post('book', brand, { ...base, lines: [{ style_code: 'QC-100', colour: 'Red', size: 'M', qty: '5' }] });
    expect(wrongLine.status).toBe(400);
    expect(msg(wrongLine)).toBe('Line 1: QC-100 Red M is not on the order');
    const tooMany = await post('book', brand, { ...base, lines: [{ style_code: 'QC-100', colour: 'White', size: 'M', qty: '11' }] }, 'zh');
    expect(msg(tooMany)).toBe('第1行：报验数量必须是1到订单数量10之间的整数');
    expect(msg(await post('book', brand, { ...base, lines: [] }))).toBe('Offer at least one style / colour / size line with a quantity');
    const aql = await post('book', brand, { ...base, aql_major: '3', lines: [{ style_code: 'QC-100', colour: 'White', size: 'M', qty: '10' }] });
    expect(msg(aql)).toBe('Unknown AQL "3": use 0 or a value of the standard series (0.010 … 1000)');
    const aqlZh = await post('book', brand, { ...base, aql_major: '3', lines: [{ style_code: 'QC-100', colour: 'White', size: 'M', qty: '10' }] }, 'zh');
    expect(msg(aqlZh)).toBe('未知的AQL“3”：请使用0或标准系列中的值（0.010 … 1000）');
    const notQc = await post('book', brand, { ...base, inspector_party: 'COMPANY', inspector_client_id: factoryId, lines: [{ style_code: 'QC-100', colour: 'White', size: 'M', qty: '10' }] });
    expect(msg(notQc)).toBe('The chosen company is not an inspection company on the platform');
    expect(msg(await post('book', brand, { ...base, inspection_date: '2026-02-30', lines: [{ style_code: 'QC-100', colour: 'White', size: 'M', qty: '10' }] }))).toBe('Give the inspection date (YYYY-MM-DD)');
    expect(ok(await get('page-list', brand, { customer_order_id: o.id })).total).toBe(before);
    // The factory cannot book on an order it received (it is not the order's buyer).
    expect(msg(await post('book', factory, { ...base, lines: [{ style_code: 'QC-100', colour: 'White', size: 'M', qty: '10' }] }, 'zh'))).toBe('客户订单不存在，或不是贵公司下给工厂的订单');
  });
});

describe('three companies see the inspection; a fourth gets 404 on every route', () => {
  it('brand, factory and inspection company read it in their lists; the fabric mill reads and does nothing', async () => {
    const o = await order(20);
    const b = await bookOn(o);
    for (const token of [brand, factory, inspector]) {
      const v = ok(await get('view', token, { id: b.id }));
      expect(v.doc.code).toBe(b.code);
      expect(ok(await get('page-list', token, { keyword: b.code })).rows.map((r: Doc) => r.id)).toEqual([b.id]);
    }
    expect(ok(await get('view', brand, { id: b.id })).actions).toEqual(['cancel']);
    expect(ok(await get('view', factory, { id: b.id })).actions).toEqual(['confirm', 'propose-date']);
    expect(ok(await get('view', inspector, { id: b.id })).actions).toEqual([]);

    expect((await get('view', fourth, { id: b.id })).status).toBe(404);
    expect(ok(await get('page-list', fourth, { keyword: b.code })).total).toBe(0);
    for (const action of ['confirm', 'propose-date', 'start', 'finish', 'reinspect', 'override', 'cancel', 'sampled', 'defect', 'defect-remove', 'reading']) {
      const res = await act(action, fourth, b, { date: dayIn(5), reason: 'x', sampled_qty: 1, defect_code: 'HOLE', defect_class: 'major', qty: 1, defect_id: b.id });
      expect([action, res.status]).toEqual([action, 404]);
    }
    expect(ok(await get('shipment-block', fourth, { order_id: o.id }))).toBeNull();
    // Nothing moved.
    expect(ok(await get('view', brand, { id: b.id })).doc.version).toBe(b.version);
  });

  it('each step reaches the other parties\' inboxes (the screens refetch on it), in their language', async () => {
    const b = await bookOn(await order(20));
    const inbox = (clientId: string) =>
      srv.db.asSystem((tx) => tx.select().from(notifyMsg).where(and(eq(notifyMsg.relatedKey, b.id), eq(notifyMsg.module, 'QUALITY'), eq(notifyMsg.clientId, clientId))));
    const usernames = async (rows: { userId: string }[]) =>
      (await srv.db.asSystem((tx) => tx.select({ u: appUser.username }).from(appUser).where(inArray(appUser.id, rows.map((r) => r.userId))))).map((r) => r.u).sort();
    const toFactory = await inbox(factoryId);
    // Its administrators (the platform's super admin is one of every demo company's).
    expect(await usernames(toFactory)).toEqual(['factory.admin', 'super.admin']);
    expect(toFactory[0]).toMatchObject({ contentEn: `Demo Brand Co. booked inspection ${b.code} on order ${b.order_code} for ${b.inspection_date}` });
    expect(toFactory[0]!.contentZh).toBe(`Demo Brand Co.预约了订单${b.order_code}的验货${b.code}，日期${b.inspection_date}`);
    expect(await usernames(await inbox(inspectId))).toEqual(['inspect.admin', 'super.admin']);
    expect(await inbox((await srv.db.asSystem((tx) => tx.select({ id: client.id }).from(client).where(eq(client.code, 'DEMO_FABRIC'))))[0]!.id)).toHaveLength(0);
    ok(await act('confirm', factory, b));
    // The brand hears of the confirmation (its administrators and the buyer who booked).
    const brandId = ok(await get('view', brand, { id: b.id })).doc.client_id;
    expect((await inbox(brandId)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('every transition, allowed and refused', () => {
  it('booked: factory proposes a date, then confirms; the brand and the inspector may not confirm; start before confirm is refused', async () => {
    const o = await order(20);
    const b = await bookOn(o);
    const notFactory = await act('confirm', brand, b);
    expect(notFactory.status).toBe(403);
    expect(msg(notFactory)).toBe('Only the factory may "Confirm" this inspection');
    expect(msg(await act('confirm', inspector, b, {}, 'zh'))).toBe('只有工厂可以“确认”此验货单');
    const early = await act('start', inspector, b);
    expect(early.status).toBe(400);
    expect(msg(early)).toBe('"Start inspection" is not possible while the inspection is Booked');
    expect(msg(await act('start', inspector, b, {}, 'zh'))).toBe('验货单当前为已预约，不能“开始检验”');
    expect(msg(await act('propose-date', factory, b, { date: 'soon' }))).toBe('请填写验货日期（YYYY-MM-DD）');
    const proposed = ok(await act('propose-date', factory, b, { date: dayIn(9) })).doc;
    expect(proposed).toMatchObject({ status: 'BOOKED', proposed_date: dayIn(9), inspection_date: dayIn(9) });
    // A stale version is a conflict, not a second step.
    expect((await act('confirm', factory, b)).status).toBe(409);
    const confirmed = ok(await act('confirm', factory, proposed)).doc;
    expect(confirmed.status).toBe('CONFIRMED');
    expect(msg(await act('confirm', factory, confirmed))).toBe('验货单当前为已确认，不能“确认”');
    // Only the chosen inspector starts: not the factory, not the brand.
    expect(msg(await act('start', factory, confirmed, {}, 'en'))).toBe('Only the inspector may "Start inspection" this inspection');
    const running = ok(await act('start', inspector, confirmed)).doc;
    expect(running.status).toBe('IN_PROGRESS');
    // Cancel only while booked or confirmed; only the brand.
    expect(msg(await act('cancel', brand, running, { reason: 'x' }))).toBe('"Cancel" is not possible while the inspection is In progress');
  });

  it('cancel: the brand, with a reason, from booked and from confirmed; never the factory', async () => {
    const o = await order(20);
    const b = await bookOn(o);
    expect(msg(await act('cancel', factory, b, { reason: 'no' }))).toBe('只有预约的品牌方可以“取消”此验货单');
    expect(msg(await act('cancel', brand, b, { reason: '  ' }))).toBe('Give a reason');
    const cancelled = ok(await act('cancel', brand, b, { reason: 'Order moved to next week' })).doc;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancel_reason: 'Order moved to next week' });
    expect(msg(await act('confirm', factory, cancelled))).toBe('验货单当前为已取消，不能“确认”');
    const b2 = await bookOn(o);
    const c2 = ok(await act('confirm', factory, b2)).doc;
    expect(ok(await act('cancel', brand, c2, { reason: 'Factory closed' })).doc.status).toBe('CANCELLED');
  });

  it('in progress: only the inspector records; a pass needs the whole sample; recording after finish is refused', async () => {
    const o = await order(20); // lot 160 → level II G, 32 pieces; major 2.5 → 2/3
    const r = await started(o);
    expect(r).toMatchObject({ code_letter: 'G', sample_size: 32 });
    expect(msg(await act('sampled', factory, r, { sampled_qty: 3 }))).toBe('只有检验方可以“记录”此验货单');
    expect(msg(await act('sampled', inspector, r, { sampled_qty: 33 }))).toBe('Pieces inspected must be a whole number from 0 to the sample size 32');
    const counted = ok(await act('sampled', inspector, r, { sampled_qty: 20 }));
    expect(counted.doc.sampled_qty).toBe(20);
    const early = await act('finish', inspector, counted.doc);
    expect(msg(early)).toBe('Inspect all 32 sampled pieces before a pass (20 so far)');
    expect(msg(await act('defect', inspector, counted.doc, { defect_code: 'HOLE', defect_class: 'fatal', qty: 1 }))).toBe('A defect needs a code, a class (critical, major or minor) and a count of at least 1');
    expect(msg(await act('defect', inspector, counted.doc, { defect_code: 'HOLE', defect_class: 'major', qty: 1, photos: 'x.jpg' }))).toBe('Photos must be a list of at most 10 uploaded file ids');
    const withDefect = ok(await act('defect', inspector, counted.doc, { defect_code: 'HOLE', defect_class: 'major', qty: 1, photos: ['a.jpg'], client_key: 'k-1' }));
    // A resend with the same key records it once.
    const again = ok(await act('defect', inspector, withDefect.doc, { defect_code: 'HOLE', defect_class: 'major', qty: 1, photos: ['a.jpg'], client_key: 'k-1' }));
    expect(again.doc.defects).toHaveLength(1);
    expect(again.doc.major_count).toBe(1);
    const reading = ok(await act('reading', inspector, again.doc, { point: 'Chest', size: 'M', piece: 1, spec: '52', tolerance: '1', measured: '53.0001' }));
    expect(reading.doc.readings[0]).toMatchObject({ out_of_tolerance: true, measured: '53.0001' });
    expect(msg(await act('reading', inspector, reading.doc, { point: 'Chest', size: 'M', piece: 1, spec: '52', tolerance: '1', measured: '1.00001' }))).toMatch(/^A measurement needs/);
    const all = ok(await act('sampled', inspector, reading.doc, { sampled_qty: 32 }));
    // The finishing inspector signs: no signature, or not a drawn PNG, is refused in the caller's language and changes nothing.
    expect(msg(await act('finish', inspector, all.doc, { signature: '' }))).toBe('Sign before finishing the inspection');
    expect(msg(await act('finish', inspector, all.doc, { signature: undefined }, 'zh'))).toBe('完成验货前请签名');
    expect(msg(await act('finish', inspector, all.doc, { signature: 'data:image/png;base64,AAAA' }))).toMatch(/^The signature must be drawn on the signature pad/);
    expect(msg(await act('finish', inspector, all.doc, { signature: `data:image/jpeg;base64,${SIGNATURE.split(',')[1]}` }, 'zh'))).toMatch(/^签名须在签名板上书写/);
    expect(ok(await get('view', brand, { id: all.doc.id })).doc).toMatchObject({ status: 'IN_PROGRESS', version: all.doc.version, finished_signature: null });
    const passed = ok(await act('finish', inspector, all.doc, { comment: 'ok' })).doc;
    expect(passed).toMatchObject({ status: 'PASSED', result: 'PASS', finished_signature: SIGNATURE });
    // The brand's printable report carries the signature.
    expect(ok(await get('report', brand, { id: passed.id })).doc).toMatchObject({ finished_signature: SIGNATURE, finished_by_name: expect.any(String) });
    expect(msg(await act('defect', inspector, passed, { defect_code: 'HOLE', defect_class: 'major', qty: 1 }))).toBe('Defects and measurements can be recorded only while the inspection is in progress');
    expect(msg(await act('override', brand, passed, { reason: 'x' }))).toBe('"Override verdict" is not possible while the inspection is Passed');
    expect(msg(await act('reinspect', brand, passed, { date: dayIn(3) }))).toBe('"Book re-inspection" is not possible while the inspection is Passed');
  });
});

describe('the verdict is computed at the accept and reject boundaries of each class', () => {
  // Lot 160 at level II: G, 32 pieces; critical AQL 0 → 0/1; major 2.5 → 2/3; minor 4.0 → 3/4 — normal
  // inspection: each case is a style of its own, whose earlier lots cannot switch it to tightened.
  const cases: [string, 'critical' | 'major' | 'minor', number, 'PASSED' | 'FAILED'][] = [
    ['critical at Ac 0', 'critical', 0, 'PASSED'],
    ['critical at Re 1', 'critical', 1, 'FAILED'],
    ['major at Ac 2', 'major', 2, 'PASSED'],
    ['major at Re 3', 'major', 3, 'FAILED'],
    ['minor at Ac 3', 'minor', 3, 'PASSED'],
    ['minor at Re 4', 'minor', 4, 'FAILED'],
  ];
  for (const [name, cls, count, expected] of cases) {
    it(name, async () => {
      let r = await started(await order(20, `QC-B${++seq}`));
      if (count > 0) r = ok(await act('defect', inspector, r, { defect_code: 'X', defect_class: cls, qty: count })).doc;
      r = ok(await act('sampled', inspector, r, { sampled_qty: 32 })).doc;
      const done = ok(await act('finish', inspector, r)).doc;
      expect(done.status).toBe(expected);
      expect(done[`${cls}_count`]).toBe(count);
    });
  }
  it('a lot already rejected may be finished before the whole sample is seen', async () => {
    let r = await started(await order(20));
    r = ok(await act('defect', inspector, r, { defect_code: 'NEEDLE', defect_class: 'critical', qty: 1 })).doc;
    r = ok(await act('sampled', inspector, r, { sampled_qty: 5 })).doc;
    expect(ok(await act('finish', inspector, r)).doc).toMatchObject({ status: 'FAILED', result: 'FAIL' });
  });
});

describe('a failed final inspection blocks the shipment until a re-inspection passes or the brand overrides', () => {
  it('fail → blocked for brand and factory; re-inspection booked (still blocked) → passes → free; override with a reason', async () => {
    const o = await order(20);
    let r = await started(o);
    r = ok(await act('defect', inspector, r, { defect_code: 'SEAM-OPEN', defect_class: 'major', qty: 3 })).doc;
    const failed = ok(await act('finish', inspector, r)).doc;
    expect(failed.status).toBe('FAILED');
    expect(ok(await get('shipment-block', brand, { order_id: o.id }))).toMatchObject({ id: failed.id, status: 'FAILED' });
    expect(ok(await get('shipment-block', factory, { order_id: o.id }))).toMatchObject({ id: failed.id });
    // The factory and the inspector may not re-book or override.
    expect(msg(await act('reinspect', factory, failed, { date: dayIn(4) }))).toBe('只有预约的品牌方可以“安排复检”此验货单');
    expect(msg(await act('override', inspector, failed, { reason: 'fine' }))).toBe('Only the brand that booked it may "Override verdict" this inspection');
    expect(msg(await act('reinspect', brand, failed, { date: 'x' }))).toBe('Give the inspection date (YYYY-MM-DD)');
    const re = ok(await act('reinspect', brand, failed, { date: dayIn(4) }));
    expect(re.doc.status).toBe('REINSPECTION');
    const next = ok(await get('view', factory, { id: re.reinspection_id })).doc;
    expect(next).toMatchObject({ inspection_type: 'RE_INSPECTION', reinspection_of: failed.id, status: 'BOOKED', lot_size: '160' });
    expect(ok(await get('shipment-block', brand, { order_id: o.id }))).toMatchObject({ id: failed.id, status: 'REINSPECTION' });
    let n = ok(await act('confirm', factory, next)).doc;
    n = ok(await act('start', inspector, n)).doc;
    n = ok(await act('sampled', inspector, n, { sampled_qty: 32 })).doc;
    expect(ok(await act('finish', inspector, n)).doc.status).toBe('PASSED');
    expect(ok(await get('shipment-block', factory, { order_id: o.id }))).toBeNull();

    // Another order: the brand overrides the failure (a recorded decision with its reason).
    const o2 = await order(20);
    let r2 = await started(o2);
    r2 = ok(await act('defect', inspector, r2, { defect_code: 'NEEDLE', defect_class: 'critical', qty: 1 })).doc;
    const f2 = ok(await act('finish', inspector, r2)).doc;
    expect(msg(await act('override', brand, f2, { reason: '' }, 'zh'))).toBe('请填写原因');
    const waived = ok(await act('override', brand, f2, { reason: 'Customer accepted the lot after review' })).doc;
    expect(waived).toMatchObject({ status: 'PASSED', result: 'FAIL', override_reason: 'Customer accepted the lot after review' });
    expect(ok(await get('shipment-block', brand, { order_id: o2.id }))).toBeNull();
  });

  it('the shipping area refuses to ship a blocked order, in the factory\'s language, until the brand waives it', async () => {
    const o = await order(20);
    let r = await started(o);
    r = ok(await act('defect', inspector, r, { defect_code: 'NEEDLE', defect_class: 'critical', qty: 1 })).doc;
    const failed = ok(await act('finish', inspector, r)).doc;
    const saved = ok(await call('POST', 'scmapi/shipment/save', factory, { json: { DATA: {
      carrier: 'SF Express', tracking_ref: code('SF'), planned_ship_date: dayIn(5),
      cartons: [{ carton_no: 1, gross_weight: '10.5', net_weight: '9.25', volume: '0.1' }],
      lines: [{ carton_no: 1, order_id: o.id, style_code: 'QC-100', colour: 'White', size: 'M', qty: '20' }],
    } } }));
    const shipment = ok(await call('GET', 'scmapi/shipment/shared-view', factory, { query: { id: saved.id ?? saved[0]?.id } })).doc;
    const ship = (lang: string) => call('POST', 'scmapi/shipment/ship', factory, { json: { DATA: { id: shipment.id, version: shipment.version } }, lang });
    const refused = await ship('zh');
    expect(refused.status).toBe(400);
    expect(msg(refused)).toBe(`订单${o.code}不能出货：尾期验货${failed.code}不合格（须复检合格或由品牌方放行）`);
    expect(msg(await ship('en'))).toBe(`Order ${o.code} cannot ship: its final inspection ${failed.code} failed (a re-inspection must pass or the brand must waive it)`);
    ok(await act('override', brand, failed, { reason: 'Needle found to be from the test bench, lot cleared' }));
    expect(ok(await ship('en')).status).toBe('SHIPPED');
  });
});

describe('a class without an AQL has no plan', () => {
  it('is not judged, and its re-inspection keeps it without a plan', async () => {
    let r = await started(await order(20), { aql_minor: '' });
    expect(Object.keys(r.plans).sort()).toEqual(['critical', 'major']);
    const minor = await act('defect', inspector, r, { defect_code: 'THREAD', defect_class: 'minor', qty: 2 });
    expect(minor.status).toBe(400);
    expect(msg(minor)).toBe('2 minor defects were counted but the inspection has no plan for minor defects');
    expect(msg(await act('defect', inspector, r, { defect_code: 'THREAD', defect_class: 'minor', qty: 2 }, 'zh'))).toBe('记录了2个轻微缺陷，但本次检验没有轻微缺陷的抽样方案');
    r = ok(await act('defect', inspector, r, { defect_code: 'NEEDLE', defect_class: 'critical', qty: 1 })).doc;
    const failed = ok(await act('finish', inspector, r)).doc;
    const re = ok(await act('reinspect', brand, failed, { date: dayIn(6) }));
    const next = ok(await get('view', brand, { id: re.reinspection_id })).doc;
    expect(next.aql_minor).toBeNull();
    expect(Object.keys(next.plans).sort()).toEqual(['critical', 'major']);
  });
});

describe('demo data', () => {
  it('has a booked, a passed and a failed inspection the three demo companies share', async () => {
    const rows = ok(await get('page-list', inspector, { keyword: 'QC-DEMO' })).rows;
    expect(rows.map((r: Doc) => r.code)).toEqual(['QC-DEMO-001']);
    const seen = ok(await get('page-list', factory, { keyword: 'QC-DEMO', sort: 'code', order: 'asc' })).rows;
    expect(seen.map((r: Doc) => [r.code, r.status])).toEqual([
      ['QC-DEMO-001', 'PASSED'],
      ['QC-DEMO-002', 'FAILED'],
      ['QC-DEMO-003', 'BOOKED'],
    ]);
  });
});
