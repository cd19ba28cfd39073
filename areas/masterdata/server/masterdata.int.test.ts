// Master data served by the engine: the demo seed (through the engine's save path), serial
// numbers, the area's hooks, permissions, menus and data authorization on a real menu.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, appUser, client, count, eq, sql, auditLog, dataRule, serialNumberConfig } from '@seamline/server/api';
import { login, startTestServer, writeGrants, type ApiResponse, type TestServer, seed, AREAS } from '@seamline/server/testing';
import { MENU_CATALOGUE } from '../../system/server/seed/menus';
import { masterdataEntities } from '../meta';
import { MASTERDATA_DEMO } from '../meta/demo';
import { md_dictionary, md_vendor } from './schema';

let srv: TestServer;
let admin: string;
let buyer: string;
let factory: string;
let brand: string;
let garment: string;

type Doc = Record<string, any>;
const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const get = (token: string, path: string, query: Record<string, unknown> = {}) =>
  srv.call('GET', `mdapi/${path}`, { token, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) });
const post = (token: string, path: string, data: unknown) => srv.call('POST', `mdapi/${path}`, { token, json: { DATA: data } });
const vendorByCode = async (token: string, code: string): Promise<Doc> => ok(await get(token, 'vendor/page-list', { q: { code } })).rows[0];

beforeAll(async () => {
  srv = await startTestServer();
  const companies = await srv.db.asSystem((tx) => tx.select({ id: client.id, code: client.code }).from(client));
  brand = companies.find((c) => c.code === 'DEMO_BRAND')!.id;
  garment = companies.find((c) => c.code === 'DEMO_GARMENT')!.id;
  [admin, buyer, factory] = (await Promise.all(['brand.admin', 'brand.buyer', 'factory.admin'].map((u) => login(srv.call, u)))).map((l) => l.token);
});
afterAll(() => srv?.close());

describe('demo data', () => {
  it('seeds every demo row of every company through the engine, once', async () => {
    const counts = async () =>
      srv.db.asSystem(async (tx) => {
        const out: Record<string, number> = {};
        for (const def of masterdataEntities) {
          const res = await tx.execute(sql`select count(*)::int as n from ${sql.identifier(def.table)}`);
          out[def.name] = (res as unknown as { rows: Array<{ n: number }> }).rows[0].n;
        }
        return out;
      });
    const before = await counts();
    for (const def of masterdataEntities) {
      const expected = MASTERDATA_DEMO.reduce((n, c) => n + (c.rows[def.name]?.length ?? 0), 0);
      expect([def.name, before[def.name]]).toEqual([def.name, expected]);
    }
    await seed(srv.db, AREAS);
    expect(await counts()).toEqual(before);
    const [{ n }] = await srv.db.asSystem((tx) => tx.select({ n: count() }).from(auditLog).where(and(eq(auditLog.entity, 'vendor'), eq(auditLog.action, 'create'))));
    expect(n).toBe(before.vendor);
  });

  it('resolves names to ids and keeps the demo states', async () => {
    const v = ok(await get(admin, 'vendor/view', { id: (await vendorByCode(admin, 'V1001')).id }));
    expect(v).toMatchObject({ status: '10', supplier_client_id: garment, platform_link: 'exists', _labels: { owner_id: 'Ann Lee' } });
    expect(v.contacts[0]).toMatchObject({ person: '李强', is_primary: true, _labels: { bound_user_id: '李强' } });
    const options = ok(await get(admin, 'dictionary/options', { type: 'COUNTRY' }));
    expect(options).toContainEqual({ value: 'CN', label: '中国' });
  });

  it('gives every demo company the VENDOR, CUSTOMER and MATERIAL series', async () => {
    const rows = await srv.db.asSystem((tx) => tx.select({ code: serialNumberConfig.code, prefix: serialNumberConfig.prefix }).from(serialNumberConfig).where(eq(serialNumberConfig.clientId, brand)));
    expect(rows).toEqual(expect.arrayContaining([{ code: 'VENDOR', prefix: 'V' }, { code: 'CUSTOMER', prefix: 'C' }, { code: 'MATERIAL', prefix: 'M' }]));
  });
});

