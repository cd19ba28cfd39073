// The metadata engine over real HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL),
// driven by test-only definitions (./testing/fixtures.ts): every field type, validation, unique
// values, references, conditions, optimistic concurrency, child tables, tenancy, data
// authorization, the audit trail, transitions, serial numbers, lists, deletes and dictionaries.
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { defineEntity, ruleMatches, type DataRule, type DataRuleOperator } from '@seamline/core';
import { appUser, client, userClient } from '../db/schema';
import { login, startTestServer, writeGrants, type ApiResponse, type TestServer } from '../testing';
import { dataRule, serialNumberConfig } from './platformTables';
import { Registry } from './registry';
import { DocumentsInvalid, saveDocuments } from './save';
import { columnKinds, rulesSql } from './dataRules';
import { entityTables } from './entityTables';
import { createTestTables, TEST_DEFS, testDictDef, testEntitiesArea, testOrderEntity, testVendorDef } from './testing/fixtures';

let srv: TestServer;
let brand: string;
let fabric: string;
let admin: string; // brand.admin (ADMIN)
let buyer: string; // brand.buyer (COMMON, role BUYER)
let other: string; // fabric.admin (ADMIN of another company)
let plain: string; // a member of Demo Brand Co. without roles
let buyerId: string;

type Doc = Record<string, any>;

const call = (method: string, path: string, token: string, opts: { json?: unknown; query?: Record<string, string> } = {}) =>
  srv.call(method, path, { token, ...opts });
const save = (token: string, entity: string, doc: Doc) => call('POST', `scmapi/${entity}/save`, token, { json: { DATA: doc } });
const view = (token: string, entity: string, id: string) => call('GET', `scmapi/${entity}/view`, token, { query: { id } });
const list = (token: string, entity: string, q: unknown = {}, p: unknown = {}) =>
  call('GET', `scmapi/${entity}/page-list`, token, { query: { q: JSON.stringify(q), p: JSON.stringify(p) } });
const results = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};

async function vendor(token = admin, extra: Doc = {}): Promise<Doc> {
  return results(await save(token, 'test-vendor', { name: `Vendor ${Math.random().toString(36).slice(2, 8)}`, ...extra }));
}

/** A valid test order (one vendor, one line). */
const order = (vendorId: string, extra: Doc = {}): Doc => ({ vendor_id: vendorId, lines: [{ item: 'fabric-a', line_qty: '2', is_primary: true }], ...extra });

beforeAll(async () => {
  srv = await startTestServer({ extraAreas: [testEntitiesArea()] });
  await createTestTables(srv.db);
  await srv.db.asSystem(async (tx) => {
    const companies = await tx.select({ id: client.id, code: client.code }).from(client);
    brand = companies.find((c) => c.code === 'DEMO_BRAND')!.id;
    fabric = companies.find((c) => c.code === 'DEMO_FABRIC')!.id;
    for (const c of companies) {
      await tx.insert(serialNumberConfig).values([
        { clientId: c.id, code: 'TEST_ORDER', prefix: 'O', length: 4 },
        { clientId: c.id, code: 'TEST_VENDOR', prefix: 'TV', datePrefix: 'YYMM', length: 3, suffix: 'X' },
      ]);
    }
    const [u] = await tx
      .insert(appUser)
      .values({ username: 'brand.plain', fullName: 'Pat Plain', languageCode: 'en', passwordHash: await argon2.hash('Seamline2026') })
      .returning({ id: appUser.id });
    await tx.insert(userClient).values({ clientId: brand, userId: u.id, userType: 'COMMON', isDefault: true });
    buyerId = (await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'brand.buyer')))[0].id;
    // Dictionary rows: SEASON for the test order, TEST_GRADE for the vendor (brand only).
    const dict = entityTables(testDictDef).main;
    await tx.insert(dict).values([
      { client_id: brand, type_code: 'SEASON', code: 'SS26', name: '2026春夏', name_en: 'Spring/Summer 2026', seq: 1 },
      { client_id: brand, type_code: 'SEASON', code: 'AW26', name: '2026秋冬', name_en: 'Autumn/Winter 2026', seq: 2 },
      { client_id: brand, type_code: 'TEST_GRADE', code: 'A', name: '甲', name_en: 'Grade A', seq: 1 },
      { client_id: fabric, type_code: 'SEASON', code: 'FAB1', name: '面料季', name_en: 'Fabric season', seq: 1 },
    ] as never);
  });
  [admin, buyer, other, plain] = (
    await Promise.all(['brand.admin', 'brand.buyer', 'fabric.admin', 'brand.plain'].map((u) => login(srv.call, u)))
  ).map((l) => l.token);
});
afterAll(() => srv?.close());

