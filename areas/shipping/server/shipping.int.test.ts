// Shipment notices and receipts over real HTTP on a real database (PGlite, or PostgreSQL with
// DATABASE_URL): every transition allowed and refused in both languages, the over-ship tolerance,
// SSCCs and labels, receipts into the brand's bins through the stock ledger, a third company's
// 404 on every route, a guard of another area refusing, and 20 concurrent receipts of one shipment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { isValidGs1Key } from '../meta';
import { registerShipmentGuard } from './guards';

let srv: TestServer;
let buyer: string; // brand.buyer (BUYER role)
let brandAdmin: string; // brand.admin
let factory: string; // factory.admin
let fabric: string; // fabric.admin: a third company
let factoryId: string;
let binA: string;
let binB: string;

type Doc = Record<string, any>;
type Lang = 'en' | 'zh';

const call = (method: string, path: string, token: string, lang: Lang, opts: { json?: unknown; query?: Record<string, string> } = {}) =>
  srv.call(method, path, { token, headers: { 'x-seamline-lang': lang }, ...opts });
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (path: string, token: string, data: unknown, lang: Lang = 'zh') => call('POST', path, token, lang, { json: { DATA: data } });
const get = (path: string, token: string, query: Record<string, string>, lang: Lang = 'zh') => call('GET', path, token, lang, { query });
const msg = (res: ApiResponse) => String(res.body.message);
const act = (action: string, token: string, doc: Doc, lang: Lang = 'zh') => post(`scmapi/shipment/${action}`, token, { id: doc.id, version: doc.version }, lang);

let seq = 0;
const code = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

/** A brand order on the factory, accepted: White M 60, White L 40 of a fresh style. */
async function acceptedOrder(): Promise<{ id: string; code: string; style: string }> {
  const style = code('ST').toUpperCase();
  const placed = ok(
    await post('scmapi/customer-order/place', buyer, {
      supplier_client_id: factoryId,
      code: code('PO'),
      lines: [
        { style_code: style, colour: 'White', size: 'M', qty: '60', price: '10.0000' },
        { style_code: style, colour: 'White', size: 'L', qty: '40', price: '10.0000' },
      ],
    }),
  );
  ok(await post('scmapi/customer-order/accept', factory, { id: placed.id, version: placed.version }));
  return { id: placed.id, code: placed.code, style };
}

async function view(id: string, token = factory, lang: Lang = 'zh'): Promise<Doc> {
  return ok(await get('scmapi/shipment/shared-view', token, { id }, lang));
}

/** A draft shipment: one carton per given line. */
async function draft(order: { id: string; style: string }, lines: { size: string; qty: string }[], lang: Lang = 'zh'): Promise<ApiResponse> {
  return post(
    'scmapi/shipment/save',
    factory,
    {
      carrier: 'SF Express',
      tracking_ref: code('SF'),
      planned_ship_date: '2026-12-01',
      cartons: lines.map((_, i) => ({ carton_no: i + 1, gross_weight: '10.5', net_weight: '9.25', volume: '0.1' })),
      lines: lines.map((l, i) => ({ carton_no: i + 1, order_id: order.id, style_code: order.style, colour: 'White', size: l.size, qty: l.qty })),
    },
    lang,
  );
}

async function created(res: ApiResponse): Promise<Doc> {
  const saved = ok(res);
  const id = saved.id ?? saved[0]?.id;
  return (await view(id)).doc;
}

beforeAll(async () => {
  srv = await startTestServer();
  [buyer, brandAdmin, factory, fabric] = await Promise.all(['brand.buyer', 'brand.admin', 'factory.admin', 'fabric.admin'].map(async (u) => (await login(srv.call, u)).token));
  factoryId = ok(await get('scmapi/customer-order/suppliers', buyer, {})).find((s: Doc) => s.name === 'Demo Garment')?.client_id;
  expect(factoryId).toMatch(/^[0-9a-f-]{36}$/);
  // The brand receives into its distribution centre (demo data).
  const bins = ok(await get('scmapi/warehouse-bin/page-list', brandAdmin, {}));
  if (bins.rows.length < 2) console.log(JSON.stringify(bins), JSON.stringify(ok(await get('scmapi/shipment/incoming-list', buyer, {}))));
  [binA, binB] = bins.rows.filter((b: Doc) => b.code.startsWith('DC-A')).sort((a: Doc, b: Doc) => a.code.localeCompare(b.code)).map((b: Doc) => b.id);
  expect(binB).toBeTruthy();
  // The brand grants no over-ship tolerance unless a test says so.
  ok(await post('scmapi/shipment/settings', brandAdmin, { over_ship_pct: '0' }));
}, 600_000); // the first PGlite file builds the seeded template: minutes on a loaded machine
afterAll(() => srv?.close());

