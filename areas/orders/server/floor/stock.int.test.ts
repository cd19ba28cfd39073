// Warehouse over real HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL): posting
// receipts, issues and moves into the append-only ledger, ORD-18's refusal in both languages,
// drafts-only editing, stock = ledger, 20 concurrent movers, and another company's 404.
import { sql } from '@seamline/server/api';
import { startTestServer, type TestServer } from '@seamline/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, idOf, ok, party, type Doc, type Party } from './testing';

let srv: TestServer;
let zh: Party; // factory.admin (Chinese)
let en: Party; // super.admin switched to the factory (English)
let brand: Party; // brand.admin: another company
let f: ReturnType<typeof client>;
let fEn: ReturnType<typeof client>;
let b: ReturnType<typeof client>;
let warehouse: Doc;
let b1: Doc;
let b2: Doc;
let poplin: string;

const FACTORY = 'Demo Garment Factory';

beforeAll(async () => {
  srv = await startTestServer();
  zh = await party(srv, 'factory.admin');
  en = await party(srv, 'super.admin', FACTORY);
  brand = await party(srv, 'brand.admin');
  f = client(srv, zh);
  fEn = client(srv, en);
  b = client(srv, brand);
  poplin = await idOf(srv, 'md_material', zh.clientId, 'code', 'FB-POPLIN');
  warehouse = await f.save('warehouse', { code: 'T1', name: 'Test store' });
  b1 = await f.save('warehouse-bin', { warehouse_id: warehouse.id, code: 'T1-B1' });
  b2 = await f.save('warehouse-bin', { warehouse_id: warehouse.id, code: 'T1-B2' });
});
afterAll(() => srv?.close());

async function stockOf(bin: Doc, p = f): Promise<string | undefined> {
  const rows = ok(await p.get('scmapi/stock/list', { bin_id: bin.id })) as Doc[];
  return rows.find((r) => r.item_key === `M:${poplin}`)?.quantity;
}

async function posted(entity: string, lines: Doc[], p = f) {
  const doc = await p.save(entity, { lines });
  return p.post(`scmapi/${entity}/post`, { id: doc.id, version: doc.version });
}

const receipt = (bin: Doc, quantity: string) => posted('stock-receipt', [{ material_id: poplin, to_bin_id: bin.id, quantity }]);
const move = (from: Doc, to: Doc, quantity: string, p = f) => posted('stock-move', [{ material_id: poplin, from_bin_id: from.id, to_bin_id: to.id, quantity }], p);

describe('demo data', () => {
  it('the factory starts with stock in its stores, posted through the ledger', async () => {
    const rows = ok(await f.get('scmapi/stock/list')) as Doc[];
    const at = (bin: string) => rows.filter((r) => r.bin_code === bin).map((r) => [r.material_code ?? `${r.style_code} ${r.colour} ${r.size}`, r.quantity]);
    expect(at('RM-A-01')).toEqual([['FB-POPLIN', '1000.0000']]);
    expect(at('RM-A-02')).toEqual([
      ['FB-POPLIN', '200.0000'],
      ['TH-4020', '80.0000'],
    ]);
    expect(at('FG-01')).toEqual([
      ['SH-0918 White L', '96.0000'],
      ['SH-0918 White M', '120.0000'],
    ]);
    expect(ok(await f.get('scmapi/stock/check')).ok).toBe(true);
  });
});

