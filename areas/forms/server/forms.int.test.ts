// Dynamic forms over real HTTP on a real database: the designer's checks on the server, scenarios,
// values checked against the designed form, filters on stored values, and company isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, count, eq } from '@seamline/server/api';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { dynamicForm, dynamicFormValue } from './schema';
import { scenarioForm, scenarioValuesErrors } from '.';
import { seedForms } from './seed';

let srv: TestServer;
let admin: string;
let buyer: string;
let factory: string;
let brand: string;
let vendorId: string;
let factoryVendorId: string;

type Doc = Record<string, any>;
const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const q = (query: Record<string, unknown>) => Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
const get = (token: string, path: string, query: Record<string, unknown> = {}) => srv.call('GET', `utilsapi/dynamic-form/${path}`, { token, query: q(query) });
const post = (token: string, path: string, data: unknown) => srv.call('POST', `utilsapi/dynamic-form/${path}`, { token, form: { DATA: JSON.stringify(data) } });

const opts = (...values: string[]) => values.map((v) => ({ value: v, label_en: `Grade ${v}`, label_zh: `${v}级` }));
const INSPECTION = {
  code: 'VENDOR_EXTRA',
  name_en: 'Vendor extra',
  name_zh: '供应商附加信息',
  fields: [
    { field: 'email', label_en: 'QC email', label_zh: '质检邮箱', type: 'string', required: true, validations: [{ type: 'email' }], lowerCase: true, trim: true },
    { field: 'grade', label_en: 'Grade', label_zh: '等级', type: 'select', options: opts('A', 'B', 'C'), defaultValue: 'A' },
    { field: 'reason', label_en: 'Reason', label_zh: '原因', type: 'text', required: true, visibleWhen: "grade == 'C'" },
    { field: 'lines', label_en: 'Lines', label_zh: '产线数', type: 'integer', validations: [{ type: 'positiveInteger' }] },
    { field: 'tags', label_en: 'Tags', label_zh: '标签', type: 'multiselect', options: opts('X', 'Y') },
    { field: 'scratch', label_en: 'Scratch', label_zh: '草稿', type: 'string', isNotPost: true },
  ],
};

const countForms = () => srv.db.asSystem(async (tx) => Number((await tx.select({ n: count() }).from(dynamicForm))[0].n));
const countValues = () => srv.db.asSystem(async (tx) => Number((await tx.select({ n: count() }).from(dynamicFormValue))[0].n));

beforeAll(async () => {
  srv = await startTestServer();
  const companies = await srv.db.asSystem((tx) => tx.select({ id: client.id, code: client.code }).from(client));
  brand = companies.find((c) => c.code === 'DEMO_BRAND')!.id;
  [admin, buyer, factory] = (await Promise.all(['brand.admin', 'brand.buyer', 'factory.admin'].map((u) => login(srv.call, u)))).map((l) => l.token);
  vendorId = ok(await srv.call('GET', 'mdapi/vendor/page-list', { token: admin, query: q({ p: { size: 1 } }) })).rows[0].id;
  factoryVendorId = ok(await srv.call('GET', 'mdapi/vendor/page-list', { token: factory, query: q({ p: { size: 1 } }) })).rows[0].id;
});
afterAll(() => srv?.close());

let form: Doc;