describe('shipment notice: cartons, SSCCs, labels', () => {
  it('a draft gets totals and an SSCC-18 per carton from the company prefix; labels carry GS1-128 barcodes', async () => {
    const order = await acceptedOrder();
    // Garments are pieces (issue 30): 2.5 of them is refused with a field error, in both languages.
    const half = await draft(order, [{ size: 'M', qty: '2.5' }], 'en');
    expect(half.status).toBe(422);
    expect(JSON.stringify(half.body)).toContain('Please enter a whole number of pcs');
    const doc = await created(await draft(order, [{ size: 'M', qty: '30' }, { size: 'L', qty: '20' }]));
    expect(doc.status).toBe('DRAFT');
    expect(doc.total_qty).toBe('50.0000');
    expect(doc.gross_weight).toBe('21.0000');
    expect(doc.buyer_name).toBe('Demo Brand Co.');
    expect(doc.cartons).toHaveLength(2);
    for (const c of doc.cartons) {
      expect(c.sscc).toMatch(/^06901234\d{10}$/);
      expect(isValidGs1Key(c.sscc)).toBe(true);
    }
    expect(new Set(doc.cartons.map((c: Doc) => c.sscc)).size).toBe(2);
    // A saved draft keeps its SSCCs (labels may be printed already).
    ok(await post('scmapi/shipment/save', factory, { id: doc.id, version: doc.version, carrier: 'DHL', cartons: doc.cartons, lines: doc.lines }));
    const again = (await view(doc.id)).doc;
    expect(again.cartons.map((c: Doc) => c.sscc)).toEqual(doc.cartons.map((c: Doc) => c.sscc));
    const labels = ok(await get('scmapi/shipment/labels', factory, { id: doc.id }));
    expect(labels.cartons[0].svg).toContain('<svg');
    expect(labels.cartons[0].sscc_text).toBe(`(00) ${doc.cartons[0].sscc}`);
    expect(labels.cartons[0].contents[0].order_code).toBe(order.code);
    expect(labels.doc.buyer_name).toBe('Demo Brand Co.');
    // The brand does not see a draft.
    expect((await get('scmapi/shipment/shared-view', buyer, { id: doc.id })).status).toBe(404);
  });

  it('a draft may be saved half-filled; what ships must name cartons of the shipment and open orders', async () => {
    const order = await acceptedOrder();
    const bad = await created(
      await post('scmapi/shipment/save', factory, {
        cartons: [{ carton_no: 1 }],
        lines: [{ carton_no: 2, order_id: order.id, style_code: order.style, colour: 'White', size: 'M', qty: '1' }],
      }),
    );
    for (const [lang, text] of [['en', 'Carton 2 is not among the cartons of this shipment'], ['zh', '箱号 2 不在本发货单的箱列表中']] as const) {
      const res = await act('ship', factory, bad, lang);
      expect(res.status).toBe(400);
      expect(msg(res)).toBe(text);
    }
    // An order still pending acceptance cannot be shipped.
    const pending = ok(await post('scmapi/customer-order/place', buyer, { supplier_client_id: factoryId, code: code('PO'), lines: [{ style_code: 'X1', colour: 'W', size: 'M', qty: '5' }] }));
    const early = await created(await draft({ id: pending.id, style: 'X1' }, [{ size: 'M', qty: '1' }]));
    expect(msg(await act('ship', factory, early))).toContain(`订单 ${pending.code} 不可发货`);
    // A style the order does not have.
    const other = await created(await draft({ id: order.id, style: 'NOPE-1' }, [{ size: 'M', qty: '1' }], 'en'));
    expect(msg(await act('ship', factory, other, 'en'))).toBe(`NOPE-1 White M is not on order ${order.code}`);
  });
});

