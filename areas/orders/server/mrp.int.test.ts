// Issue 27, materials from the BOM, over real HTTP on a real database: the brand releases a BOM
// and places an order on the factory; the factory computes gross need from the brand's released
// BOM (exact decimals, units as in the BOM), nets it against its bins and open material orders,
// and one action makes a purchase requirement and a material order per supplier — the mill on
// the platform receives its own. A rerun never doubles (also when two runs race); after a new BOM
// revision only the difference is ordered. The brand may not run it (403); a third company gets 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDec, roundDec, subDec } from '@seamline/core';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let brand: string; // brand.buyer (en)
let factory: string; // factory.admin
let mill: string; // fabric.admin: the supplier of poplin (vendor V2001 of the factory), and a third company to the order
const EN = { 'x-seamline-lang': 'en' };
type Doc = Record<string, any>;

function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (path: string, token: string, data: unknown) => srv.call('POST', path, { token, headers: EN, json: { DATA: data } });
const get = (path: string, token: string, query: Record<string, string>) => srv.call('GET', path, { token, headers: EN, query });
const first = async (token: string, path: string, q: Doc) => ok(await get(`${path}/page-list`, token, { q: JSON.stringify(q) })).rows[0];
const uniq = () => Date.now().toString(36).toUpperCase() + Math.floor(Math.random() * 1e4);

let navy: Doc;
let white: Doc;

beforeAll(async () => {
  srv = await startTestServer();
  [brand, factory, mill] = (await Promise.all(['brand.buyer', 'factory.admin', 'fabric.admin'].map((u) => login(srv.call, u)))).map((s) => s.token);
  [navy, white] = [await first(brand, 'plmapi/colour', { code: 'NAVY' }), await first(brand, 'plmapi/colour', { code: 'WHITE' })];
}, 300_000); // a seeded server starts slowly on a busy machine
afterAll(() => srv?.close());

/** The brand's material with a code the factory also has (the factory matches BOM lines by code). */
async function brandMaterial(code: string, unit: string): Promise<string> {
  const found = await first(brand, 'mdapi/material', { code });
  if (found) return found.id;
  const vendor = await first(brand, 'mdapi/vendor', {});
  return ok(await post('mdapi/material/save', brand, { code, name: code, unit, type: 'FABRIC', vendor_id: vendor.id })).id;
}

/** A style with a released BOM: poplin for every colourway, thread for navy only. */
async function releasedStyle(poplin = '1.35'): Promise<{ style: Doc; bom: Doc }> {
  const range = await first(brand, 'plmapi/size', { code: 'TOPS-W' });
  const style = ok(
    await post('plmapi/style/save', brand, {
      code: `ST-M${uniq()}`.slice(0, 32),
      name: 'MRP tee',
      size_range_id: range.id,
      fibre_1: 'COTTON',
      percent_1: '100',
      colourways: [{ colour_id: navy.id }, { colour_id: white.id }],
    }),
  );
  let bom = ok(
    await post('plmapi/bom/save', brand, {
      code: `BOM-${style.code}`.slice(0, 40),
      style_id: style.id,
      currency: 'CNY',
      lines: [
        { material_id: await brandMaterial('FB-POPLIN', 'M'), consumption: poplin, wastage_pct: '3', unit: 'M', price: '19.2', currency: 'CNY' },
        { material_id: await brandMaterial('TH-4020', 'CONE'), colour_id: navy.id, consumption: '0.125', wastage_pct: '2.5', unit: 'CONE', price: '8.6', currency: 'CNY' },
      ],
    }),
  );
  for (const action of ['activate', 'release']) bom = ok(await post(`plmapi/bom/${action}`, brand, { id: bom.id, version: bom.version }));
  return { style, bom };
}

async function placeOrder(styleCode: string): Promise<Doc> {
  const suppliers = ok(await get('scmapi/customer-order/suppliers', brand, {}));
  const factoryId = suppliers.find((s: Doc) => s.name !== 'Demo Fabric Mill')?.client_id ?? suppliers[0].client_id;
  return ok(
    await post('scmapi/customer-order/place', brand, {
      supplier_client_id: factoryId,
      code: `CO-M${uniq()}`,
      delivery_date: '2027-03-01',
      lines: [
        { style_code: styleCode, colour: 'NAVY', size: 'M', qty: '6000', price: '40' },
        { style_code: styleCode, colour: 'Navy', size: 'L', qty: '4000', price: '40' },
        { style_code: styleCode, colour: 'WHITE', size: 'M', qty: '2000', price: '40' },
      ],
    }),
  );
}

