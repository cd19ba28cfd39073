// Issue 30 over real HTTP on a real database: a quantity of a counted unit (pieces, labels…)
// cannot hold a fraction — the save, the brand's placing and the import refuse 2.5 pieces with a
// field error in the user's language and store nothing; measured units keep their places; an
// order carries its currency; the export writes 60 pieces as '60' under 'Quantity (pcs)'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, login, readXlsx, startTestServer, upload, xlsxOf, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let buyer: string; // brand.buyer (en)
let factory: string; // factory.admin (zh)
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
let seq = 0;
const code = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;
const idByCode = async (entity: string, token: string, value: string) =>
  ok(await get(`mdapi/${entity}/page-list`, token, { q: JSON.stringify({ code: value }) })).rows[0] as Doc;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  srv = await startTestServer();
  [buyer, factory] = await Promise.all(['brand.buyer', 'factory.admin'].map(async (u) => (await login(srv.call, u)).token));
  const suppliers = ok(await get('scmapi/customer-order/suppliers', buyer, {}));
  factoryId = suppliers.find((s: Doc) => s.name === 'Demo Garment')?.client_id;
}, 120_000);
afterAll(() => srv?.close());

describe('counted units refuse fractions (issue 30)', () => {
  it('a customer order line of 2.5 pieces is refused on save, in Chinese, and nothing is stored', async () => {
    const no = code('SO-U');
    const line = { style_code: 'U-1', colour: 'Red', size: 'M', price: '10' };
    const res = await post('scmapi/customer-order/save', factory, { code: no, lines: [{ ...line, qty: '60' }, { ...line, size: 'L', qty: '2.5' }] });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.lines).toEqual([null, { qty: ['以“件”计的数量只能是整数'] }]);
    expect(ok(await get('scmapi/customer-order/page-list', factory, { q: JSON.stringify({ code: no }) })).rows).toEqual([]);
    // Whole pieces written with places are fine; the amount keeps 4 places in the order's currency.
    const saved = ok(await post('scmapi/customer-order/save', factory, { code: no, currency: 'USD', lines: [{ ...line, qty: '60.0000' }] }));
    expect([saved.total_qty, saved.total_amount, saved.currency]).toEqual(['60.0000', '600.0000', 'USD']);
  });

  it('a brand placing 2.5 pieces reads the error in English; its order defaults to CNY', async () => {
    const lines = [{ style_code: 'U-2', colour: 'Blue', size: 'S', qty: '2.5', price: '1' }];
    const res = await post('scmapi/customer-order/place', buyer, { supplier_client_id: factoryId, code: code('PO-U'), lines });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.lines[0].qty).toEqual(['Please enter a whole number of pcs']);
    const placed = ok(await post('scmapi/customer-order/place', buyer, { supplier_client_id: factoryId, code: code('PO-U'), lines: [{ ...lines[0], qty: '3' }] }));
    expect(placed.currency).toBe('CNY');
  });

  it('a material line takes its material’s unit: 2.5 m is fine, 2.5 labels (PCS) are refused', async () => {
    const vendor = (await idByCode('vendor', factory, 'V2002')).id;
    const fine = ok(await post('scmapi/material-order/save', factory, { code: code('MO-U'), vendor_id: vendor, lines: [{ material_code: 'FB-POPLIN', qty: '2.5', price: '1' }] }));
    expect([fine.lines[0].unit, fine.lines[0].qty]).toEqual(['M', '2.5000']);
    const bad = await post('scmapi/material-order/save', factory, { code: code('MO-U'), vendor_id: vendor, lines: [{ material_code: 'LB-DB-MAIN', qty: '2.5' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.lines[0].qty).toEqual(['以“件”计的数量只能是整数']);
  });

  it('an import of outsourced orders with 2.5 pieces is refused whole and names the row; whole pieces import', async () => {
    const vendor = await idByCode('vendor', factory, 'V2002');
    const file = (qty: unknown) =>
      xlsxOf([
        ['外发单号', '加工供应商', '供应商标识', '数量'],
        [code('OS-U'), vendor.short_name, '0', '7'],
        [code('OS-U'), vendor.short_name, '0', qty],
      ]);
    const refused = await upload(srv.url, 'scmapi/outsourced-order/import', factory, [{ name: 'os.xlsx', bytes: await file(2.5), type: XLSX }]);
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors.rows).toEqual([{ row: 3, errors: { qty: ['以“件”计的数量只能是整数'] } }]);
    const done = await upload(srv.url, 'scmapi/outsourced-order/import', factory, [{ name: 'os.xlsx', bytes: await file('12.0000'), type: XLSX }]);
    expect([done.status, done.body.data?.results?.created]).toEqual([200, 2]);
  });

  it('the export writes pieces as whole numbers under a title with the unit', async () => {
    const file = await download(srv.url, 'scmapi/work-order/export', factory);
    expect(file.status).toBe(200);
    const [{ rows }] = await readXlsx(file.bytes);
    const col = (rows[0] as unknown[]).indexOf('数量 (件)');
    expect(col).toBeGreaterThan(-1);
    const values = rows.slice(1).map((r) => r[col]).filter((v) => v !== null && v !== undefined);
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(String(v)).toMatch(/^\d+$/);
  });

  it('the sales report sums amounts per currency, never across them, and names the unit of pieces', async () => {
    const line = { style_code: 'U-R', colour: 'Black', size: 'M', qty: '10' };
    const from = '2031-01-01';
    for (const [currency, price] of [['CNY', '1'], ['USD', '2'], ['USD', '3']]) {
      ok(await post('scmapi/customer-order/save', factory, { code: code('SO-R'), order_date: from, currency, lines: [{ ...line, price }] }));
    }
    const res = ok(await get('rptapi/report/run', factory, { opt: 'sales', q: JSON.stringify({ order_date: { op: 'gte', value: from } }) }));
    expect(res.units.sum_total_amount).toEqual({ kind: 'currency' });
    const open = res.rows.find((r: Doc) => r.key === 'OPEN');
    expect(open.sum_total_amount).toBeNull();
    expect(JSON.parse(open.sum_total_amount__by)).toEqual([
      { code: 'CNY', value: '10.0000' },
      { code: 'USD', value: '50.0000' },
    ]);
    expect(res.total.sum_total_amount).toBeNull();
    const qty = ok(await get('rptapi/report/run', factory, { opt: 'open-orders' }));
    expect(qty.units.sum_total_qty).toEqual({ kind: 'unit', code: 'PCS' });
  });
});
