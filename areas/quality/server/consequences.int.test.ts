// Issue 25, what an inspection result sets off, over real HTTP on a real database: the failed
// inspection's exception ticket on the factory's side (defects, photos, the brand's penalty and
// deduction; a fourth company reads nothing), the vendor KPI of its month (QF-07), the control
// tower's three figures and the lists they open, the printable report and its workbook, and the
// switching rules choosing the next booking's severity.
import { download, login, readXlsx, startTestServer, type TestServer } from '@seamline/server/testing';
import { inspectionCalls, ok, type Doc } from './testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 240_000 });

let srv: TestServer;
let brand: string; // brand.buyer (en)
let factory: string; // factory.admin (zh)
let inspector: string; // inspect.admin (en)
let fourth: string; // fabric.admin
let factoryId: string;
let inspectId: string;

const { call, post, get, act } = inspectionCalls(() => srv);
const today = () => new Date().toISOString().slice(0, 10);
let seq = 0;
const code = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

/** A customer order of one style on the factory, accepted; 8 lines × `perLine` pieces. */
async function order(perLine: number, style = 'QC-200'): Promise<Doc> {
  const lines = ['White', 'Navy'].flatMap((colour) => ['S', 'M', 'L', 'XL'].map((size) => ({ style_code: style, colour, size, qty: String(perLine), price: '10' })));
  const placed = ok(await call('POST', 'scmapi/customer-order/place', brand, { json: { DATA: { supplier_client_id: factoryId, code: code('PO'), delivery_date: '2027-06-30', lines } } }));
  return ok(await call('POST', 'scmapi/customer-order/accept', factory, { json: { DATA: { id: placed.id, version: placed.version } } }));
}

async function book(o: Doc, extra: Doc = {}): Promise<Doc> {
  const lines = o.lines.map((l: Doc) => ({ style_code: l.style_code, colour: l.colour, size: l.size, qty: l.qty.replace(/\.0+$/, '') }));
  return ok(await post('book', brand, { customer_order_id: o.id, inspection_type: 'FINAL', inspection_date: today(), inspector_party: 'COMPANY', inspector_client_id: inspectId, lines, ...extra })).doc;
}

/** Booked → confirmed → started → the defects → finished (by the inspection company). */
async function inspected(o: Doc, defects: Doc[], extra: Doc = {}): Promise<Doc> {
  const booked = await book(o, extra);
  let doc = ok(await act('start', inspector, ok(await act('confirm', factory, booked)).doc)).doc;
  doc = ok(await act('sampled', inspector, doc, { sampled_qty: doc.sample_size })).doc;
  for (const d of defects) doc = ok(await act('defect', inspector, doc, d)).doc;
  return ok(await act('finish', inspector, doc)).doc;
}

const view = async (id: string, token = brand): Promise<Doc> => ok(await get('view', token, { id })).doc;

beforeAll(async () => {
  srv = await startTestServer();
  [brand, factory, inspector, fourth] = await Promise.all(['brand.buyer', 'factory.admin', 'inspect.admin', 'fabric.admin'].map(async (u) => (await login(srv.call, u)).token));
  factoryId = ok(await call('GET', 'scmapi/customer-order/suppliers', brand)).find((s: Doc) => s.name === 'Demo Garment')?.client_id;
  inspectId = ok(await get('inspection-companies', brand, {})).find((c: Doc) => c.code === 'DEMO_INSPECT')?.id;
  // A new migration builds the template database once: slow on a shared machine.
}, 600_000);
afterAll(() => srv?.close());

const PHOTO = '/files/11111111-1111-4111-8111-111111111111/2026/11/22222222-2222-4222-8222-222222222222.jpg';

