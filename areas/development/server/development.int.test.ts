// Style development over real HTTP on a real database: composition, BOM states and cost roll-up,
// grading and regrading, chart copy, T&A apply and re-projection with the owner's alert, and the
// two-company documents — a sample request and a quote seen by exactly the brand and the
// supplier (a third company gets 404, by row-level security, not by a filter).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, login, pngOf, startTestServer, upload, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { sql } from '@seamline/server/api';

let srv: TestServer;
let buyer: string; // brand.buyer (en), Demo Brand Co., role BUYER
let brandAdmin: string; // brand.admin (zh)
let factory: string; // factory.admin, Demo Garment Factory
let fabric: string; // fabric.admin, Demo Fabric Mill (DEV switched on below)
let ids: { brand: string; factory: string; fabric: string };
const EN = { 'x-seamline-lang': 'en' };
type Doc = Record<string, any>;

const call = (method: string, path: string, token: string, opts: { json?: unknown; query?: Record<string, string> } = {}) => srv.call(method, path, { token, headers: EN, ...opts });
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (path: string, token: string, data: unknown) => call('POST', path, token, { json: { DATA: data } });
const get = (path: string, token: string, query: Record<string, string>) => call('GET', path, token, { query });
const first = async (token: string, entity: string, q: Doc) => ok(await get(`plmapi/${entity}/page-list`, token, { q: JSON.stringify(q) })).rows[0];

beforeAll(async () => {
  srv = await startTestServer();
  const [b, ba, f, m] = await Promise.all(['brand.buyer', 'brand.admin', 'factory.admin', 'fabric.admin'].map((u) => login(srv.call, u)));
  [buyer, brandAdmin, factory, fabric] = [b.token, ba.token, f.token, m.token];
  const companies = (await srv.db.asSystem((tx) => tx.execute(sql`select id, name from client`))) as unknown as { rows: Array<{ id: string; name: string }> };
  const byName = (n: string) => companies.rows.find((c) => c.name === n)!.id;
  ids = { brand: byName('Demo Brand Co.'), factory: byName('Demo Garment Factory'), fabric: byName('Demo Fabric Mill') };
  // The mill switches on development too, so a refusal below is the document's 404, not the menu's 403.
  await srv.db.asSystem((tx) => tx.execute(sql`insert into client_menu (client_id, menu_id) select ${ids.fabric}, id from menu where code like 'DEV_%' on conflict do nothing`));
});
afterAll(() => srv?.close());

async function newStyle(code: string, extra: Doc = {}): Promise<Doc> {
  const range = await first(buyer, 'size', { code: 'TOPS-W' });
  const navy = await first(buyer, 'colour', { code: 'NAVY' });
  const white = await first(buyer, 'colour', { code: 'WHITE' });
  return ok(
    await post('plmapi/style/save', buyer, {
      code,
      name: 'Test tee',
      size_range_id: range.id,
      fibre_1: 'COTTON',
      percent_1: '60',
      fibre_2: 'POLYESTER',
      percent_2: '40',
      colourways: [{ colour_id: navy.id }, { colour_id: white.id }],
      ...extra,
    }),
  );
}