describe('serial numbers and hooks', () => {
  it('numbers new vendors, customers and materials', async () => {
    const v = ok(await post(admin, 'vendor/save', { short_name: 'New one', full_name: 'New one Ltd.' }));
    expect(v.code).toMatch(/^V\d{4}$/);
    expect(v.platform_link).toBe('not exists');
    const c = ok(await post(admin, 'customer/save', { name: 'New customer' }));
    expect(c.code).toMatch(/^C\d{4}$/);
    const m = ok(await post(admin, 'material/save', { name: 'Poplin', unit: ok(await get(admin, 'dictionary/options', { type: 'UNIT' }))[0].value, type: ok(await get(admin, 'dictionary/options', { type: 'MATERIAL_TYPE' }))[0].value, vendor_id: v.id }));
    expect(m.code).toMatch(/^M\d{4}$/);
  });

  it('links a vendor to a platform company when the id names one', async () => {
    const linked = ok(await post(admin, 'vendor/save', { short_name: 'Linked', full_name: 'Linked Ltd.', supplier_client_id: garment }));
    expect(linked.platform_link).toBe('exists');
    const unlinked = ok(await post(admin, 'vendor/save', { id: linked.id, version: 1, supplier_client_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unlinked.platform_link).toBe('not exists');
  });

  it('offers the other active companies on the platform by name for the link, searchable (issue 13)', async () => {
    const all = ok(await get(admin, 'vendor/platform-companies')) as Array<{ value: string; label: string; code: string }>;
    expect(all.map((c) => c.code)).toContain('DEMO_GARMENT');
    expect(all.map((c) => c.code)).not.toContain('DEMO_BRAND');
    const found = ok(await get(admin, 'vendor/platform-companies', { search: 'garment' })) as Array<{ value: string; code: string }>;
    expect(found.map((c) => c.code)).toEqual(['DEMO_GARMENT']);
    expect(ok(await get(admin, 'vendor/platform-companies', { search: '%' }))).toEqual([]);
    // The picked company links the vendor, with every other field kept.
    const v = ok(await post(admin, 'vendor/save', { short_name: 'Picked', full_name: 'Picked Ltd.' }));
    const linked = ok(await post(admin, 'vendor/save', { id: v.id, version: v.version, supplier_client_id: found[0].value }));
    expect(linked).toMatchObject({ platform_link: 'exists', short_name: 'Picked', full_name: 'Picked Ltd.' });
  });

  it('counts the company card version up on every save', async () => {
    const [card] = ok(await get(admin, 'company/page-list')).rows;
    const saved = ok(await post(admin, 'company/save', { id: card.id, version: card.version, contact_person: 'Someone else' }));
    expect(saved.card_version).toBe(card.card_version + 1);
  });

  it('keeps a dictionary code unique within its type', async () => {
    const dup = await post(admin, 'dictionary/save', { type_code: 'COUNTRY', code: 'CN', name: '又一个中国' });
    expect(dup.status).toBe(422);
    expect(Object.keys(dup.body.data.errors)).toEqual(['code']);
    expect(ok(await post(admin, 'dictionary/save', { type_code: 'NEW_TYPE', code: 'CN', name: '新类型' })).code).toBe('CN');
  });

  it('accepts only known process codes as a line’s allowed processes', async () => {
    const [line] = ok(await get(factory, 'production-line/page-list', { p: { size: 1 } })).rows;
    const full = ok(await get(factory, 'production-line/view', { id: line.id }));
    const capacity = full.capacity.length ? full.capacity : [{ valid_from: '2026-01-01', valid_to: '2026-12-31', morning_hours: '4', afternoon_hours: '4', capacity_type: ok(await get(factory, 'dictionary/options', { type: 'CAPACITY_TYPE' }))[0].value }];
    const res = await post(factory, 'production-line/save', { id: line.id, version: line.version, capacity: [{ ...capacity[0], id: undefined, allowed_processes: 'NOPE-1,NOPE-2' }] });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual({ capacity: [{ allowed_processes: ['工序编码不存在：NOPE-1, NOPE-2'] }] });
  });

  it('applies the spec rule: a material has exactly one of vendor or customer', async () => {
    const res = await post(admin, 'material/save', { name: 'Orphan', unit: 'M', type: 'FABRIC' });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.vendor_id).toEqual(['物料必须且只能指定供应商或客户其中之一']);
  });
});

describe('process in use (MD-17)', () => {
  const proc = async (fields: Doc) => ok(await post(factory, 'process/save', { sequence: 90, ...fields }));
  const viewProcess = (id: string) => get(factory, 'process/view', { id });
  const remove = (ids: string[], query: Record<string, string> = {}, headers?: Record<string, string>) =>
    srv.call('POST', 'mdapi/process/delete', { token: factory, json: { DATA: ids }, query, headers });

  it('refuses to delete a parent process with a warning; force=1 deletes it and its children become top level', async () => {
    const parent = await proc({ process_code: 'MD17-P', name: 'In-use parent' });
    const child = await proc({ process_code: 'MD17-PA', name: 'Child A', parent_id: parent.id });

    const refused = await remove([parent.id]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: '该工序正在使用中，是否仍要继续？', code: 400, data: { warning: 'IN_USE', count: 1, usages: ['工序「Child A」的上级是「In-use parent」'] } });
    const english = await remove([parent.id], {}, { 'x-seamline-lang': 'en' });
    expect(english.body).toMatchObject({ message: 'the process is in use, still process?', data: { usages: ['Process "Child A" is under "In-use parent"'] } });
    expect((await viewProcess(parent.id)).status).toBe(200);
    expect(ok(await viewProcess(child.id)).parent_id).toBe(parent.id);

    expect(ok(await remove([parent.id], { force: '1' }))).toEqual({ deleted: 1 });
    expect((await viewProcess(parent.id)).status).toBe(404);
    const moved = ok(await viewProcess(child.id));
    expect(moved).toMatchObject({ parent_id: null, version: child.version + 1 });
    const trail = ok(await get(factory, 'process/audit', { id: child.id }));
    expect(trail[0]).toMatchObject({ action: 'update', changes: [{ field: 'parent_id', old: parent.id, new: null }] });
  });

  it("warns when a line's capacity allows the process, on delete and on a code change; force goes ahead", async () => {
    const used = await proc({ process_code: 'MD17-L', name: 'On a line' });
    const [workshop] = ok(await get(factory, 'workshop/page-list', { p: { size: 1 } })).rows;
    const capacityType = ok(await get(factory, 'dictionary/options', { type: 'CAPACITY_TYPE' }))[0].value;
    ok(
      await post(factory, 'production-line/save', {
        code: 'ZZ-MD17',
        name: 'MD-17 line',
        workshop_id: workshop.id,
        capacity: [{ valid_from: '2026-01-01', valid_to: '2026-12-31', morning_hours: '4', afternoon_hours: '4', capacity_type: capacityType, allowed_processes: 'MD17-L' }],
      }),
    );

    const refused = await remove([used.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({ warning: 'IN_USE', count: 1, usages: ['产线「ZZ-MD17 MD-17 line」的产线产能允许工序 MD17-L'] });
    expect((await viewProcess(used.id)).status).toBe(200);

    // changing the code asks too; another field does not
    const rename = await post(factory, 'process/save', { id: used.id, version: used.version, process_code: 'MD17-L2' });
    expect(rename.status).toBe(400);
    expect(rename.body.data.warning).toBe('IN_USE');
    const renamed = ok(await post(factory, 'process/save', { id: used.id, version: used.version, name: 'Still on a line' }));
    expect(renamed).toMatchObject({ process_code: 'MD17-L', version: used.version + 1 });
    const forced = await srv.call('POST', 'mdapi/process/save', { token: factory, form: { DATA: JSON.stringify({ id: used.id, version: renamed.version, process_code: 'MD17-L2' }), force: '1' } });
    expect(ok(forced).process_code).toBe('MD17-L2');
  });

  it('deletes an unused process without a warning', async () => {
    const unused = await proc({ process_code: 'MD17-FREE', name: 'Unused' });
    expect(ok(await remove([unused.id]))).toEqual({ deleted: 1 });
    // a parent deleted together with its children is not in use either
    const parent = await proc({ process_code: 'MD17-Q', name: 'Parent' });
    const child = await proc({ process_code: 'MD17-QA', name: 'Child', parent_id: parent.id });
    expect(ok(await remove([parent.id, child.id]))).toEqual({ deleted: 2 });
  });
});

describe('permissions and menus', () => {
  it('lets a buyer write vendors and materials but not customers', async () => {
    expect((await post(buyer, 'vendor/save', { short_name: 'By buyer', full_name: 'By buyer Ltd.' })).status).toBe(200);
    expect((await post(buyer, 'customer/save', { name: 'By buyer' })).status).toBe(403);
    expect((await get(buyer, 'customer/page-list')).status).toBe(200);
  });

  it('puts every master-data entity on a menu at /md/index/<entity>, which the definitions endpoint names', async () => {
    for (const def of masterdataEntities) {
      expect([def.name, MENU_CATALOGUE.filter((m) => m.url === `/md/index/${def.name}`).length]).toEqual([def.name, 1]);
    }
    const defs = ok(await srv.call('GET', 'utilsapi/meta/entities', { token: admin, query: { compact: '1' } }));
    expect(defs.find((d: Doc) => d.name === 'vendor').menu_code).toBe('SRM_VENDOR');
    expect(defs.filter((d: Doc) => d.area === 'masterdata').every((d: Doc) => typeof d.menu_code === 'string')).toBe(true);
  });

  it("applies a user's data rules on the entity's menu (SRM_VENDOR: status = 10)", async () => {
    const [buyerUser] = await srv.db.asSystem((tx) => tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'brand.buyer')));
    await writeGrants(srv.db, brand, (tx) => tx.insert(dataRule).values({ clientId: brand, menuCode: 'SRM_VENDOR', userId: buyerUser.id, field: 'status', operator: '=', value: '10' }));
    try {
      const theirs = ok(await get(buyer, 'vendor/page-list', { p: { size: 200 } })).rows as Doc[];
      const all = ok(await get(admin, 'vendor/page-list', { p: { size: 200 } })).rows as Doc[];
      expect(new Set(theirs.map((r) => r.status))).toEqual(new Set(['10']));
      expect(all.some((r) => r.status !== '10')).toBe(true);
      const hidden = all.find((r) => r.status !== '10')!;
      expect((await get(buyer, 'vendor/view', { id: hidden.id })).status).toBe(404);
    } finally {
      await writeGrants(srv.db, brand, (tx) => tx.delete(dataRule).where(eq(dataRule.userId, buyerUser.id)));
    }
  });
});