describe('save and view', () => {
  it('stores every field type and reads it back exactly, with reference labels', async () => {
    const v = await vendor();
    const parent = results(await save(admin, 'test-order', order(v.id)));
    const doc = order(v.id, {
      code: ' ab-12 ',
      title: '  Spring order  ',
      email: ' Buyer@Example.COM ',
      qty: 12,
      amount: '1234.5678',
      rate: 3.25,
      urgent: false,
      order_date: '2026-03-01',
      posted_at: '2026-03-01 08:30:00',
      cut_off: '17:45:00',
      priority: '2',
      tags: ['A', 'B'],
      season: 'SS26',
      currency: 'USD',
      logo: 'https://cdn.example.com/logo.png',
      contract: '/files/contract.pdf',
      extra: { incoterm: 'FOB', ports: ['Shanghai', 'Ningbo'] },
      mobile: '13812345678',
      approval_note: 'ok by admin',
      confirm_code: 'never stored',
      parent_id: parent.id,
      status: 'submitted', // read-only: the server keeps its default
      lines: [
        { item: ' sku-1 ', line_qty: '1.5', is_primary: true },
        { item: 'sku-2', line_qty: 2, is_primary: false },
      ],
    });
    const saved = results(await save(admin, 'test-order', doc));
    const got = results(await view(admin, 'test-order', saved.id));
    expect(got).toMatchObject({
      id: saved.id,
      version: 1,
      code: 'AB-12',
      title: 'Spring order',
      email: 'buyer@example.com',
      qty: 12,
      amount: '1234.5678',
      rate: '3.25',
      urgent: false,
      order_date: '2026-03-01',
      posted_at: '2026-03-01 08:30:00',
      cut_off: '17:45:00',
      status: 'draft',
      priority: '2',
      tags: ['A', 'B'],
      season: 'SS26',
      vendor_id: v.id,
      customer_id: null,
      currency: 'USD',
      logo: 'https://cdn.example.com/logo.png',
      contract: '/files/contract.pdf',
      extra: { incoterm: 'FOB', ports: ['Shanghai', 'Ningbo'] },
      has_b: 'N',
      b_note: null,
      mobile: '13812345678',
      approval_note: 'ok by admin',
      parent_id: parent.id,
      _labels: { vendor_id: v.code, parent_id: parent.code },
      lines: [
        { item: 'SKU-1', line_qty: '1.5000', is_primary: true, remark: null },
        { item: 'SKU-2', line_qty: '2.0000', is_primary: false },
      ],
    });
    expect(got).not.toHaveProperty('confirm_code');
    expect(got.created_by).toBe(got.updated_by);
    expect(typeof got.lines[0].id).toBe('string');
  });

  it('fills defaults on create (dates from macros, read-only status) and numbers an empty code', async () => {
    const v = await vendor();
    const saved = results(await save(admin, 'test-order', order(v.id)));
    expect(saved.code).toMatch(/^O\d{4}$/);
    expect(saved.status).toBe('draft');
    expect(saved.currency).toBe('CNY');
    expect(saved.order_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(saved.posted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const yymm = new Date().toISOString().slice(2, 7).replace('-', '');
    expect(v.code).toMatch(new RegExp(`^TV(${yymm}|\\d{4})\\d{3}X$`));
  });

  it('also accepts the form encoding (DATA as JSON text)', async () => {
    const v = await vendor();
    const res = await srv.call('POST', 'scmapi/test-order/save', { token: admin, form: { DATA: JSON.stringify(order(v.id, { title: 'form' })) } });
    expect(results(res).title).toBe('form');
  });

  it('keeps the stored value of fields the update does not send, and bumps the version', async () => {
    const v = await vendor();
    const created = results(await save(admin, 'test-order', order(v.id, { title: 'first', qty: 5, tags: ['A'] })));
    const updated = results(await save(admin, 'test-order', { id: created.id, version: 1, title: 'second' }));
    expect(updated).toMatchObject({ version: 2, title: 'second', qty: 5, tags: ['A'], vendor_id: v.id, code: created.code });
    expect(updated.lines).toEqual([expect.objectContaining({ item: 'FABRIC-A', id: created.lines[0].id })]);
  });

  it('answers 11000 with per-field and per-child-row messages, in the user language', async () => {
    const v = await vendor();
    const res = await save(admin, 'test-order', {
      vendor_id: v.id,
      email: 'not-an-email',
      qty: -1,
      rate: '1.234',
      order_date: '2026-02-30',
      priority: '9',
      tags: ['A', 'Z'],
      lines: [{ item: 'ok', line_qty: '1' }, { line_qty: '0' }, 'garbage'],
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 11000, message: expect.any(String) });
    const e = res.body.data.errors;
    expect(Object.keys(e).sort()).toEqual(['email', 'lines', 'order_date', 'priority', 'qty', 'rate', 'tags']);
    expect(e.email).toEqual(['请输入正确的邮箱格式'].map(() => expect.any(String)));
    expect(e.lines[0]).toBeNull();
    expect(Object.keys(e.lines[1]).sort()).toEqual(['item', 'line_qty']);
    expect(e.lines[2]).toHaveProperty('_document');
    const en = await save(buyer, 'test-vendor', { name: '' });
    expect(en.status).toBe(422);
    expect(en.body.data.errors.name[0]).toMatch(/[A-Za-z]/); // brand.buyer reads English
  });

  it('applies the entity rules (exactly one of vendor and customer)', async () => {
    const res = await save(admin, 'test-order', { lines: [] });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.errors).sort()).toEqual(['customer_id', 'vendor_id']);
  });

  it('refuses a duplicate unique value within the company, but not in another company', async () => {
    const first = await vendor(admin, { code: 'DUP1' });
    const again = await save(admin, 'test-vendor', { code: 'dup1', name: 'again' });
    expect(again.status).toBe(422);
    expect(again.body.data.errors).toEqual({ code: [expect.any(String)] });
    expect(results(await save(other, 'test-vendor', { code: 'DUP1', name: 'elsewhere' })).code).toBe('DUP1');
    // Saving the same document with its own value is fine.
    expect(results(await save(admin, 'test-vendor', { id: first.id, version: 1, code: 'DUP1', name: 'renamed' })).name).toBe('renamed');
  });

  it('needs references to exist in the same company (11000 on the field, and on child rows)', async () => {
    const foreign = await vendor(other);
    const missing = await save(admin, 'test-order', order('00000000-0000-4000-8000-000000000000'));
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.data.errors)).toEqual(['vendor_id']);
    const cross = await save(admin, 'test-order', order(foreign.id));
    expect(cross.status).toBe(422);
    expect(Object.keys(cross.body.data.errors)).toEqual(['vendor_id']);
    const notUuid = await save(admin, 'test-order', order('V0001'));
    expect(Object.keys(notUuid.body.data.errors)).toEqual(['vendor_id']);
  });

  it('does not validate or store hidden, disabled or role-gated fields', async () => {
    const v = await vendor();
    // b_note is required only when has_b == 'Y'; pro_note only for PRO companies (Demo Brand is STANDARD).
    const ok = results(await save(admin, 'test-order', order(v.id, { has_b: 'N', b_note: 'ignored' })));
    expect(ok.b_note).toBeNull();
    const shown = await save(admin, 'test-order', order(v.id, { has_b: 'Y' }));
    expect(shown.status).toBe(422);
    expect(Object.keys(shown.body.data.errors)).toEqual(['b_note']);
    // A child row's remark is required when the parent is urgent.
    const urgent = await save(admin, 'test-order', order(v.id, { urgent: true }));
    expect(urgent.body.data.errors).toEqual({ lines: [{ remark: [expect.any(String)] }] });
    // Once submitted, mobile is disabled: a new value is neither checked nor stored.
    await call('POST', 'scmapi/test-order/submit', admin, { json: { DATA: { id: ok.id, version: 1 } } });
    const after = results(await save(admin, 'test-order', { id: ok.id, version: 2, mobile: 'bad' }));
    expect(after.mobile).toBeNull();
  });

  it('answers 409 for a stale or missing version and changes nothing', async () => {
    const v = await vendor();
    const doc = results(await save(admin, 'test-order', order(v.id, { title: 'v1' })));
    results(await save(admin, 'test-order', { id: doc.id, version: 1, title: 'v2' }));
    const stale = await save(admin, 'test-order', { id: doc.id, version: 1, title: 'lost update' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 409, message: '单据已被他人修改，请刷新后重试' });
    const missing = await save(admin, 'test-order', { id: doc.id, title: 'no version' });
    expect(missing.status).toBe(409);
    expect(results(await view(admin, 'test-order', doc.id))).toMatchObject({ version: 2, title: 'v2' });
  });

  it('replaces child rows as a set, atomically: a bad row saves nothing at all', async () => {
    const v = await vendor();
    const doc = results(await save(admin, 'test-order', order(v.id, { title: 'kids' })));
    const replaced = results(
      await save(admin, 'test-order', {
        id: doc.id,
        version: 1,
        lines: [
          { id: doc.lines[0].id, item: 'kept', line_qty: '1' },
          { item: 'new', line_qty: '3' },
        ],
      }),
    );
    expect(replaced.lines.map((l: Doc) => l.item)).toEqual(['KEPT', 'NEW']);
    expect(replaced.lines[0].id).toBe(doc.lines[0].id);
    const bad = await save(admin, 'test-order', { id: doc.id, version: 2, title: 'changed', lines: [{ item: 'x', line_qty: '1' }, { item: 'y', line_qty: '-1' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors).toEqual({ lines: [null, { line_qty: [expect.any(String)] }] });
    expect(results(await view(admin, 'test-order', doc.id))).toMatchObject({ version: 2, title: 'kids', lines: replaced.lines });
    const emptied = results(await save(admin, 'test-order', { id: doc.id, version: 2, lines: [] }));
    expect(emptied.lines).toEqual([]);
  });

  it('allows one primary child row only', async () => {
    const v = await vendor();
    const res = await save(admin, 'test-order', order(v.id, { lines: [{ item: 'a', is_primary: true }, { item: 'b', is_primary: true }] }));
    expect(res.body.data.errors).toEqual({ lines: [null, { is_primary: [expect.any(String)] }] });
  });

  it('refuses a tree cycle', async () => {
    const v = await vendor();
    const a = results(await save(admin, 'test-order', order(v.id)));
    const b = results(await save(admin, 'test-order', order(v.id, { parent_id: a.id })));
    const c = results(await save(admin, 'test-order', order(v.id, { parent_id: b.id })));
    const cycle = await save(admin, 'test-order', { id: a.id, version: 1, parent_id: c.id });
    expect(cycle.status).toBe(422);
    expect(Object.keys(cycle.body.data.errors)).toEqual(['parent_id']);
    const self = await save(admin, 'test-order', { id: a.id, version: 1, parent_id: a.id });
    expect(Object.keys(self.body.data.errors)).toEqual(['parent_id']);
  });

  it('checks dictionary options against the company dictionary (a type without rows accepts any value)', async () => {
    const v = await vendor();
    const bad = await save(admin, 'test-order', order(v.id, { season: 'FAB1' })); // Demo Fabric Mill's value
    expect(Object.keys(bad.body.data.errors)).toEqual(['season']);
    expect((await save(other, 'test-vendor', { name: 'x', grade: 'ANY' })).status).toBe(200); // no TEST_GRADE rows there
    expect((await save(admin, 'test-vendor', { name: 'x', grade: 'Z' })).status).toBe(422);
  });
});

describe('permissions', () => {
  it('lets only administrators write by default, and roles named in permissions.write', async () => {
    const v = await vendor(buyer); // test-vendor: write { any: [BUYER] }
    expect(v.status).toBe('0');
    expect((await save(buyer, 'test-order', order(v.id))).status).toBe(403); // default: ADMIN only
    expect((await save(plain, 'test-vendor', { name: 'no' })).status).toBe(403);
    expect((await list(plain, 'test-order')).status).toBe(200); // read: any member
    expect((await list(plain, 'test-customer')).status).toBe(403); // read: { any: [BUYER] }
    expect((await list(buyer, 'test-customer')).status).toBe(200);
    const noToken = await srv.call('GET', 'scmapi/test-order/page-list');
    expect(noToken.status).toBe(401);
  });
});

describe('transitions', () => {
  it('moves the status along the table, refusing a wrong state (400), a stale version (409) and missing roles (403)', async () => {
    const v = await vendor(buyer);
    const post = (token: string, action: string, data: Doc) => call('POST', `scmapi/test-vendor/${action}`, token, { json: { DATA: data } });
    expect((await post(buyer, 'activate', { id: v.id, version: 0 })).status).toBe(409);
    const active = results(await post(buyer, 'activate', { id: v.id, version: 1 }));
    expect(active).toMatchObject({ status: '10', version: 2 });
    const again = await post(buyer, 'activate', { id: v.id, version: 2 });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This action is not allowed in the current status');
    expect((await post(buyer, 'disable', { id: v.id, version: 2 })).status).toBe(403); // roles { any: [QA] }
    expect(results(await post(admin, 'disable', { id: v.id, version: 2 }))).toMatchObject({ status: '40', version: 3 });
    expect((await post(admin, 'disable', { id: '00000000-0000-4000-8000-000000000000', version: 1 })).status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another company's id on view, save, delete, audit and every action, and changes nothing", async () => {
    const v = await vendor();
    const doc = results(await save(admin, 'test-order', order(v.id, { title: 'brand secret' })));
    expect((await view(other, 'test-order', doc.id)).status).toBe(404);
    expect((await save(other, 'test-order', { id: doc.id, version: 1, title: 'hijacked' })).status).toBe(404);
    expect((await call('POST', 'scmapi/test-order/delete', other, { json: { DATA: [doc.id] } })).status).toBe(404);
    expect((await call('POST', 'scmapi/test-order/submit', other, { json: { DATA: { id: doc.id, version: 1 } } })).status).toBe(404);
    expect((await call('GET', 'scmapi/test-order/audit', other, { query: { id: doc.id } })).status).toBe(404);
    expect((await call('POST', 'scmapi/test-vendor/activate', other, { json: { DATA: { id: v.id, version: 1 } } })).status).toBe(404);
    const theirs = results(await list(other, 'test-order', { id: doc.id }));
    expect(theirs.rows).toEqual([]);
    expect(results(await view(admin, 'test-order', doc.id))).toMatchObject({ version: 1, title: 'brand secret', status: 'draft' });
  });

  it('writes the caller’s company whatever the body says', async () => {
    const v = await vendor(other, { client_id: brand });
    const [row] = await srv.db.asSystem((tx) => {
      const t = entityTables(testVendorDef).main;
      return tx.select({ clientId: t.client_id }).from(t).where(eq(t.id, v.id));
    });
    expect(row.clientId).toBe(fabric);
  });

  it('is backed by row-level security on the entity and child tables', async () => {
    const v = await vendor();
    const doc = results(await save(admin, 'test-order', order(v.id)));
    const { main, children } = entityTables(testOrderEntity);
    const seen = await srv.db.withTenant(fabric, async (tx) => [
      ...(await tx.select({ id: main.id }).from(main).where(eq(main.id, doc.id))),
      ...(await tx.select({ id: children.lines.id }).from(children.lines).where(eq(children.lines.parent_id, doc.id))),
    ]);
    expect(seen).toEqual([]);
    const updated = await srv.db.withTenant(fabric, (tx) => tx.update(main).set({ title: 'x' } as never).where(eq(main.id, doc.id)).returning());
    expect(updated).toEqual([]);
    const own = await srv.db.withTenant(brand, (tx) => tx.select({ id: main.id }).from(main).where(eq(main.id, doc.id)));
    expect(own).toHaveLength(1);
  });
});

describe('data authorization', () => {
  it('shows a user with rule status = 10 only those rows, in lists and views; another user sees all', async () => {
    const admitted = await vendor(admin);
    await call('POST', 'scmapi/test-vendor/activate', admin, { json: { DATA: { id: admitted.id, version: 1 } } });
    const fresh = await vendor(admin);
    await writeGrants(srv.db, brand, (tx) => tx.insert(dataRule).values({ clientId: brand, menuCode: 'TEST_VENDOR', userId: buyerId, field: 'status', operator: '=', value: '10' }));
    try {
      const mine = results(await list(buyer, 'test-vendor', {}, { size: 200 }));
      expect(mine.rows.length).toBeGreaterThan(0);
      expect(new Set(mine.rows.map((r: Doc) => r.status))).toEqual(new Set(['10']));
      expect(mine.total).toBe(mine.rows.length);
      expect((await view(buyer, 'test-vendor', fresh.id)).status).toBe(404);
      expect((await view(buyer, 'test-vendor', admitted.id)).status).toBe(200);
      // Hidden rows cannot be changed either.
      expect((await save(buyer, 'test-vendor', { id: fresh.id, version: 1, name: 'x' })).status).toBe(404);
      const all = results(await list(admin, 'test-vendor', {}, { size: 200 }));
      expect(all.rows.map((r: Doc) => r.id)).toEqual(expect.arrayContaining([fresh.id, admitted.id]));
      // Rules of another menu do not apply.
      expect(results(await list(buyer, 'test-order')).rows.length).toBeGreaterThan(0);
    } finally {
      await writeGrants(srv.db, brand, (tx) => tx.delete(dataRule).where(and(eq(dataRule.userId, buyerId), eq(dataRule.menuCode, 'TEST_VENDOR'))));
    }
  });

  it('translates every operator to SQL exactly as core ruleMatches reads it', async () => {
    const { main } = entityTables(testOrderEntity);
    const v = await vendor();
    const samples: Doc[] = [
      { title: 'Alpha', amount: '10', tags: ['A'], order_date: '2026-01-05', urgent: true },
      { title: 'beta%_x', amount: '9.5', tags: ['A', 'B'], order_date: '2025-12-31', urgent: false },
      { title: 'V001', amount: '-1', tags: [], order_date: null, urgent: null },
      { title: '', amount: null, tags: null, order_date: '2026-01-05' },
      { title: '中文', amount: '100.0001', tags: ['B'] },
      { title: 'v0xx', amount: '2' },
    ];
    const ids: string[] = [];
    for (const s of samples) ids.push(results(await save(admin, 'test-order', order(v.id, { ...s, code: `DA${ids.length}`, lines: [{ item: 'x', remark: 'r' }] }))).id);
    const rows = await srv.db.asSystem((tx) =>
      tx
        .select({ id: main.id, title: main.title, amount: main.amount, tags: main.tags, order_date: main.order_date, urgent: main.urgent, vendor_id: main.vendor_id })
        .from(main)
        .where(sql`${main.id} in ${ids}`),
    );
    const ops: DataRuleOperator[] = ['=', '!=', 'in', 'not in', 'like', '>', '>=', '<', '<='];
    const values = ['', 'Alpha', 'A', 'B', 'A, B,', 'V0%', 'v0_x', '%_%', 'et', '10', '9.50', '2', ' 10 ', 'b', '2026-01-01', 'true', '中', v.id, v.id.toUpperCase(), `${v.id},x`];
    const fields = ['title', 'amount', 'tags', 'order_date', 'urgent', 'vendor_id', 'nonexistent'];
    const kinds = columnKinds(testOrderEntity.fields);
    const mismatches: string[] = [];
    let matched = 0;
    await srv.db.asSystem(async (tx) => {
      for (const field of fields) {
        for (const operator of ops) {
          for (const value of values) {
            const rule: DataRule = { menu: 'M', field, operator, value };
            const where = rulesSql([rule], main, kinds)!;
            const got = (await tx.select({ id: main.id }).from(main).where(and(where, sql`${main.id} in ${ids}`))).map((r) => r.id).sort();
            const want = rows.filter((r) => ruleMatches(rule, { ...r, urgent: r.urgent })).map((r) => r.id).sort();
            if (JSON.stringify(got) !== JSON.stringify(want)) mismatches.push(`${field} ${operator} '${value}'`);
            matched += got.length;
          }
        }
      }
    });
    expect(mismatches).toEqual([]);
    expect(matched).toBeGreaterThan(1000); // the comparison saw rows, not just empty sets
  });
});

describe('audit trail', () => {
  it('records who changed what and when, newest first', async () => {
    const v = await vendor();
    const doc = results(await save(admin, 'test-order', order(v.id, { title: 'a', qty: 1 })));
    await save(admin, 'test-order', { id: doc.id, version: 1, title: 'b', lines: [{ item: 'changed' }] });
    await call('POST', 'scmapi/test-order/submit', admin, { json: { DATA: { id: doc.id, version: 2 } } });
    const trail = results(await call('GET', 'scmapi/test-order/audit', admin, { query: { id: doc.id } }));
    expect(trail.map((e: Doc) => e.action)).toEqual(['submit', 'update', 'create']);
    expect(trail[0]).toMatchObject({ user: { username: 'brand.admin', full_name: '王芳' }, changes: [{ field: 'status', old: 'draft', new: 'submitted' }] });
    expect(trail[1].changes).toEqual([
      { field: 'title', old: 'a', new: 'b' },
      { field: 'lines', old: [expect.objectContaining({ item: 'FABRIC-A' })], new: [expect.objectContaining({ item: 'CHANGED' })] },
    ]);
    expect(trail[2].changes).toEqual(expect.arrayContaining([{ field: 'title', old: null, new: 'a' }, { field: 'qty', old: null, new: 1 }]));
    expect(Date.parse(trail[0].at)).toBeGreaterThanOrEqual(Date.parse(trail[2].at));
    // A deleted document keeps its trail.
    await call('POST', 'scmapi/test-order/delete', admin, { json: { DATA: [doc.id] } });
    const afterDelete = results(await call('GET', 'scmapi/test-order/audit', admin, { query: { id: doc.id } }));
    expect(afterDelete[0]).toMatchObject({ action: 'delete', changes: expect.arrayContaining([{ field: 'title', old: 'b', new: null }]) });
  });
});

describe('serial numbers', () => {
  it('gives 20 concurrent saves 20 distinct numbers', async () => {
    const saves = await Promise.all(Array.from({ length: 20 }, (_, i) => save(admin, 'test-vendor', { name: `concurrent ${i}` })));
    expect(saves.map((r) => r.status)).toEqual(Array(20).fill(200));
    const codes = saves.map((r) => r.body.data.results.code as string);
    expect(new Set(codes).size).toBe(20);
    for (const c of codes) expect(c).toMatch(/^TV\d{4}\d{3}X$/);
  });

  it('gives a failed save’s number back (the counter rolls back with it) and skips numbers taken by hand', async () => {
    const before = await vendor();
    expect((await save(admin, 'test-vendor', { name: 'x', grade: 'bad' })).status).toBe(422);
    const next = (c: string) => `${c.slice(0, 6)}${String(Number(c.slice(6, 9)) + 1).padStart(3, '0')}X`;
    const after = await vendor();
    expect(after.code).toBe(next(before.code));
    await vendor(admin, { code: next(after.code) }); // typed by hand
    expect((await vendor()).code).toBe(next(next(after.code)));
  });

  it('asks for the value when the company has no series', async () => {
    await srv.db.asSystem((tx) => tx.update(serialNumberConfig).set({ flag: 0 }).where(and(eq(serialNumberConfig.clientId, brand), eq(serialNumberConfig.code, 'TEST_ORDER'))));
    try {
      const v = await vendor();
      const res = await save(admin, 'test-order', order(v.id));
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.data.errors)).toEqual(['code']);
      expect(results(await save(admin, 'test-order', order(v.id, { code: 'HAND1' }))).code).toBe('HAND1');
    } finally {
      await srv.db.asSystem((tx) => tx.update(serialNumberConfig).set({ flag: 1 }).where(eq(serialNumberConfig.code, 'TEST_ORDER')));
    }
  });
});