describe('styles and BOMs', () => {
  it('refuses a composition that does not add up to 100 and has no sixth slot', async () => {
    const range = await first(buyer, 'size', { code: 'TOPS-W' });
    const res = await post('plmapi/style/save', buyer, { code: 'ST-BAD', name: 'x', size_range_id: range.id, fibre_1: 'COTTON', percent_1: '60', fibre_2: 'WOOL', percent_2: '30' });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.percent_1).toEqual(['The composition must add up to 100%']);
    const six = ok(await post('plmapi/style/save', buyer, { code: 'ST-SIX', name: 'x', size_range_id: range.id, fibre_1: 'COTTON', percent_1: '100', fibre_6: 'WOOL', percent_6: '10' }));
    expect(six).not.toHaveProperty('fibre_6');
  });

  it('rolls a BOM up per colourway, exactly, with tier prices, and moves through 0/10/40/100', async () => {
    const style = await newStyle('ST-T1');
    const [navy, white] = style.colourways.map((c: Doc) => c.colour_id);
    const mats = ok(await get('mdapi/material/page-list', buyer, { p: JSON.stringify({ page: 1, size: 2 }) })).rows;
    const bom = ok(
      await post('plmapi/bom/save', buyer, {
        code: 'BOM-T1',
        style_id: style.id,
        currency: 'CNY',
        lines: [
          { material_id: mats[0].id, consumption: '1.2345', wastage_pct: '3', price: '12.3457', currency: 'CNY' },
          { material_id: mats[1].id, colour_id: navy, consumption: '0.1', price: '0.3333', currency: 'CNY' },
        ],
        tiers: [{ material_id: mats[0].id, level: 1, min_qty: '1000', price: '11' }],
      }),
    );
    expect(bom.status).toBe('0');
    const cost = ok(await get('plmapi/bom/cost', buyer, { id: bom.id }));
    const of = (list: Doc[], c: string) => list.find((x) => x.colour_id === c)!.totals.CNY;
    expect(of(cost.costs, navy)).toBe('15.7313'); // 15.6980 + 0.0333
    expect(of(cost.costs, white)).toBe('15.6980');
    expect(of(ok(await get('plmapi/bom/cost', buyer, { id: bom.id, qty: '1000' })).costs, white)).toBe('13.9869'); // 1.2345 × 1.03 × 11 = 13.986885
    expect(cost.breaks.map((b: Doc) => b.qty)).toEqual(['1000.0000']);
    const six = await post('plmapi/bom/save', buyer, { id: bom.id, version: bom.version, tiers: [{ material_id: mats[0].id, level: 6, min_qty: '1', price: '1' }] });
    expect(six.status).toBe(422);
    expect(six.body.data.errors.tiers[0].level).toEqual(['Tier levels run from 1 to 5']);
    let doc = bom;
    for (const [action, to] of [['activate', '10'], ['release', '100']]) {
      doc = ok(await post(`plmapi/bom/${action}`, buyer, { id: doc.id, version: doc.version }));
      expect(doc.status).toBe(to);
    }
    expect((await post('plmapi/bom/disable', buyer, { id: doc.id, version: doc.version })).status).toBe(400);
    // Released, it is frozen for everyone (issue 23): a save or a delete is refused, the admin's too.
    for (const token of [buyer, brandAdmin]) {
      const save = await post('plmapi/bom/save', token, { id: doc.id, version: doc.version, name: 'changed after release' });
      expect(save.status).toBe(422);
      expect(save.body.data.errors._document).toEqual(['A BOM released to production is frozen: make a new revision to change it']);
    }
    expect((await call('POST', 'plmapi/bom/delete', brandAdmin, { json: { DATA: [doc.id], force: '1' } })).status).toBe(400);
    // A change is a new revision: a copy with its lines and tiers, new, revision 2.
    const rev = ok(await post('plmapi/bom/revise', buyer, { id: doc.id }));
    expect([rev.code, rev.revision]).toEqual(['BOM-T1-R2', 2]);
    let r2 = ok(await get('plmapi/bom/view', buyer, { id: rev.id }));
    expect([r2.status, r2.revision, r2.revised_from_id, r2.lines.length, r2.tiers.length]).toEqual(['0', 2, bom.id, 2, 1]);
    expect((await post('plmapi/bom/revise', buyer, { id: rev.id })).body.message).toBe('Only a BOM released to production is revised; change this one directly');
    r2 = ok(await post('plmapi/bom/save', buyer, { id: r2.id, version: r2.version, name: 'Revised lining' }));
    // The tech pack shows which revision is in use: the released one, until the next is released.
    const inUse = async () => ok(await get('plmapi/style/tech-pack', buyer, { id: style.id })).boms.filter((b: Doc) => b.in_use).map((b: Doc) => b.code);
    expect(await inUse()).toEqual(['BOM-T1']);
    for (const action of ['activate', 'release']) r2 = ok(await post(`plmapi/bom/${action}`, buyer, { id: r2.id, version: r2.version }));
    expect(await inUse()).toEqual(['BOM-T1-R2']);
  });
});