describe('concurrency on the real tables', () => {
  it('numbers 20 vendors saved at once with 20 distinct codes', async () => {
    const saves = await Promise.all(Array.from({ length: 20 }, (_, i) => post(admin, 'vendor/save', { short_name: `Rush ${i}`, full_name: `Rush ${i} Ltd.` })));
    const codes = saves.map((r) => ok(r).code);
    expect(new Set(codes).size).toBe(20);
    const stored = await srv.db.asSystem((tx) => tx.select({ code: md_vendor.code }).from(md_vendor).where(eq(md_vendor.client_id, brand)));
    expect(stored.filter((r) => codes.includes(r.code as string))).toHaveLength(20);
  });

  it('answers 11000, not 500, when two saves race for the same unique value', async () => {
    const saves = await Promise.all(Array.from({ length: 6 }, () => post(admin, 'vendor/save', { code: 'RACE1', short_name: 'Race', full_name: 'Race Ltd.' })));
    expect(saves.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    for (const r of saves.filter((x) => x.status === 422)) expect(Object.keys(r.body.data.errors)).toEqual(['code']);
    const dict = await srv.db.asSystem((tx) => tx.select({ n: count() }).from(md_dictionary).where(eq(md_dictionary.client_id, brand)));
    expect(dict[0].n).toBeGreaterThan(0);
  });
});

describe('configuration reads need the menu (CFG-28)', () => {
  it('a buyer without the dictionary and services menus reads neither list nor export; pickers still get dictionary options', async () => {
    for (const opt of ['dictionary', 'service']) {
      const list = await get(buyer, `${opt}/page-list`);
      expect([opt, list.status]).toEqual([opt, 403]);
      expect([opt, (await get(buyer, `${opt}/export`)).status]).toEqual([opt, 403]);
      expect(ok(await get(admin, `${opt}/page-list`)).rows.length).toBeGreaterThan(0);
    }
    expect(ok(await get(buyer, 'dictionary/options', { type: 'VENDOR_GRADE' })).length).toBeGreaterThan(0);
  });
});
