// Shop floor over real HTTP on a real database: cutting a work order into bundle tickets with
// Code 128 barcodes, scan validation (next step only, never twice) in both languages, progress
// for the factory and live to the brand, 50 concurrent scanners, and another company's 404.
import { sql } from '@seamline/server/api';
import { startTestServer, type TestServer } from '@seamline/server/testing';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, connectTo, nextEvent } from '../../../collab/server/testing';
import { client, idOf, makeWorkOrder, ok, party, type Doc, type Party } from './testing';

let srv: TestServer;
let zh: Party; // factory.admin (Chinese)
let en: Party; // super.admin in the factory (English)
let brand: Party; // brand.admin: the brand whose order it is
let mill: Party; // fabric.admin: a third company
let f: ReturnType<typeof client>;
let fEn: ReturnType<typeof client>;
let wo: { orderId: string; workOrderId: string };
let bundles: Doc[];
const P: Record<string, string> = {};

beforeAll(async () => {
  srv = await startTestServer();
  zh = await party(srv, 'factory.admin');
  en = await party(srv, 'super.admin', 'Demo Garment Factory');
  brand = await party(srv, 'brand.admin');
  mill = await party(srv, 'fabric.admin');
  f = client(srv, zh);
  fEn = client(srv, en);
  for (const code of ['SEW-COLLAR', 'SEW-SLEEVE', 'SEW-ASSEMBLE', 'PACK-CARTON', 'FIN-PRESS']) P[code] = await idOf(srv, 'md_process', zh.clientId, 'process_code', code);
  // 45 M + 30 L in bundles of 20: 20, 20, 5 and 20, 10.
  wo = await makeWorkOrder(srv, zh.clientId, brand.clientId, 'WO-T-SEW', 'SEW', [
    ['Navy', 'M', 45],
    ['Navy', 'L', 30],
  ]);
});
afterAll(() => srv?.close());

const scan = (code: string, process: string, p = f) => p.post('vfapi/scan/validate', { code, process_id: P[process], station: 'S1' });

describe('bundle tickets', () => {
  it('cuts a work order into bundles of N per colour and size, each routed through the sewing steps', async () => {
    const res = ok(await f.post('vfapi/bundle/cut', { work_order_id: wo.workOrderId, bundle_size: 20 }));
    expect(res).toEqual({ bundles: 5 });
    const tickets = ok(await f.get('vfapi/bundle/tickets', { work_order_id: wo.workOrderId }));
    bundles = tickets.bundles;
    expect(tickets.work_order.no).toBe('WO-T-SEW');
    expect(bundles.map((x) => [x.bundle_code, x.size, x.quantity])).toEqual([
      ['WO-T-SEW-001', 'M', 20],
      ['WO-T-SEW-002', 'M', 20],
      ['WO-T-SEW-003', 'M', 5],
      ['WO-T-SEW-004', 'L', 20],
      ['WO-T-SEW-005', 'L', 10],
    ]);
    expect(bundles[0].steps.map((s: Doc) => [s.seq, s.process_code])).toEqual([
      [1, 'SEW-COLLAR'],
      [2, 'SEW-SLEEVE'],
      [3, 'SEW-ASSEMBLE'],
    ]);
    expect(bundles[0].barcode).toMatch(/^<svg[^>]*viewBox/);
    // The bundle is an engine document too (list, view).
    const page = ok(await f.get('vfapi/bundle/page-list', { q: JSON.stringify({ work_order_id: wo.workOrderId }) }));
    expect(page.total).toBe(5);
  });

  it('refuses a second cut, a bad bundle size and a work order whose process is not scanned by bundle', async () => {
    const again = await fEn.post('vfapi/bundle/cut', { work_order_id: wo.workOrderId, bundle_size: 20 });
    expect([again.status, again.body.message]).toEqual([400, 'This work order already has bundle tickets']);
    const zero = await f.post('vfapi/bundle/cut', { work_order_id: wo.workOrderId, bundle_size: 0 });
    expect([zero.status, zero.body.message]).toEqual([400, '每扎件数须为 1 到 1000 的整数']);
    const fin = await makeWorkOrder(srv, zh.clientId, null, 'WO-T-FIN', 'FIN-PRESS', [['Navy', 'M', 10]]);
    const noRoute = await fEn.post('vfapi/bundle/cut', { work_order_id: fin.workOrderId, bundle_size: 5 });
    expect([noRoute.status, noRoute.body.message]).toEqual([400, 'No scanned process (scan flags) is maintained for the plant of this work order']);
  });
});