describe('over-ship tolerance', () => {
  it('refuses more than the open quantity beyond the buyer’s tolerance, on save and on ship, in both languages', async () => {
    const order = await acceptedOrder();
    const over = await draft(order, [{ size: 'M', qty: '61' }], 'en');
    expect(over.status).toBe(422);
    expect(JSON.stringify(over.body)).toContain(`Order ${order.code}, ${order.style} White M: shipping 61 would exceed the open quantity 60 (ordered 60, already shipped 0, over-ship tolerance 0.00%)`);
    const overZh = await draft(order, [{ size: 'M', qty: '61' }], 'zh');
    expect(JSON.stringify(overZh.body)).toContain(`发货 61 将超过未发数量 60`);
    // The brand grants 5 %: 63 of 60 pass, 64 do not.
    ok(await post('scmapi/shipment/settings', brandAdmin, { over_ship_pct: '5' }));
    try {
      expect((await draft(order, [{ size: 'M', qty: '64' }])).status).toBe(422);
      const first = await created(await draft(order, [{ size: 'M', qty: '40' }]));
      const second = await created(await draft(order, [{ size: 'M', qty: '23' }]));
      const third = await created(await draft(order, [{ size: 'M', qty: '1' }])); // drafts do not count
      ok(await act('ship', factory, first));
      ok(await act('ship', factory, second));
      const refused = await act('ship', factory, third, 'en');
      expect(refused.status).toBe(400);
      expect(msg(refused)).toContain('would exceed the open quantity 0 (ordered 60, already shipped 63, over-ship tolerance 5.00%)');
      const refusedZh = await act('ship', factory, third, 'zh');
      expect(msg(refusedZh)).toContain('超发容差 5.00%');
    } finally {
      ok(await post('scmapi/shipment/settings', brandAdmin, { over_ship_pct: '0' }));
    }
  });

  it('settings: a company administrator only, a 7–10 digit GS1 prefix, a tolerance 0–100', async () => {
    expect((await post('scmapi/shipment/settings', buyer, { over_ship_pct: '1' })).status).toBe(403);
    const bad = await post('scmapi/shipment/settings', brandAdmin, { gs1_prefix: '12', over_ship_pct: '0' }, 'en');
    expect(msg(bad)).toBe('A GS1 company prefix has 7 to 10 digits');
    expect(msg(await post('scmapi/shipment/settings', brandAdmin, { over_ship_pct: '100.5' }))).toBe('超发容差为 0 至 100 之间的百分比，最多 4 位小数');
  });
});