describe('a failed inspection opens an exception ticket on the factory\'s side', () => {
  it('carries the defects, their photos and the penalty and deduction the brand set; the factory sees it; a fourth company does not', async () => {
    const o = await order(20);
    const failed = await inspected(o, [{ defect_code: 'NEEDLE', defect_class: 'critical', qty: 1, photos: [PHOTO], note: 'sleeve' }], {
      penalty_result: 'DEDUCTION', deduction_amount: '1200.5', deduction_ratio: '5', deduction_type: 'PAYMENT_OFFSET',
    });
    expect(failed).toMatchObject({ status: 'FAILED', result: 'FAIL', finished_by_name: expect.any(String) });
    // Opened in the brand's tenant once the inspector's step has committed.
    const withTicket = await vi.waitFor(async () => {
      const d = await view(failed.id);
      if (!d.ticket_id) throw new Error('no ticket yet');
      return d;
    }, { timeout: 20_000, interval: 100 });
    expect(withTicket.ticket_code).toMatch(/-TK\d{11}$/);
    const ticket = ok(await call('GET', 'vfapi/ticket/view', factory, { query: { key: withTicket.ticket_id } }));
    expect(ticket).toMatchObject({
      counterpart_client_id: factoryId,
      penalty_result: 'DEDUCTION',
      deduction_amount: '1200.5000',
      deduction_ratio: '5.0000',
      deduction_type: 'PAYMENT_OFFSET',
      status: 0,
    });
    expect(ticket.title).toContain(failed.code);
    expect(ticket.description).toContain('NEEDLE');
    expect(ticket.description).toContain('critical 1');
    expect(ticket.description).toContain('致命1');
    const comments = ok(await call('GET', 'vfapi/ticket/comments', factory, { query: { key: withTicket.ticket_id } }));
    expect(comments.rows[0].photos).toHaveLength(1);
    // The factory's administrators are members (its inbox told them).
    expect(ticket.my_role).toBe('ADMIN');
    expect((await call('GET', 'vfapi/ticket/view', fourth, { query: { key: withTicket.ticket_id } })).status).toBe(404);
    // Idempotent: the brand's later step on the failure opens no second ticket.
    const overridden = ok(await act('override', brand, await view(failed.id), { reason: 'accepted with rework' })).doc;
    expect(overridden.ticket_id).toBe(withTicket.ticket_id);
    const list = ok(await call('GET', 'vfapi/ticket/page-list', brand, { query: { q: JSON.stringify({ keyword: failed.code }) } }));
    expect(list.rows.filter((r: Doc) => r.title.includes(failed.code))).toHaveLength(1);
  });

  it('a passed inspection opens none; a bad penalty or deduction is refused at booking in the user\'s language, nothing saved', async () => {
    const o = await order(20);
    const passed = await inspected(o, []);
    expect(passed.status).toBe('PASSED');
    expect((await view(passed.id)).ticket_id).toBeNull();
    const before = ok(await get('page-list', brand, { customer_order_id: o.id })).total;
    const lines = o.lines.map((l: Doc) => ({ style_code: l.style_code, colour: l.colour, size: l.size, qty: '1' }));
    const base = { customer_order_id: o.id, inspection_type: 'FINAL', inspection_date: today(), inspector_party: 'BRAND', lines };
    const en = await post('book', brand, { ...base, deduction_ratio: '120', penalty_result: 'JAIL' });
    expect(en.status).toBe(422);
    expect(Object.keys(en.body.data.errors).sort()).toEqual(['deduction_ratio', 'penalty_result']);
    const zh = await post('book', brand, { ...base, deduction_amount: '1.23456' }, 'zh');
    expect(zh.status).toBe(422);
    expect(String(zh.body.data.errors.deduction_amount[0])).toMatch(/[\u4e00-\u9fff]/);
    expect(ok(await get('page-list', brand, { customer_order_id: o.id })).total).toBe(before);
  });
});