describe('scan validation', () => {
  it('refuses a step out of order, in both languages, booking nothing', async () => {
    const wrongZh = await scan('WO-T-SEW-001', 'SEW-SLEEVE');
    expect(wrongZh.status).toBe(400);
    expect(wrongZh.body.message).toMatch(/^扎号 WO-T-SEW-001 须先完成工序 /);
    const wrongEn = await scan('WO-T-SEW-001', 'SEW-SLEEVE', fEn);
    expect(wrongEn.body.message).toMatch(/^Bundle WO-T-SEW-001 must first go through /);
    const scans = ok(await f.get('vfapi/scan/list', { work_order_id: wo.workOrderId }));
    expect(scans).toEqual([]);
  });

  it('books the next step, then refuses the same step twice', async () => {
    const res = ok(await scan('wo-t-sew-001', 'SEW-COLLAR'));
    expect(res).toMatchObject({ ok: true, bundle: { code: 'WO-T-SEW-001', quantity: 20 }, process: { seq: 1, last: false } });
    expect(res.message).toMatch(/^扎号 WO-T-SEW-001:.* 已登记 20 件$/);
    const twice = await scan('WO-T-SEW-001', 'SEW-COLLAR', fEn);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/^Bundle WO-T-SEW-001 was already scanned at /);
  });

  it('refuses a process outside the route, an unknown bundle and a missing process', async () => {
    const outside = await scan('WO-T-SEW-001', 'PACK-CARTON', fEn);
    expect(outside.body.message).toMatch(/^Bundle WO-T-SEW-001 does not pass /);
    const unknown = await scan('NOPE-1', 'SEW-COLLAR', fEn);
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Unknown bundle code NOPE-1']);
    const unknownZh = await scan('NOPE-1', 'SEW-COLLAR');
    expect(unknownZh.body.message).toBe('扎号 NOPE-1 不存在');
    const noProcess = await f.post('vfapi/scan/validate', { code: 'WO-T-SEW-001' });
    expect([noProcess.status, noProcess.body.message]).toEqual([400, '请选择本工位的工序']);
  });

  it('walks a bundle through its route; the last step completes pieces of the work order', async () => {
    expect(ok(await scan('WO-T-SEW-001', 'SEW-SLEEVE')).process.seq).toBe(2);
    const last = ok(await scan('WO-T-SEW-001', 'SEW-ASSEMBLE'));
    expect(last.process).toMatchObject({ seq: 3, last: true });
    const again = await scan('WO-T-SEW-001', 'SEW-ASSEMBLE', fEn);
    expect(again.body.message).toMatch(/already scanned/);
    const view = ok(await f.get('scmapi/work-order/view', { id: wo.workOrderId }));
    expect(view.completed_qty).toBe('20.0000');
    // 3 steps × 75 pieces planned, 3 × 20 done: 26.6667 %.
    expect(view.progress).toBe('26.6667');
    const bundle = ok(await f.get('vfapi/bundle/view', { id: bundles[0].id }));
    expect([bundle.status, bundle.done_steps]).toEqual(['done', 3]);
  });
});