describe('form definitions', () => {
  it('FORM-18: a field name used twice is refused (11000 on that row) and nothing is saved', async () => {
    const before = await countForms();
    const res = await post(admin, 'save', { ...INSPECTION, fields: [INSPECTION.fields[0], { ...INSPECTION.fields[3], field: 'email' }] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(11000);
    expect(res.body.data.errors.fields).toEqual([null, { field: ['字段名必须唯一'] }]); // brand.admin speaks Chinese
    expect(await countForms()).toBe(before);
  });

  it('FORM-19: duplicate option values are refused', async () => {
    const res = await srv.call('POST', 'utilsapi/dynamic-form/save', {
      token: admin,
      headers: { 'x-seamline-lang': 'en' },
      form: { DATA: JSON.stringify({ ...INSPECTION, fields: [{ ...INSPECTION.fields[1], options: opts('A', 'B', 'A') }] }) },
    });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.fields[0]).toEqual({ options: ['Duplicate option value: A'] });
  });

  it('refuses conditions that do not parse and a form without fields', async () => {
    const res = await post(admin, 'save', { ...INSPECTION, fields: [{ ...INSPECTION.fields[2], visibleWhen: "grade == 'C' &&" }] });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.fields[0].visibleWhen[0]).toMatch(/^条件无法解析/);
    const empty = await post(admin, 'save', { ...INSPECTION, fields: [] });
    expect(empty.body.data.errors.fields).toEqual(['请至少添加一个字段']);
  });

  it('saves, lists and reads a form; a taken code and a stale version are refused', async () => {
    form = ok(await post(admin, 'save', INSPECTION));
    expect(form).toMatchObject({ code: 'VENDOR_EXTRA', version: 1 });
    expect(form.fields.map((f: Doc) => f.field)).toEqual(['email', 'grade', 'reason', 'lines', 'tags', 'scratch']);
    const view = ok(await get(admin, 'view', { id: form.id }));
    expect(view.fields[0]).toMatchObject({ required: true, validations: [{ type: 'email' }], lowerCase: true, trim: true });
    const list = ok(await get(admin, 'page-list', { q: { text: 'extra' } }));
    expect(list.rows.map((r: Doc) => [r.code, r.field_count])).toEqual([['VENDOR_EXTRA', 6]]);

    const taken = await post(admin, 'save', { ...INSPECTION, name_en: 'Other' });
    expect(taken.status).toBe(422);
    expect(taken.body.data.errors.code).toEqual(['该表单编码已存在']);

    const updated = ok(await post(admin, 'save', { ...INSPECTION, id: form.id, version: 1, description: 'For QC' }));
    expect(updated.version).toBe(2);
    const stale = await post(admin, 'save', { ...INSPECTION, id: form.id, version: 1 });
    expect(stale.status).toBe(409);
    form = updated;
  });

  it('is the administrators’ (menu SYS_DYNAMIC_FORM): a buyer gets 403', async () => {
    expect((await post(buyer, 'save', { ...INSPECTION, code: 'BUYER' })).status).toBe(403);
    expect((await get(buyer, 'page-list')).status).toBe(403);
  });

  it('another company sees none of it (404)', async () => {
    expect((await get(factory, 'view', { id: form.id })).status).toBe(404);
    expect((await get(factory, 'view', { id: 'VENDOR_EXTRA' })).status).toBe(404);
    expect((await post(factory, 'save', { ...INSPECTION, id: form.id, version: 2 })).status).toBe(404);
    expect((await post(factory, 'delete', [form.id])).status).toBe(404);
    expect(ok(await get(factory, 'page-list')).total).toBe(0);
    // The same code is free in another company.
    expect(ok(await post(factory, 'save', INSPECTION)).code).toBe('VENDOR_EXTRA');
  });
});

describe('scenarios', () => {
  let scenario: Doc;
  it('binds a form to an entity; the context answers with the form', async () => {
    scenario = ok(await post(admin, 'scenarios/save', { form_id: form.id, context_type: 'ENTITY', context_key: 'vendor' }));
    const found = ok(await get(buyer, 'scenario', { context_type: 'ENTITY', context_key: 'vendor' }));
    expect(found).toMatchObject({ id: form.id, code: 'VENDOR_EXTRA', scenario_id: scenario.id });
    expect(ok(await get(admin, 'scenario', { context_type: 'ENTITY', context_key: 'customer' }))).toBeNull();
    const list = ok(await get(admin, 'scenarios/page-list', { q: { context_type: 'ENTITY' } }));
    expect(list.rows).toEqual([expect.objectContaining({ context_key: 'vendor', form_code: 'VENDOR_EXTRA', form_name_en: 'Vendor extra' })]);
  });

  it('scenarioForm is the same lookup for other areas', async () => {
    const f = await srv.db.withTenant(brand, (tx) => scenarioForm(tx, brand, { contextType: 'ENTITY', contextKey: 'vendor' }));
    expect(f?.code).toBe('VENDOR_EXTRA');
    expect(await srv.db.withTenant(brand, (tx) => scenarioForm(tx, brand, { contextType: 'FLOW_NODE', contextKey: 'PO:20' }))).toBeNull();
  });

  it('checks the context: one form per context, key formats, the form of the company', async () => {
    const dup = await post(admin, 'scenarios/save', { form_id: form.id, context_type: 'ENTITY', context_key: 'vendor' });
    expect(dup.status).toBe(422);
    expect(dup.body.data.errors.context_key).toEqual(['该业务场景已绑定表单']);
    const noEntity = await post(admin, 'scenarios/save', { form_id: form.id, context_type: 'ENTITY', context_key: 'no-such-thing' });
    expect(noEntity.body.data.errors.context_key).toEqual(['不存在该名称的实体']);
    const badKey = await post(admin, 'scenarios/save', { form_id: form.id, context_type: 'FLOW_NODE', context_key: 'PO_APPROVAL' });
    expect(badKey.body.data.errors.context_key[0]).toMatch(/流程编码/);
    const flow = ok(await post(admin, 'scenarios/save', { form_id: form.id, context_type: 'FLOW_NODE', context_key: 'PO_APPROVAL:20' }));
    expect(flow.context_key).toBe('PO_APPROVAL:20');
    const foreign = ok(await get(factory, 'page-list')).rows[0].id;
    const res = await post(admin, 'scenarios/save', { form_id: foreign, context_type: 'PROJECT_TYPE', context_key: 'RFQ' });
    expect(res.body.data.errors.form_id).toEqual(['请选择表单']);
    expect(ok(await get(factory, 'scenario', { context_type: 'ENTITY', context_key: 'vendor' }))).toBeNull();
    expect((await post(factory, 'scenarios/delete', [flow.id])).status).toBe(404);
    expect(ok(await post(admin, 'scenarios/delete', [flow.id]))).toEqual({ deleted: 1 });
  });
});

