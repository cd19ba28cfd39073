// Supplier invoices over real HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL):
// a draft from a shipment on the buyer's bill control, the three-way match holding a line with
// its reason in both languages, correction and resubmission, approval by the brand's approver,
// partial payments, a ticket's deduction becoming a debit note the supplier accepts and the
// brand sets off, the statement alike on both sides with ageing and its xlsx, a third company's
// 404, 20 concurrent submits never billing more than shipped, and money summed exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { sql } from '@seamline/server/api';
import { addDec, roundDec } from '@seamline/core';
import { addDays, invoiceTotals } from '../meta';

const addDecimal = (a: string, b: string) => roundDec(addDec(a, b), 4)!;

let srv: TestServer;
const tok: Record<string, string> = {};
let factoryId: string;
let brandId: string;
let bin: string;

type Doc = Record<string, any>;
type Lang = 'en' | 'zh';

const call = (method: string, path: string, who: string, lang: Lang, opts: { json?: unknown; query?: Record<string, string> } = {}) =>
  srv.call(method, path, { token: tok[who], headers: { 'x-seamline-lang': lang }, ...opts });
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (path: string, who: string, data: unknown, lang: Lang = 'en') => call('POST', path, who, lang, { json: { DATA: data } });
const get = (path: string, who: string, query: Record<string, string>, lang: Lang = 'en') => call('GET', path, who, lang, { query });
const F = 'scmapi/finance';
const inv = (action: string, who: string, data: Doc, lang: Lang = 'en') => post(`${F}/invoice/${action}`, who, data, lang);
const view = async (id: string, who = 'factory.admin', lang: Lang = 'en') => ok(await get(`${F}/invoice/view`, who, { id }, lang));