describe('stock documents', () => {
  it('numbers a receipt from its series and posts it into the ledger and the stock', async () => {
    const res = await receipt(b1, '50');
    expect(res.status).toBe(200);
    const doc = res.body.data.results;
    expect(doc.status).toBe('posted');
    expect(doc.doc_no).toMatch(/^SR\d{4}\d{4}$/);
    expect(await stockOf(b1)).toBe('50.0000');
    const ledger = ok(await f.get('scmapi/stock/ledger', { bin_id: b1.id })) as Doc[];
    expect(ledger).toEqual([expect.objectContaining({ docId: doc.id, docEntity: 'stock-receipt', delta: '50.0000', balance: '50.0000' })]);
  });

  it('ORD-18: refuses a move larger than the bin holds, in Chinese and English, changing nothing', async () => {
    const refusedZh = await move(b1, b2, '60');
    expect(refusedZh.status).toBe(400);
    expect(refusedZh.body.message).toBe('移库数量超过库位库存');
    const refusedEn = await move(b1, b2, '60', fEn);
    expect(refusedEn.status).toBe(400);
    expect(refusedEn.body.message).toBe('moved quantity exceeds stock in the bin');
    expect(await stockOf(b1)).toBe('50.0000');
    expect(await stockOf(b2)).toBeUndefined();
    const drafts = ok(await f.get('scmapi/stock-move/page-list', { q: JSON.stringify({ status: 'draft' }) }));
    expect(drafts.total).toBe(2); // the refused posts left their documents as drafts
  });

  it('ORD-18: moves exactly what the bin holds', async () => {
    const res = await move(b1, b2, '50');
    expect(res.status).toBe(200);
    expect(await stockOf(b1)).toBe('0.0000');
    expect(await stockOf(b2)).toBe('50.0000');
  });

  it('refuses an issue beyond the stock with its own message, and books one within it', async () => {
    const over = await posted('stock-issue', [{ material_id: poplin, from_bin_id: b2.id, quantity: '50.0001' }], fEn);
    expect([over.status, over.body.message]).toEqual([400, 'issued quantity exceeds stock in the bin']);
    const overZh = await posted('stock-issue', [{ material_id: poplin, from_bin_id: b2.id, quantity: '51' }]);
    expect(overZh.body.message).toBe('出库数量超过库位库存');
    const within = await posted('stock-issue', [{ material_id: poplin, from_bin_id: b2.id, quantity: '12.3456' }]);
    expect(within.status).toBe(200);
    expect(await stockOf(b2)).toBe('37.6544');
  });

  it('keeps a posted document as it was: no save, no delete, no second post, no cancel', async () => {
    const res = await receipt(b1, '5');
    const doc = res.body.data.results;
    const save = await srv.call('POST', 'scmapi/stock-receipt/save', { token: en.token, json: { DATA: { id: doc.id, version: doc.version, note: 'changed' } } });
    expect(save.status).toBe(422);
    expect(save.body.data.errors._document).toEqual(['A posted or cancelled stock document can no longer be changed or deleted']);
    const del = await fEn.post('scmapi/stock-receipt/delete', [doc.id]);
    expect([del.status, del.body.data?.warning]).toEqual([400, 'IN_USE']);
    const forced = await srv.call('POST', 'scmapi/stock-receipt/delete', { token: en.token, json: { DATA: [doc.id], force: '1' } });
    expect([forced.status, forced.body.message]).toEqual([400, 'A posted or cancelled stock document can no longer be changed or deleted']);
    const again = await f.post('scmapi/stock-receipt/post', { id: doc.id, version: doc.version });
    expect(again.status).toBe(400);
    const cancel = await f.post('scmapi/stock-receipt/cancel', { id: doc.id, version: doc.version });
    expect(cancel.status).toBe(400);
    expect(await stockOf(b1)).toBe('5.0000');
  });

  it('cancels a draft without touching stock; a cancelled one cannot be posted', async () => {
    const doc = await f.save('stock-receipt', { lines: [{ material_id: poplin, to_bin_id: b1.id, quantity: '7' }] });
    const cancelled = ok(await f.post('scmapi/stock-receipt/cancel', { id: doc.id, version: doc.version }));
    expect(cancelled.status).toBe('cancelled');
    const post = await f.post('scmapi/stock-receipt/post', { id: doc.id, version: cancelled.version });
    expect(post.status).toBe(400);
    expect(await stockOf(b1)).toBe('5.0000');
  });

  it('refuses to post a document without lines, and a stale version with 409', async () => {
    const empty = await f.save('stock-move', { note: 'nothing' });
    const res = await fEn.post('scmapi/stock-move/post', { id: empty.id, version: empty.version });
    expect([res.status, res.body.message]).toEqual([400, 'Add at least one line before posting']);
    const stale = await f.post('scmapi/stock-move/post', { id: empty.id, version: 99 });
    expect(stale.status).toBe(409);
  });

  it('checks lines: a material or a style, never both; quantities above zero with at most 4 decimals; a move between two different bins', async () => {
    const bad = await srv.call('POST', 'scmapi/stock-move/save', {
      token: en.token,
      json: {
        DATA: {
          lines: [
            { material_id: poplin, style_code: 'ST-1', from_bin_id: b1.id, to_bin_id: b2.id, quantity: '1' },
            { style_code: 'ST-1', colour: 'Navy', size: 'M', from_bin_id: b1.id, to_bin_id: b1.id, quantity: '1.23456' },
            { material_id: poplin, from_bin_id: b1.id, to_bin_id: b2.id, quantity: '-1' },
          ],
        },
      },
    });
    expect(bad.status).toBe(422);
    const errors = bad.body.data.errors.lines;
    expect(errors[0].material_id).toEqual(['Give either a material or a style']);
    expect(errors[1].quantity).toBeDefined();
    expect(errors[2].quantity).toBeDefined();
    // The same bin on both sides is refused when posting (a draft may be saved half-filled).
    const same = await posted('stock-move', [{ material_id: poplin, from_bin_id: b1.id, to_bin_id: b1.id, quantity: '1' }], fEn);
    expect([same.status, same.body.message]).toEqual([400, 'A move needs a target bin other than its source bin']);
  });

  it('issue 30: a line takes its item’s unit (the material’s own, pieces for a garment) and refuses 2.5 pieces', async () => {
    const doc = await fEn.save('stock-receipt', {
      lines: [
        { material_id: poplin, to_bin_id: b1.id, quantity: '12.5', unit: 'PCS' },
        { style_code: 'ST-8', colour: 'Navy', size: 'M', to_bin_id: b1.id, quantity: '3', unit: 'KG' },
      ],
    });
    const lines = ok(await fEn.get('scmapi/stock-receipt/view', { id: doc.id })).lines as Doc[];
    const [material] = (await srv.db.asSystem((tx) => tx.execute(sql`select unit from md_material where id = ${poplin}`)) as unknown as { rows: Doc[] }).rows;
    expect(lines.map((l) => [l.unit, l.quantity])).toEqual([
      [material.unit, '12.5000'],
      ['PCS', '3.0000'],
    ]);
    for (const [party, text] of [[en, 'Please enter a whole number of pcs'], [zh, '以“件”计的数量只能是整数']] as const) {
      const half = await srv.call('POST', 'scmapi/stock-receipt/save', { token: party.token, json: { DATA: { lines: [{ style_code: 'ST-8', colour: 'Navy', size: 'M', to_bin_id: b1.id, quantity: '2.5' }] } } });
      expect(half.status).toBe(422);
      expect(half.body.data.errors.lines[0].quantity).toEqual([text]);
    }
  });

  it('keeps stock per style, colour and size apart from materials', async () => {
    const res = await posted('stock-receipt', [
      { style_code: 'st-9', colour: 'Navy', size: 'M', to_bin_id: b2.id, quantity: '30' },
      { style_code: 'ST-9', colour: 'Navy', size: 'L', to_bin_id: b2.id, quantity: '20' },
    ]);
    expect(res.status).toBe(200);
    const rows = ok(await f.get('scmapi/stock/list', { bin_id: b2.id })) as Doc[];
    expect(rows.filter((r) => r.style_code === 'ST-9').map((r) => [r.size, r.quantity])).toEqual([
      ['L', '20.0000'],
      ['M', '30.0000'],
    ]);
  });
});