describe('measurement charts', () => {
  it('grades on save, regrades when the rule changes, and copies from a template', async () => {
    const range = await first(buyer, 'size', { code: 'TOPS-W' });
    const chart = ok(
      await post('plmapi/measurement-chart/save', buyer, {
        code: 'MC-T1',
        size_range_id: range.id,
        rounding: '0.5',
        points: [{ pom_code: 'A', description: 'Chest', tol_plus: '1', tol_minus: '1', base_value: '50', grade_rule: '2.2' }],
      }),
    );
    expect(chart.points[0].graded).toEqual({ XS: '45.5', S: '48.0', M: '50.0', L: '52.0', XL: '54.5' });
    expect(chart.sizes).toEqual({ sizes: ['XS', 'S', 'M', 'L', 'XL'], base: 'M' });
    const regraded = ok(await post('plmapi/measurement-chart/save', buyer, { id: chart.id, version: chart.version, points: [{ ...chart.points[0], grade_rule: '1, 1, 2, 3' }] }));
    expect(regraded.points[0].graded).toEqual({ XS: '48.0', S: '49.0', M: '50.0', L: '52.0', XL: '55.0' });
    const bad = await post('plmapi/measurement-chart/save', buyer, { id: regraded.id, version: regraded.version, points: [{ ...chart.points[0], grade_rule: '1, 2' }] });
    expect(bad.status).toBe(422);
    const template = await first(buyer, 'measurement-chart', { code: 'MC-TEMPLATE-TOPS' });
    const style = await newStyle('ST-T2');
    const copy = ok(await post('plmapi/measurement-chart/copy', buyer, { source_id: template.id, style_id: style.id, code: 'MC-T2' }));
    const copied = ok(await get('plmapi/measurement-chart/view', buyer, { id: copy.id }));
    expect(copied.style_id).toBe(style.id);
    expect(copied.points.map((p: Doc) => p.pom_code)).toEqual(['A', 'B', 'C', 'D']);
    expect(copied.points[1].graded.XL).toBe('74.0');
  });
});

describe('T&A', () => {
  it('applies a config to a PO, re-projects the dependents of a late node and alerts their owner', async () => {
    const style = await first(buyer, 'style', { code: 'ST-1001' });
    const config = ok(
      await post('plmapi/follow-node-config/save', buyer, {
        code: 'TA-T1',
        name: 'Chain',
        basis: 'ORDER',
        nodes: [
          { node_code: 'CUT', node_name: 'Cut', offset_days: 100, owner_role: 'BUYER' },
          { node_code: 'SEW', node_name: 'Sew', offset_days: 110, owner_role: 'BUYER', depends_on: 'CUT' },
          { node_code: 'PACK', node_name: 'Pack', offset_days: 120, owner_role: 'BUYER', depends_on: 'SEW' },
        ],
      }),
    );
    const cyc = await post('plmapi/follow-node-config/save', buyer, { code: 'TA-CYC', name: 'x', basis: 'ORDER', nodes: [{ node_code: 'A', node_name: 'a', offset_days: 1, depends_on: 'B' }, { node_code: 'B', node_name: 'b', offset_days: 2, depends_on: 'A' }] });
    expect(cyc.status).toBe(422);
    const po = ok(await post('plmapi/po-tracking/save', buyer, { po_no: 'PO-T1', style_id: style.id, qty: '500', order_date: '2030-01-01', delivery_date: '2030-06-01' }));
    const applied = ok(await post('plmapi/node-following/apply', buyer, { config_id: config.id, po_id: po.id }));
    const plan = ok(await get('plmapi/node-following/view', buyer, { id: applied.id }));
    expect(plan.nodes.map((n: Doc) => n.planned_date)).toEqual(['2030-04-11', '2030-04-21', '2030-05-01']);
    // The plan names the date its offsets count from (issue 23: it was '—').
    expect(plan.basis_date).toBe('2030-01-01');
    expect(plan.nodes.every((n: Doc) => n.state === 'planned')).toBe(true);
    const before = ok(await get('utilsapi/notifyapi/notify-msg/index', buyer, { p: JSON.stringify({ page: 1, size: 50 }) }));
    const nodes = plan.nodes.map((n: Doc, i: number) => (i === 0 ? { ...n, actual_date: '2030-04-14' } : n));
    const late = ok(await post('plmapi/node-following/save', buyer, { id: plan.id, version: plan.version, nodes }));
    expect(late.nodes.map((n: Doc) => [n.projected_date, n.state])).toEqual([
      ['2030-04-14', 'late'],
      ['2030-04-24', 'at_risk'],
      ['2030-05-04', 'at_risk'],
    ]);
    expect(late.late_nodes).toBe(3);
    const after = ok(await get('utilsapi/notifyapi/notify-msg/index', buyer, { p: JSON.stringify({ page: 1, size: 50 }) }));
    const total = (x: Doc) => Number(x.total ?? x.rows?.length ?? 0);
    expect(total(after) - total(before)).toBe(2);
    expect(JSON.stringify(after)).toContain('node SEW Sew is now projected for 2030-04-24');
  });
});