let seq = 0;
const code = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`.toUpperCase();

/** A brand order on the factory at 8.2000, accepted, shipped in one carton per size; optionally carton 1 received. */
async function shipped(sizes: Record<string, string>, receiveFirst = false, currency = 'CNY'): Promise<{ shipment: Doc; style: string }> {
  const style = code('FS');
  const lines = Object.entries(sizes).map(([size, qty]) => ({ style_code: style, colour: 'Navy', size, qty, price: '8.2000' }));
  const order = ok(await post('scmapi/customer-order/place', 'brand.buyer', { supplier_client_id: factoryId, code: code('PO'), currency, lines }));
  ok(await post('scmapi/customer-order/accept', 'factory.admin', { id: order.id, version: order.version }));
  const saved = ok(
    await post('scmapi/shipment/save', 'factory.admin', {
      carrier: 'SF Express',
      cartons: lines.map((_, i) => ({ carton_no: i + 1, gross_weight: '10', net_weight: '9', volume: '0.1' })),
      lines: lines.map((l, i) => ({ carton_no: i + 1, order_id: order.id, style_code: style, colour: 'Navy', size: l.size, qty: l.qty })),
    }),
  );
  const id = saved.id ?? saved[0]?.id;
  const draft = ok(await get('scmapi/shipment/shared-view', 'factory.admin', { id })).doc;
  const shipment = ok(await post('scmapi/shipment/ship', 'factory.admin', { id, version: draft.version }));
  if (receiveFirst) ok(await post('scmapi/shipment/receive', 'brand.admin', { id, cartons: [shipment.cartons[0].id], bin_id: bin }));
  return { shipment, style };
}


/**
 * The brand pushes approvals to its ERP (FIN_INVOICE_APPROVED) and the factory subscribed an
 * outside system to INVOICE.APPROVED (the out-API's named event); saved once per run.
 */
async function subscribeToApprovals(): Promise<void> {
  const has = async (client: string, api: string) =>
    ((await srv.db.asSystem((tx) => tx.execute(sql`select 1 from outapi_config where client_id = ${client} and api_id = ${api}`))) as any).rows.length > 0;
  if (!(await has(brandId, 'FIN_INVOICE_APPROVED')))
    ok(await post('utilsapi/out-api-config/save', 'brand.admin', { api_id: 'FIN_INVOICE_APPROVED', usage: 'push', send_method: 'POST', msg_display: '0', target_url: 'https://erp.example.com/ap', secret: 's3cret' }));
  if (!(await has(factoryId, 'INVOICE.APPROVED')))
    ok(await post('utilsapi/out-api-config/save', 'factory.admin', { api_id: 'INVOICE.APPROVED', usage: 'event', send_method: 'POST', msg_display: '0', target_url: 'https://mes.example.com/events', secret: 'f4ctory' }));
}

/** The deliveries an invoice's approval queued: company and API ID, each with the invoice's code in its body. */
async function approvalDeliveries(invoiceCode: string): Promise<string[]> {
  const res = (await srv.db.asSystem((tx) =>
    tx.execute(sql`select client_id::text as c, api_id from outapi_delivery where api_id in ('FIN_INVOICE_APPROVED', 'INVOICE.APPROVED') and body::text like ${`%${invoiceCode}%`}`),
  )) as any;
  return res.rows.map((r: Doc) => `${r.c === brandId ? 'brand' : r.c === factoryId ? 'factory' : r.c} ${r.api_id}`).sort();
}


beforeAll(async () => {
  srv = await startTestServer();
  for (const u of ['brand.buyer', 'brand.admin', 'brand.approver1', 'factory.admin', 'fabric.admin']) tok[u] = (await login(srv.call, u)).token;
  const suppliers = ok(await get('scmapi/customer-order/suppliers', 'brand.buyer', {}));
  factoryId = suppliers.find((s: Doc) => s.name === 'Demo Garment')?.client_id;
  const bins = ok(await get('scmapi/warehouse-bin/page-list', 'brand.admin', {}));
  bin = bins.rows.find((b: Doc) => b.code.startsWith('DC-A')).id;
  brandId = (await srv.db.asSystem((tx) => tx.execute(sql`select id from client where name = 'Demo Brand Co.'`)) as any).rows[0].id;
  ok(await post(`${F}/settings`, 'brand.admin', { supplier_client_id: factoryId, bill_on: 'received', price_pct: '3', qty_pct: '0', tax_rate: '13' }));
}, 600_000);
afterAll(() => srv?.close());

describe('supplier invoice: bill control, match, correction, approval, payment', () => {
  it('bills what was received at the order price, holds a price above tolerance, passes the correction, and is paid in parts', async () => {
    const { shipment } = await shipped({ M: '60', L: '40' }, true);
    // Bill on received: only carton 1 (M 60) is billable.
    const d = await view(ok(await inv('from-shipment', 'factory.admin', { shipment_id: shipment.id })).id);
    expect(d).toMatchObject({ status: 'DRAFT', bill_on: 'received', currency: 'CNY', side: 'owner', tax_rate: '13.0000' });
    expect(d.lines.map((l: Doc) => [l.size, l.qty, l.price, l.amount])).toEqual([['M', '60.0000', '8.2000', '492.0000']]);
    expect(d.due_date).toBe(addDays(d.invoice_date, 60)); // the brand's vendor record: NET60
    expect(d.total).toBe('555.9600');
    // The brand does not see a draft; a third company never sees it.
    expect((await get(`${F}/invoice/view`, 'brand.buyer', { id: d.id })).status).toBe(404);

    // Bad input: field errors in the user's language, nothing changed.
    const bad = await inv('save', 'factory.admin', { id: d.id, version: d.version, lines: [{ id: d.lines[0].id, qty: '-1', price: '8.123456' }] }, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.lines[0]).toEqual({ qty: ['数量须为大于 0 的数字，最多 4 位小数'], price: ['单价须为不小于 0 的数字，最多 4 位小数'] });

    let cur = ok(await inv('save', 'factory.admin', { id: d.id, version: d.version, lines: [{ id: d.lines[0].id, qty: '60', price: '8.5' }] }));
    cur = ok(await inv('submit', 'factory.admin', { id: cur.id, version: cur.version }));
    expect(cur.status).toBe('HELD');
    expect(cur.lines[0]).toMatchObject({ match_status: 'HELD', held_reason: 'price 8.5000 above order 8.2000 by 3.66%' });
    const zh = await view(cur.id, 'brand.buyer', 'zh');
    expect(zh.lines[0].held_reason).toBe('单价 8.5000 高于订单价 8.2000，超出 3.66%');
    // The supplier never reads the buyer's tolerances.
    expect(JSON.stringify(await view(cur.id))).not.toMatch(/price_pct|qty_pct/);
    expect((await get(`${F}/settings`, 'factory.admin', {})).body.data.results.suppliers).toEqual([]);

    // A held invoice is not approved (both languages); the supplier corrects and resubmits.
    const held = await inv('approve', 'brand.approver1', { id: cur.id, version: cur.version });
    expect(held.status).toBe(400);
    expect(held.body.message).toBe('A held invoice cannot be approved: the supplier must correct it, or reject it with a reason');
    expect((await inv('approve', 'brand.approver1', { id: cur.id, version: cur.version }, 'zh')).body.message).toBe('已挂起的发票不能批准：须由供应商更正，或填写原因退回');
    cur = ok(await inv('save', 'factory.admin', { id: cur.id, version: cur.version, lines: [{ id: cur.lines[0].id, qty: '60', price: '8.4' }] }));
    cur = ok(await inv('submit', 'factory.admin', { id: cur.id, version: cur.version }));
    expect(cur).toMatchObject({ status: 'MATCHED', subtotal: '504.0000', tax_amount: '65.5200', total: '569.5200' });

    // Sides and rights: the supplier cannot approve (403), a buyer without the approver role neither, a third company gets 404.
    expect((await inv('approve', 'factory.admin', { id: cur.id, version: cur.version })).status).toBe(403);
    expect((await inv('approve', 'brand.buyer', { id: cur.id, version: cur.version })).status).toBe(403);
    for (const [a, body] of [['approve', { id: cur.id, version: cur.version }], ['pay', { id: cur.id, amount: '1' }], ['submit', { id: cur.id, version: cur.version }]] as const) {
      expect((await inv(a, 'fabric.admin', body)).status).toBe(404);
    }
    expect((await get(`${F}/invoice/view`, 'fabric.admin', { id: cur.id })).status).toBe(404);
    expect(ok(await get(`${F}/invoice/list`, 'fabric.admin', { side: 'incoming' })).rows.map((r: Doc) => r.id)).not.toContain(cur.id);

    cur = ok(await inv('approve', 'brand.approver1', { id: cur.id, version: cur.version }));
    expect(cur.status).toBe('APPROVED');
    const over = await inv('pay', 'brand.buyer', { id: cur.id, amount: '600', paid_on: '2026-11-30', reference: 'TT-1' });
    expect(over.status).toBe(400);
    expect(over.body.data.errors.amount).toEqual(['The amount 600.0000 exceeds what is still owed, 569.5200']);
    cur = ok(await inv('pay', 'brand.buyer', { id: cur.id, amount: '200', paid_on: '2026-11-30', reference: 'TT-1' }));
    expect(cur).toMatchObject({ status: 'PARTLY_PAID', paid_amount: '200.0000', open_amount: '369.5200' });
    cur = ok(await inv('pay', 'brand.buyer', { id: cur.id, amount: '369.52', paid_on: '2026-12-01', reference: 'TT-2' }));
    expect(cur).toMatchObject({ status: 'PAID', open_amount: '0.0000' });
    expect((await view(cur.id)).payments.map((p: Doc) => p.amount)).toEqual(['200.0000', '369.5200']);
    expect((await inv('pay', 'brand.buyer', { id: cur.id, amount: '1' }, 'zh')).body.message).toBe('该发票已全额付款');
    // Nothing of carton 1 is left to bill; the lists of both sides carry it.
    const none = await inv('from-shipment', 'factory.admin', { shipment_id: shipment.id });
    expect(none.body.message).toBe(`Nothing of shipment ${shipment.code} is left to invoice`);
    expect(ok(await get(`${F}/invoice/list`, 'brand.buyer', { side: 'incoming', code: shipment.code })).rows.map((r: Doc) => r.id)).toContain(cur.id);
    expect(ok(await get(`${F}/invoice/list`, 'factory.admin', { side: 'ours', status: 'PAID', code: shipment.code })).total).toBe(1);
  });

  it('an order in USD is invoiced in USD ($); a rejected invoice goes back to the supplier as a draft with the reason', async () => {
    const { shipment } = await shipped({ S: '10' }, true, 'USD');
    let cur = await view(ok(await inv('from-shipment', 'factory.admin', { shipment_id: shipment.id })).id);
    expect(cur).toMatchObject({ currency: 'USD', total: '92.6600' });
    expect(cur.total_text).toMatch(/^\$92\.6600$/);
    cur = ok(await inv('submit', 'factory.admin', { id: cur.id, version: cur.version }));
    expect(cur.status).toBe('MATCHED');
    const noReason = await inv('reject', 'brand.buyer', { id: cur.id, version: cur.version }, 'zh');
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.errors.reason).toEqual(['请填写退回原因']);
    ok(await inv('reject', 'brand.buyer', { id: cur.id, version: cur.version, reason: 'Wrong bank account' }));
    cur = await view(cur.id);
    expect(cur).toMatchObject({ status: 'DRAFT', reject_reason: 'Wrong bank account', actions: ['submit'] });
    // The buyer still reads what it returned, and may act on it no more.
    expect(await view(cur.id, 'brand.buyer')).toMatchObject({ status: 'DRAFT', side: 'counterpart', actions: [] });
    expect((await inv('approve', 'brand.approver1', { id: cur.id, version: cur.version })).status).toBe(400);
    // Resubmitted, the reason is gone.
    expect(ok(await inv('submit', 'factory.admin', { id: cur.id, version: cur.version }))).toMatchObject({ status: 'MATCHED', reject_reason: null });
  });
});

describe('demo data', () => {
  it("the seeded held invoice gives its reason as text in both languages (not a message key); the factory's demo credit note is the supplier's", async () => {
    const [row] = ok(await get(`${F}/invoice/list`, 'brand.buyer', { side: 'incoming', code: 'INV-ASN-DEMO-03' })).rows;
    const en = (await view(row.id, 'brand.buyer')).lines.find((l: Doc) => l.match_status === 'HELD');
    expect(en.held_reason).toMatch(/^quantity \d+\.\d{4} above received \d+\.\d{4} by \d+\.\d{2}%$/);
    expect((await view(row.id, 'brand.buyer', 'zh')).lines.find((l: Doc) => l.match_status === 'HELD').held_reason).toMatch(/^数量 .* 高于实收 /);
    const [paid] = ok(await get(`${F}/invoice/list`, 'brand.buyer', { side: 'incoming', code: 'INV-ASN-DEMO-04' })).rows;
    expect((await view(paid.id, 'brand.buyer')).credit_notes).toMatchObject([{ by: 'supplier', status: 'APPLIED', amount: '50.0000', mine: false }]);
  });
});

describe('never more billed than shipped', () => {
  it('20 concurrent submits of 10 each against 60 shipped: exactly 6 go through', async () => {
    ok(await post(`${F}/settings`, 'brand.admin', { supplier_client_id: factoryId, bill_on: 'shipped', price_pct: '3', qty_pct: '0', tax_rate: '13' }));
    try {
      const { shipment } = await shipped({ XL: '60' });
      const drafts: Doc[] = [];
      for (let i = 0; i < 20; i++) {
        const d = await view(ok(await inv('from-shipment', 'factory.admin', { shipment_id: shipment.id })).id);
        drafts.push(ok(await inv('save', 'factory.admin', { id: d.id, version: d.version, lines: [{ id: d.lines[0].id, qty: '10', price: '8.2' }] })));
      }
      const results = await Promise.all(drafts.map((d) => inv('submit', 'factory.admin', { id: d.id, version: d.version })));
      const passed = results.filter((r) => r.status === 200);
      expect(passed).toHaveLength(6);
      // Not received yet: the quantity is held against the receipt (bill on shipped, match on received),
      // each counting what those before it billed — in the order they took the lock, not the order sent.
      const reasons = passed.map((r) => r.body.data.results.lines[0].held_reason as string).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
      expect(reasons).toEqual([10, 20, 30, 40, 50, 60].map((q) => `quantity ${q}.0000 above received 0.0000 by 100.00%`));
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(400);
        expect(r.body.message).toMatch(/XL: invoicing 10\.0000 would exceed what may be billed, 0\.0000 \(shipped 60\.0000, already invoiced 60\.0000\)/);
      }
      const billed = (await srv.db.asSystem((tx) =>
        tx.execute(sql`select sum(l.qty)::text as q from fin_invoice_line l join fin_invoice i on i.id = l.invoice_id where i.shipment_id = ${shipment.id} and i.status <> 'DRAFT'`),
      )) as any;
      expect(billed.rows[0].q).toBe('60.0000');
    } finally {
      ok(await post(`${F}/settings`, 'brand.admin', { supplier_client_id: factoryId, bill_on: 'received', price_pct: '3', qty_pct: '0', tax_rate: '13' }));
    }
  }, 300_000);
});

describe('one invoice over several shipments', () => {
  it('bills two shipments of one buyer on one invoice; refuses mixed currencies and foreign shipments', async () => {
    const a = await shipped({ M: '30' }, true);
    const b = await shipped({ L: '20' }, true);
    let cur = await view(ok(await inv('from-shipment', 'factory.admin', { shipment_ids: [b.shipment.id, a.shipment.id] })).id);
    expect(cur.code).toMatch(new RegExp(`^INV-${b.shipment.code}-`)); // named after the first one given
    expect(cur.shipments.map((s: Doc) => s.code)).toEqual([b.shipment.code, a.shipment.code]);
    expect(cur.lines.map((l: Doc) => [l.shipment_code, l.size, l.qty])).toEqual([[b.shipment.code, 'L', '20.0000'], [a.shipment.code, 'M', '30.0000']]);
    expect(cur.subtotal).toBe('410.0000'); // 50 × 8.2
    cur = ok(await inv('submit', 'factory.admin', { id: cur.id, version: cur.version }));
    expect(cur.status).toBe('MATCHED');
    // Both shipments are billed in full: neither may be invoiced again, alone or together.
    expect((await inv('from-shipment', 'factory.admin', { shipment_id: a.shipment.id })).body.message).toBe(`Nothing of shipment ${a.shipment.code} is left to invoice`);
    expect((await inv('from-shipment', 'factory.admin', { shipment_ids: [a.shipment.id, b.shipment.id] })).status).toBe(400);
    // One currency per invoice (both languages); another company's shipment is not found; none named is a field error.
    const usd = await shipped({ S: '5' }, true, 'USD');
    const c = await shipped({ S: '5' }, true);
    const mixed = await inv('from-shipment', 'factory.admin', { shipment_ids: [c.shipment.id, usd.shipment.id] }, 'zh');
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toMatch(/的币种为 USD，其余为 CNY：一张发票只能使用一种币种$/);
    expect((await inv('from-shipment', 'factory.admin', { shipment_ids: [c.shipment.id, usd.shipment.id] })).body.message).toMatch(/is in USD, the others in CNY: one invoice is in one currency$/);
    expect((await inv('from-shipment', 'fabric.admin', { shipment_ids: [c.shipment.id] })).status).toBe(404);
    const none = await inv('from-shipment', 'factory.admin', { shipment_ids: [] });
    expect(none.status).toBe(400);
    expect(none.body.data.errors.shipment_ids).toEqual(['Choose at least one shipment']);
  });

  it('20 concurrent submits over two shipments, some invoices billing both: neither shipment is billed beyond what it shipped, and none deadlock', async () => {
    ok(await post(`${F}/settings`, 'brand.admin', { supplier_client_id: factoryId, bill_on: 'shipped', price_pct: '3', qty_pct: '100', tax_rate: '13' }));
    try {
      const a = await shipped({ XL: '60' });
      const b = await shipped({ XL: '40' });
      const drafts: Doc[] = [];
      for (let i = 0; i < 20; i++) {
        // Even: both shipments, 10 of each; odd: shipment b alone, 10 — in both orders of naming, so the locks are asked in both orders.
        const ids = i % 2 ? [b.shipment.id] : i % 4 ? [a.shipment.id, b.shipment.id] : [b.shipment.id, a.shipment.id];
        const d = await view(ok(await inv('from-shipment', 'factory.admin', { shipment_ids: ids })).id);
        drafts.push(ok(await inv('save', 'factory.admin', { id: d.id, version: d.version, lines: d.lines.map((l: Doc) => ({ id: l.id, qty: '10', price: '8.2' })) })));
      }
      const results = await Promise.all(drafts.map((d) => inv('submit', 'factory.admin', { id: d.id, version: d.version })));
      for (const r of results) expect([200, 400]).toContain(r.status);
      const billed = async (shipmentId: string) => ((await srv.db.asSystem((tx) =>
        tx.execute(sql`select coalesce(sum(il.qty), 0)::text as q from fin_invoice_line il join shp_shipment_lines l on l.id = il.shipment_line_id
          join fin_invoice i on i.id = il.invoice_id where l.parent_id = ${shipmentId} and i.status <> 'DRAFT'`),
      )) as any).rows[0].q;
      // b is asked for 200 and gets exactly its 40; a never more than its 60.
      expect(await billed(b.shipment.id)).toBe('40.0000');
      expect(Number(await billed(a.shipment.id))).toBeLessThanOrEqual(60);
      expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    } finally {
      ok(await post(`${F}/settings`, 'brand.admin', { supplier_client_id: factoryId, bill_on: 'received', price_pct: '3', qty_pct: '0', tax_rate: '13' }));
    }
  }, 300_000);
});

describe('debit notes, set-off, statement', () => {
  it("a ticket's deduction becomes a debit note; the supplier accepts; the brand sets it off; both statements agree", async () => {
    const { shipment } = await shipped({ S: '100' }, true);
    let cur = await view(ok(await inv('from-shipment', 'factory.admin', { shipment_id: shipment.id })).id);
    cur = ok(await inv('submit', 'factory.admin', { id: cur.id, version: cur.version }));
    // The brand pushes approvals to its ERP over the out-API bus; both companies get inbox notices.
    await subscribeToApprovals();
    cur = ok(await inv('approve', 'brand.approver1', { id: cur.id, version: cur.version }));
    expect(cur.total).toBe('926.6000'); // 100 × 8.2 + 13 %
    const rows = async (q: ReturnType<typeof sql>) => ((await srv.db.asSystem((tx) => tx.execute(q))) as any).rows;
    // A direct approval: the brand's push and the factory's INVOICE.APPROVED subscriber, once each.
    expect(await approvalDeliveries(cur.code)).toEqual(['brand FIN_INVOICE_APPROVED', 'factory INVOICE.APPROVED']);
    const [delivery] = await rows(sql`select body from outapi_delivery where client_id = ${brandId} and api_id = 'FIN_INVOICE_APPROVED' and body::text like ${`%${cur.code}%`}`);
    expect(JSON.parse(delivery.body).DATA[0]).toMatchObject({ event: 'invoice.approved', invoice_id: cur.id, code: cur.code, total: '926.6000', currency: 'CNY', supplier_client_id: factoryId, buyer_client_id: brandId });
    const notices = await rows(sql`select distinct client_id::text as c from notify_msg where related_key = ${cur.id} and content_en like ${'%approved invoice%'}`);
    expect(notices.map((n: Doc) => n.c).sort()).toEqual([brandId, factoryId].sort());

    const tk = (path: string, who: string, data: Doc) => post(`vfapi/ticket/${path}`, who, data);
    const t0 = ok(await tk('save', 'brand.admin', { title: 'Late delivery', counterpart_client_id: factoryId }));
    const t1 = ok(await tk('closing', 'brand.admin', { id: t0.id, version: t0.version, closing_summary: 'Late by 5 days', penalty_result: 'DEDUCTION', deduction_amount: '126.6', deduction_type: 'CASH', deduction_voucher: 'V-9' }));
    ok(await tk('close', 'brand.admin', { id: t1.id, version: t1.version, confirmed: true }));
    const notes = ok(await get(`${F}/debit-note/list`, 'factory.admin', { side: 'received' }));
    const note = notes.find((n: Doc) => n.ticket_id === t0.id);
    expect(note).toMatchObject({ code: `DN-${t0.code}`, amount: '126.6000', status: 'OPEN', voucher: 'V-9', currency: 'CNY' });
    // The notice gives the amount with its currency, in each reader's language (never the stored '126.6000').
    const [notice] = await rows(sql`select content_en, content_zh from notify_msg where related_key = ${note.id} and client_id = ${factoryId}::uuid`);
    expect(notice.content_en).toContain('of ¥126.6000 (ticket');
    expect(notice.content_zh).toContain('金额 ¥126.6000');
    // Set-off needs the supplier's acceptance first; the brand cannot answer its own note.
    expect((await inv('set-off', 'brand.admin', { id: cur.id, note_id: note.id })).body.message).toMatch(/Awaiting supplier/);
    expect((await post(`${F}/debit-note/accept`, 'brand.admin', { id: note.id, version: note.version })).status).toBe(403);
    expect((await post(`${F}/debit-note/accept`, 'fabric.admin', { id: note.id, version: note.version })).status).toBe(404);
    ok(await post(`${F}/debit-note/accept`, 'factory.admin', { id: note.id, version: note.version }));
    cur = ok(await inv('set-off', 'brand.admin', { id: cur.id, note_id: note.id }));
    expect(cur).toMatchObject({ status: 'PARTLY_PAID', set_off_amount: '126.6000', open_amount: '800.0000' });
    ok(await inv('pay', 'brand.admin', { id: cur.id, amount: '300', paid_on: cur.invoice_date, reference: 'TT-S' }));

    const period = { from: addDays(cur.invoice_date, -1), to: addDays(cur.due_date, 45) };
    const mine = ok(await get(`${F}/statement`, 'brand.admin', { supplier_id: factoryId, ...period }));
    const theirs = ok(await get(`${F}/statement`, 'factory.admin', { buyer_id: brandId, ...period }));
    expect(theirs).toEqual(mine);
    const ours = mine.entries.filter((e: Doc) => [cur.code, note.code, 'TT-S'].includes(e.ref));
    expect(ours.map((e: Doc) => [e.kind, e.amount])).toEqual([['invoice', '926.6000'], ['debit_note', '-126.6000'], ['payment', '-300.0000']]);
    // The running balance ends on the closing balance; the invoice's 500 still owed is 31–60 days overdue at the period's end.
    expect(mine.entries.at(-1).balance).toBe(mine.closing.CNY);
    expect(Number(mine.ageing.CNY.d31_60)).toBeGreaterThanOrEqual(500);
    const bad = await get(`${F}/statement`, 'brand.admin', { supplier_id: factoryId, from: '2026-12-31', to: '2026-01-01' }, 'zh');
    expect(bad.status).toBe(400);
    const xlsx = await srv.call('GET', `${F}/statement-export`, { token: tok['brand.admin'], query: { supplier_id: factoryId, ...period } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(xlsx.headers.get('content-disposition') ?? '')).toContain('对账单-Demo Garment Factory'); // in the caller's language (Chinese unless told)
  });
});

describe('credit notes', () => {
  it("the supplier's credit is in force at once, the buyer's once the supplier accepts; exact, refused with reasons, on both statements", async () => {
    const { shipment } = await shipped({ S: '100' }, true);
    let cur = await view(ok(await inv('from-shipment', 'factory.admin', { shipment_id: shipment.id })).id);
    cur = ok(await inv('submit', 'factory.admin', { id: cur.id, version: cur.version }));
    const cn = (action: string, who: string, data: Doc, lang: Lang = 'en') => post(`${F}/credit-note/${action}`, who, data, lang);
    // Not before approval (both languages).
    const early = await cn('issue', 'factory.admin', { invoice_id: cur.id, amount: '10', reason: 'Allowance' });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Only an approved invoice that is still owed can be credited; this one is Matched');
    expect((await cn('issue', 'factory.admin', { invoice_id: cur.id, amount: '10', reason: 'Allowance' }, 'zh')).body.message).toBe('只有已批准且尚有欠款的发票可以开具贷项通知单；该发票为已匹配');
    cur = ok(await inv('approve', 'brand.approver1', { id: cur.id, version: cur.version }));
    expect(cur).toMatchObject({ total: '926.6000', can_credit: true });

    // Bad input: a field error in the user's language, nothing kept.
    const noReason = await cn('issue', 'factory.admin', { invoice_id: cur.id, amount: '10' }, 'zh');
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.errors.reason).toEqual(['请填写贷项原因']);
    expect((await cn('issue', 'factory.admin', { invoice_id: cur.id, amount: '1.23456', reason: 'x' })).body.data.errors.amount).toEqual(['An amount is a number above 0 with at most 4 decimals']);
    expect((await cn('issue', 'factory.admin', { invoice_id: cur.id, amount: '926.6001', reason: 'x' })).body.data.errors.amount).toEqual(['The credit 926.6001 exceeds what is still owed, 926.6000']);
    expect((await cn('issue', 'fabric.admin', { invoice_id: cur.id, amount: '1', reason: 'x' })).status).toBe(404);
    expect((await view(cur.id)).credit_notes).toEqual([]);

    // The supplier's credit: in force at once.
    cur = ok(await cn('issue', 'factory.admin', { invoice_id: cur.id, amount: '26.6', reason: 'Allowance for late delivery' }));
    expect(cur).toMatchObject({ status: 'PARTLY_PAID', credit_amount: '26.6000', open_amount: '900.0000' });
    expect(cur.credit_notes).toMatchObject([{ code: `CN-${cur.code}-1`, amount: '26.6000', status: 'APPLIED', by: 'supplier', mine: true, status_label: 'In force' }]);
    // The buyer's: a request, nothing owed changes until the supplier answers; the buyer cannot answer its own.
    cur = ok(await cn('issue', 'brand.buyer', { invoice_id: cur.id, amount: '100', reason: 'Short length on 12 pieces' }, 'zh'));
    const asked = cur.credit_notes.find((n: Doc) => n.by === 'buyer');
    expect(asked).toMatchObject({ code: `CN-${cur.code}-2`, status: 'OPEN', mine: true, status_label: '待供应商确认' });
    expect(cur.open_amount).toBe('900.0000');
    const own = await cn('accept', 'brand.admin', { id: asked.id, version: asked.version });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('Your company issued this credit note; the supplier answers it');
    expect((await cn('accept', 'fabric.admin', { id: asked.id, version: asked.version })).status).toBe(404);
    let disputed = ok(await cn('dispute', 'factory.admin', { id: asked.id, version: asked.version, reason: 'Lengths were within tolerance' }));
    expect(disputed.credit_notes.find((n: Doc) => n.id === asked.id)).toMatchObject({ status: 'DISPUTED', dispute_reason: 'Lengths were within tolerance', mine: false });
    expect((await cn('dispute', 'factory.admin', { id: asked.id, version: asked.version + 1, reason: 'again' }, 'zh')).body.message).toBe('该贷项通知单状态为有异议：不能提出异议');
    cur = ok(await cn('accept', 'factory.admin', { id: asked.id, version: asked.version + 1 }));
    expect(cur).toMatchObject({ status: 'PARTLY_PAID', credit_amount: '126.6000', open_amount: '800.0000' });
    expect(ok(await get(`${F}/credit-note/list`, 'factory.admin', { side: 'received' })).map((n: Doc) => n.id)).toContain(asked.id);

    // 10 credits and 10 payments of 100 at once against the 800 owed: exactly 8 go through, nothing is over-settled.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      i % 2 ? cn('issue', 'factory.admin', { invoice_id: cur.id, amount: '100', reason: `Allowance ${i}` }) : inv('pay', 'brand.buyer', { id: cur.id, amount: '100', reference: `TT-C${i}` })));
    for (const r of results) expect([200, 400]).toContain(r.status);
    expect(results.filter((r) => r.status === 200)).toHaveLength(8);
    cur = await view(cur.id);
    expect(cur).toMatchObject({ status: 'PAID', open_amount: '0.0000' });
    expect(addDecimal(cur.paid_amount, cur.credit_amount)).toBe('926.6000');
    expect((await cn('issue', 'brand.buyer', { invoice_id: cur.id, amount: '1', reason: 'x' })).body.message).toBe('Only an approved invoice that is still owed can be credited; this one is Paid');

    // On both statements alike, as credit notes (−), the balance of this invoice back to 0.
    const period = { from: addDays(cur.invoice_date, -1), to: addDays(cur.invoice_date, 1) };
    const mine = ok(await get(`${F}/statement`, 'brand.admin', { supplier_id: factoryId, ...period }));
    expect(ok(await get(`${F}/statement`, 'factory.admin', { buyer_id: brandId, ...period }))).toEqual(mine);
    const credits = mine.entries.filter((e: Doc) => e.kind === 'credit_note' && e.ref.startsWith(`CN-${cur.code}-`));
    expect(credits.map((e: Doc) => e.amount).sort()).toEqual(['-100.0000', '-26.6000', ...Array(credits.length - 2).fill('-100.0000')].sort());
    const ofThis = mine.entries.filter((e: Doc) => e.ref === cur.code || e.ref.startsWith(`CN-${cur.code}-`) || e.ref.startsWith('TT-C'));
    expect(ofThis.reduce((a: string, e: Doc) => addDecimal(a, e.amount), '0')).toBe('0.0000');
  }, 300_000);
});

describe('money is exact', () => {
  it('10,000 four-decimal line amounts sum to what SQL numeric sums, to the last digit (a float sum would not)', async () => {
    let x = 20261128;
    const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648);
    const amounts = Array.from({ length: 10_000 }, () => `${rnd() % 99_999_999}.${String(rnd() % 10_000).padStart(4, '0')}`);
    const ours = invoiceTotals(amounts, '13');
    const res = (await srv.db.asSystem((tx) =>
      tx.execute(sql`select sum(v::numeric)::text as s, round(sum(v::numeric) * 0.13, 4)::text as t from unnest(string_to_array(${amounts.join(',')}, ',')) v`),
    )) as any;
    expect(ours.subtotal).toBe(res.rows[0].s);
    expect(ours.tax).toBe(res.rows[0].t);
    // The data is such that a float path is caught: adding doubles loses the last digits.
    expect(amounts.reduce((a, b) => a + Number(b), 0).toFixed(4)).not.toBe(res.rows[0].s);
  });
});

describe('approval through a bound approval flow', () => {
  it("bound, approve starts the buyer's flow and its last node approves; unbound, the approver approves at once", async () => {
    const DESIGN = 'crossapi/superdesignapi';
    const CPM = 'crossapi/ccommonapi/cpm-bus';
    const process = ok(await post(`${DESIGN}/cpm-process/save`, 'brand.admin', {
      code: code('INV_APPR'), name: 'Invoice approval', active: true,
      nodes: [{ node_seq: 10, status_code: 'CHECK', text: 'Finance check', approve_type: 'MANUAL', reject_type: 'PREVIOUS', steps: [], is_end: true, sign_type: 'OR', authority: 'INITIATOR' }],
    }));
    const binding = ok(await post(`${DESIGN}/flow-binding/save`, 'brand.admin', { entity: 'supplier-invoice', process_id: process.id }));
    try {
      const { shipment } = await shipped({ S: '10' }, true);
      let cur = await view(ok(await inv('from-shipment', 'factory.admin', { shipment_id: shipment.id })).id);
      cur = ok(await inv('submit', 'factory.admin', { id: cur.id, version: cur.version }));
      expect(await view(cur.id, 'brand.buyer')).toMatchObject({ approval_flow: true, approval: null });
      // A buyer (not an approver) sends it into the flow; it stays matched meanwhile.
      await subscribeToApprovals();
      cur = ok(await inv('approve', 'brand.buyer', { id: cur.id, version: cur.version }));
      // Not approved yet: nothing announced while the flow runs.
      expect(await approvalDeliveries(cur.code)).toEqual([]);
      expect(cur).toMatchObject({ status: 'MATCHED', approval: { node: 'Finance check', text: 'This invoice is in its approval flow (at Finance check): it is decided there' } });
      // The supplier sees no buyer's flow; a second approve, a direct approval or a rejection are refused while it runs.
      expect((await view(cur.id)).approval).toBeNull();
      expect((await inv('approve', 'brand.approver1', { id: cur.id, version: cur.version })).body.message).toBe('This is awaiting approval');
      const rej = await inv('reject', 'brand.buyer', { id: cur.id, version: cur.version, reason: 'no' }, 'zh');
      expect([rej.status, rej.body.message]).toEqual([400, '该发票正在审批流程中(当前节点：Finance check)，须在流程中处理']);
      // The flow's last node approves: the invoice is approved, by the one who approved in the flow.
      const pid = cur.approval.pid;
      const flowView = ok(await get(`${CPM}/cpm-view`, 'brand.buyer', { pid }));
      const done = ok(await call('POST', `${CPM}/push`, 'brand.buyer', 'en', { json: { pid, action: 'APPROVE', status_code: flowView.current_status_code, node_version: flowView.node_version } }));
      expect(done).toMatchObject({ status: 'APPROVED', action: 'approve' });
      const approved = await view(cur.id, 'brand.buyer');
      expect(approved).toMatchObject({ status: 'APPROVED', approval: null, actions: ['pay'] });
      expect(approved.approved_by).toBeTruthy();
      // The flow's approval is announced as a direct one is: the brand's push and the factory's subscriber.
      expect(await approvalDeliveries(cur.code)).toEqual(['brand FIN_INVOICE_APPROVED', 'factory INVOICE.APPROVED']);
      const told = (await srv.db.asSystem((tx) => tx.execute(sql`select count(*)::int as n from notify_msg where related_key = ${cur.id} and client_id = ${factoryId} and content_en like ${'%approved invoice%'}`))) as any;
      expect(told.rows[0].n).toBeGreaterThan(0);
    } finally {
      ok(await post(`${DESIGN}/flow-binding/delete`, 'brand.admin', [binding.id]));
    }
    // Unbound again: the approver approves at once; a buyer without the right may not.
    const { shipment } = await shipped({ S: '10' }, true);
    let cur = await view(ok(await inv('from-shipment', 'factory.admin', { shipment_id: shipment.id })).id);
    cur = ok(await inv('submit', 'factory.admin', { id: cur.id, version: cur.version }));
    expect((await inv('approve', 'brand.buyer', { id: cur.id, version: cur.version })).status).toBe(403);
    expect(ok(await inv('approve', 'brand.approver1', { id: cur.id, version: cur.version })).status).toBe('APPROVED');
  }, 300_000);
});