describe('a scanned bundle', () => {
  it('keeps its work order, quantity and route and cannot be deleted; other fields stay editable', async () => {
    const scanned = ok(await f.get('vfapi/bundle/view', { id: bundles[0].id }));
    const save = await srv.call('POST', 'vfapi/bundle/save', { token: en.token, json: { DATA: { id: scanned.id, version: scanned.version, quantity: 19 } } });
    expect(save.status).toBe(422);
    expect(save.body.data.errors._document).toEqual(['A scanned bundle keeps its work order, quantity and route, and cannot be deleted']);
    const del = await fEn.post('vfapi/bundle/delete', [scanned.id]);
    expect([del.status, del.body.data?.warning]).toEqual([400, 'IN_USE']);
    const forced = await srv.call('POST', 'vfapi/bundle/delete', { token: zh.token, json: { DATA: [scanned.id], force: '1' } });
    expect([forced.status, forced.body.message]).toEqual([400, '已扫描的扎票不能更改工单、件数和工艺路线,也不能删除']);
    const colour = await f.save('bundle', { id: scanned.id, version: scanned.version, colour: 'Navy blue' }, 'vfapi');
    expect(colour.colour).toBe('Navy blue');
  });
});

describe('progress', () => {
  it('is read by the factory per work order and by the brand per customer order; not by a third company', async () => {
    const [factory] = ok(await f.get('vfapi/progress', { work_order_id: wo.workOrderId }));
    expect(factory.processes.map((p: Doc) => [p.seq, p.planned_qty, p.done_qty])).toEqual([
      [1, 75, 20],
      [2, 75, 20],
      [3, 75, 20],
    ]);
    const forBrand = ok(await client(srv, brand).get('vfapi/progress', { order_id: wo.orderId }));
    expect(forBrand).toEqual([factory]);
    // A third company: the order is not found (issue 23: not an empty list).
    expect((await client(srv, mill).get('vfapi/progress', { order_id: wo.orderId })).status).toBe(404);
    expect((await client(srv, mill).get('vfapi/progress', { work_order_id: wo.workOrderId })).status).toBe(404);
  });

  it('is pushed live to the factory and to the brand after a cut and each booked scan, never after a refused one', async () => {
    const sockets: Socket[] = [];
    try {
      const listen = async (p: Party) => {
        const s = await connectSocket(srv.url, { token: p.token });
        sockets.push(s);
        expect((await connectTo(s, p.userId, p.clientId)).ok).toBe(true);
        return s;
      };
      const [fs, bs, ms] = await Promise.all([listen(zh), listen(brand), listen(mill)]);
      // Cutting a work order of the brand's order announces its (empty) progress to the brand.
      const other = await makeWorkOrder(srv, zh.clientId, brand.clientId, 'WO-T-LIVE', 'SEW', [['Red', 'S', 10]]);
      const announced = nextEvent<Doc>(bs, 'WO_PROGRESS');
      ok(await f.post('vfapi/bundle/cut', { work_order_id: other.workOrderId, bundle_size: 10 }));
      expect(await announced).toMatchObject({ work_order_id: other.workOrderId, order_id: other.orderId, processes: [{ done_qty: 0 }, { done_qty: 0 }, { done_qty: 0 }] });
      const got: Doc[] = [];
      ms.on('WO_PROGRESS', (p: Doc) => got.push(p));
      bs.on('WO_PROGRESS', (p: Doc) => got.push({ refused: p }));
      // A refused scan pushes nothing: the next event the brand sees is the booked one.
      expect((await scan('WO-T-SEW-002', 'SEW-SLEEVE')).status).toBe(400);
      bs.off('WO_PROGRESS');
      const atBrand = nextEvent<Doc>(bs, 'WO_PROGRESS');
      const atFactory = nextEvent<Doc>(fs, 'WO_PROGRESS');
      ok(await scan('WO-T-SEW-002', 'SEW-COLLAR'));
      const [b, fa] = await Promise.all([atBrand, atFactory]);
      expect(b).toEqual(fa);
      expect(b.order_id).toBe(wo.orderId);
      expect(b.processes[0]).toMatchObject({ seq: 1, done_qty: 40 });
      expect(got).toEqual([]); // neither the third company nor a refused scan
    } finally {
      for (const s of sockets) s.close();
    }
  });
});

