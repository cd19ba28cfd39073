// Import and export over real HTTP on a real database (PGlite, or PostgreSQL with DATABASE_URL):
// real .xlsx files written and read with ExcelJS, the master-data vendor definition.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, client, eq } from '@seamline/server/api';
import { login, startTestServer, writeGrants, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { dataRule } from '../platformTables';
import { download, readXlsx, upload, xlsxOf } from './testing';
import { importReport } from './tables';

const MAX_ROWS = 40;
const BATCH = 16; // small batches: several are written (and rolled back) within one import
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let srv: TestServer;
let admin: string; // brand.admin (zh, ADMIN)
let buyer: string; // brand.buyer (en, role BUYER: may write vendors, not dictionaries)
let fabric: string; // fabric.admin (zh, ADMIN of Demo Fabric Mill)
let brandId: string;
let savedEnv: Record<string, string | undefined> = {};

type Doc = Record<string, any>;
const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const q = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)]));
const list = async (token: string, filters: Record<string, unknown> = {}, size = 200): Promise<Doc[]> =>
  ok(await srv.call('GET', 'mdapi/vendor/page-list', { token, query: q({ q: filters, p: { size } }) })).rows;
const importFile = (token: string, bytes: Buffer, fields: Record<string, string> = {}, name = 'vendors.xlsx', entity = 'mdapi/vendor') =>
  upload(srv.url, `${entity}/import`, token, [{ name, bytes, type: XLSX }], fields);

beforeAll(async () => {
  savedEnv = { IMPORT_MAX_ROWS: process.env.IMPORT_MAX_ROWS, IMPORT_BATCH_ROWS: process.env.IMPORT_BATCH_ROWS };
  process.env.IMPORT_MAX_ROWS = String(MAX_ROWS);
  process.env.IMPORT_BATCH_ROWS = String(BATCH);
  srv = await startTestServer();
  [admin, buyer, fabric] = (await Promise.all(['brand.admin', 'brand.buyer', 'fabric.admin'].map((u) => login(srv.call, u)))).map((l) => l.token);
  brandId = (await srv.db.asSystem((tx) => tx.select({ id: client.id }).from(client).where(eq(client.code, 'DEMO_BRAND'))))[0].id;
});
afterAll(async () => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await srv?.close();
});

describe('import template', () => {
  it('lists the importable columns with field names, formats, examples and the options', async () => {
    const res = await download(srv.url, 'mdapi/vendor/import-template', buyer);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const sheets = await readXlsx(res.bytes);
    expect(sheets.map((s) => s.name)).toEqual(['Data', 'Fields', 'Options', '_fields']);
    const header = sheets[0].rows[0];
    expect(header).toContain('*Short name');
    expect(header).toContain('Vendor code'); // numbered automatically: not required
    expect(header).not.toContain('Status'); // read-only fields are not imported
    expect(sheets[0].rows.length).toBe(1); // no sample row to import by mistake
    const fields = sheets[1].rows;
    expect(fields.find((r) => r[2] === 'owner_id')?.[3]).toBe('A user of the company: username or full name');
    expect(fields.find((r) => r[2] === 'grade')?.[5]).toBe('A - Strategic'); // an example from the company's dictionary
    expect(sheets[2].rows[0]).toContain('Grade · Label');
    expect(sheets[3].state).toBe('hidden');
    expect(sheets[3].rows[1].slice(0, 2)).toEqual(['code', 'short_name']);
  });

  it('is refused to a user who may not write the entity', async () => {
    expect((await download(srv.url, 'mdapi/dictionary/import-template', buyer)).status).toBe(403);
  });
});