describe('page-list', () => {
  let v: Doc;
  const codes = ['PL-A1', 'PL-A2', 'PL-B1', 'PL-B2', 'PL-C1'];
  beforeAll(async () => {
    v = await vendor(admin, { code: 'PLV' });
    for (const [i, code] of codes.entries()) {
      results(
        await save(admin, 'test-order', order(v.id, { code, title: `List ${code.toLowerCase()}`, amount: String(i * 10), order_date: `2026-05-0${i + 1}`, tags: i % 2 ? ['A'] : ['B'] })),
      );
    }
  });
  const codesOf = (r: Doc) => r.rows.map((x: Doc) => x.code);

  it('filters with eq, like, prefix, in, gte, lte and between, ignoring empty values', async () => {
    const q = async (query: unknown, p: unknown = { sort: [{ field: 'code', order: 'asc' }] }) => codesOf(results(await list(admin, 'test-order', query, p)));
    expect(await q({ code: 'PL-A1' })).toEqual(['PL-A1']);
    expect(await q({ vendor_id: v.id, title: { op: 'like', value: 'LIST PL-B' } })).toEqual(['PL-B1', 'PL-B2']);
    expect(await q({ code: { op: 'prefix', value: 'PL-A' } })).toEqual(['PL-A1', 'PL-A2']);
    expect(await q({ code: { op: 'prefix', value: 'pl-a' } })).toEqual([]);
    expect(await q({ code: { op: 'in', value: ['PL-C1', 'PL-A2', 'nope'] } })).toEqual(['PL-A2', 'PL-C1']);
    expect(await q({ code: ['PL-C1', 'PL-A1'] })).toEqual(['PL-A1', 'PL-C1']);
    expect(await q({ vendor_id: v.id, amount: { op: 'gte', value: '20' } })).toEqual(['PL-B1', 'PL-B2', 'PL-C1']);
    expect(await q({ vendor_id: v.id, amount: { op: 'lte', value: 10 } })).toEqual(['PL-A1', 'PL-A2']);
    expect(await q({ vendor_id: v.id, order_date: { op: 'between', value: ['2026-05-02', '2026-05-04'] } })).toEqual(['PL-A2', 'PL-B1', 'PL-B2']);
    expect(await q({ vendor_id: v.id, order_date: { op: 'between', value: ['', '2026-05-01'] } })).toEqual(['PL-A1']);
    expect(await q({ vendor_id: v.id, tags: 'A' })).toEqual(['PL-A2', 'PL-B2']);
    expect(await q({ vendor_id: v.id, title: '', status: null, tags: [] })).toEqual(codes);
    expect(await q({ vendor_id: v.id, title: { op: 'like', value: '%' } })).toEqual([]); // '%' is literal
  });

  it('sorts only on declared fields and system columns, and refuses malformed queries with 400', async () => {
    const desc = results(await list(admin, 'test-order', { vendor_id: v.id }, { sort: [{ field: 'amount', order: 'descend' }] }));
    expect(codesOf(desc)).toEqual([...codes].reverse());
    for (const [q, p] of [
      [{ nope: 1 }, {}],
      [{ code: { op: 'regex', value: 'x' } }, {}],
      [{ amount: 'abc' }, {}],
      [{ vendor_id: 'not-a-uuid' }, {}],
      [{ extra: { op: 'like', value: 'x' } }, {}],
      [{}, { sort: [{ field: 'password', order: 'asc' }] }],
      [{}, { sort: [{ field: 'tags', order: 'asc' }] }],
      [{}, { page: 0 }],
    ]) {
      const res = await list(admin, 'test-order', q, p);
      expect([JSON.stringify(q), JSON.stringify(p), res.status]).toEqual([JSON.stringify(q), JSON.stringify(p), 400]);
    }
    const bad = await call('GET', 'scmapi/test-order/page-list', admin, { query: { q: '{not json' } });
    expect(bad.status).toBe(400);
    expect((await list(admin, 'test-order', null, null)).status).toBe(200);
  });

  it('pages by offset and by key, with the same rows', async () => {
    const p = { size: 2, sort: [{ field: 'code', order: 'asc' }] };
    const q = { vendor_id: v.id };
    const pages: string[][] = [];
    for (let page = 1; page <= 3; page++) pages.push(codesOf(results(await list(admin, 'test-order', q, { ...p, page }))));
    expect(pages).toEqual([codes.slice(0, 2), codes.slice(2, 4), codes.slice(4)]);
    const byKey: string[][] = [];
    let after: string | null = null;
    do {
      const res: Doc = results(await list(admin, 'test-order', q, { ...p, ...(after ? { after } : {}) }));
      byKey.push(codesOf(res));
      expect(res.total).toBe(5);
      after = res.next;
    } while (after);
    expect(byKey.flat()).toEqual(codes);
    // Descending by a nullable column, through the cursor too.
    const pd = { size: 2, sort: [{ field: 'title', order: 'desc' }] };
    let cursor: string | null = null;
    const seen: string[] = [];
    do {
      const res: Doc = results(await list(admin, 'test-order', q, { ...pd, ...(cursor ? { after: cursor } : {}) }));
      seen.push(...codesOf(res));
      cursor = res.next;
    } while (cursor);
    expect(seen).toEqual([...codes].reverse());
  });

  it('key pages carry the total their first page counted instead of counting again', async () => {
    const kv = await vendor(admin, { code: 'PLK' });
    for (const code of ['PK-1', 'PK-2', 'PK-3']) results(await save(admin, 'test-order', order(kv.id, { code, title: code })));
    const p = { size: 2, sort: [{ field: 'code', order: 'asc' }] };
    const first: Doc = results(await list(admin, 'test-order', { vendor_id: kv.id }, p));
    expect(first).toMatchObject({ total: 3, total_capped: false });
    results(await save(admin, 'test-order', order(kv.id, { code: 'PK-4', title: 'PK-4' })));
    // The next key page shows the new row but keeps the counted total: no second count.
    const second: Doc = results(await list(admin, 'test-order', { vendor_id: kv.id }, { ...p, after: first.next }));
    expect(codesOf(second)).toEqual(['PK-3', 'PK-4']);
    expect(second.total).toBe(3);
    // An offset page counts afresh.
    expect(results(await list(admin, 'test-order', { vendor_id: kv.id }, { ...p, page: 1 })).total).toBe(4);
    // A cursor whose total is no count is refused.
    const forged = Buffer.from(JSON.stringify({ k: ['PK-2', null], n: -5 })).toString('base64url');
    expect((await list(admin, 'test-order', { vendor_id: kv.id }, { ...p, after: forged })).status).toBe(400);
  });

  it('caps the page size at 200 and the count at 10,000 (total_capped)', async () => {
    const dict = entityTables(testDictDef).main;
    await srv.db.asSystem((tx) =>
      tx.execute(sql`insert into ${dict} (client_id, type_code, code, name) select ${brand}, 'BULK', 'C' || g, 'bulk ' || g from generate_series(1, 10050) g`),
    );
    const res = results(await list(admin, 'test-dict', { type_code: 'BULK' }, { size: 500 }));
    expect(res).toMatchObject({ size: 200, total: 10_000, total_capped: true, page: 1 });
    // Beyond the cap, the planner's estimate (issue 22.2): more than the cap, in the right range.
    expect(res.total_estimate).toBeGreaterThan(10_000);
    expect(res.total_estimate).toBeLessThan(1_000_000);
    expect(res.rows).toHaveLength(200);
    const small = results(await list(admin, 'test-dict', { type_code: 'SEASON' }));
    expect(small).toMatchObject({ total: 2, total_capped: false, next: null });
    expect(small.total_estimate).toBeUndefined();
    const last = results(await list(admin, 'test-dict', { type_code: 'BULK' }, { page: 51, size: 200 }));
    expect(last.rows).toHaveLength(50);
  });
});