describe('T&A on a customer order', () => {
  it('the factory applies its follow-node config to one of its customer orders (orders area)', async () => {
    const orders = ok(await get('scmapi/customer-order/page-list', factory, { p: JSON.stringify({ page: 1, size: 20 }) })).rows as Doc[];
    const order = orders.find((o) => o.delivery_date);
    expect(order).toBeTruthy();
    const config = ok(
      await post('plmapi/follow-node-config/save', factory, {
        code: 'TA-FAC',
        name: 'Factory T&A',
        basis: 'DELIVERY',
        nodes: [
          { node_code: 'CUT', node_name: 'Cut', offset_days: -10, owner_role: 'FACTORY' },
          { node_code: 'PACK', node_name: 'Pack', offset_days: -2, depends_on: 'CUT' },
        ],
      }),
    );
    const applied = ok(await post('plmapi/node-following/apply', factory, { config_id: config.id, customer_order_id: order!.id }));
    const plan = ok(await get('plmapi/node-following/view', factory, { id: applied.id }));
    expect(plan.customer_order_id).toBe(order!.id);
    expect(plan.order_ref).toBe(order!.code);
    const day = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    expect(plan.nodes.map((x: Doc) => x.planned_date)).toEqual([day(order!.delivery_date, -10), day(order!.delivery_date, -2)]);
    // The brand cannot apply its config to the factory's order: not its row.
    const brandConfig = await first(buyer, 'follow-node-config', { code: 'TA-STD' });
    expect((await post('plmapi/node-following/apply', buyer, { config_id: brandConfig.id, customer_order_id: order!.id })).status).toBe(404);
  });

  it('the demo brand’s T&A config and plan, styles, seasons and BOMs read in its language, Chinese (issue 23)', async () => {
    const cjk = /[\u4e00-\u9fff]/;
    const config = ok(await get('plmapi/follow-node-config/view', buyer, { id: (await first(buyer, 'follow-node-config', { code: 'TA-STD' })).id }));
    const plan = ok(await get('plmapi/node-following/view', buyer, { id: (await first(buyer, 'node-following', { code: 'TA-PO-2026-0001' })).id }));
    // The demo rows only (earlier tests here add their own).
    const demo = async (entity: string, codes: RegExp) =>
      ok(await get(`plmapi/${entity}/page-list`, buyer, {})).rows.filter((r: Doc) => codes.test(r.code)).map((r: Doc) => r.name);
    const styles = await demo('style', /^ST-100[12]$/);
    const seasons = await demo('season', /^SS26$/);
    const boms = await demo('bom', /^BOM-ST-100[12]/);
    const names = [config.name, ...config.nodes.map((n: Doc) => n.node_name), ...plan.nodes.map((n: Doc) => n.node_name), ...styles, ...seasons, ...boms];
    expect(names.length).toBeGreaterThanOrEqual(13 + 2 + 1 + 4);
    expect(names.filter((n) => !cjk.test(n))).toEqual([]);
  });
});

