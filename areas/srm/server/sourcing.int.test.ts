// Sourcing across companies over real HTTP on a real database: the project stages and every
// publishing-stage check (one test per message), invitations, RFI records, quotations with tier
// prices, the comparison and the award, and who sees what in every direction (RLS on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { sql } from '@seamline/server/api';

let srv: TestServer;
let buyer: string; // brand.buyer (en), Demo Brand Co.
let brandAdmin: string; // brand.admin (zh)
let factory: string; // factory.admin, Demo Garment Factory
let fabric: string; // fabric.admin, Demo Fabric Mill
let superAdmin: string; // lands in Demo Brand Co., not a reviewer
let garmentVendor: string; // V1001 at the brand → Demo Garment Factory
let fabricVendor: string; // V1002 at the brand → Demo Fabric Mill
let factoryFabricVendor: string; // the factory's own vendor record of the fabric mill
const EN = { 'x-seamline-lang': 'en' };

type Doc = Record<string, any>;

async function call(method: string, path: string, token: string, opts: { json?: unknown; query?: Record<string, string> } = {}): Promise<ApiResponse> {
  return srv.call(method, path, { token, headers: EN, ...opts });
}
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const post = (path: string, token: string, data: unknown) => call('POST', path, token, { json: { DATA: data } });

/** The database's own message behind a failed query (drizzle wraps it). */
async function dbError(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (e) {
    const err = e as { message?: string; cause?: { message?: string } };
    return `${err.cause?.message ?? ''} ${err.message ?? ''}`;
  }
  return 'no error';
}

async function vendorId(token: string, code: string): Promise<string> {
  const page = ok(await call('GET', 'mdapi/vendor/page-list', token, { query: { q: JSON.stringify({ code }) } }));
  return page.rows[0].id;
}

const ITEMS = [
  { name: 'Cotton poplin 120gsm', unit: 'm', quantity: '5000', expected_price: '12.3456', currency: 'USD', status: 'active', reference_material: 'M0001' },
  { name: 'Shell button 18L', unit: 'pcs', quantity: '20000', expected_price: '0.0800', currency: 'USD', status: 'active' },
];

async function newProject(token: string, extra: Doc = {}): Promise<Doc> {
  return ok(
    await post('srmapi/sourcing-project/save', token, {
      name: 'SS27 shirting',
      description: 'Poplin and buttons for the SS27 shirt programme',
      duration: 30,
      priority: 'HIGH',
      tags: ['FABRIC', 'BULK'],
      contact_person: 'Ann Lee',
      contact_phone: '021-6000 1001',
      currency: 'USD',
      items: ITEMS,
      rfi_questions: [{ question: 'Monthly capacity in metres?', required: true }],
      ...extra,
    }),
  );
}

async function project(token: string, id: string): Promise<Doc> {
  return ok(await call('GET', 'srmapi/sourcing-project/view', token, { query: { id } }));
}

/** Takes a project action with the current version. */
async function act(token: string, id: string, action: string): Promise<ApiResponse> {
  const p = await project(token, id);
  return post(`srmapi/sourcing-project/${action}`, token, { id, version: p.version });
}
async function actOk(token: string, id: string, action: string): Promise<Doc> {
  return ok(await act(token, id, action));
}

async function invite(token: string, projectId: string, vendorIds: string[]): Promise<Doc> {
  return ok(await post('srmapi/invitation/create', token, { project_id: projectId, vendor_ids: vendorIds }));
}

async function supplierView(token: string, projectId: string): Promise<ApiResponse> {
  return call('GET', 'srmapi/sourcing-inbox/view', token, { query: { id: projectId } });
}

async function quote(token: string, projectId: string, price: string, extra: Doc = {}): Promise<Doc> {
  const view = ok(await supplierView(token, projectId));
  return ok(
    await post('srmapi/quotation/save', token, {
      project_id: projectId,
      currency: 'USD',
      version: view.quotation?.version,
      lines: view.items.map((it: Doc, i: number) => ({
        item_id: it.id,
        unit_price: i === 0 ? price : '0.0700',
        lead_time_days: 21,
        tiers: i === 0 ? [{ level: 1, min_qty: '1000', unit_price: price }, { level: 2, min_qty: '5000', unit_price: '10.0000' }] : [],
      })),
      ...extra,
    }),
  );
}
async function postQuote(token: string, q: Doc): Promise<ApiResponse> {
  return post('srmapi/quotation/post', token, { id: q.id, version: q.version });
}

/** A project published to both suppliers. */
async function publishedToBoth(extra: Doc = {}): Promise<Doc> {
  const p = await newProject(buyer, extra);
  await invite(buyer, p.id, [garmentVendor, fabricVendor]);
  await actOk(buyer, p.id, 'publish');
  return p;
}

beforeAll(async () => {
  srv = await startTestServer();
  const [b, ba, f, m, s] = await Promise.all(['brand.buyer', 'brand.admin', 'factory.admin', 'fabric.admin', 'super.admin'].map((u) => login(srv.call, u)));
  [buyer, brandAdmin, factory, fabric, superAdmin] = [b.token, ba.token, f.token, m.token, s.token];
  garmentVendor = await vendorId(buyer, 'V1001');
  fabricVendor = await vendorId(buyer, 'V1002');
  const factoryVendors = ok(await call('GET', 'mdapi/vendor/page-list', factory, { query: { q: JSON.stringify({ short_name: 'Demo Fabric' }) } }));
  factoryFabricVendor = factoryVendors.rows[0].id;
});
afterAll(() => srv?.close());