describe('batch saves (the import path)', () => {
  it('checks every document before writing any, then writes thousands in batches', async () => {
    const registry = new Registry();
    for (const def of TEST_DEFS) registry.add(def, {});
    const reg = registry.get('test-vendor')!;
    const { main } = entityTables(testVendorDef);
    const countOf = () => srv.db.asSystem(async (tx) => (await tx.select({ n: count() }).from(main).where(eq(main.client_id, brand)))[0].n);
    const before = await countOf();
    const ctx = { registry, clientId: brand, rules: [], userId: null, lang: 'en' as const, session: { dashroles: ['ADMIN'] }, batchSize: 500 };
    const docs = Array.from({ length: 1500 }, (_, i) => ({ name: `Bulk ${i}`, ...(i === 1200 ? { name: '' } : {}), ...(i === 7 || i === 8 ? { code: 'BULKDUP' } : {}) }));
    const failure = await srv.db.withTenant(brand, (tx) => saveDocuments(tx, reg, docs, ctx)).catch((e) => e);
    expect(failure).toBeInstanceOf(DocumentsInvalid);
    expect([...(failure as DocumentsInvalid).errors.keys()].sort((a, b) => a - b)).toEqual([8, 1200]);
    expect(await countOf()).toBe(before);
    docs[1200] = { name: 'fixed' };
    docs[8] = { name: 'no code' };
    const saved = await srv.db.withTenant(brand, (tx) => saveDocuments(tx, testVendorDef, docs, ctx));
    expect(saved).toHaveLength(1500);
    expect(saved.every((d, i) => d.index === i && d.created && d.version === 1)).toBe(true);
    expect(await countOf()).toBe(before + 1500);
  });
});