describe('states and transitions', () => {
  it('ship: draft → shipped by the supplier; again, by the brand, or after cancel refused with its message', async () => {
    const order = await acceptedOrder();
    let doc = await created(await draft(order, [{ size: 'M', qty: '10' }]));
    // The brand cannot ship (it cannot even see a draft).
    expect((await act('ship', buyer, doc, 'en')).status).toBe(404);
    doc = ok(await act('ship', factory, doc));
    expect(doc.status).toBe('SHIPPED');
    expect(doc.actual_ship_date).toBeTruthy();
    for (const [lang, text] of [['en', 'This shipment has already been shipped'], ['zh', '该发货单已发货']] as const) {
      const again = await act('ship', factory, doc, lang);
      expect(again.status).toBe(400);
      expect(msg(again)).toBe(text);
    }
    for (const [lang, text] of [['en', 'A shipped shipment cannot be cancelled'], ['zh', '已发货的发货单不能取消']] as const) {
      expect(msg(await act('cancel', factory, doc, lang))).toBe(text);
    }
    // Now the brand sees it and may receive it, but not ship it (403: the owner's action).
    const shared = await view(doc.id, buyer, 'en');
    expect(shared.side).toBe('counterpart');
    expect(shared.actions).toEqual(['receive']);
    const notMine = await act('ship', buyer, doc, 'en');
    expect(notMine.status).toBe(403);
    expect(msg(notMine)).toBe('Only the company that owns the document may do this');
    // A shipped notice is frozen: no save, no delete.
    const save = await post('scmapi/shipment/save', factory, { id: doc.id, version: doc.version, carrier: 'X' }, 'en');
    expect(save.status).toBe(422);
    expect(JSON.stringify(save.body)).toContain('Only a draft shipment can be changed');
  });

  it('cancel: draft → cancelled; a cancelled notice cannot ship, the brand never sees it', async () => {
    const order = await acceptedOrder();
    let doc = await created(await draft(order, [{ size: 'L', qty: '5' }]));
    doc = ok(await act('cancel', factory, doc));
    expect(doc.status).toBe('CANCELLED');
    expect(msg(await act('ship', factory, doc, 'en'))).toBe('Ship is not possible while the document is Cancelled');
    expect(msg(await act('ship', factory, doc, 'zh'))).toBe('单据当前为已取消，不能发货');
    expect((await get('scmapi/shipment/shared-view', buyer, { id: doc.id })).status).toBe(404);
  });

  it('receive: shipped → partly received → received; differences need a reason; the supplier sees them', async () => {
    const order = await acceptedOrder();
    let doc = await created(await draft(order, [{ size: 'M', qty: '30' }, { size: 'L', qty: '20' }]));
    const [c1, c2] = doc.cartons;
    // Not shipped yet: the brand cannot see it.
    expect((await post('scmapi/shipment/receive', buyer, { id: doc.id, cartons: [c1.id], bin_id: binA })).status).toBe(404);
    doc = ok(await act('ship', factory, doc));
    // The supplier cannot receive its own shipment.
    const own = await post('scmapi/shipment/receive', factory, { id: doc.id, cartons: [c1.id], bin_id: binA }, 'en');
    expect(own.status).toBe(403);
    expect(msg(own)).toBe('Only the other company of the document may do this');
    const line1 = doc.lines.find((l: Doc) => l.carton_no === 1);
    const noReason = await post('scmapi/shipment/receive', buyer, { id: doc.id, cartons: [c1.id], bin_id: binA, lines: [{ line_id: line1.id, received_qty: '29', damaged_qty: '1' }] }, 'en');
    expect(noReason.status).toBe(400);
    const half = await post('scmapi/shipment/receive', buyer, { id: doc.id, cartons: [c1.id], bin_id: binA, lines: [{ line_id: line1.id, received_qty: '29.5', reason: 'x' }] }, 'en');
    expect(half.status).toBe(400);
    expect(msg(half)).toBe('Counted and damaged quantities are whole pieces, 0 or more');
    expect(msg(noReason)).toBe(`${order.style} White M: give a reason for the difference (shipped 30, received 29, damaged 1)`);
    expect(msg(await post('scmapi/shipment/receive', buyer, { id: doc.id, cartons: [], bin_id: binA }, 'zh'))).toBe('请勾选或扫描至少一箱');
    expect(msg(await post('scmapi/shipment/receive', buyer, { id: doc.id, cartons: [c1.id] }, 'en'))).toBe('Choose the bin the goods go into');
    const before = ok(await get('scmapi/stock/list', brandAdmin, { bin_id: binA }));
    const qtyOf = (rows: Doc[], size: string) => rows.find((r) => r.style_code === order.style && r.size === size)?.quantity ?? '0';
    const r1 = ok(await post('scmapi/shipment/receive', buyer, { id: doc.id, cartons: [c1.id], bin_id: binA, lines: [{ line_id: line1.id, received_qty: '29', damaged_qty: '1', reason: 'one short, one stained' }] }));
    expect(r1.doc.status).toBe('PARTLY_RECEIVED');
    expect(r1.doc.received_qty).toBe('29.0000');
    expect(qtyOf(before, 'M')).toBe('0');
    expect(qtyOf(ok(await get('scmapi/stock/list', brandAdmin, { bin_id: binA })), 'M')).toBe('28.0000'); // damaged not stocked
    // The supplier sees the state and the difference.
    const seen = await view(doc.id, factory);
    expect(seen.doc.status).toBe('PARTLY_RECEIVED');
    expect(seen.received).toEqual([expect.objectContaining({ line_id: line1.id, shipped_qty: '30.0000', received_qty: '29.0000', damaged_qty: '1.0000', reason: 'one short, one stained' })]);
    // The same carton again: refused, nothing posted.
    const twice = await post('scmapi/shipment/receive', buyer, { id: doc.id, cartons: [c1.id, c2.id], bin_id: binB }, 'en');
    expect(msg(twice)).toBe(`Carton ${c1.sscc} has already been received`);
    expect(qtyOf(ok(await get('scmapi/stock/list', brandAdmin, { bin_id: binB })), 'L')).toBe('0');
    const r2 = ok(await post('scmapi/shipment/receive', brandAdmin, { id: doc.id, cartons: [c2.id], bin_id: binB }));
    expect(r2.doc.status).toBe('RECEIVED');
    expect(r2.doc.received_qty).toBe('49.0000');
    expect(r2.actions).toEqual([]);
    for (const [lang, token, text] of [['en', buyer, 'Every carton of this shipment has been received already'], ['zh', brandAdmin, '该发货单的所有箱已收货']] as const) {
      expect(msg(await post('scmapi/shipment/receive', token, { id: doc.id, cartons: [c2.id], bin_id: binB }, lang))).toBe(text);
    }
    // A bin of another company is not the brand's.
    const factoryBin = ok(await get('scmapi/warehouse-bin/page-list', factory, {})).rows[0].id;
    const order2 = await acceptedOrder();
    let d2 = await created(await draft(order2, [{ size: 'M', qty: '1' }]));
    d2 = ok(await act('ship', factory, d2));
    expect(msg(await post('scmapi/shipment/receive', buyer, { id: d2.id, cartons: [d2.cartons[0].id], bin_id: factoryBin }, 'en'))).toBe('That bin is not one of your warehouse bins');
    expect(ok(await get('scmapi/stock/check', brandAdmin, {})).ok).toBe(true);
    // The supplier was told live (its inbox), the brand too when it shipped.
    const incoming = ok(await get('scmapi/shipment/incoming-list', buyer, { code: doc.code }));
    expect(incoming.rows.map((r: Doc) => r.id)).toEqual([doc.id]);
    expect(incoming.rows[0].supplier_name).toBe('Demo Garment Factory');
  });

  it('a guard of another area (quality) refuses the ship with its own message', async () => {
    const order = await acceptedOrder();
    const doc = await created(await draft(order, [{ size: 'M', qty: '2' }]));
    const remove = registerShipmentGuard('test-failed-inspection', async ({ orders }) =>
      orders.some((o) => o.id === order.id) ? { key: 'orders.badState', params: { action: 'Ship', status: 'blocked by a failed final inspection' } } : null,
    );
    try {
      const refused = await act('ship', factory, doc, 'en');
      expect(refused.status).toBe(400);
      expect(msg(refused)).toBe('Ship is not possible while the document is blocked by a failed final inspection');
    } finally {
      remove();
    }
    expect(ok(await act('ship', factory, doc)).status).toBe('SHIPPED');
  });
});