describe('the ledger', () => {
  /** The database's own message of a refused statement (drizzle wraps it as the cause). */
  const refusal = (run: Promise<unknown>) =>
    run.then(
      () => 'no error',
      (err: { message: string; cause?: { message?: string } }) => err.cause?.message ?? err.message,
    );

  it('is append-only: tenants may not update or delete it, and the owner is refused by the trigger', async () => {
    const asTenant = (q: ReturnType<typeof sql>) => srv.db.withTenant(zh.clientId, (tx) => tx.execute(q));
    expect(await refusal(asTenant(sql`update scm_stock_ledger set delta = 0`))).toMatch(/permission denied/);
    expect(await refusal(asTenant(sql`delete from scm_stock_ledger`))).toMatch(/permission denied/);
    expect(await refusal(srv.db.asSystem((tx) => tx.execute(sql`delete from scm_stock_ledger`)))).toMatch(/append-only/);
    expect(await refusal(srv.db.asSystem((tx) => tx.execute(sql`update scm_stock_ledger set delta = 0`)))).toMatch(/append-only/);
  });

  it('never lets stock go negative, even written by hand', async () => {
    expect(await refusal(srv.db.asSystem((tx) => tx.execute(sql`update scm_stock set quantity = -1`)))).toMatch(/scm_stock_not_negative/);
  });

  it('sums to the stock of every bin and item', async () => {
    const check = ok(await f.get('scmapi/stock/check'));
    expect(check).toEqual({ ok: true, mismatches: [], negative: 0 });
  });
});