describe('import', () => {
  it('imports valid rows (labels, dates, references by name) and they list', async () => {
    const file = await xlsxOf([
      ['Short name', '*Full name', 'Vendor type', 'grade', 'Owner', 'Valid from', 'Valid to', 'Currency', 'Notes'],
      ['Imp One', 'Import One Ltd.', 'Manufacturer', 'A', 'Ann Lee', new Date(Date.UTC(2026, 2, 7)), '2027/3/6', 'USD', 'ignored'],
      ['Imp Two', 'Import Two Ltd.', '贸易型', 'B - Preferred', 'brand.admin', '2026-01-01', null, null],
      [],
      ['Imp Three', 'Import Three Ltd.', 'SERVICE', null, null, null, null, 'HKD'],
    ]);
    const res = await importFile(buyer, file);
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual({ rows: 3, imported: 3, created: 3, updated: 0, ignored_columns: ['Notes'] });
    const rows = await list(buyer, { short_name: { op: 'prefix', value: 'Imp ' } });
    expect(rows.map((r) => r.short_name).sort()).toEqual(['Imp One', 'Imp Three', 'Imp Two']);
    const one = rows.find((r) => r.short_name === 'Imp One')!;
    expect(one).toMatchObject({ type: 'MANUFACTURER', grade: 'A', valid_from: '2026-03-07', valid_to: '2027-03-06', currency: 'USD', status: '0' });
    expect(one.code).toMatch(/^V\d{4}$/); // numbered by the VENDOR series
    expect(one._labels.owner_id).toBe('Ann Lee');
    const two = rows.find((r) => r.short_name === 'Imp Two')!;
    expect(two).toMatchObject({ type: 'TRADER', grade: 'B', currency: 'CNY' }); // an empty cell keeps the default
    expect(two._labels.owner_id).toBe('王芳');
  });

  it('keeps Chinese text whole across the reader’s chunk boundaries', async () => {
    const scope = (i: number) => `第${i}号供应商：梭织与针织面料的织造、染色、印花与后整理；${'面料辅料成衣包装'.repeat(40)}`;
    const rows = Array.from({ length: MAX_ROWS }, (_, i) => [`中文 ${i}`, `中文供应商${i}纺织有限公司`, scope(i)]);
    const res = await importFile(buyer, await xlsxOf([['供应商简称', '供应商全称', '经营范围'], ...rows]));
    expect(res.body.data.results.imported).toBe(MAX_ROWS);
    const stored = await list(buyer, { short_name: { op: 'prefix', value: '中文 ' } });
    expect(stored).toHaveLength(MAX_ROWS);
    for (const r of stored) {
      const i = Number(r.short_name.slice(3));
      expect([r.full_name, r.business_scope]).toEqual([`中文供应商${i}纺织有限公司`, scope(i)]);
    }
  });

  it('saves nothing when one row is bad, and the report names the row', async () => {
    const file = await xlsxOf([
      ['Short name', 'Full name', 'Owner', 'Grade', 'Valid from', 'Valid to'],
      ['Bad One', 'Bad One Ltd.', 'Ann Lee', 'A', '2026-01-01', '2026-12-31'],
      ['Bad Two', 'Bad Two Ltd.', 'Nobody Here', 'Z', '2026-05-01', '2026-04-01'],
      ['Bad Three', null, null, null, 'soon', null],
      ['Bad Four', 'Bad Four Ltd.', null, null, null, null],
    ]);
    const res = await importFile(buyer, file);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(11000);
    expect(res.body.message).toBe('Nothing was imported: 2 row(s) have errors. Download the error report, correct them and import again');
    const errors = res.body.data.errors;
    expect(errors.error_rows).toBe(2);
    expect(errors.rows.map((r: Doc) => r.row)).toEqual([3, 4]);
    expect(errors.rows[0].errors.owner_id).toEqual(['User "Nobody Here" does not exist']);
    expect(errors.rows[0].errors.grade).toEqual(['Please choose one of the listed values']);
    expect(Object.keys(errors.rows[0].errors)).toContain('valid_to');
    expect(Object.keys(errors.rows[1].errors).sort()).toEqual(['full_name', 'valid_from']);
    expect(errors.labels.owner_id).toBe('Owner');
    expect(await list(buyer, { short_name: { op: 'prefix', value: 'Bad ' } })).toEqual([]);

    const report = await download(srv.url, 'mdapi/vendor/import-report', buyer, { id: errors.report });
    expect(report.status).toBe(200);
    const [data] = await readXlsx(report.bytes);
    expect(data.rows[0]).toEqual(['Short name', 'Full name', 'Owner', 'Grade', 'Valid from', 'Valid to', 'Errors']);
    expect(data.rows[1][6]).toBeUndefined();
    expect(String(data.rows[2][6])).toContain('Owner: User "Nobody Here" does not exist');
    expect(String(data.rows[3][6])).toContain('Full name:');
    expect(data.rows[3][0]).toBe('Bad Three');
    // Another company never sees it; an unknown id is gone.
    expect((await download(srv.url, 'mdapi/vendor/import-report', fabric, { id: errors.report })).json.message).toBe('错误报告已失效');
    expect((await download(srv.url, 'mdapi/vendor/import-report', buyer, { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(400);
  });

  it('rolls back the batches already written when a later row is bad', async () => {
    const rows = Array.from({ length: MAX_ROWS }, (_, i) => [`Late ${i}`, i === MAX_ROWS - 2 ? null : `Late ${i} Ltd.`]);
    const res = await importFile(buyer, await xlsxOf([['Short name', 'Full name'], ...rows]));
    expect(res.status).toBe(422);
    expect(res.body.data.errors.rows).toEqual([{ row: MAX_ROWS, errors: { full_name: ['This field is required'] } }]);
    expect(await list(buyer, { short_name: { op: 'prefix', value: 'Late ' } })).toEqual([]);
  });

  it('says “material does not exist” for an unknown material, the generic message otherwise', async () => {
    // Materials reference vendors; here the vendor is unknown (generic), so check the catalogue key directly too.
    const file = await xlsxOf([
      ['name', 'unit', 'type', 'vendor_id'],
      ['Thread', 'PCS', 'TRIM', 'No Such Vendor'],
    ]);
    const res = await importFile(admin, file, {}, 'materials.xlsx', 'mdapi/material');
    expect(res.status).toBe(422);
    expect(res.body.data.errors.rows[0].errors.vendor_id).toEqual(['供应商“No Such Vendor”不存在']);
  });

  it('refuses an empty file and a header-only file (UPL-05)', async () => {
    const empty = await importFile(buyer, await xlsxOf([]));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file has no data rows: fill in the rows under the header row');
    const headerOnly = await importFile(buyer, await xlsxOf([['Short name', 'Full name'], [], [null, '  ']]));
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.message).toBe('The file has no data rows: fill in the rows under the header row');
    const zeroBytes = await importFile(buyer, Buffer.alloc(0));
    expect(zeroBytes.status).toBe(400);
  });

  it('refuses what is not an .xlsx, and a header that names no field', async () => {
    const pdf = await importFile(buyer, Buffer.from('%PDF-1.7 hello'), {}, 'a.pdf');
    expect([pdf.status, pdf.body.message]).toEqual([400, 'Only .xlsx files can be imported']);
    const fake = await importFile(buyer, Buffer.from('not a zip at all'), {}, 'fake.xlsx');
    expect([fake.status, fake.body.message]).toEqual([400, 'The file is not a readable .xlsx workbook']);
    const none = await importFile(buyer, await xlsxOf([['Colour', 'Size'], ['red', 'L']]));
    expect([none.status, none.body.message]).toEqual([400, 'No column of the file matches a field of Vendor: keep the header row of the template']);
    const noFile = await upload(srv.url, 'mdapi/vendor/import', buyer, [], { mode: 'create' });
    expect([noFile.status, noFile.body.message]).toEqual([400, 'Choose an .xlsx file to import']);
  });

  it('refuses more rows than IMPORT_MAX_ROWS and saves none of them, and takes exactly that many (UPL-06)', async () => {
    const rows = (n: number, prefix: string) => [['Short name', 'Full name'], ...Array.from({ length: n }, (_, i) => [`${prefix} ${i}`, `${prefix} ${i} Ltd.`])];
    const over = await importFile(buyer, await xlsxOf(rows(MAX_ROWS + 1, 'Over')));
    expect([over.status, over.body.message]).toEqual([400, `The file has more than ${MAX_ROWS} data rows; at most ${MAX_ROWS} rows can be imported at once`]);
    expect(await list(buyer, { short_name: { op: 'prefix', value: 'Over ' } })).toEqual([]);
    const exact = await importFile(buyer, await xlsxOf(rows(MAX_ROWS, 'Limit')));
    expect(exact.body.data.results.imported).toBe(MAX_ROWS);
  });

  it('is refused to a user who may not write the entity (403), and without a session (401)', async () => {
    const file = await xlsxOf([['type_code', 'code', 'name'], ['UNIT', 'XX', 'xx']]);
    expect((await importFile(buyer, file, {}, 'd.xlsx', 'mdapi/dictionary')).status).toBe(403);
    expect((await importFile('', file)).status).toBe(401);
  });

  it('updates rows matched by their code in upsert mode, and refuses a code given twice', async () => {
    const [created] = await list(buyer, { short_name: 'Imp Three' });
    const file = await xlsxOf([
      ['Vendor code', 'Short name', 'Full name', 'Grade'],
      [created.code.toLowerCase(), 'Imp Three', 'Import Three Ltd.', 'C'],
      [null, 'Upsert New', 'Upsert New Ltd.', null],
    ]);
    const res = await importFile(buyer, file, { mode: 'upsert' });
    expect(res.body.data.results).toMatchObject({ imported: 2, created: 1, updated: 1 });
    const [after] = await list(buyer, { code: created.code });
    expect(after).toMatchObject({ grade: 'C', full_name: 'Import Three Ltd.', currency: 'HKD', version: created.version + 1 });
    const twice = await importFile(buyer, await xlsxOf([['code', 'grade'], [created.code, 'A'], [created.code, 'B']]), { mode: 'upsert' });
    expect(twice.status).toBe(422);
    expect(twice.body.data.errors.rows).toEqual([{ row: 3, errors: { code: ['The same Vendor code is in row 2 too'] } }]);
    expect((await importFile(buyer, file, { mode: 'merge' })).body.message).toBe('Unknown import mode: use create or upsert');
  });
});

describe('export', () => {
  const exportOf = (token: string, filters: Record<string, unknown> = {}, sort?: unknown) =>
    download(srv.url, 'mdapi/vendor/export', token, q({ q: filters, p: sort ? { sort } : {} }));

  it('writes the list view with labels in the user’s language, references by name, and the field names', async () => {
    const res = await exportOf(buyer, { short_name: { op: 'prefix', value: 'Imp ' } }, [{ field: 'short_name', order: 'desc' }]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    const [data, keys] = await readXlsx(res.bytes);
    expect(data.rows.map((r) => r[1])).toEqual(['Short name', 'Imp Two', 'Imp Three', 'Imp One']);
    const head = data.rows[0] as string[];
    const one = data.rows[3];
    expect(one[head.indexOf('Grade')]).toBe('A - Strategic');
    expect(one[head.indexOf('Owner')]).toBe('Ann Lee');
    expect(one[head.indexOf('Status')]).toBe('New');
    expect(one[head.indexOf('Valid from')]).toEqual(new Date(Date.UTC(2026, 2, 7)));
    expect(keys.name).toBe('_fields');
    expect(keys.rows[1][head.indexOf('Owner')]).toBe('owner_id');
  });

  it('says “nothing to export” for an empty view', async () => {
    const res = await exportOf(buyer, { short_name: 'no such vendor' });
    expect([res.status, res.json.message]).toEqual([400, 'nothing to export']);
  });

  it('applies the user’s data rules', async () => {
    const [buyerUser] = await srv.db.asSystem((tx) => tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'brand.buyer')));
    await writeGrants(srv.db, brandId, (tx) => tx.insert(dataRule).values({ clientId: brandId, menuCode: 'SRM_VENDOR', userId: buyerUser.id, field: 'category', operator: '=', value: 'FABRIC' }));
    try {
      const visible = await list(buyer);
      const all = await list(admin);
      expect(visible.length).toBeGreaterThan(0);
      expect(visible.length).toBeLessThan(all.length);
      const [data] = await readXlsx((await exportOf(buyer)).bytes);
      const codes = data.rows.slice(1).map((r) => r[0]);
      expect(codes.sort()).toEqual(visible.map((r) => r.code).sort());
    } finally {
      await writeGrants(srv.db, brandId, (tx) => tx.delete(dataRule).where(eq(dataRule.userId, buyerUser.id)));
    }
  });

  it('round-trips: the demo vendors exported and imported back in upsert mode change nothing', async () => {
    const demo = { code: { op: 'prefix', value: 'V1' } }; // the brand's demo vendors V1001…
    const before = await list(admin, demo);
    expect(before.length).toBeGreaterThan(3);
    const res = await exportOf(admin, demo);
    const back = await importFile(admin, res.bytes, { mode: 'upsert' }, 'export.xlsx');
    expect(back.status).toBe(200);
    expect(back.body.data.results).toMatchObject({ imported: before.length, created: 0, updated: before.length, ignored_columns: [] });
    const after = await list(admin, demo);
    const strip = (r: Doc) => {
      const { version: _v, updated_at: _u, updated_by: _b, ...rest } = r;
      return rest;
    };
    expect(after.map(strip)).toEqual(before.map(strip));
    expect(after.every((r, i) => r.version === before[i].version + 1)).toBe(true);
  });

  it('round-trips into another company: same values, once the owners are people of that company', async () => {
    const res = await exportOf(admin, { short_name: { op: 'prefix', value: 'Imp ' } });
    const refused = await importFile(fabric, res.bytes, {}, 'brand-vendors.xlsx');
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors.rows[0].errors.owner_id).toEqual(['用户“Ann Lee”不存在']);
    // Clear the owner column (those people work elsewhere) and import again.
    const sheets = await readXlsx(res.bytes);
    const ownerCol = sheets[1].rows[1].indexOf('owner_id'); // the hidden sheet names each column's field
    const rows = sheets[0].rows.map((r, i) => (i === 0 ? r : r.map((v, c) => (c === ownerCol ? null : v))));
    const ok2 = await importFile(fabric, await xlsxOf(rows, { _fields: sheets[1].rows }), {}, 'brand-vendors.xlsx');
    expect(ok2.status).toBe(200);
    expect(ok2.body.data.results.imported).toBe(3);
    const theirs = ok(await srv.call('GET', 'mdapi/vendor/page-list', { token: fabric, query: q({ q: { short_name: { op: 'prefix', value: 'Imp ' } }, p: { size: 50 } }) })).rows as Doc[];
    const ours = await list(admin, { short_name: { op: 'prefix', value: 'Imp ' } });
    const same = ['code', 'short_name', 'full_name', 'type', 'grade', 'scale', 'category', 'tin', 'valid_from', 'valid_to', 'payment_terms', 'currency', 'bank_type', 'bank_name'];
    const pick = (r: Doc) => Object.fromEntries(same.map((k) => [k, r[k]]));
    expect(theirs.map(pick).sort((a, b) => a.code.localeCompare(b.code))).toEqual(ours.map(pick).sort((a, b) => a.code.localeCompare(b.code)));
  });
});

describe('page-upload-links', () => {
  const links = async (token: string, page?: string) =>
    ok(await srv.call('GET', 'crossapi/ccommonapi/data-upload/page-upload-links', { token, query: page === undefined ? {} : { page } })) as Doc[];

  it('lists the vendor import of the vendor page, by entity or by route', async () => {
    for (const page of ['vendor', '/md/index/vendor', 'md/index/vendor', '/page/upload/view?entity=vendor']) {
      const found = await links(buyer, page);
      expect(found).toEqual([
        {
          entity: 'vendor',
          label: 'Vendor',
          api: '/api/mdapi/vendor',
          template: '/api/mdapi/vendor/import-template',
          import: '/api/mdapi/vendor/import',
          export: '/api/mdapi/vendor/export',
          route: '/md/index/vendor',
          menu_code: 'SRM_VENDOR',
          modes: ['create', 'upsert'],
          key_field: 'code',
          key_label: 'Vendor code',
          max_rows: MAX_ROWS,
          max_bytes: 50 * 1024 * 1024,
        },
      ]);
    }
    expect(await links(buyer, '/nowhere')).toEqual([]);
  });

  it('offers, without a page, every import the user’s menus lead to and the user may write', async () => {
    const mine = (await links(buyer)).map((l) => l.entity);
    expect(mine).toContain('vendor');
    expect(mine).not.toContain('dictionary'); // the buyer may not write it (and has no SYS menu)
    const theirs = (await links(admin)).map((l) => l.entity);
    expect(theirs).toEqual(expect.arrayContaining(['vendor', 'dictionary', 'material']));
    expect((await links(admin))[0].label).toMatch(/[\u4e00-\u9fff]/); // brand.admin reads Chinese
  });
});

describe('reports', () => {
  it('are kept in the database under the company (tenant row-level security)', async () => {
    const rows = await srv.db.withTenant(brandId, (tx) => tx.select({ id: importReport.id, clientId: importReport.clientId }).from(importReport));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.clientId))).toEqual(new Set([brandId]));
  });
});