describe('sourcing project (SRC-01..06)', () => {
  it('numbers a new project by serial number, with every field and all stages at their start', async () => {
    const p = await newProject(buyer, { is_public: false, project_type: 'FABRIC_RFQ' });
    expect(p.code).toMatch(/^SP\d{4}\d{3}$/);
    expect(p).toMatchObject({
      name: 'SS27 shirting',
      duration: 30,
      priority: 'HIGH',
      is_public: false,
      contact_person: 'Ann Lee',
      info_stage: '0',
      rfi_status: 'none',
      publish_stage: '0',
      inquiry_status: 'none',
      eval_stage: '0',
    });
    expect(p.items.map((i: Doc) => i.expected_price)).toEqual(['12.3456', '0.0800']);
    expect(p.time_stamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('keeps 4 decimals on the expected unit price and refuses a fifth', async () => {
    const res = await post('srmapi/sourcing-project/save', buyer, { name: 'x', items: [{ name: 'a', expected_price: '12.34567', status: 'active' }] });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.items[0].expected_price).toEqual(['At most 4 decimal places are allowed']);
  });

  it('walks the information stage: not prepared → preparing → info delivered, and refuses steps out of order', async () => {
    const p = await newProject(buyer);
    const early = await act(buyer, p.id, 'deliver-info');
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('This action is not allowed in the current status');
    expect((await actOk(buyer, p.id, 'start-preparing')).project).toMatchObject({ info_stage: '10', rfi_status: 'open' });
    await actOk(buyer, p.id, 'close-rfi');
    expect((await actOk(buyer, p.id, 'deliver-info')).project).toMatchObject({ info_stage: '20', rfi_status: 'closed' });
    expect((await act(buyer, p.id, 'start-preparing')).status).toBe(400);
  });

  it('keeps the items of a published RFQ as they are, but lets an item be deactivated', async () => {
    const p = await publishedToBoth();
    const stored = await project(buyer, p.id);
    const drop = await post('srmapi/sourcing-project/save', buyer, { id: p.id, version: stored.version, items: stored.items.slice(0, 1) });
    expect(drop.status).toBe(422);
    expect(drop.body.data.errors._document).toEqual(['RFQ items cannot be changed once the RFQ is published']);
    const off = ok(
      await post('srmapi/sourcing-project/save', buyer, { id: p.id, version: stored.version, items: stored.items.map((i: Doc, n: number) => ({ ...i, status: n ? 'inactive' : 'active' })) }),
    );
    expect(off.items.map((i: Doc) => i.status)).toEqual(['active', 'inactive']);
    expect(ok(await supplierView(factory, p.id)).items).toHaveLength(1);
  });
});

describe('publishing-stage checks (spec §8): the first failing check refuses, with its message, and nothing changes', () => {
  async function refused(token: string, id: string, action: string, message: string) {
    const before = await project(token, id);
    const res = await act(token, id, action);
    expect([res.status, res.body.message, res.body.code]).toEqual([400, message, 400]);
    const after = await project(token, id);
    expect(after.version).toBe(before.version);
    expect(after).toMatchObject({ info_stage: before.info_stage, publish_stage: before.publish_stage, eval_stage: before.eval_stage, inquiry_status: before.inquiry_status });
  }

  it('SRC-13: contact person and phone must be filled', async () => {
    const p = await newProject(buyer, { contact_phone: '' });
    await refused(buyer, p.id, 'publish', 'publishing info is missing the contact person and phone');
    await refused(buyer, p.id, 'start-preparing', 'publishing info is missing the contact person and phone');
    const stored = await project(buyer, p.id);
    ok(await post('srmapi/sourcing-project/save', buyer, { id: p.id, version: stored.version, contact_phone: '021-6000 1001' }));
    expect((await actOk(buyer, p.id, 'publish')).project.publish_stage).toBe('10');
  });

  it('answers in Chinese for a Chinese session', async () => {
    const p = await newProject(brandAdmin, { contact_person: '' });
    const res = await srv.call('POST', 'srmapi/sourcing-project/publish', { token: brandAdmin, json: { DATA: { id: p.id, version: p.version } } });
    expect(res.body.message).toBe('发布信息缺少联系人和电话');
  });

  it('SRC-14: the RFI must be closed', async () => {
    const p = await newProject(buyer);
    await actOk(buyer, p.id, 'start-preparing');
    await refused(buyer, p.id, 'publish', 'the RFI is not closed');
    await refused(buyer, p.id, 'deliver-info', 'the RFI is not closed');
  });

  it('SRC-15: the RFQ items must be active', async () => {
    const p = await newProject(buyer, { items: [ITEMS[0], { ...ITEMS[1], status: 'inactive' }] });
    await refused(buyer, p.id, 'publish', 'the RFQ items are not active');
  });

  it('SRC-16: evaluation needs quotations', async () => {
    const p = await publishedToBoth();
    await refused(buyer, p.id, 'start-evaluation', 'there are no quotations yet');
  });

  it('SRC-17: evaluation needs the RFQ closed', async () => {
    const p = await publishedToBoth();
    ok(await postQuote(factory, await quote(factory, p.id, '11.5000')));
    await refused(buyer, p.id, 'start-evaluation', 'the RFQ is not closed');
  });

  it('SRC-18: evaluation needs an active evaluation config', async () => {
    // The factory has no access-evaluation config; it sources fabric from the mill.
    const p = await newProject(factory);
    await invite(factory, p.id, [factoryFabricVendor]);
    await actOk(factory, p.id, 'publish');
    ok(await postQuote(fabric, await quote(fabric, p.id, '9.9000')));
    await actOk(factory, p.id, 'close-inquiry');
    await refused(factory, p.id, 'start-evaluation', 'the evaluation config is not active');
  });

  it('SRC-19: awarding and ending need the evaluation closed', async () => {
    const p = await publishedToBoth();
    const q = ok(await postQuote(factory, await quote(factory, p.id, '11.5000')));
    await actOk(buyer, p.id, 'close-inquiry');
    await actOk(buyer, p.id, 'start-evaluation');
    const award = await post('srmapi/quotation/select', buyer, { id: q.id, version: q.version });
    expect([award.status, award.body.message]).toEqual([400, 'the evaluation is not closed']);
    await refused(buyer, p.id, 'end-publishing', 'the evaluation is not closed');
  });

  it('SRC-20: the RFQ closes only when no company quotation is unfinished', async () => {
    const p = await publishedToBoth();
    const draft = await quote(fabric, p.id, '12.0000');
    await refused(buyer, p.id, 'close-inquiry', 'some company quotations are unfinished');
    ok(await postQuote(fabric, draft));
    expect((await actOk(buyer, p.id, 'close-inquiry')).project.inquiry_status).toBe('closed');
  });
});

describe('the whole RFQ: publish, quote, compare, award (SRC-03, 04, 07, 10, 12)', () => {
  it('runs every stage and the losing supplier sees unselected', async () => {
    const p = await newProject(buyer);
    const ws = await invite(buyer, p.id, [garmentVendor, fabricVendor]);
    expect(ws.invitations.map((i: Doc) => i.status)).toEqual(['draft', 'draft']);
    // A draft invitation shows the supplier nothing.
    expect((await supplierView(factory, p.id)).status).toBe(404);

    const published = await actOk(buyer, p.id, 'publish');
    expect(published.project).toMatchObject({ publish_stage: '10', inquiry_status: 'quoting' });
    expect(published.invitations.map((i: Doc) => i.status)).toEqual(['posted', 'posted']);

    const view = ok(await supplierView(factory, p.id));
    expect(view.project).toMatchObject({ brand_name: 'Demo Brand Co.', publish_stage: '10' });
    expect(view.can).toEqual({ fill_in: false, quote: true });

    const qf = ok(await postQuote(factory, await quote(factory, p.id, '11.8000')));
    const qm = ok(await postQuote(fabric, await quote(fabric, p.id, '11.2000')));
    expect([qf.status, qm.status]).toEqual(['posted', 'posted']);

    await actOk(buyer, p.id, 'close-inquiry');
    // SRC-07: a closed inquiry takes no quotation.
    const late = await post('srmapi/quotation/save', factory, { project_id: p.id, lines: [] });
    expect([late.status, late.body.message]).toEqual([400, 'The inquiry is closed and takes no new quotations']);
    expect(ok(await supplierView(factory, p.id)).can.quote).toBe(false);

    expect((await actOk(buyer, p.id, 'start-evaluation')).project.eval_stage).toBe('10');
    const cmp = ok(await call('GET', 'srmapi/quotation/compare', buyer, { query: { project_id: p.id } }));
    expect(cmp.quotations.map((q: Doc) => q.supplier_name).sort()).toEqual(['Demo Fabric Mill', 'Demo Garment Factory']);
    expect(cmp.items[0]).toMatchObject({ name: 'Cotton poplin 120gsm', best_price: '11.2000' });
    const offer = cmp.items[0].offers.find((o: Doc) => o.supplier_name === 'Demo Garment Factory');
    expect(offer).toMatchObject({ unit_price: '11.8000', lead_time_days: 21, tiers: [{ level: 1, min_qty: '1000.0000', unit_price: '11.8000' }, { level: 2, min_qty: '5000.0000', unit_price: '10.0000' }] });

    expect((await actOk(buyer, p.id, 'end-evaluation')).project.eval_stage).toBe('20');
    const win = cmp.quotations.find((q: Doc) => q.supplier_name === 'Demo Fabric Mill');
    const awarded = ok(await post('srmapi/quotation/select', buyer, { id: win.id, version: win.version }));
    expect(Object.fromEntries(awarded.quotations.map((q: Doc) => [q.supplier_name, q.status]))).toEqual({ 'Demo Fabric Mill': 'selected', 'Demo Garment Factory': 'unselected' });

    expect(ok(await call('GET', 'srmapi/quotation/view', factory, { query: { id: qf.id } })).status).toBe('unselected');
    expect(ok(await call('GET', 'srmapi/quotation/view', fabric, { query: { id: qm.id } })).status).toBe('selected');
    const mine = ok(await call('GET', 'srmapi/quotation/page-list', factory, { query: { q: JSON.stringify({ project_id: p.id }) } }));
    expect(mine.rows.map((r: Doc) => r.status)).toEqual(['unselected']);

    const ended = await actOk(buyer, p.id, 'end-publishing');
    expect(ended.project.publish_stage).toBe('20');
    expect(Object.fromEntries(ended.invitations.map((i: Doc) => [i.supplier_name, i.status]))).toEqual({ 'Demo Fabric Mill': 'selected', 'Demo Garment Factory': 'closed' });
  });

  it('tells the other company at every step (notify)', async () => {
    const p = await publishedToBoth();
    const inbox = async (token: string) => ok(await call('GET', 'utilsapi/notifyapi/notify-msg/index', token, { query: { page: '1', size: '50' } })).rows as Doc[];
    expect((await inbox(factory)).some((m) => m.related_key === p.id && m.module === 'SRM' && m.from_client_name === 'Demo Brand Co.')).toBe(true);
    ok(await postQuote(factory, await quote(factory, p.id, '11.0000')));
    expect((await inbox(buyer)).some((m) => m.related_key === p.id && m.from_client_name === 'Demo Garment Factory')).toBe(true);
  });

  it('invitations: post, shortlist, stop; a stopped supplier can no longer quote', async () => {
    const p = await newProject(buyer);
    await actOk(buyer, p.id, 'publish');
    let ws = await invite(buyer, p.id, [garmentVendor]);
    expect(ws.invitations[0].status).toBe('posted'); // the project is under way: posted at once
    const dup = await post('srmapi/invitation/create', buyer, { project_id: p.id, vendor_ids: [garmentVendor] });
    expect([dup.status, dup.body.message]).toEqual([400, 'This company is already invited']);
    ws = ok(await post('srmapi/invitation/shortlist', buyer, { id: ws.invitations[0].id, version: ws.invitations[0].version }));
    expect(ws.invitations[0].status).toBe('shortlisted');
    const again = await post('srmapi/invitation/shortlist', buyer, { id: ws.invitations[0].id, version: ws.invitations[0].version });
    expect(again.status).toBe(400);
    ws = ok(await post('srmapi/invitation/stop', buyer, { id: ws.invitations[0].id, version: ws.invitations[0].version }));
    expect(ws.invitations[0].status).toBe('stopped');
    const res = await post('srmapi/quotation/save', factory, { project_id: p.id, lines: [] });
    expect([res.status, res.body.message]).toEqual([400, 'Your invitation to this project was stopped']);
  });

  it('refuses a stale version with 409', async () => {
    const p = await newProject(buyer);
    const res = await post('srmapi/sourcing-project/publish', buyer, { id: p.id, version: p.version + 5 });
    expect(res.status).toBe(409);
  });
});

describe('quotations: tiers 1–5, exact decimals, frozen once posted (SRC-12, CON-23)', () => {
  let p: Doc;
  let item: string;
  beforeAll(async () => {
    p = await publishedToBoth();
    item = ok(await supplierView(factory, p.id)).items[0].id;
  });
  const save = (lines: Doc[], token = factory) => post('srmapi/quotation/save', token, { project_id: p.id, lines });

  it('takes the currency the supplier quotes in (any of the platform), not only the project currency (issue 13)', async () => {
    const other = await publishedToBoth();
    const bad = await post('srmapi/quotation/save', fabric, { project_id: other.id, currency: 'XYZ', lines: [{ item_id: ok(await supplierView(fabric, other.id)).items[0].id, unit_price: '1' }] });
    expect([bad.status, bad.body.data.errors.currency]).toEqual([422, ['Unknown currency']]);
    expect(other.currency).not.toBe('HKD');
    expect((await quote(fabric, other.id, '11.0000', { currency: 'HKD' })).currency).toBe('HKD');
  });

  it('accepts five tier levels and refuses a sixth or a level outside 1..5', async () => {
    const five = [1, 2, 3, 4, 5].map((level) => ({ level, min_qty: String(level * 1000), unit_price: String(13 - level) }));
    const saved = ok(await save([{ item_id: item, unit_price: '12.0000', tiers: five }]));
    expect(saved.lines[0].tiers.map((tr: Doc) => tr.level)).toEqual([1, 2, 3, 4, 5]);
    const six = await save([{ item_id: item, unit_price: '12', tiers: [...five, { level: 6, min_qty: '9000', unit_price: '7' }] }], fabric);
    expect(six.status).toBe(422);
    expect(six.body.data.errors.lines[0].tiers).toEqual(['At most 5 tier prices (levels 1 to 5)', 'Tier price levels run from 1 to 5']);
    const level6 = await save([{ item_id: item, unit_price: '12', tiers: [{ level: 6, min_qty: '1', unit_price: '1' }] }], fabric);
    expect(level6.body.data.errors.lines[0].tiers).toEqual(['Tier price levels run from 1 to 5']);
  });

  it('keeps 4 decimals and refuses more, an unknown item, or a missing price', async () => {
    const res = await save([{ item_id: item, unit_price: '12.34567' }, { item_id: '00000000-0000-0000-0000-000000000000', unit_price: '1' }, { item_id: item }], fabric);
    expect(res.status).toBe(422);
    const [a, b, c] = res.body.data.errors.lines;
    expect(a).toEqual({ unit_price: ['At most 4 decimal places are allowed'] });
    expect(b).toEqual({ item_id: ['This RFQ item is not part of the project or not active'] });
    expect(c.unit_price).toEqual(['This field is required']);
  });

  it('a posted quotation cannot change (API and database)', async () => {
    const draft = ok(await save([{ item_id: item, unit_price: '12.5000' }], fabric));
    const posted = ok(await postQuote(fabric, draft));
    const res = await post('srmapi/quotation/save', fabric, { project_id: p.id, version: posted.version, lines: [{ item_id: item, unit_price: '1' }] });
    expect([res.status, res.body.message]).toEqual([400, 'A posted quotation cannot be changed']);
    expect((await postQuote(fabric, posted)).status).toBe(400);
    const fabricId = ok(await call('GET', 'utilsapi/access/user-state', fabric)).clientid;
    expect(await dbError(srv.db.withTenant(fabricId, (tx) => tx.execute(sql`update srm_quotation set remarks = 'x' where id = ${posted.id}`)))).toMatch(/posted document cannot change/);
  });
});

describe('who sees what (RLS on, every direction)', () => {
  let p: Doc;
  let draftQ: Doc;
  let postedQ: Doc;
  let ids: Record<string, string>;
  beforeAll(async () => {
    p = await publishedToBoth();
    draftQ = await quote(factory, p.id, '11.1000');
    postedQ = ok(await postQuote(fabric, await quote(fabric, p.id, '11.3000')));
    ids = {};
    for (const [k, tok] of Object.entries({ brand: buyer, factory, fabric })) ids[k] = ok(await call('GET', 'utilsapi/access/user-state', tok)).clientid;
  });

  it('the brand never sees a draft quotation, and sees a posted one', async () => {
    expect((await call('GET', 'srmapi/quotation/view', buyer, { query: { id: draftQ.id } })).status).toBe(404);
    expect(ok(await call('GET', 'srmapi/quotation/view', buyer, { query: { id: postedQ.id } })).supplier_name).toBe('Demo Fabric Mill');
    const received = ok(await call('GET', 'srmapi/quotation/page-list', buyer, { query: { q: JSON.stringify({ side: 'received', project_id: p.id }) } }));
    expect(received.rows.map((r: Doc) => r.supplier_name)).toEqual(['Demo Fabric Mill']);
    const cmp = ok(await call('GET', 'srmapi/quotation/compare', buyer, { query: { project_id: p.id } }));
    expect(cmp.quotations).toHaveLength(1);
  });

  it("a supplier reading a competitor's quotation by id gets 404, draft or posted", async () => {
    expect((await call('GET', 'srmapi/quotation/view', fabric, { query: { id: draftQ.id } })).status).toBe(404);
    expect((await call('GET', 'srmapi/quotation/view', factory, { query: { id: postedQ.id } })).status).toBe(404);
    const list = ok(await call('GET', 'srmapi/quotation/page-list', factory, { query: { q: JSON.stringify({ project_id: p.id }) } }));
    expect(list.rows.map((r: Doc) => r.id)).toEqual([draftQ.id]);
    // Even a raw query in the supplier's tenant sees only its own rows.
    const seen = await srv.db.withTenant(ids.factory, (tx) => tx.execute(sql`select id from srm_quotation where project_id = ${p.id}`));
    expect((seen as unknown as { rows: Doc[] }).rows.map((r) => r.id)).toEqual([draftQ.id]);
    const lines = await srv.db.withTenant(ids.factory, (tx) => tx.execute(sql`select id from srm_quotation_line where quotation_id = ${postedQ.id}`));
    expect((lines as unknown as { rows: Doc[] }).rows).toEqual([]);
  });

  it('a company neither invited nor owner does not see a private project', async () => {
    const solo = await newProject(buyer);
    await invite(buyer, solo.id, [garmentVendor]);
    await actOk(buyer, solo.id, 'publish');
    expect((await supplierView(fabric, solo.id)).status).toBe(404);
    const inbox = ok(await call('GET', 'srmapi/sourcing-inbox/page-list', fabric, { query: { q: JSON.stringify({ mode: 'rfq' }) } }));
    expect(inbox.rows.map((r: Doc) => r.id)).not.toContain(solo.id);
    const factoryInbox = ok(await call('GET', 'srmapi/sourcing-inbox/page-list', factory, { query: { q: JSON.stringify({ mode: 'rfq' }) } }));
    expect(factoryInbox.rows.find((r: Doc) => r.id === solo.id)).toMatchObject({ brand_name: 'Demo Brand Co.', invitation_status: 'posted', quotation_status: null });
    // The engine's own endpoints never show another company's project, even a visible one.
    expect((await call('GET', 'srmapi/sourcing-project/view', factory, { query: { id: solo.id } })).status).toBe(404);
  });

  it('a public project can be found and answered by any supplier company', async () => {
    const open = await newProject(buyer, { is_public: true });
    expect((await supplierView(fabric, open.id)).status).toBe(404); // not started yet
    await actOk(buyer, open.id, 'publish');
    const inbox = ok(await call('GET', 'srmapi/sourcing-inbox/page-list', fabric, { query: { q: JSON.stringify({ mode: 'rfq' }) } }));
    expect(inbox.rows.map((r: Doc) => r.id)).toContain(open.id);
    const q = ok(await postQuote(fabric, await quote(fabric, open.id, '10.0000')));
    expect(q.status).toBe('posted');
    expect(ok(await call('GET', 'srmapi/quotation/view', buyer, { query: { id: q.id } })).supplier_name).toBe('Demo Fabric Mill');
  });

  it('only the supplier side fills in and quotes; a brand user gets 403', async () => {
    const res = await post('srmapi/quotation/save', buyer, { project_id: p.id, lines: [] });
    expect([res.status, res.body.message]).toEqual([403, 'Only the supplier side may fill in and quote']);
    expect((await post('srmapi/rfi-record/save', buyer, { project_id: p.id })).status).toBe(403);
    expect((await supplierView(buyer, p.id)).status).toBe(403);
  });

  it('a supplier cannot act on the brand side', async () => {
    expect((await call('GET', 'srmapi/sourcing-project/workspace', factory, { query: { id: p.id } })).status).toBe(403);
    expect((await post('srmapi/sourcing-project/close-inquiry', factory, { id: p.id, version: 1 })).status).toBe(403);
    // Its own quotation is not one it received: not found on the brand's path.
    expect((await post('srmapi/quotation/select', fabric, { id: postedQ.id, version: postedQ.version })).status).toBe(404);
    expect((await call('GET', 'srmapi/quotation/compare', factory, { query: { project_id: p.id } })).status).toBe(403);
    // RLS: the supplier's tenant can read the project but change nothing of it.
    const updated = await srv.db.withTenant(ids.factory, (tx) => tx.execute(sql`update srm_project set name = 'hijacked' where id = ${p.id} returning id`));
    expect((updated as unknown as { rows: Doc[] }).rows).toEqual([]);
  });

  it('the brand may change only the status of a supplier quotation (database guard)', async () => {
    expect(await dbError(srv.db.withTenant(ids.brand, (tx) => tx.execute(sql`update srm_quotation set currency = 'EUR' where id = ${postedQ.id}`)))).toMatch(
      /counterpart may change only the status/,
    );
    await expect(
      srv.db.withTenant(ids.brand, (tx) => tx.execute(sql`update srm_quotation_line set unit_price = 1 where quotation_id = ${postedQ.id} returning id`)),
    ).resolves.toMatchObject({ rows: [] });
  });

  it('a supplier cannot file a quotation for a project it cannot see', async () => {
    const solo = await newProject(buyer);
    await invite(buyer, solo.id, [garmentVendor]);
    await actOk(buyer, solo.id, 'publish');
    expect(
      await dbError(
        srv.db.withTenant(ids.fabric, (tx) =>
          tx.execute(sql`insert into srm_quotation (client_id, brand_client_id, project_id) values (${ids.fabric}, ${ids.brand}, ${solo.id})`),
        ),
      ),
    ).toMatch(/row-level security/);
  });
});

describe('RFI: fill-in per vendor and project, shortlist or eliminate (SRC-11, 21, 25)', () => {
  it('the supplier fills in and submits; the brand sees it only then and decides', async () => {
    const p = await newProject(buyer);
    await invite(buyer, p.id, [garmentVendor, fabricVendor]);
    await actOk(buyer, p.id, 'start-preparing');
    const view = ok(await supplierView(factory, p.id));
    expect(view.can).toEqual({ fill_in: true, quote: false });
    const q = view.questions[0];
    let rec = ok(await post('srmapi/rfi-record/save', factory, { project_id: p.id, capacity: '80,000 m / month', certifications: 'OEKO-TEX' }));
    expect(rec.status).toBe('draft');
    // A required answer is missing.
    const missing = await post('srmapi/rfi-record/submit', factory, { id: rec.id, version: rec.version });
    expect(missing.status).toBe(422);
    const ws = ok(await call('GET', 'srmapi/sourcing-project/workspace', buyer, { query: { id: p.id } }));
    expect(ws.rfi_records).toEqual([]);
    rec = ok(await post('srmapi/rfi-record/save', factory, { project_id: p.id, version: rec.version, capacity: '80,000 m / month', answers: [{ question_id: q.id, answer: '80,000 m' }] }));
    rec = ok(await post('srmapi/rfi-record/submit', factory, { id: rec.id, version: rec.version }));
    expect(rec.status).toBe('submitted');
    const other = ok(await post('srmapi/rfi-record/submit', fabric, (await (async () => {
      const r = ok(await post('srmapi/rfi-record/save', fabric, { project_id: p.id, answers: [{ question_id: q.id, answer: '30,000 m' }] }));
      return { id: r.id, version: r.version };
    })())));
    // The factory cannot see the mill's record.
    const mine = ok(await call('GET', 'srmapi/rfi-record/page-list', factory, { query: { q: JSON.stringify({ side: 'mine' }) } }));
    expect(mine.rows.map((r: Doc) => r.id)).not.toContain(other.id);

    const received = ok(await call('GET', 'srmapi/rfi-record/page-list', buyer, { query: { q: JSON.stringify({ project_id: p.id }) } }));
    expect(received.rows.map((r: Doc) => r.supplier_name).sort()).toEqual(['Demo Fabric Mill', 'Demo Garment Factory']);
    const fr = received.rows.find((r: Doc) => r.supplier_name === 'Demo Garment Factory');
    expect(fr.answers).toEqual([{ question_id: q.id, answer: '80,000 m' }]);
    const short = ok(await post('srmapi/rfi-record/shortlist', buyer, { id: fr.id, version: fr.version }));
    expect(short.status).toBe('shortlisted');
    const mr = received.rows.find((r: Doc) => r.supplier_name === 'Demo Fabric Mill');
    expect(ok(await post('srmapi/rfi-record/eliminate', buyer, { id: mr.id, version: mr.version })).status).toBe('eliminated');
    expect((await post('srmapi/rfi-record/eliminate', buyer, { id: short.id, version: short.version })).status).toBe(400);
    // A submitted record is the supplier's no more to change.
    const change = await post('srmapi/rfi-record/save', factory, { project_id: p.id, version: short.version, capacity: 'x' });
    expect([change.status, change.body.message]).toEqual([400, 'A submitted RFI record cannot be changed']);
    // The supplier cannot decide its own record (it did not receive it).
    expect((await post('srmapi/rfi-record/shortlist', factory, { id: short.id, version: short.version })).status).toBe(404);
  });

  it('no fill-in while the RFI is not open', async () => {
    const p = await publishedToBoth();
    const res = await post('srmapi/rfi-record/save', factory, { project_id: p.id });
    expect([res.status, res.body.message]).toEqual([400, 'The information request is not open for fill-in']);
  });
});

describe('access-evaluation config (SRC-08, 09, 23, 24, 26, 27, CON-23)', () => {
  const base = (version_no: string, extra: Doc = {}) => ({
    version_no,
    name: `Admission ${version_no}`,
    pass_score: '60',
    items: [
      { item_code: 'QUALITY', item_name: 'Quality', weight: '70', weight_level: '5', min_score: '-5', max_score: '10', is_additional: '0' },
      { item_code: 'BONUS', item_name: 'Bonus', weight: '30', weight_level: '1', min_score: '1', max_score: '5', is_additional: '1' },
    ],
    options: [{ item_code: 'QUALITY', option_text: 'Good', score: '10' }],
    ...extra,
  });
  const save = (doc: Doc, token = factory) => post('srmapi/access-eval-config/save', token, doc);

  it("refuses a duplicate version number with 'version number already exists'", async () => {
    ok(await save(base('V2')));
    const res = await save(base('v2'));
    expect(res.status).toBe(422);
    expect(res.body.data.errors.version_no).toEqual(['version number already exists']);
  });

  it('checks option scores against min and max and refuses 0 (SRC-24)', async () => {
    const scores = ['10', '3', '-5', '11', '-6', '0'];
    const res = await save(base('V-SCORE', { options: scores.map((score) => ({ item_code: 'QUALITY', option_text: `s${score}`, score })) }));
    expect(res.status).toBe(422);
    expect(res.body.data.errors.options).toEqual([
      null,
      null,
      null,
      { score: ['the score must not exceed the maximum 10'] },
      { score: ['the score must not be below the minimum -5'] },
      { score: ['the score must not be 0'] },
    ]);
  });

  it('weight levels run 1 to 5 and the additional flag is 0 or 1', async () => {
    const bad = base('V-LEVEL');
    bad.items[0].weight_level = '6';
    bad.items[1].is_additional = '2';
    const res = await save(bad);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.errors.items[0])).toEqual(['weight_level']);
    expect(Object.keys(res.body.data.errors.items[1])).toEqual(['is_additional']);
    const good = ok(await save(base('V-LEVEL')));
    expect(good.items.map((i: Doc) => [i.weight, i.weight_level, i.is_additional])).toEqual([
      ['70.0000', '5', '0'],
      ['30.0000', '1', '1'],
    ]);
  });

  it('activating a version deactivates the earlier one and makes it read-only', async () => {
    const v3 = ok(await save(base('V3')));
    const v4 = ok(await save(base('V4')));
    const a3 = ok(await post('srmapi/access-eval-config/activate', factory, { id: v3.id, version: v3.version }));
    expect(a3.status).toBe('10');
    expect(a3.activated_at).toMatch(/^\d{4}-/);
    ok(await post('srmapi/access-eval-config/activate', factory, { id: v4.id, version: v4.version }));
    const list = ok(await call('GET', 'srmapi/access-eval-config/page-list', factory, { query: { q: JSON.stringify({ status: '10' }) } }));
    expect(list.rows.map((r: Doc) => r.version_no)).toEqual(['V4']);
    const old = ok(await call('GET', 'srmapi/access-eval-config/view', factory, { query: { id: v3.id } }));
    expect(old.status).toBe('40');
    const edit = await save({ id: old.id, version: old.version, name: 'changed' });
    expect(edit.status).toBe(422);
    expect(edit.body.data.errors._document).toEqual(['An activated evaluation config can no longer be edited']);
    const active = ok(await call('GET', 'srmapi/access-eval-config/view', factory, { query: { id: v4.id } }));
    expect((await save({ id: active.id, version: active.version, name: 'changed' })).status).toBe(422);
    expect((await post('srmapi/access-eval-config/activate', factory, { id: old.id, version: old.version })).status).toBe(400);
  });
});