const lineOf = (req: Doc, code: string) => req.lines.find((l: Doc) => l.material_code === code);
/** net = gross − free − on order, never below 0 (the figures the answer itself shows). */
const expectedNet = (l: Doc) => {
  const n = subDec(subDec(l.gross, l.free_stock), l.on_order);
  return n.startsWith('-') || Number(n) === 0 ? '0.0000' : roundDec(n, 4);
};

describe('materials from the BOM', () => {
  it('computes gross, free stock, on order and net exactly; orders per supplier once; a rerun orders nothing', async () => {
    const { style } = await releasedStyle();
    const order = await placeOrder(style.code);
    const req = ok(await get('scmapi/customer-order/materials', factory, { id: order.id }));
    expect(req.styles_without_bom).toEqual([]);
    const poplin = lineOf(req, 'FB-POPLIN');
    const thread = lineOf(req, 'TH-4020');
    // 12,000 pieces × 1.35 × 1.03 = 16,686 m; navy 10,000 × 0.125 × 1.025 = 1,281.25 cones (units as in the BOM).
    expect([poplin.gross, poplin.unit, poplin.vendor_code]).toEqual(['16686.0000', 'M', 'V2001']);
    expect([thread.gross, thread.unit, thread.vendor_code]).toEqual(['1281.2500', 'CONE', 'V2002']);
    for (const l of [poplin, thread]) {
      expect(l.net).toBe(expectedNet(l));
      expect([l.problem, l.ordered_for_order]).toEqual([null, '0.0000']);
    }
    expect(req.orderable).toBe(2);

    const made = ok(await post('scmapi/customer-order/order-materials', factory, { id: order.id }));
    expect(made.purchase_requirement.code).toBeTruthy();
    expect(made.material_orders).toHaveLength(2);
    const pr = ok(await get('scmapi/purchase-requirement/view', factory, { id: made.purchase_requirement.id }));
    expect(pr.lines.map((l: Doc) => l.qty).sort()).toEqual([poplin.order_qty, thread.order_qty].sort());
    // A counted unit is bought whole: 1,281.25 cones (less stock) are ordered as the next whole cone.
    expect(thread.order_qty).toMatch(/^\d+\.0000$/);
    expect(poplin.order_qty).toBe(poplin.net);
    // One material order per supplier, naming the customer order; the mill on the platform receives its own.
    const mos = await Promise.all(made.material_orders.map(async (m: Doc) => ok(await get('scmapi/material-order/view', factory, { id: m.id }))));
    const millOrder = mos.find((m) => m.vendor_client_id)!;
    expect(mos.map((m) => m.customer_order_id)).toEqual([order.id, order.id]);
    expect(millOrder.lines.map((l: Doc) => [l.material_code, l.unit, l.qty])).toEqual([['FB-POPLIN', 'M', poplin.net]]);
    const offPlatform = mos.find((m) => !m.vendor_client_id)!;
    expect(offPlatform.lines.map((l: Doc) => [l.material_code, l.unit, l.qty])).toEqual([['TH-4020', 'CONE', thread.order_qty]]);
    const received = ok(await get('scmapi/material-order/received-list', mill, { code: millOrder.code }));
    expect(received.rows.map((r: Doc) => [r.code, r.status])).toEqual([[millOrder.code, 'NEW']]);

    // Rerun: what was ordered is on order now, so nothing is left; the action is refused and writes nothing.
    const again = ok(await get('scmapi/customer-order/materials', factory, { id: order.id }));
    expect(again.lines.map((l: Doc) => [l.material_code, l.net, l.ordered_for_order])).toEqual([
      ['FB-POPLIN', '0.0000', poplin.net],
      ['TH-4020', '0.0000', thread.order_qty],
    ]);
    const twice = await post('scmapi/customer-order/order-materials', factory, { id: order.id });
    expect([twice.status, twice.body.message]).toEqual([400, `Nothing left to order for ${order.code}: free stock and open material orders cover the need`]);
    const list = ok(await get('scmapi/material-order/page-list', factory, { q: JSON.stringify({ code: { op: 'prefix', value: `MO-${order.code}` } }) }));
    expect(list.total ?? list.rows.length).toBe(2);
  });

  it('the mill ships its material order on a shipment notice, the factory receives it into a bin: on order becomes free stock', async () => {
    const { style } = await releasedStyle('1.1');
    const order = await placeOrder(style.code);
    const made = ok(await post('scmapi/customer-order/order-materials', factory, { id: order.id }));
    let mo = (await Promise.all(made.material_orders.map(async (m: Doc) => ok(await get('scmapi/material-order/view', factory, { id: m.id }))))).find((m) => m.vendor_client_id);
    const ordered = mo.lines[0].qty; // FB-POPLIN in metres
    const before = lineOf(ok(await get('scmapi/customer-order/materials', factory, { id: order.id })), 'FB-POPLIN');
    ok(await post('scmapi/shipment/settings', mill, { gs1_prefix: '0614142', over_ship_pct: '0' }));
    // A typed number wins over the mill's ASN series: each notice of this test is told apart by its own.
    const notice = (qty: string) => ({ code: `ASN-M${uniq()}`.slice(0, 40), carrier: 'SF', cartons: [{ carton_no: 1 }], lines: [{ carton_no: 1, material_order_id: mo.id, style_code: 'fb-poplin', qty }] });
    // Not yet confirmed by the mill: it does not ship.
    const saveNotice = async (qty: string): Promise<Doc> => {
      const r = ok(await post('scmapi/shipment/save', mill, notice(qty)));
      return ok(await get('scmapi/shipment/shared-view', mill, { id: r.id ?? r[0]?.id })).doc;
    };
    let draft = await saveNotice('1000.5');
    const early = await post('scmapi/shipment/ship', mill, { id: draft.id, version: draft.version });
    expect([early.status, early.body.message]).toEqual([400, `Material order ${mo.code} is not open for shipping (it must be placed on your company and confirmed)`]);
    mo = ok(await post('scmapi/material-order/confirm', mill, { id: mo.id, version: mo.version, confirmed_date: '2027-01-15' }));
    // More than is open, or a material not on the order: refused on save, in the mill's language.
    const over = await post('scmapi/shipment/save', mill, notice(addDec(ordered, '1')));
    expect(JSON.stringify(over.body)).toContain(`would exceed what is open`);
    const wrong = await srv.call('POST', 'scmapi/shipment/save', { token: mill, headers: { 'x-seamline-lang': 'zh' }, json: { DATA: { ...notice('1'), lines: [{ carton_no: 1, material_order_id: mo.id, style_code: 'TH-4020', qty: '1' }] } } });
    expect(JSON.stringify(wrong.body)).toContain(`物料订购单 ${mo.code} 中没有 TH-4020`);
    expect([draft.buyer_name, draft.lines[0].unit, draft.lines[0].style_code, draft.lines[0].qty]).toEqual(['Demo Garment Factory', 'M', 'FB-POPLIN', '1000.5000']);
    const shipped = ok(await post('scmapi/shipment/ship', mill, { id: draft.id, version: draft.version }));
    expect(shipped.status).toBe('SHIPPED');
    // The factory sees it coming and receives it into one of its bins; the brand (a third company) sees nothing.
    expect(ok(await get('scmapi/shipment/incoming-list', factory, {})).rows.map((r: Doc) => r.id)).toContain(draft.id);
    expect((await get('scmapi/shipment/shared-view', brand, { id: draft.id })).status).toBe(404);
    const bin = (ok(await get('scmapi/warehouse-bin/page-list', factory, {})) as Doc).rows[0];
    const seen = ok(await get('scmapi/shipment/shared-view', factory, { id: draft.id }));
    ok(await post('scmapi/shipment/receive', factory, { id: draft.id, cartons: seen.doc.cartons.map((c: Doc) => c.id), bin_id: bin.id }));
    mo = ok(await get('scmapi/material-order/view', factory, { id: mo.id }));
    expect([mo.status, mo.lines[0].received_qty]).toEqual(['ACCEPTED', '1000.5000']);
    // The requirement counts the receipt: 1,000.5 m less on order, as much more free stock, the same net.
    const after = lineOf(ok(await get('scmapi/customer-order/materials', factory, { id: order.id })), 'FB-POPLIN');
    expect([after.on_order, after.free_stock, after.net]).toEqual([roundDec(subDec(before.on_order, '1000.5'), 4), roundDec(addDec(before.free_stock, '1000.5'), 4), before.net]);
    // The rest ships and is received: the material order is received in full.
    let rest = await saveNotice(subDec(ordered, '1000.5'));
    rest = ok(await post('scmapi/shipment/ship', mill, { id: rest.id, version: rest.version }));
    const restView = ok(await get('scmapi/shipment/shared-view', factory, { id: rest.id }));
    ok(await post('scmapi/shipment/receive', factory, { id: rest.id, cartons: restView.doc.cartons.map((c: Doc) => c.id), bin_id: bin.id }));
    mo = ok(await get('scmapi/material-order/view', factory, { id: mo.id }));
    expect([mo.status, mo.lines[0].received_qty]).toEqual(['RECEIVED', roundDec(ordered, 4)]);
  });

  it('two runs at once order once', async () => {
    const { style } = await releasedStyle('2');
    const order = await placeOrder(style.code);
    const runs = await Promise.all([0, 1].map(() => post('scmapi/customer-order/order-materials', factory, { id: order.id })));
    expect(runs.map((r) => r.status).sort()).toEqual([200, 400]);
    const req = ok(await get('scmapi/customer-order/materials', factory, { id: order.id }));
    expect(req.lines.every((l: Doc) => l.net === '0.0000')).toBe(true);
  });

  it('after a new BOM revision only the difference is ordered', async () => {
    const { style, bom } = await releasedStyle();
    const order = await placeOrder(style.code);
    const before = ok(await get('scmapi/customer-order/materials', factory, { id: order.id }));
    ok(await post('scmapi/customer-order/order-materials', factory, { id: order.id }));
    // The brand revises the BOM: poplin 1.35 → 1.5 m per piece.
    const rev = ok(await post('plmapi/bom/revise', brand, { id: bom.id }));
    let r2 = ok(await get('plmapi/bom/view', brand, { id: rev.id }));
    r2 = ok(await post('plmapi/bom/save', brand, { id: r2.id, version: r2.version, lines: r2.lines.map((l: Doc) => (l.unit === 'M' ? { ...l, id: undefined, consumption: '1.5' } : { ...l, id: undefined })) }));
    for (const action of ['activate', 'release']) r2 = ok(await post(`plmapi/bom/${action}`, brand, { id: r2.id, version: r2.version }));
    const after = ok(await get('scmapi/customer-order/materials', factory, { id: order.id }));
    const p0 = lineOf(before, 'FB-POPLIN');
    const p1 = lineOf(after, 'FB-POPLIN');
    expect(p1.gross).toBe('18540.0000'); // 12,000 × 1.5 × 1.03
    // The difference of the gross needs is what is missing now (when stock covered none of it before).
    if (p0.free_stock === '0.0000' || p0.net !== '0.0000') {
      expect(p1.net).toBe(roundDec(subDec(addDec(p1.gross), addDec(p0.gross)), 4));
    }
    expect(lineOf(after, 'TH-4020').net).toBe('0.0000');
    const made = ok(await post('scmapi/customer-order/order-materials', factory, { id: order.id }));
    expect(made.material_orders).toHaveLength(1);
    const mo = ok(await get('scmapi/material-order/view', factory, { id: made.material_orders[0].id }));
    expect(mo.lines.map((l: Doc) => [l.material_code, l.qty])).toEqual([['FB-POPLIN', p1.net]]);
  });

  it('the brand may not plan its supplier’s materials (403); a third company gets 404', async () => {
    const { style } = await releasedStyle();
    const order = await placeOrder(style.code);
    expect((await get('scmapi/customer-order/materials', brand, { id: order.id })).status).toBe(403);
    expect((await post('scmapi/customer-order/order-materials', brand, { id: order.id })).status).toBe(403);
    expect((await get('scmapi/customer-order/materials', mill, { id: order.id })).status).toBe(404);
    expect((await post('scmapi/customer-order/order-materials', mill, { id: order.id })).status).toBe(404);
    expect((await get('scmapi/customer-order/materials', factory, { id: 'not-an-id' })).status).toBe(404);
  });

  it('a style without a released BOM is named, in Chinese too, and nothing is orderable', async () => {
    const order = await placeOrder(`ST-NONE-${uniq()}`.slice(0, 32));
    const req = ok(await get('scmapi/customer-order/materials', factory, { id: order.id }));
    expect([req.lines, req.styles_without_bom.length, req.orderable]).toEqual([[], 1, 0]);
    const res = await srv.call('POST', 'scmapi/customer-order/order-materials', { token: factory, headers: { 'x-seamline-lang': 'zh' }, json: { DATA: { id: order.id } } });
    expect([res.status, res.body.message]).toEqual([400, `订单 ${order.code} 已无需订购：可用库存与未完成的物料订购单已满足需求`]);
  });
});