describe('reference filters (ref.filter: only some target rows may be chosen)', () => {
  // The test order's vendor restricted to admitted vendors (status 10), as a configuration picker
  // offers only active versions.
  const admittedOnly = defineEntity({
    ...testOrderEntity,
    fields: testOrderEntity.fields.map((f) => (f.name === 'vendor_id' ? { ...f, ref: { ...f.ref!, filter: { status: ['10'] } } } : f)),
  });
  const registry = new Registry();
  for (const def of TEST_DEFS) registry.add(def.name === 'test-order' ? admittedOnly : def, {});
  const reg = () => registry.get('test-order')!;
  const ctx = (lang: 'en' | 'zh') => ({ registry, clientId: brand, rules: [], userId: null, lang, session: { dashroles: ['ADMIN'] } });
  const saveAs = (doc: Doc, lang: 'en' | 'zh' = 'en') => srv.db.withTenant(brand, (tx) => saveDocuments(tx, reg(), [doc], ctx(lang)));
  const errorsOf = async (doc: Doc, lang: 'en' | 'zh') => {
    const failure = await saveAs(doc, lang).catch((e) => e);
    expect(failure).toBeInstanceOf(DocumentsInvalid);
    return (failure as DocumentsInvalid).errors.get(0);
  };

  it('refuses a newly chosen row outside the filter, in both languages; a kept choice stays valid', async () => {
    const fresh = await vendor(); // status 0: not admitted
    expect(await errorsOf(order(fresh.id), 'en')).toEqual({ vendor_id: ['The selected record cannot be chosen here (for example it is not active)'] });
    expect(await errorsOf(order(fresh.id), 'zh')).toEqual({ vendor_id: ['所选记录在此不可选（例如未激活）'] });

    const admitted = results(await call('POST', 'scmapi/test-vendor/activate', admin, { json: { DATA: { id: (await vendor()).id, version: 1 } } }));
    const [saved] = await saveAs(order(admitted.id, { title: 'filtered' }));
    // the vendor is disabled later: the order keeps it and can still be saved, but not re-pointed at another unadmitted one
    results(await call('POST', 'scmapi/test-vendor/disable', admin, { json: { DATA: { id: admitted.id, version: admitted.version } } }));
    const stored = results(await view(admin, 'test-order', saved.id));
    const [again] = await saveAs({ ...stored, title: 'still fine' });
    expect(again.version).toBe(stored.version + 1);
    expect(await errorsOf({ ...stored, version: again.version, vendor_id: fresh.id }, 'en')).toEqual({
      vendor_id: ['The selected record cannot be chosen here (for example it is not active)'],
    });
  });

  it('a picker sends the filter as its q and the list answers only those rows', async () => {
    const fresh = await vendor();
    const admitted = results(await call('POST', 'scmapi/test-vendor/activate', admin, { json: { DATA: { id: (await vendor()).id, version: 1 } } }));
    const rows = results(await list(admin, 'test-vendor', { status: ['10'] }, { page: 1, size: 500 })).rows as Doc[];
    expect(rows.some((r) => r.id === admitted.id)).toBe(true);
    expect(rows.some((r) => r.id === fresh.id)).toBe(false);
  });
});