describe('50 concurrent scanners on one work order', () => {
  it('books each bundle once per step: no scan lost, none twice', async () => {
    const race = await makeWorkOrder(srv, zh.clientId, brand.clientId, 'WO-T-RACE', 'SEW', [['Black', 'S', 100]]);
    expect(ok(await f.post('vfapi/bundle/cut', { work_order_id: race.workOrderId, bundle_size: 4 }))).toEqual({ bundles: 25 });
    const codes = Array.from({ length: 25 }, (_, i) => `WO-T-RACE-${String(i + 1).padStart(3, '0')}`);
    // Every bundle scanned twice at once at its first step: 50 requests, 25 must win.
    const results = await Promise.all([...codes, ...codes].map((code) => scan(code, 'SEW-COLLAR')));
    const won = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(won.length).toBe(25);
    expect(refused.map((r) => r.status)).toEqual(Array(25).fill(400));
    for (const r of refused) expect(r.body.message).toMatch(/^扎号 WO-T-RACE-\d{3} 已在工序 .* 扫描过$/);
    expect(new Set(won.map((r) => r.body.data.results.bundle.code)).size).toBe(25);
    const [progress] = ok(await f.get('vfapi/progress', { work_order_id: race.workOrderId }));
    expect(progress.processes[0]).toMatchObject({ planned_qty: 100, done_qty: 100 });
    const rows = await srv.db.asSystem((tx) => tx.execute(sql`select count(*)::int as n, sum(quantity)::int as q from vf_scan where work_order_id = ${race.workOrderId}`));
    expect((rows as unknown as { rows: Doc[] }).rows[0]).toEqual({ n: 25, q: 100 });
  });
});

describe('another company', () => {
  it('gets 404 on bundles, tickets and scans, and cannot book a scan of the factory', async () => {
    const m = client(srv, mill);
    const b = client(srv, brand);
    for (const other of [m, b]) {
      expect((await other.get('vfapi/bundle/view', { id: bundles[1].id })).status).toBe(404);
      expect((await other.get('vfapi/bundle/tickets', { work_order_id: wo.workOrderId })).status).toBe(404);
      expect((await other.get('vfapi/scan/list', { work_order_id: wo.workOrderId })).status).toBe(404);
      expect((await other.post('vfapi/bundle/cut', { work_order_id: wo.workOrderId, bundle_size: 5 })).status).toBe(404);
    }
    const fromMill = await m.post('vfapi/scan/validate', { code: 'WO-T-SEW-004', process_id: P['SEW-COLLAR'] });
    expect(fromMill.status).toBe(400);
    expect(fromMill.body.message).toBe('扎号 WO-T-SEW-004 不存在');
    const scans = ok(await f.get('vfapi/scan/list', { work_order_id: wo.workOrderId })) as Doc[];
    expect(scans.map((s) => s.bundle_code)).not.toContain('WO-T-SEW-004');
  });
});