describe('admission evaluation: only reviewers score, the weighted result decides (SRC-09, 22)', () => {
  it('scores by reviewers, refuses others, concludes and admits the vendor', async () => {
    const config = ok(await call('GET', 'srmapi/access-eval-config/page-list', buyer, { query: { q: JSON.stringify({ status: '10' }) } })).rows[0];
    expect(config.version_no).toBe('V1');
    const newVendor = ok(
      await post('mdapi/vendor/save', buyer, { short_name: 'Trim Co', full_name: 'Trim Co Ltd', contacts: [{ person: 'Mia', is_primary: true }] }),
    );
    const ev = ok(await post('srmapi/admission-eval/save', buyer, { title: 'Trim Co admission', vendor_id: newVendor.id, config_id: config.id }));
    expect(ev).toMatchObject({ result: 'pending' });
    // Only the chosen reviewers get the task: brand.admin (a reviewer) is told and counts it; super.admin does not.
    const tower = async (token: string) =>
      (ok(await call('GET', 'utilsapi/workspace/control-tower', token)) as Doc[]).find((c) => c.key === 'srm.admissionToScore')?.count;
    expect(await tower(brandAdmin)).toBeGreaterThanOrEqual(1);
    expect(await tower(superAdmin)).toBe(0);
    const told = ok(await call('GET', 'utilsapi/notifyapi/notify-msg/index', brandAdmin, { query: { page: '1', size: '50' } })).rows as Doc[];
    expect(told.some((m) => m.related_key === ev.id && m.type === 'APPR')).toBe(true);
    // super.admin administers the company but is not a chosen reviewer.
    const notReviewer = await post('srmapi/admission-eval/save', superAdmin, { id: ev.id, version: ev.version, scores: [{ item_code: 'QUALITY', score: '90' }] });
    expect(notReviewer.status).toBe(422);
    expect(notReviewer.body.data.errors.scores[0].score).toEqual(['Only the chosen reviewers may score']);
    const scored = ok(
      await post('srmapi/admission-eval/save', buyer, {
        id: ev.id,
        version: ev.version,
        scores: [
          { item_code: 'QUALITY', score: '90' },
          { item_code: 'DELIVERY', score: '80' },
          { item_code: 'PRICE', score: '60' },
          { item_code: 'CERT', score: '5' },
        ],
      }),
    );
    // 90 × 0.4 + 80 × 0.3 + 60 × 0.3 + 5 = 83
    expect(scored).toMatchObject({ result_score: '83.0000', result: 'admitted' });
    // brand.admin is a reviewer too, but may not change brand.buyer's scores.
    const rows = scored.scores.map((s: Doc, i: number) => (i === 0 ? { ...s, score: '10' } : s));
    const other = await post('srmapi/admission-eval/save', brandAdmin, { id: ev.id, version: scored.version, scores: rows });
    expect(other.status).toBe(422);
    const done = ok(await post('srmapi/admission-eval/conclude', buyer, { id: ev.id, version: scored.version }));
    expect(done.status).toBe('20');
    expect(ok(await call('GET', 'mdapi/vendor/view', buyer, { query: { id: newVendor.id } })).status).toBe('10');
  });
});

