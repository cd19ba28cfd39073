// Issue 30, the fields that still held money without a currency and quantities without a unit:
// a season's target revenue (and its range plan's retail prices), a style's target FOB price, a
// process's piece rate, and a purchase requirement's entries (quantity in the material's unit,
// price in the requirement's currency). Each definition names the field that governs it, so every
// screen, export and print shows the symbol or unit; the server stores the currency, fills a line's
// unit from its material and refuses a fraction of a counted one — over real HTTP, real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processEntity } from '../../masterdata/meta/process';
import { seasonEntity } from '../../development/meta/library';
import { styleEntity } from '../../development/meta/style';
import { purchaseRequirementEntity } from '../meta/purchase-requirement';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let buyer: string; // brand.buyer (en)
let factory: string; // factory.admin (zh)
type Doc = Record<string, any>;
const call = (method: string, path: string, token: string, opts: { json?: unknown; query?: Record<string, string> } = {}) => srv.call(method, path, { token, ...opts });
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (path: string, token: string, data: unknown) => call('POST', path, token, { json: { DATA: data } });
const rows = async (path: string, token: string) => ok(await call('GET', path, token, { query: { p: JSON.stringify({ size: 200 }) } })).rows as Doc[];
const EN = { 'x-seamline-lang': 'en' };

beforeAll(async () => {
  srv = await startTestServer();
  [buyer, factory] = await Promise.all(['brand.buyer', 'factory.admin'].map(async (u) => (await login(srv.call, u)).token));
}, 120_000);
afterAll(() => srv?.close());

describe('the definitions say which currency or unit governs each money and quantity field', () => {
  const field = (def: { fields: readonly Doc[]; children?: readonly Doc[] }, name: string, child?: string) =>
    (child ? def.children!.find((c) => c.name === child)!.fields : def.fields).find((f: Doc) => f.name === name);

  it.each([
    ['season target revenue', seasonEntity, 'target_revenue', undefined, { currency: { field: 'currency' } }],
    ['season range plan retail price', seasonEntity, 'target_price', 'range_plan', { currency: { field: 'parent.currency' } }],
    ['style target FOB price', styleEntity, 'target_price', undefined, { currency: { field: 'currency' } }],
    ['process piece rate', processEntity, 'estimate_rate', undefined, { currency: { field: 'currency' } }],
    ['purchase requirement entry price', purchaseRequirementEntity, 'price', 'lines', { currency: { field: 'parent.currency' } }],
    ['purchase requirement entry quantity', purchaseRequirementEntity, 'qty', 'lines', { unit: { field: 'unit' } }],
  ] as const)('%s', (_what, def, name, child, governed) => {
    expect(field(def as never, name, child)).toMatchObject(governed);
    const source = 'currency' in governed ? governed.currency.field : governed.unit.field;
    const [where, own] = source.startsWith('parent.') ? [undefined, source.slice(7)] : [child, source];
    expect(field(def as never, own, where), `${own} is a field`).toBeTruthy();
  });
});

describe('money in its currency on the server (issue 30)', () => {
  it('the demo season, styles and the factory’s processes carry a currency', async () => {
    const [season] = (await rows('plmapi/season/page-list', buyer)).filter((s) => s.code === 'SS26');
    expect(ok(await call('GET', 'plmapi/season/view', buyer, { query: { id: season.id } }))).toMatchObject({ currency: 'CNY', target_revenue: '1800000.0000' });
    const styles = (await rows('plmapi/style/page-list', buyer)).filter((s) => /^ST-100[12]$/.test(s.code));
    expect(styles.length).toBe(2);
    for (const s of styles) expect(ok(await call('GET', 'plmapi/style/view', buyer, { query: { id: s.id } })).currency).toBe('CNY');
    const processes = await rows('mdapi/process/page-list', factory);
    expect(processes.filter((p) => p.estimate_rate).length).toBeGreaterThan(0);
    expect(processes.filter((p) => p.currency !== 'CNY')).toEqual([]);
  });

  it('a season in US dollars keeps them; one saved without a currency is in CNY', async () => {
    const usd = ok(await post('plmapi/season/save', buyer, { code: `FW-USD-${Date.now()}`, name: 'Export line', year: 2027, target_revenue: '250000.5', currency: 'USD' }));
    expect([usd.currency, usd.target_revenue]).toEqual(['USD', '250000.5000']);
    const plain = ok(await post('plmapi/season/save', buyer, { code: `FW-CNY-${Date.now()}`, name: 'Domestic line', year: 2027, target_revenue: '1000' }));
    expect(plain.currency).toBe('CNY');
  });
});

describe('purchase-requirement entries in their units and currency (issue 30)', () => {
  const material = async (code: string) => (await rows('mdapi/material/page-list', buyer)).find((m) => m.code === code)!.id as string;

  it('an entry takes its material’s unit: 2.5 m of poplin is fine, 2.5 zips (PCS) are refused in the user’s language', async () => {
    const [poplin, zip] = [await material('F1001'), await material('T1002')];
    const saved = ok(await post('scmapi/purchase-requirement/save', buyer, { title: 'Units', currency: 'USD', lines: [{ material_id: poplin, qty: '2.5', price: '3.25' }, { material_id: zip, qty: '40', price: '0.1' }] }));
    expect(saved.currency).toBe('USD');
    expect(saved.lines.map((l: Doc) => [l.unit, l.qty, l.price])).toEqual([['M', '2.5000', '3.2500'], ['PCS', '40.0000', '0.1000']]);
    const en = await call('POST', 'scmapi/purchase-requirement/save', buyer, { json: { DATA: { title: 'Half a zip', lines: [{ material_id: zip, qty: '2.5' }] } } });
    expect(en.status).toBe(422);
    expect(en.body.data.errors.lines[0].qty).toEqual(['Please enter a whole number of pcs']);
    const zh = await srv.call('POST', 'scmapi/purchase-requirement/save', { token: buyer, headers: { 'x-seamline-lang': 'zh' }, json: { DATA: { title: '半条拉链', lines: [{ material_id: zip, qty: '2.5' }] } } });
    expect(zh.body.data.errors.lines[0].qty).toEqual(['以“件”计的数量只能是整数']);
    // Nothing of the refused ones was stored.
    expect((await rows('scmapi/purchase-requirement/page-list', buyer)).filter((r) => r.title === 'Half a zip' || r.title === '半条拉链')).toEqual([]);
  });

  it('the demo requirement’s entries carry their materials’ units and it is in CNY', async () => {
    const [demo] = (await rows('scmapi/purchase-requirement/page-list', buyer)).filter((r) => r.remark?.includes('PR_APPR') || /PR_APPR/.test(JSON.stringify(r)));
    const doc = ok(await call('GET', 'scmapi/purchase-requirement/view', buyer, { query: { id: demo.id } }));
    expect(doc.currency).toBe('CNY');
    expect(doc.lines.length).toBeGreaterThan(0);
    for (const l of doc.lines) expect(l.unit).toBeTruthy();
  });

  it('an entry without a material is refused for that field only (the unit has nothing to come from)', async () => {
    const res = await srv.call('POST', 'scmapi/purchase-requirement/save', { token: buyer, headers: EN, json: { DATA: { title: 'No material', lines: [{ qty: '1' }] } } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.errors.lines[0])).toEqual(['material_id']);
  });
});