describe('every result feeds the vendor KPI of its month (QF-07)', () => {
  it('first-pass yield and defects per 100 pieces move with a failed final inspection', async () => {
    const period = today().slice(0, 7);
    const [garment] = ok(await call('GET', 'mdapi/vendor/page-list', brand, { query: { code: 'V1001' } })).rows ?? [];
    expect(garment?.supplier_client_id).toBe(factoryId);
    const before = ok(await call('GET', 'scmapi/vendor-kpi/figures', brand, { query: { vendor_id: garment.id, period } }));
    const kpi = ok(await call('POST', 'scmapi/vendor-kpi/save', brand, { json: { DATA: { vendor_id: garment.id, period, on_time_rate: '90', quality_rate: '99' } } }));
    const o = await order(20);
    const failed = await inspected(o, [{ defect_code: 'HOLE', defect_class: 'major', qty: 9 }]);
    expect(failed.result).toBe('FAIL');
    const after = await vi.waitFor(async () => {
      const got = ok(await call('GET', 'scmapi/vendor-kpi/figures', brand, { query: { vendor_id: garment.id, period } }));
      if (got.inspections !== (before.inspections ?? 0) + 1) throw new Error('not yet');
      return got;
    }, { timeout: 20_000, interval: 100 });
    expect(Number(after.first_pass_yield)).toBeLessThan(100);
    expect(Number(after.defects_per_100)).toBeGreaterThan(0);
    expect(after.quality_rate).toBe(after.first_pass_yield);
    // The KPI record of the month was computed again: the brand's screen shows it.
    const saved = await vi.waitFor(async () => {
      const rec = ok(await call('GET', 'scmapi/vendor-kpi/view', brand, { query: { id: kpi.id } }));
      if (rec.inspections !== after.inspections) throw new Error('not yet');
      return rec;
    }, { timeout: 20_000, interval: 100 });
    expect(saved.first_pass_yield).toBe(after.first_pass_yield);
    expect(saved.quality_rate).toBe(after.first_pass_yield);
    expect(Number(saved.total_score)).toBeLessThan(Number(kpi.total_score));
    // Refused input: 400 with the field named.
    expect((await call('GET', 'scmapi/vendor-kpi/figures', brand, { query: { vendor_id: garment.id, period: '2026-13' } })).status).toBe(400);
  });
});

describe('the control tower: inspections today, failed this week, awaiting re-inspection', () => {
  it('each figure counts the rows of the list it opens, for each party', async () => {
    const tower = async (token: string) => (ok(await call('GET', 'utilsapi/workspace/control-tower', token)) as Doc[]).filter((c) => c.key.startsWith('quality.'));
    const o = await order(20);
    const failed = await inspected(o, [{ defect_code: 'NEEDLE', defect_class: 'critical', qty: 1 }]);
    // The brand acts on the version the finish answered, whether or not its ticket has been opened meanwhile.
    ok(await act('reinspect', brand, failed, { date: today() }));
    for (const token of [brand, factory, inspector]) {
      const figures = await tower(token);
      expect(figures.map((f) => f.key).sort()).toEqual(['quality.awaiting-reinspection', 'quality.failed-week', 'quality.today']);
      for (const f of figures) {
        const view = f.url.split('view=')[1];
        expect(f.url).toBe(`/scm/index/inspection?view=${view}`);
        expect(ok(await get('page-list', token, { view })).total).toBe(f.count);
        expect(f.count).toBeGreaterThanOrEqual(1);
      }
    }
    expect((await tower(fourth)).every((f) => f.count === 0)).toBe(true);
    expect((await get('page-list', brand, { view: 'yesterday' })).status).toBe(400);
  });
});

describe('the printable report and its workbook', () => {
  it('summary, plan, defects by class, measurements, verdict and signature; a fourth company gets 404', async () => {
    const o = await order(20);
    const booked = await book(o);
    let doc = ok(await act('start', inspector, ok(await act('confirm', factory, booked)).doc)).doc;
    doc = ok(await act('sampled', inspector, doc, { sampled_qty: doc.sample_size })).doc;
    doc = ok(await act('defect', inspector, doc, { defect_code: 'STAIN', defect_class: 'major', qty: 1, photos: [PHOTO] })).doc;
    doc = ok(await act('reading', inspector, doc, { point: 'Chest width', size: 'M', piece: 1, spec: '52', tolerance: '1', measured: '53.5' })).doc;
    doc = ok(await act('finish', inspector, doc)).doc;
    const report = ok(await get('report', factory, { id: doc.id }));
    expect(report.language).toMatch(/^(en|zh)$/);
    expect(report.doc).toMatchObject({ code: doc.code, result: 'PASS', finished_by_name: expect.any(String) });
    expect(report.defects).toHaveLength(1);
    expect(report.readings[0]).toMatchObject({ point: 'Chest width', out_of_tolerance: true });
    expect(ok(await get('report', brand, { id: doc.id, lang: 'en' })).language).toBe('en');
    expect((await get('report', fourth, { id: doc.id })).status).toBe(404);

    const file = await download(srv.url, 'scmapi/inspection/report-xlsx', brand, { id: doc.id, lang: 'zh' });
    expect(file.status).toBe(200);
    const sheets = await readXlsx(file.bytes);
    expect(sheets.map((w) => w.name)).toEqual(['概要', '抽样方案', '缺陷', '尺寸测量']);
    expect(sheets[0]!.rows[1]).toEqual(['验货单号', doc.code]);
    expect(sheets[3]!.rows[1]).toEqual(['Chest width', 'M', 1, '52.0000', '1.0000', '53.5000', '是']);
    expect((await download(srv.url, 'scmapi/inspection/report-xlsx', fourth, { id: doc.id })).status).toBe(404);
    // The defect photo is the inspector's upload: the brand's screens may read it (shared files), a fourth company may not.
  });
});