describe('values', () => {
  const save = (token: string, values: Doc, extra: Doc = {}) =>
    post(token, 'values/save', { form_id: form.id, entity: 'vendor', record_id: vendorId, values, ...extra });

  it('a value that fails the form (bad email) answers 11000 per field and saves nothing', async () => {
    const before = await countValues();
    const res = await save(admin, { email: 'not-an-email', grade: 'C', lines: 0 });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual({
      email: [expect.any(String)],
      reason: [expect.any(String)],
      lines: [expect.any(String)],
    });
    expect(await countValues()).toBe(before);
    expect(ok(await get(admin, 'values/view', { entity: 'vendor', record_id: vendorId, form: form.id }))).toBeNull();
  });

  let saved: Doc;
  it('saves what the form posts (trimmed, cased; hidden and isNotPost fields dropped) and reads it back', async () => {
    saved = ok(await save(admin, { email: '  QC@Example.com ', grade: 'A', reason: 'hidden, not stored', lines: 3, tags: ['X'], scratch: 'x' }));
    expect(saved).toMatchObject({ version: 1, form_code: 'VENDOR_EXTRA', form_version: 2, entity: 'vendor', record_id: vendorId });
    expect(saved.values).toEqual({ email: 'qc@example.com', grade: 'A', lines: 3, tags: ['X'] });
    expect(ok(await get(admin, 'values/view', { entity: 'vendor', record_id: vendorId, form: 'VENDOR_EXTRA' }))).toEqual(saved);
    expect(ok(await get(admin, 'values/view', { entity: 'vendor', record_id: vendorId }))).toEqual([saved]);
  });

  it('updates with the version; a stale version is 409 and changes nothing', async () => {
    const next = ok(await save(admin, { email: 'qa@example.com', grade: 'B', lines: 12, tags: ['X', 'Y'] }, { version: 1 }));
    expect(next.version).toBe(2);
    expect((await save(admin, { email: 'late@example.com' }, { version: 1 })).status).toBe(409);
    expect(ok(await get(admin, 'values/view', { entity: 'vendor', record_id: vendorId, form: form.id })).values.email).toBe('qa@example.com');
  });

  it('another company can neither write nor read the values (404)', async () => {
    expect((await save(factory, { email: 'x@example.com' })).status).toBe(404); // not its form
    const ownForm = ok(await get(factory, 'page-list')).rows[0].id;
    const foreignRecord = await post(factory, 'values/save', { form_id: ownForm, entity: 'vendor', record_id: vendorId, values: { email: 'x@example.com' } });
    expect(foreignRecord.status).toBe(404); // not its vendor
    expect((await get(factory, 'values/view', { entity: 'vendor', record_id: vendorId })).status).toBe(404);
    expect((await get(factory, 'values/page-list', { form: form.id })).status).toBe(404);
    // Its own vendor works with its own form.
    const own = ok(await post(factory, 'values/save', { form_id: ownForm, entity: 'vendor', record_id: factoryVendorId, values: { email: 'f@example.com' } }));
    expect(own.values.email).toBe('f@example.com');
  });

  it('is queryable by value: eq, like, in, gte/lte on numbers, multiselect elements, empty', async () => {
    // A second record of another context: any entity name is accepted outside the engine's entities.
    ok(await post(admin, 'values/save', { form_id: form.id, entity: 'rfq-project', record_id: 'P-1', values: { email: 'p1@example.com', grade: 'A', lines: 2 } }));
    const find = async (filter: Doc, extra: Doc = {}) =>
      ok(await get(admin, 'values/page-list', { form: 'VENDOR_EXTRA', q: filter, ...extra })).rows.map((r: Doc) => r.record_id).sort();
    expect(await find({})).toEqual(['P-1', vendorId].sort());
    expect(await find({ email: 'qa@example.com' })).toEqual([vendorId]);
    expect(await find({ email: { op: 'like', value: 'P1@' } })).toEqual(['P-1']);
    expect(await find({ grade: ['A', 'C'] })).toEqual(['P-1']);
    expect(await find({ lines: { op: 'gte', value: 3 } })).toEqual([vendorId]); // 12 >= 3 as numbers, not as text
    expect(await find({ lines: { op: 'between', value: [1, 2] } })).toEqual(['P-1']);
    expect(await find({ tags: 'Y' })).toEqual([vendorId]);
    expect(await find({ tags: { op: 'empty', value: true } })).toEqual(['P-1']);
    expect(await find({ grade: { op: 'ne', value: 'A' } })).toEqual([vendorId]);
    expect(await find({}, { entity: 'rfq-project' })).toEqual(['P-1']);
    const bad = await get(admin, 'values/page-list', { form: 'VENDOR_EXTRA', q: { nope: 'x' } });
    expect(bad.status).toBe(400);
    expect((await get(admin, 'values/page-list', { form: 'VENDOR_EXTRA', q: { lines: { op: 'gte', value: 'abc' } } })).status).toBe(400);
    expect((await get(admin, 'values/page-list', { form: 'VENDOR_EXTRA', q: { email: { op: 'regex', value: 'x' } } })).status).toBe(400);
  });

  it('scenarioValuesErrors checks the stored values of a record against the bound form (for other areas)', async () => {
    const check = (recordId: string) =>
      srv.db.withTenant(brand, (tx) =>
        scenarioValuesErrors(tx, brand, { contextType: 'ENTITY', contextKey: 'vendor' }, { entity: 'vendor', recordId }, { session: { dashroles: [] }, lang: 'en' }),
      );
    const filled = await check(vendorId);
    expect(filled.form?.code).toBe('VENDOR_EXTRA');
    expect(filled.errors).toEqual({});
    const empty = await check('00000000-0000-4000-8000-00000000abcd');
    expect(empty.errors).toEqual({ email: ['This field is required'] });
    const none = await srv.db.withTenant(brand, (tx) =>
      scenarioValuesErrors(tx, brand, { contextType: 'ENTITY', contextKey: 'customer' }, { entity: 'customer', recordId: 'x' }, { session: { dashroles: [] }, lang: 'en' }),
    );
    expect(none).toEqual({ form: null, errors: {} });
  });

  it('a form in use cannot be deleted; an unused one can', async () => {
    const res = await post(admin, 'delete', [form.id]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/场景/);
    const spare = ok(await post(admin, 'save', { ...INSPECTION, code: 'SPARE' }));
    expect(ok(await post(admin, 'delete', [spare.id]))).toEqual({ deleted: 1 });
    expect((await get(admin, 'view', { id: spare.id })).status).toBe(404);
  });
});

it('demo: Demo Brand has the RFQ supplier profile bound to its RFQ project type; seeding again adds nothing', async () => {
  const f = ok(await get(buyer, 'scenario', { context_type: 'PROJECT_TYPE', context_key: 'RFQ' }));
  expect(f).toMatchObject({ code: 'RFQ_SUPPLIER_PROFILE', name_zh: '询价供应商档案' });
  await srv.db.asSystem((tx) => seedForms(tx));
  expect(ok(await get(admin, 'page-list', { q: { text: 'RFQ_SUPPLIER' } })).total).toBe(1);
  expect(ok(await get(admin, 'scenarios/page-list', { q: { context_type: 'PROJECT_TYPE' } })).total).toBe(1);
});

it('every admin call of another company on the brand’s rows answers 404, never 200', async () => {
  const [row] = await srv.db.asSystem((tx) => tx.select({ id: dynamicForm.id }).from(dynamicForm).where(eq(dynamicForm.clientId, brand)));
  expect((await get(factory, 'view', { id: row.id })).status).toBe(404);
});