describe('supplier evaluation and performance feed the vendor grade', () => {
  it('computes the total and grade from KPIs and writes the grade to the vendor on confirm', async () => {
    const ev = ok(
      await post('srmapi/supplier-eval/save', buyer, {
        vendor_id: fabricVendor,
        period: '2026-q3',
        kpis: [
          { kpi: 'On-time delivery', weight: '50', score: '70' },
          { kpi: 'Quality pass rate', weight: '50', score: '60' },
        ],
      }),
    );
    expect(ev).toMatchObject({ period: '2026-q3', total_score: '65.0000', grade: 'C', status: '0' });
    ok(await post('srmapi/supplier-eval/confirm', buyer, { id: ev.id, version: ev.version }));
    expect(ok(await call('GET', 'mdapi/vendor/view', buyer, { query: { id: fabricVendor } })).grade).toBe('C');
    const cmpProject = await publishedToBoth();
    ok(await postQuote(fabric, await quote(fabric, cmpProject.id, '10.0000')));
    const cmp = ok(await call('GET', 'srmapi/quotation/compare', buyer, { query: { project_id: cmpProject.id } }));
    expect(cmp.quotations[0]).toMatchObject({ supplier_name: 'Demo Fabric Mill', evaluation_score: '65.0000' });
  });
});