describe('switching rules: per supplier and product, the server picks the next final inspection\'s severity', () => {
  it('2 of 5 lots rejected → tightened (II-B numbers), per style', async () => {
    const style = `SW-${Date.now().toString(36)}`.toUpperCase();
    const o = await order(200, style);
    expect(ok(await get('next-severity', brand, { order_id: o.id }))).toMatchObject({ severity: 'normal', reason: 'start' });
    await inspected(o, [{ defect_code: 'NEEDLE', defect_class: 'critical', qty: 1 }]);
    const second = await inspected(o, [{ defect_code: 'NEEDLE', defect_class: 'critical', qty: 1 }]);
    expect(second.severity).toBe('normal');
    expect(ok(await get('next-severity', brand, { order_id: o.id }))).toMatchObject({ severity: 'tightened', reason: 'twoOfFiveRejected', style });
    const third = await book(o);
    // Lot 1 600, level II → K; tightened major 2.5 → Ac 5 / Re 6 (normal was 7 / 8).
    expect(third).toMatchObject({ severity: 'tightened', code_letter: 'K' });
    expect(third.plans.major).toMatchObject({ accept: 5, reject: 6, severity: 'tightened' });
    // Another style at the same factory is judged on its own lots.
    const other = await order(200, `${style}-B`);
    expect(ok(await get('next-severity', brand, { order_id: other.id })).severity).toBe('normal');
    // The factory has no bookings of its own: the order is not one it placed.
    expect((await get('next-severity', factory, { order_id: o.id })).status).toBe(404);
  });
});

describe('reduced inspection: allowed by the brand, after 10 lots accepted; back to normal on a lot beyond Ac', () => {
  it('draws Table II-C (smaller sample, Ac/Re with a gap) and reinstates normal when a lot is accepted above Ac', async () => {
    const style = `RD-${Date.now().toString(36)}`.toUpperCase();
    const o = await order(200, style);
    for (let i = 0; i < 10; i++) await inspected(o, []);
    // Not allowed: 10 accepted lots change nothing.
    expect(ok(await get('next-severity', brand, { order_id: o.id }))).toMatchObject({ severity: 'normal' });
    expect(ok(await get('next-severity', brand, { order_id: o.id, allow_reduced: '1' }))).toMatchObject({ severity: 'reduced', reason: 'tenAccepted', style });
    expect((await book(o)).severity).toBe('normal');
    // Allowed: lot 1 600, level II → K; reduced = 50 pieces, major 2.5 → Ac 3 / Re 6 (normal: 125, 7 / 8).
    const reduced = await book(o, { allow_reduced: true });
    expect(reduced).toMatchObject({ severity: 'reduced', code_letter: 'K', sample_size: 50 });
    expect(reduced.plans.major).toMatchObject({ accept: 3, reject: 6, severity: 'reduced' });
    ok(await act('cancel', brand, reduced, { reason: 'rebooked' }));
    // 4 major defects: between Ac and Re — the lot is accepted, and normal is reinstated.
    const gap = await inspected(o, [{ defect_code: 'STAIN', defect_class: 'major', qty: 4 }], { allow_reduced: true });
    expect(gap).toMatchObject({ severity: 'reduced', status: 'PASSED', result: 'PASS', major_count: 4 });
    expect(ok(await get('next-severity', brand, { order_id: o.id, allow_reduced: '1' }))).toMatchObject({ severity: 'normal', reason: 'beyondAcceptOnReduced' });
    expect((await book(o, { allow_reduced: true })).severity).toBe('normal');
  });
});