describe("the customer order's produced quantity", () => {
  const produced = async (p = f, id = wo.orderId) => ok(await p.get('scmapi/customer-order/shared-view', { id })).doc.produced_qty;
  const scanIdOf = async (bundle: string, process: string) =>
    (ok(await f.get('vfapi/scan/list', { work_order_id: wo.workOrderId })) as Doc[]).find((s) => s.bundle_code === bundle && s.process_name === process)!.id as string;

  it('counts the pieces through the last step of the last scanned work order, for factory and brand', async () => {
    // WO-T-SEW-001 went through all three sewing steps (20 pieces); -002 only through the first.
    expect(await produced()).toBe('20.0000');
    expect(await produced(client(srv, brand))).toBe('20.0000');
    // The same order gets a cutting work order before sewing and a finishing one after it:
    // cutting scans do not make garments, finishing is not scanned by bundle, so sewing still counts.
    const cutWo = await srv.db.asSystem(async (tx) => {
      const one = (r: unknown) => (r as { rows: Doc[] }).rows[0]!;
      const sew = one(await tx.execute(sql`update ord_work_order set sequence = 2 where id = ${wo.workOrderId} returning plant_id`));
      const cut = one(
        await tx.execute(sql`insert into ord_work_order (client_id, code, customer_order_id, style_code, plant_id, process_id, sequence, qty, status)
          values (${zh.clientId}, 'WO-T-CUT', ${wo.orderId}, 'ST-100', ${sew.plant_id}, (select id from md_process where client_id = ${zh.clientId} and process_code = 'CUT'), 1, 75, 'ACTIVE') returning id`),
      );
      await tx.execute(sql`insert into ord_work_order_sizes (client_id, parent_id, seq, colour, size, qty) values (${zh.clientId}, ${cut.id}, 0, 'Navy', 'M', 75)`);
      await tx.execute(sql`insert into ord_work_order (client_id, code, customer_order_id, style_code, plant_id, process_id, sequence, qty, status)
          values (${zh.clientId}, 'WO-T-FIN-2', ${wo.orderId}, 'ST-100', ${sew.plant_id}, (select id from md_process where client_id = ${zh.clientId} and process_code = 'FIN'), 3, 75, 'ACTIVE')`);
      return String(cut.id);
    });
    expect(ok(await f.post('vfapi/bundle/cut', { work_order_id: cutWo, bundle_size: 75 }))).toEqual({ bundles: 1 });
    const bundleStep = await idOf(srv, 'md_process', zh.clientId, 'process_code', 'CUT-BUNDLE');
    ok(await f.post('vfapi/scan/validate', { code: 'WO-T-CUT-001', process_id: bundleStep }));
    expect(ok(await f.get('scmapi/work-order/view', { id: cutWo })).completed_qty).toBe('75.0000');
    expect(await produced()).toBe('20.0000');
    // Bundle -002 finishes sewing: 20 more garments.
    ok(await scan('WO-T-SEW-002', 'SEW-SLEEVE'));
    ok(await scan('WO-T-SEW-002', 'SEW-ASSEMBLE'));
    expect(await produced(client(srv, brand))).toBe('40.0000');
  });

  it('a cancelled scan takes its pieces back; only the latest step of a bundle, in both languages; others get 404', async () => {
    const collar = await scanIdOf('WO-T-SEW-002', '做领上领');
    const early = await f.post('vfapi/scan/cancel', { id: collar });
    expect([early.status, early.body.message]).toEqual([400, '扎号 WO-T-SEW-002 还有后续工序的扫描:请先撤销后续扫描,再撤销工序 做领上领 的扫描']);
    expect((await fEn.post('vfapi/scan/cancel', { id: collar })).body.message).toBe('Bundle WO-T-SEW-002 has later scans: cancel those before the one at 做领上领');
    const assembly = await scanIdOf('WO-T-SEW-002', '合侧缝与卷边');
    for (const other of [client(srv, brand), client(srv, mill)]) expect((await other.post('vfapi/scan/cancel', { id: assembly })).status).toBe(404);
    const back = ok(await fEn.post('vfapi/scan/cancel', { id: assembly }));
    expect(back.message).toBe('Bundle WO-T-SEW-002: 20 pcs at 合侧缝与卷边 taken back');
    expect(back.progress.processes.map((p: Doc) => p.done_qty)).toEqual([40, 40, 20]);
    expect(await produced()).toBe('20.0000');
    expect(await produced(client(srv, brand))).toBe('20.0000');
    expect(ok(await f.get('scmapi/work-order/view', { id: wo.workOrderId })).completed_qty).toBe('20.0000');
    expect((await f.post('vfapi/scan/cancel', { id: assembly })).status).toBe(404);
    const bundle = ok(await f.get('vfapi/bundle/view', { id: bundles[1].id }));
    expect([bundle.done_steps, bundle.status]).toEqual([2, 'running']);
    const audit = await srv.db.asSystem((tx) => tx.execute(sql`select action, user_id from audit_log where record_id = ${bundles[1].id} and action = 'cancel-scan'`));
    expect((audit as unknown as { rows: Doc[] }).rows).toEqual([{ action: 'cancel-scan', user_id: en.userId }]);
    // Scanned again, the pieces count again.
    ok(await scan('WO-T-SEW-002', 'SEW-ASSEMBLE'));
    expect(await produced()).toBe('40.0000');
  });
});