describe('who sees what', () => {
  it('a third company gets 404 on every route of a shipment; lists do not show it', async () => {
    const order = await acceptedOrder();
    let doc = await created(await draft(order, [{ size: 'M', qty: '3' }]));
    doc = ok(await act('ship', factory, doc));
    for (const res of [
      await get('scmapi/shipment/shared-view', fabric, { id: doc.id }),
      await get('scmapi/shipment/labels', fabric, { id: doc.id }),
      await get('scmapi/shipment/view', fabric, { id: doc.id }),
      await act('ship', fabric, doc),
      await act('cancel', fabric, doc),
      await post('scmapi/shipment/receive', fabric, { id: doc.id, cartons: [doc.cartons[0].id], bin_id: binA }),
      await post('scmapi/shipment/save', fabric, { id: doc.id, version: doc.version, carrier: 'X' }),
      // The brand reaches it only through the shared routes, never the supplier's engine ones.
      await get('scmapi/shipment/view', buyer, { id: doc.id }),
    ]) expect(res.status).toBe(404);
    expect(ok(await get('scmapi/shipment/incoming-list', fabric, {})).rows.some((r: Doc) => r.id === doc.id)).toBe(false);
    expect(ok(await get('scmapi/shipment/page-list', fabric, { q: JSON.stringify({ code: doc.code }) })).total).toBe(0);
  });

  it('the brand’s incoming list pages, sorts and filters', async () => {
    const all = ok(await get('scmapi/shipment/incoming-list', buyer, { 'p': JSON.stringify({ page: 1, size: 2 }), sort: 'code', order: 'asc' }));
    expect(all.rows.length).toBeLessThanOrEqual(2);
    expect(all.total).toBeGreaterThanOrEqual(4); // the demo shipments in each state the brand may see, and this file's
    const sorted = [...all.rows.map((r: Doc) => r.code)].sort();
    expect(all.rows.map((r: Doc) => r.code)).toEqual(sorted);
    const received = ok(await get('scmapi/shipment/incoming-list', buyer, { status: 'RECEIVED' }));
    expect(received.rows.every((r: Doc) => r.status === 'RECEIVED')).toBe(true);
    expect(ok(await get('scmapi/shipment/incoming-list', buyer, { code: 'ASN-DEMO-0' })).rows.map((r: Doc) => r.status).sort()).toEqual(['PARTLY_RECEIVED', 'RECEIVED', 'SHIPPED']);
  });
});