describe('sample requests and quotes between two companies', () => {
  let sample: Doc;
  let quote: Doc;

  it('lists only the brand’s platform vendors as suppliers', async () => {
    const list = ok(await get('plmapi/sampling/suppliers', buyer, {}));
    expect(list.map((s: Doc) => s.supplier_client_id)).toContain(ids.factory);
    expect(list.map((s: Doc) => s.supplier_client_id)).not.toContain(ids.brand);
  });

  it('the brand asks for a fit sample; the factory measures; out-of-tolerance is flagged; the brand approves', async () => {
    const style = await first(buyer, 'style', { code: 'ST-1001' });
    sample = ok(await post('plmapi/sampling/create', buyer, { style_id: style.id, supplier_client_id: ids.factory, sample_type: 'fit', size_code: 'L', due_date: '2030-02-01' }));
    expect(sample.points.map((p: Doc) => p.spec)).toEqual(['54.0000', '72.0000', '20.5000', '18.5000']);
    const seen = ok(await get('plmapi/sampling/view', factory, { id: sample.id }));
    expect(seen.side).toBe('supplier');
    expect(seen.can.measure).toBe(true);
    const points = seen.points.map((p: Doc, i: number) => ({ id: p.id, measured: i === 1 ? '73.5' : p.spec }));
    const bad = await post('plmapi/sampling/measure', factory, { id: seen.id, version: seen.version, points: [{ id: seen.points[0].id, measured: '1.23456' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.points[0].measured).toEqual(['Enter a number with at most 4 decimal places']);
    const measured = ok(await post('plmapi/sampling/measure', factory, { id: seen.id, version: seen.version, points, submit: true }));
    expect(measured.status).toBe('measured');
    expect(measured.out_of_tolerance).toBe(1);
    const brandView = ok(await get('plmapi/sampling/view', buyer, { id: sample.id }));
    expect(brandView.points.map((p: Doc) => p.within)).toEqual([true, false, true, true]);
    expect((await post('plmapi/sampling/approve', factory, { id: brandView.id, version: brandView.version })).status).toBe(403);
    const commented = ok(await post('plmapi/sampling/comment', buyer, { id: brandView.id, version: brandView.version, points: [{ id: brandView.points[1].id, comment: 'Shorten by 1.5 cm' }] }));
    const approved = ok(await post('plmapi/sampling/approve', buyer, { id: commented.id, version: commented.version }));
    expect(approved.status).toBe('approved');
    expect(approved.points[1].comment).toBe('Shorten by 1.5 cm');
  });

  it('asking for another round opens round 2 with the same points and no measurements', async () => {
    const style = await first(buyer, 'style', { code: 'ST-1001' });
    const s = ok(await post('plmapi/sampling/create', buyer, { style_id: style.id, supplier_client_id: ids.factory, sample_type: 'proto' }));
    expect(s.size_code).toBe('M');
    const m = ok(await post('plmapi/sampling/measure', factory, { id: s.id, version: s.version, points: s.points.map((p: Doc) => ({ id: p.id, measured: p.spec })), submit: true }));
    const next = ok(await post('plmapi/sampling/rework', buyer, { id: m.id, version: m.version }));
    expect(next.round).toBe(2);
    expect(next.status).toBe('requested');
    expect(next.points.every((p: Doc) => p.measured === null)).toBe(true);
    expect(ok(await get('plmapi/sampling/view', buyer, { id: s.id })).status).toBe('rework');
  });

  it('the supplier quotes with tier levels 1–5 (a 6th refused); the brand compares and accepts', async () => {
    const style = await first(buyer, 'style', { code: 'ST-1002' });
    quote = ok(await post('plmapi/quote/create', buyer, { style_id: style.id, supplier_client_id: ids.factory, qty: '2000', currency: 'USD' }));
    const five = [1, 2, 3, 4, 5].map((level) => ({ level, min_qty: String(level * 1000), unit_price: String(10 - level) }));
    const six = await post('plmapi/quote/save', factory, { id: quote.id, version: quote.version, material_cost: '5', labour_cost: '2', tiers: [...five, { level: 5, min_qty: '9000', unit_price: '4' }] });
    expect(six.status).toBe(422);
    expect(six.body.data.errors.tiers[5].level).toEqual(['At most 5 tier prices (levels 1 to 5)']);
    const saved = ok(await post('plmapi/quote/save', factory, { id: quote.id, version: quote.version, material_cost: '5.1234', labour_cost: '2', overhead_cost: '0.8766', margin_pct: '12.5', tiers: five }));
    expect(saved.unit_price).toBe('9.0000');
    expect((await post('plmapi/quote/submit', buyer, { id: saved.id, version: saved.version })).status).toBe(403);
    const submitted = ok(await post('plmapi/quote/submit', factory, { id: saved.id, version: saved.version }));
    expect(submitted.status).toBe('submitted');
    const cmp = ok(await get('plmapi/quote/compare', buyer, { style_id: style.id }));
    expect(cmp.quotes.map((q: Doc) => q.id)).toEqual([quote.id]);
    expect(cmp.quotes[0].tiers).toHaveLength(5);
    // Costed at 9.0000, but 2,000 pieces fall in tier 2 (from 2,000 at 8): the quote asks 8.0000
    // for its quantity, on both sides and in the comparison (issue 23).
    expect([cmp.quotes[0].price_at_qty, cmp.quotes[0].price_tier]).toEqual(['8.0000', 2]);
    expect(ok(await get('plmapi/quote/view', factory, { id: quote.id })).price_at_qty).toBe('8.0000');
    const accepted = ok(await post('plmapi/quote/accept', buyer, { id: submitted.id, version: submitted.version }));
    expect(accepted.status).toBe('accepted');
  });

  it('a third company sees neither: 404 on every call, nothing in its lists, nothing at the database', async () => {
    for (const [path, id] of [['plmapi/sampling/view', sample.id], ['plmapi/quote/view', quote.id]]) {
      expect((await get(path, fabric, { id })).status).toBe(404);
    }
    expect((await post('plmapi/sampling/comment', fabric, { id: sample.id, version: 1 })).status).toBe(404);
    expect((await post('plmapi/quote/save', fabric, { id: quote.id, version: 1, material_cost: '1' })).status).toBe(404);
    expect(ok(await get('plmapi/sampling/page-list', fabric, {})).total).toBe(0);
    expect(ok(await get('plmapi/quote/page-list', fabric, {})).total).toBe(0);
    const seen = (await srv.db.withTenant(ids.fabric, (tx) =>
      tx.execute(sql`select (select count(*) from plm_sample) + (select count(*) from plm_sample_point) + (select count(*) from plm_quote) as n`),
    )) as unknown as { rows: Array<{ n: string | number }> };
    expect(Number(seen.rows[0].n)).toBe(0);
    // Both parties do see them.
    expect(ok(await get('plmapi/sampling/view', brandAdmin, { id: sample.id })).side).toBe('brand');
    expect(ok(await get('plmapi/quote/view', factory, { id: quote.id })).side).toBe('supplier');
    expect(ok(await get('plmapi/quote/page-list', factory, { q: JSON.stringify({ side: 'supplier' }) })).rows.map((r: Doc) => r.id)).toContain(quote.id);
  });

  it('the database keeps each side to its own columns', async () => {
    const err = async (clientId: string, stmt: ReturnType<typeof sql>) => {
      try {
        await srv.db.withTenant(clientId, (tx) => tx.execute(stmt));
        return 'no error';
      } catch (e) {
        const x = e as { message?: string; cause?: { message?: string } };
        return `${x.cause?.message ?? ''} ${x.message ?? ''}`;
      }
    };
    expect(await err(ids.factory, sql`update plm_quote set brand_remarks = 'hacked' where id = ${quote.id}`)).toContain('the supplier may change only');
    expect(await err(ids.brand, sql`update plm_quote set unit_price = 1 where id = ${quote.id}`)).toContain('the brand may not change');
    expect(await err(ids.factory, sql`update plm_sample set status = 'approved' where id = ${sample.id}`)).toMatch(/row-level security|policy/);
    expect(await err(ids.factory, sql`insert into plm_sample (client_id, supplier_client_id, code, style_id, style_code, sample_type, size_code) values (${ids.brand}, ${ids.factory}, 'X', ${sample.style_id}, 'X', 'fit', 'M')`)).toMatch(/row-level security|policy/);
  });
});

describe('tech pack', () => {
  it('gathers the style, colourways, BOM with its roll-up and the graded chart', async () => {
    const style = await first(buyer, 'style', { code: 'ST-1001' });
    const pack = ok(await get('plmapi/style/tech-pack', buyer, { id: style.id }));
    expect(pack.colourways.map((c: Doc) => c.code)).toEqual(['NAVY', 'WHITE']);
    expect(pack.boms[0].lines.length).toBe(3);
    expect(pack.boms[0].cost).toHaveLength(2);
    expect(pack.charts[0].points[0].graded.XL).toBe('56.0');
    expect((await get('plmapi/style/tech-pack', factory, { id: style.id })).status).toBe(404);
  });
});

describe('issue 23: suppliers that can answer, and the images of a shared request', () => {
  it('a supplier whose sample and quote menus are off is not offered, and a request to it is refused', async () => {
    await srv.db.asSystem((tx) => tx.execute(sql`delete from client_menu where client_id = ${ids.fabric} and menu_id in (select id from menu where code in ('DEV_SAMPLING', 'DEV_QUOTE'))`));
    try {
      const list = ok(await get('plmapi/sampling/suppliers', buyer, {}));
      const mill = list.find((s: Doc) => s.supplier_client_id === ids.fabric);
      const garment = list.find((s: Doc) => s.supplier_client_id === ids.factory);
      expect([mill?.can_sample, mill?.can_quote, garment?.can_sample, garment?.can_quote]).toEqual([false, false, true, true]);
      const style = await first(buyer, 'style', { code: 'ST-1001' });
      const sampleRes = await post('plmapi/sampling/create', buyer, { style_id: style.id, supplier_client_id: ids.fabric, sample_type: 'proto' });
      expect(sampleRes.status).toBe(422);
      expect(sampleRes.body.data.errors.supplier_client_id).toEqual(['Demo Fabric Mill cannot answer sample requests or quotes on the platform (its menus for them are switched off)']);
      expect((await post('plmapi/quote/create', buyer, { style_id: style.id, supplier_client_id: ids.fabric, currency: 'CNY' })).status).toBe(422);
    } finally {
      await srv.db.asSystem((tx) => tx.execute(sql`insert into client_menu (client_id, menu_id) select ${ids.fabric}, id from menu where code like 'DEV_%' on conflict do nothing`));
    }
  });

  it('the style image on a sample request is readable by the brand and the supplier of the request, by nobody else', async () => {
    const up = await upload(srv.url, 'utilsapi/files/upload-image', buyer, [{ name: 'front.png', bytes: pngOf(40, 30) }], {}, {});
    const url = up.body.data.results[0].url as string;
    expect(url).toMatch(/^\/files\//);
    const demo = await first(buyer, 'style', { code: 'ST-1001' });
    const style = ok(await post('plmapi/style/save', buyer, { id: demo.id, version: demo.version, image: url }));
    // Before any request the file is the brand's alone.
    expect((await download(srv.url, url, factory)).status).toBe(404);
    const req = ok(await post('plmapi/sampling/create', buyer, { style_id: style.id, supplier_client_id: ids.factory, sample_type: 'proto' }));
    expect(ok(await get('plmapi/sampling/view', factory, { id: req.id })).style_image).toBe(url);
    for (const token of [buyer, factory]) {
      const got = await download(srv.url, url, token);
      expect([got.status, got.headers.get('content-type')]).toEqual([200, 'image/png']);
    }
    expect((await download(srv.url, url, fabric)).status).toBe(404);
    expect((await download(srv.url, url, undefined)).status).toBe(401);
  });
});