describe('delete', () => {
  it('deletes all or nothing, refuses referenced rows (400) and removes child rows', async () => {
    const v = await vendor();
    const a = results(await save(admin, 'test-order', order(v.id)));
    const b = results(await save(admin, 'test-order', order(v.id)));
    const foreign = results(await save(other, 'test-order', order((await vendor(other)).id)));
    expect((await call('POST', 'scmapi/test-order/delete', admin, { json: { DATA: [a.id, foreign.id] } })).status).toBe(404);
    expect((await view(admin, 'test-order', a.id)).status).toBe(200);
    const referenced = await call('POST', 'scmapi/test-vendor/delete', admin, { json: { DATA: [v.id] } });
    expect(referenced.status).toBe(400);
    expect(referenced.body.message).toBe('该记录已被测试订单引用，无法删除');
    expect(results(await call('POST', 'scmapi/test-order/delete', admin, { json: { DATA: [a.id, b.id] } }))).toEqual({ deleted: 2 });
    expect((await view(admin, 'test-order', a.id)).status).toBe(404);
    const { children } = entityTables(testOrderEntity);
    const orphans = await srv.db.asSystem((tx) => tx.select().from(children.lines).where(eq(children.lines.parent_id, a.id)));
    expect(orphans).toEqual([]);
    expect(results(await call('POST', 'scmapi/test-vendor/delete', admin, { json: { DATA: [v.id] } }))).toEqual({ deleted: 1 });
    // An empty DATA (the form encoding of an empty array) names nothing to delete: a 400 naming the
    // parameter, as for any missing one (issue 23), never an OK for deleting nothing.
    const empty = await call('POST', 'scmapi/test-vendor/delete', admin, { form: { DATA: '' } } as never);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('DATA');
  });

  it('lets a tree parent go together with its children', async () => {
    const v = await vendor();
    const parent = results(await save(admin, 'test-order', order(v.id)));
    const child = results(await save(admin, 'test-order', order(v.id, { parent_id: parent.id })));
    expect((await call('POST', 'scmapi/test-order/delete', admin, { json: { DATA: [parent.id] } })).status).toBe(400);
    expect(results(await call('POST', 'scmapi/test-order/delete', admin, { json: { DATA: [parent.id, child.id] } }))).toEqual({ deleted: 2 });
  });
});