describe('20 concurrent movers on one bin', () => {
  it('books exactly what the bin holds and refuses the rest; no stock below zero; ledger = stock', async () => {
    const src = await f.save('warehouse-bin', { warehouse_id: warehouse.id, code: 'T1-RACE' });
    const dst = await f.save('warehouse-bin', { warehouse_id: warehouse.id, code: 'T1-RACE2' });
    expect((await receipt(src, '10')).status).toBe(200);
    // Drafts first, then 20 posts at once: each moves 1, so 10 must win and 10 must be refused.
    // Two of them run the other way (dst → src) so opposite moves interleave without deadlock.
    const drafts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        f.save('stock-move', { lines: [{ material_id: poplin, from_bin_id: i < 18 ? src.id : dst.id, to_bin_id: i < 18 ? dst.id : src.id, quantity: '1' }] }),
      ),
    );
    const results = await Promise.all(drafts.map((d) => f.post('scmapi/stock-move/post', { id: d.id, version: d.version })));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 400)).toBe(true);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.message).toBe('移库数量超过库位库存');
    const okCount = statuses.filter((s) => s === 200).length;
    const srcQty = Number(await stockOf(src));
    const dstQty = Number(await stockOf(dst));
    expect(srcQty).toBeGreaterThanOrEqual(0);
    expect(dstQty).toBeGreaterThanOrEqual(0);
    expect(srcQty + dstQty).toBe(10);
    // Every success moved one piece: the forward ones out of src, the backward ones into it.
    const forwardOk = results.slice(0, 18).filter((r) => r.status === 200).length;
    const backwardOk = results.slice(18).filter((r) => r.status === 200).length;
    expect(srcQty).toBe(10 - forwardOk + backwardOk);
    expect(okCount).toBe(forwardOk + backwardOk);
    expect(forwardOk).toBeGreaterThanOrEqual(10);
    const check = ok(await f.get('scmapi/stock/check'));
    expect(check).toEqual({ ok: true, mismatches: [], negative: 0 });
  });
});

describe('another company', () => {
  it('gets 404 on the warehouse, its bins and stock documents, and sees none of its stock or ledger', async () => {
    const doc = await f.save('stock-receipt', { lines: [{ material_id: poplin, to_bin_id: b1.id, quantity: '1' }] });
    expect((await b.get('scmapi/warehouse/view', { id: warehouse.id })).status).toBe(404);
    expect((await b.get('scmapi/warehouse-bin/view', { id: b1.id })).status).toBe(404);
    expect((await b.get('scmapi/stock-receipt/view', { id: doc.id })).status).toBe(404);
    expect((await b.post('scmapi/stock-receipt/post', { id: doc.id, version: doc.version })).status).toBe(404);
    expect((await b.post('scmapi/stock-receipt/cancel', { id: doc.id, version: doc.version })).status).toBe(404);
    // Its bin and warehouse are not found (issue 23: not an empty list).
    expect((await b.get('scmapi/stock/list', { bin_id: b1.id })).status).toBe(404);
    expect((await b.get('scmapi/stock/list', { warehouse_id: warehouse.id })).status).toBe(404);
    expect((await b.get('scmapi/stock/ledger', { bin_id: b1.id })).status).toBe(404);
    // The brand's own stock (its DC, from the shipping demo) lists; nothing of the factory's does.
    const brandStock = ok(await b.get('scmapi/stock/list', {})) as Doc[];
    expect(brandStock.filter((r) => [b1.id, b2.id].includes(r.bin_id as string) || r.item_key === `M:${poplin}`)).toEqual([]);
    // A receipt of the brand naming the factory's bin is refused (the bin is not the brand's).
    const foreign = await srv.call('POST', 'scmapi/stock-receipt/save', { token: brand.token, json: { DATA: { lines: [{ style_code: 'X', to_bin_id: b1.id, quantity: '1' }] } } });
    expect(foreign.status).toBe(422);
    expect(ok(await f.get('scmapi/stock-receipt/view', { id: doc.id })).status).toBe('draft');
  });

  it('answers 404 to a malformed id and 401 without a session', async () => {
    expect((await f.get('scmapi/stock/ledger', { bin_id: 'nope' })).status).toBe(404);
    expect((await f.post('scmapi/stock-move/post', { id: 'nope', version: 1 })).status).toBe(404);
    expect((await srv.call('GET', 'scmapi/stock/list')).status).toBe(401);
  });
});