describe('material orders for the shipment form (issue 27)', () => {
  it("the mill lists its confirmed material orders with the material, unit and what is open; the buyer and a third company see none of them", async () => {
    const vendor = ok(await get('mdapi/vendor/page-list', factory, { q: JSON.stringify({ code: 'V2001' }) })).rows[0].id;
    let mo = ok(await post('scmapi/material-order/save', factory, { code: code('MO-SF'), vendor_id: vendor, lines: [{ material_code: 'FB-POPLIN', qty: '100.5', price: '19.2' }, { material_code: 'LB-DB-MAIN', qty: '30', price: '0.5' }] }));
    mo = ok(await get('scmapi/material-order/view', factory, { id: mo.id }));
    const mine = async (token: string, id?: string) => (ok(await get('scmapi/shipment/material-orders', token, id ? { id } : {})) as Doc[]).filter((r) => r.material_order_id === mo.id);
    // Not confirmed yet: nothing to choose.
    expect(await mine(fabric)).toEqual([]);
    mo = ok(await post('scmapi/material-order/confirm', fabric, { id: mo.id, version: mo.version, confirmed_date: '2027-01-15' }));
    const units = Object.fromEntries(mo.lines.map((l: Doc) => [l.material_code, l.unit]));
    expect(await mine(fabric)).toEqual([
      { material_order_id: mo.id, code: mo.code, buyer_name: 'Demo Garment Factory', confirmed_date: '2027-01-15', material_code: 'FB-POPLIN', unit: units['FB-POPLIN'], ordered: '100.5000', open: '100.5000' },
      { material_order_id: mo.id, code: mo.code, buyer_name: 'Demo Garment Factory', confirmed_date: '2027-01-15', material_code: 'LB-DB-MAIN', unit: units['LB-DB-MAIN'], ordered: '30.0000', open: '30.0000' },
    ]);
    // What a shipped notice carries is no longer open; a draft's is, and the draft being edited does not count itself.
    ok(await post('scmapi/shipment/settings', fabric, { gs1_prefix: '0614142' }));
    // The demo mill numbers its notices (seed: series ASN + YYMM + 4 digits): no number typed.
    const notice = (qty: string) => ({ carrier: 'SF', cartons: [{ carton_no: 1 }], lines: [{ carton_no: 1, material_order_id: mo.id, style_code: 'FB-POPLIN', qty }] });
    const first = (await view((ok(await post('scmapi/shipment/save', fabric, notice('40'), 'en')) as Doc).id, fabric)).doc;
    const yymm = new Date().toISOString().slice(2, 7).replace('-', '');
    expect(first.code).toMatch(new RegExp(`^ASN${yymm}\\d{4}$`));
    expect((await mine(fabric)).map((r) => r.open)).toEqual(['100.5000', '30.0000']);
    ok(await act('ship', fabric, first));
    expect((await mine(fabric)).map((r) => r.open)).toEqual(['60.5000', '30.0000']);
    expect((await mine(fabric, first.id)).map((r) => r.open)).toEqual(['100.5000', '30.0000']);
    // The factory placed it (it is not its supplier); the brand has nothing to do with it.
    expect(await mine(factory)).toEqual([]);
    expect(await mine(buyer)).toEqual([]);
  });
});

describe('concurrency', () => {
  it('20 concurrent receipts of one shipment post exactly what was shipped, once', async () => {
    const order = await acceptedOrder();
    let doc = await created(await draft(order, [{ size: 'M', qty: '12' }, { size: 'L', qty: '8' }]));
    doc = ok(await act('ship', factory, doc));
    const cartons = doc.cartons.map((c: Doc) => c.id);
    const tokens = [buyer, brandAdmin];
    // Half try both cartons, the others one carton each, all at once.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('scmapi/shipment/receive', tokens[i % 2]!, { id: doc.id, cartons: i % 2 ? cartons : [cartons[i % 4 === 0 ? 0 : 1]], bin_id: binA }, 'en')),
    );
    const wins = results.filter((r) => r.status === 200);
    expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    expect(wins.length).toBeGreaterThanOrEqual(1);
    expect(wins.length).toBeLessThanOrEqual(2);
    for (const r of results.filter((x) => x.status === 400)) expect(msg(r)).toMatch(/has already been received|Every carton of this shipment has been received already/);
    const after = await view(doc.id, factory);
    expect(after.doc.status).toBe('RECEIVED');
    expect(after.doc.received_qty).toBe('20.0000');
    expect(after.received).toHaveLength(2);
    const stock = ok(await get('scmapi/stock/list', brandAdmin, { bin_id: binA })).filter((r: Doc) => r.style_code === order.style);
    expect(stock.map((r: Doc) => `${r.size}:${r.quantity}`).sort()).toEqual(['L:8.0000', 'M:12.0000']);
    expect(ok(await get('scmapi/stock/check', brandAdmin, {})).ok).toBe(true);
  });
});