describe('dictionary options and definitions', () => {
  it('serves the options of a dictionary type of the company, in the user language', async () => {
    const zh = results(await call('GET', 'mdapi/dictionary/options', admin, { query: { type: 'SEASON' } }));
    expect(zh).toEqual([
      { value: 'SS26', label: '2026春夏' },
      { value: 'AW26', label: '2026秋冬' },
    ]);
    const en = results(await call('GET', 'mdapi/dictionary/options', buyer, { query: { types: 'SEASON,NOPE' } }));
    expect(en.SEASON[0]).toEqual({ value: 'SS26', label: 'Spring/Summer 2026' });
    expect(en.NOPE).toEqual([]);
    expect(results(await call('GET', 'mdapi/dictionary/options', other, { query: { type: 'SEASON' } }))).toEqual([{ value: 'FAB1', label: '面料季' }]);
  });

  it('lists the registered definitions as JSON, without functions', async () => {
    const defs = results(await call('GET', 'utilsapi/meta/entities', plain));
    const order = defs.find((d: Doc) => d.name === 'test-order');
    expect(order).toMatchObject({ menu_code: 'TEST_ORDER', api: '/api/scmapi/test-order', route: { cata: 'scm', opt: 'test-order' }, table: 'test_order' });
    expect(order).not.toHaveProperty('rules');
    expect(order.fields.find((f: Doc) => f.name === 'vendor_id').ref).toEqual({ entity: 'test-vendor', displayField: 'code' });
    const compact = results(await call('GET', 'utilsapi/meta/entities', plain, { query: { compact: '1', names: 'test-vendor' } }));
    expect(compact).toEqual([expect.objectContaining({ name: 'test-vendor', transitions: expect.any(Array) })]);
    expect(compact[0]).not.toHaveProperty('fields');
  });
});