describe('templates: the brand\'s catalogue and checks, measurement points from the style\'s graded chart', () => {
  it('a booking copies them; the inspector answers checks and measures against the chart\'s asymmetric tolerances', async () => {
    const style = `TPL-${Date.now().toString(36)}`.toUpperCase();
    const first = async (entity: string, q: Doc) => ok(await call('GET', `plmapi/${entity}/page-list`, brand, { query: { q: JSON.stringify(q) } })).rows[0];
    const range = await first('size', { code: 'TOPS-W' });
    const made = ok(await call('POST', 'plmapi/style/save', brand, { json: { DATA: { code: style, name: 'Template tee', size_range_id: range.id, fibre_1: 'COTTON', percent_1: '100' } } }));
    ok(await call('POST', 'plmapi/measurement-chart/save', brand, { json: { DATA: {
      code: `MC-${style}`, style_id: made.id, size_range_id: range.id, rounding: '0.5',
      points: [{ pom_code: 'A', description: 'Chest', tol_plus: '1', tol_minus: '0.5', base_value: '50', grade_rule: '2' }],
    } } }));
    const template = ok(await call('POST', 'scmapi/inspection-template/save', brand, { json: { DATA: {
      code: `T-${style}`, name: 'Knit tops', is_default: true,
      defects: [{ code: 'PILL', name_en: 'Pilling', name_zh: '起球', default_class: 'minor' }, { code: 'NEEDLE', name_en: 'Needle', name_zh: '断针', default_class: 'critical' }],
      checks: [{ check_group: 'CARTON', code: 'C-DROP', name_en: 'Carton drop test', name_zh: '外箱跌落测试' }],
    } } }));
    // A fourth company reads none of it.
    expect((await call('GET', 'scmapi/inspection-template/view', fourth, { query: { id: template.id } })).status).not.toBe(200);
    const o = await order(10, style);
    const booked = await book(o);
    expect(booked.template_id).toBe(template.id);
    expect(booked.catalogue.map((c: Doc) => c.code)).toEqual(['PILL', 'NEEDLE']);
    expect(booked.checks).toEqual([{ group: 'CARTON', code: 'C-DROP', label: { en: 'Carton drop test', zh: '外箱跌落测试' }, result: null, note: null }]);
    const m = booked.points.find((p: Doc) => p.size === 'M' && p.pom_code === 'A');
    const l = booked.points.find((p: Doc) => p.size === 'L' && p.pom_code === 'A');
    expect(m).toMatchObject({ style_code: style, spec: '50.0', tol_plus: '1.0000', tol_minus: '0.5000' });
    expect(l.spec).toBe('52.0');
    let doc = ok(await act('start', inspector, ok(await act('confirm', factory, booked)).doc)).doc;
    // Chart point: spec and tolerances are the chart's, whatever the phone sends; −0.6 is out (tol − 0.5), +0.9 is in (tol + 1).
    doc = ok(await act('reading', inspector, doc, { point: 'A', size: 'M', style_code: style, piece: 1, spec: '99', tolerance: '9', measured: '49.4' })).doc;
    doc = ok(await act('reading', inspector, doc, { point: 'Chest', size: 'M', piece: 2, measured: '50.9' })).doc;
    expect(doc.readings.map((r: Doc) => [r.spec, r.tolerance, r.tol_minus, r.out_of_tolerance])).toEqual([
      ['50.0000', '1.0000', '0.5000', true],
      ['50.0000', '1.0000', '0.5000', false],
    ]);
    doc = ok(await act('check', inspector, doc, { code: 'C-DROP', result: 'FAIL', note: 'corner crushed' })).doc;
    expect(doc.checks[0]).toMatchObject({ result: 'FAIL', note: 'corner crushed' });
    const bad = await act('check', inspector, doc, { code: 'NOPE', result: 'PASS' });
    expect(bad.status).toBe(400);
    expect((await post('check', factory, { id: doc.id, version: doc.version, code: 'C-DROP', result: 'PASS' })).status).toBe(403);
    // Another company's template cannot be named.
    const other = await post('book', brand, { customer_order_id: o.id, inspection_type: 'FINAL', inspection_date: today(), inspector_party: 'BRAND', template_id: '00000000-0000-4000-8000-000000000000', lines: [{ style_code: style, colour: 'White', size: 'M', qty: '1' }] });
    expect(other.status).toBe(400);
    // The brand's default template no longer applies to others' bookings once it is not the default.
    ok(await call('POST', 'scmapi/inspection-template/save', brand, { json: { DATA: { id: template.id, version: template.version, is_default: false } } }));
  });
});
