// ONE contract for every definition the engine serves: the areas' entities (server/src/areas.ts)
// and the test-only ones. A new entity is covered the day it is registered: create, read, list,
// update (absent fields kept), a validation error (11000), a stale version (409), another
// company's id (404 on view, save, delete and every state action, nothing changed), its
// transitions, its audit trail and delete.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDec, isEmptyValue, type EntityDef, type FieldDef } from '@seamline/core';
import { AREAS } from '../areas';
import { login, startTestServer, type ApiResponse, type TestServer } from '../testing';
import { serialNumberConfig } from './platformTables';
import { knownRegistrations, menuUrlsOf, Registry } from './registry';
import { buildDocument, repair, type Doc, type GenerateContext } from './testing/documents';
import { createTestTables, testEntitiesArea } from './testing/fixtures';
import { MASTERDATA_DEMO } from '../../../areas/masterdata/meta/demo';
import { MENU_CATALOGUE } from '../../../areas/system/server/seed/menus';

const testArea = testEntitiesArea();
const TEST_ENTITIES = new Set(['test-dict', 'test-vendor', 'test-customer', 'test-order']);
// Every registration made by the areas (importing AREAS registered them) and by the test area.
void AREAS;
const registrations = knownRegistrations();

/** Demo rows of the areas, per entity (the first row of any demo company). */
const DEMO: Record<string, Doc> = {};
for (const company of MASTERDATA_DEMO) for (const [name, rows] of Object.entries(company.rows)) if (rows.length && !DEMO[name]) DEMO[name] = rows[0];

let srv: TestServer;
let owner: string; // brand.admin
let ownerId: string;
let stranger: string; // fabric.admin

const call = (method: string, path: string, token: string, opts: { json?: unknown; query?: Record<string, string> } = {}) =>
  srv.call(method, path, { token, ...opts });
const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};

const defsByName = new Map(registrations.map((r) => [r.def.name, r.def]));
const base = (def: EntityDef) => `${def.prefix}/${def.name}`;

function context(depth = 0): GenerateContext {
  return {
    session: { dashroles: ['ADMIN'], user_type: 'ADMIN', license_type: 'STANDARD' },
    dictionary: async (type) => {
      const options = ok(await call('GET', 'mdapi/dictionary/options', owner, { query: { type } })) as Array<{ value: string }>;
      return options.map((o) => o.value);
    },
    reference: async (entity) => {
      if (entity === 'user') return ownerId;
      const target = defsByName.get(entity);
      if (!target) return null;
      const page = ok(await call('GET', `${base(target)}/page-list`, owner, { query: { p: JSON.stringify({ size: 50 }) } }));
      // Prefer a target in its 'Active' state: hooks may refuse references to drafts or retired versions.
      const active = target.status?.values.find((v) => v.label.en === 'Active')?.value;
      const pick = page.rows.find((r: Doc) => active !== undefined && r[target.status!.field] === active);
      if (pick) return pick.id as string;
      // None active (another contract retired it): make one and take it through the transition to active.
      const activate = active === undefined ? undefined : target.transitions?.find((tr) => tr.to === active);
      if (activate && depth <= 2) {
        const made = (await create(target, depth + 1)).saved;
        const res = await call('POST', `${base(target)}/${activate.action}`, owner, { json: { DATA: { id: made.id, version: made.version } } });
        if (res.status === 200) return made.id as string;
      }
      if (page.rows.length) return page.rows[0].id as string;
      if (depth > 2) return null;
      return (await create(target, depth + 1)).saved.id as string;
    },
  };
}

/** Creates a valid document; server-side refusals (references, hooks, unique) are repaired like local ones. */
async function create(def: EntityDef, depth = 0, demo: Doc | undefined = DEMO[def.name]): Promise<{ sent: Doc; saved: Doc }> {
  const ctx = context(depth);
  const doc = await buildDocument(def, ctx, demo);
  let saved: Doc | null = null;
  const errors = await repair(def, doc, ctx, async (d) => {
    const res = await call('POST', `${base(def)}/save`, owner, { json: { DATA: d } });
    if (res.status === 200) {
      saved = res.body.data.results;
      return {};
    }
    if (res.status !== 422) throw new Error(`${def.name}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.errors;
  });
  // A demo-based document the company already holds (a refused duplicate) is built afresh instead.
  if (!saved && demo && errors._document) return create(def, depth, undefined);
  if (!saved) throw new Error(`${def.name}: no valid document found: ${JSON.stringify(errors)} for ${JSON.stringify(doc)}`);
  return { sent: doc, saved };
}

/** Stored and sent values mean the same (decimals by value, lists as sets). */
function sameValue(field: FieldDef, sent: unknown, stored: unknown): boolean {
  if (isEmptyValue(sent)) return isEmptyValue(stored);
  if (field.type === 'decimal') return compareDec(sent as string, stored as string) === 0;
  if (field.type === 'integer') return Number(sent) === Number(stored);
  if (field.type === 'multiselect') return JSON.stringify([...(sent as unknown[])].map(String).sort()) === JSON.stringify([...(stored as unknown[])].sort());
  if (typeof sent === 'string' && typeof stored === 'string') {
    const s = field.trim ? sent.trim() : sent;
    return (field.upperCase ? s.toUpperCase() : field.lowerCase ? s.toLowerCase() : s) === stored;
  }
  return isDeepStrictEqual(sent, stored); // jsonb does not keep key order
}

/** A field whose value an update may change freely: plain text, not unique, not numbered, not read-only, shown. */
function editableText(def: EntityDef): FieldDef | undefined {
  const plain = (f: FieldDef) =>
    (f.type === 'string' || f.type === 'text') && !f.unique && !f.readOnly && !f.isNotPost && !f.visibleWhen && !f.disabledWhen && !f.roles && !f.validators?.length && f.name !== def.numbering?.field;
  return def.fields.find((f) => f.name === def.display && plain(f)) ?? def.fields.find(plain);
}

/** A value the definition must refuse: an empty required field, else a non-number in a number field, … */
function breaking(def: EntityDef): [string, unknown] | undefined {
  const posted = def.fields.filter((f) => !f.readOnly && !f.isNotPost && !f.visibleWhen && !f.disabledWhen && !f.roles);
  const req = posted.find((f) => f.required && f.name !== def.numbering?.field);
  if (req) return [req.name, ''];
  const num = posted.find((f) => f.type === 'integer' || f.type === 'decimal' || f.type === 'date');
  if (num) return [num.name, 'not-a-value'];
  const sel = posted.find((f) => f.type === 'select' && Array.isArray(f.options));
  if (sel) return [sel.name, '__nope__'];
  const str = posted.find((f) => f.type === 'string');
  if (str) return [str.name, 'x'.repeat((str.maxLength ?? 255) + 1)];
  return undefined;
}

beforeAll(async () => {
  srv = await startTestServer({ extraAreas: [testArea] });
  await createTestTables(srv.db);
  await srv.db.asSystem(async (tx) => {
    const { client } = await import('../db/schema');
    for (const c of await tx.select({ id: client.id }).from(client)) {
      await tx
        .insert(serialNumberConfig)
        .values(['TEST_ORDER', 'TEST_VENDOR'].map((code) => ({ clientId: c.id, code, prefix: code.slice(5, 6), length: 5 })))
        .onConflictDoNothing();
    }
  });
  const [a, b] = await Promise.all([login(srv.call, 'brand.admin'), login(srv.call, 'fabric.admin')]);
  owner = a.token;
  stranger = b.token;
  ownerId = ok(await call('GET', 'utilsapi/access/user-state', owner)).id;
});
afterAll(() => srv?.close());

describe('the engine knows', () => {
  it('every area entity and the test ones, each reference resolvable', () => {
    const registry = new Registry();
    for (const r of registrations) registry.add(r.def, r.options);
    expect(registry.unresolvedReferences()).toEqual([]);
    expect([...TEST_ENTITIES].every((n) => defsByName.has(n))).toBe(true);
    expect(registrations.length).toBeGreaterThan(TEST_ENTITIES.size);
  });

  it("every area entity on a menu whose URL is the entity's route (data rules bind to it)", () => {
    const missing = registrations
      .filter((r) => !TEST_ENTITIES.has(r.def.name) && r.options.menuCode === undefined)
      .filter((r) => !MENU_CATALOGUE.some((m) => menuUrlsOf(r.def).includes(m.url)))
      .map((r) => r.def.name);
    expect(missing).toEqual([]);
  });

  it('serves them all in utilsapi/meta/entities', async () => {
    const served = ok(await call('GET', 'utilsapi/meta/entities', owner, { query: { compact: '1' } })) as Doc[];
    expect(served.map((d) => d.name).sort()).toEqual([...defsByName.keys()].sort());
  });
});

describe.each(registrations.map((r) => [r.def.name, r.def] as const))('contract: %s', (_name, def) => {
  let doc: Doc;

  it('creates a document and reads back what it sent', async () => {
    const { sent, saved } = await create(def);
    doc = saved;
    expect(doc).toMatchObject({ id: expect.any(String), version: 1 });
    const read = ok(await call('GET', `${base(def)}/view`, owner, { query: { id: doc.id as string } }));
    expect(read).toEqual(doc);
    const posted = def.fields.filter((f) => !f.readOnly && !f.isNotPost && !f.visibleWhen && !f.disabledWhen && !f.roles && f.name in sent);
    for (const f of posted) expect([f.name, sameValue(f, sent[f.name], read[f.name])]).toEqual([f.name, true]);
    for (const c of def.children ?? []) {
      const rows = (sent[c.name] as Doc[] | undefined) ?? [];
      expect([c.name, (read[c.name] as Doc[]).length]).toEqual([c.name, rows.length]);
      rows.forEach((row, i) => {
        for (const f of c.fields.filter((x) => x.name in row && !x.readOnly && !x.isNotPost && !x.visibleWhen)) {
          expect([c.name, i, f.name, sameValue(f, row[f.name], (read[c.name] as Doc[])[i][f.name])]).toEqual([c.name, i, f.name, true]);
        }
      });
    }
    if (def.numbering) expect(doc[def.numbering.field]).toEqual(expect.any(String));
  });

  it('lists it, filters by every list filter and sorts by every list column', async () => {
    const page = ok(await call('GET', `${base(def)}/page-list`, owner, { query: { q: JSON.stringify({ id: doc.id }) } }));
    expect(page).toMatchObject({ total: 1, page: 1, rows: [expect.objectContaining({ id: doc.id, version: 1 })] });
    for (const name of def.list.filters ?? []) {
      const v = doc[name];
      if (isEmptyValue(v) || typeof v === 'object') continue;
      const res = ok(await call('GET', `${base(def)}/page-list`, owner, { query: { q: JSON.stringify({ [name]: v, id: doc.id }) } }));
      expect([name, res.rows.length]).toEqual([name, 1]);
    }
    for (const name of def.list.columns) {
      const f = def.fields.find((x) => x.name === name);
      if (f && (f.type === 'multiselect' || f.type === 'json')) continue;
      for (const order of ['asc', 'desc']) {
        const res = await call('GET', `${base(def)}/page-list`, owner, { query: { p: JSON.stringify({ size: 5, sort: [{ field: name, order }] }) } });
        expect([name, order, res.status]).toEqual([name, order, 200]);
      }
    }
  });

  it('updates it, keeping the fields the update does not send', async () => {
    const field = editableText(def);
    const change: Doc = field ? { [field.name]: `Changed ${field.name}`.slice(0, field.maxLength ?? 255) } : {};
    const updated = ok(await call('POST', `${base(def)}/save`, owner, { json: { DATA: { id: doc.id, version: 1, ...change } } }));
    expect(updated.version).toBe(2);
    for (const f of def.fields) {
      if (f.readOnly || f.isNotPost || (field && f.name === field.name)) continue;
      expect([f.name, updated[f.name]]).toEqual([f.name, doc[f.name]]);
    }
    if (field) expect(updated[field.name]).toBe(change[field.name]);
    for (const c of def.children ?? []) expect((updated[c.name] as Doc[]).length).toBe((doc[c.name] as Doc[]).length);
    doc = updated;
  });

  it('refuses an invalid value with 11000 and a stale version with 409, changing nothing', async () => {
    const broken = breaking(def);
    if (broken) {
      const res = await call('POST', `${base(def)}/save`, owner, { json: { DATA: { id: doc.id, version: doc.version, [broken[0]]: broken[1] } } });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(11000);
      expect(Object.keys(res.body.data.errors)).toContain(broken[0]);
    }
    const stale = await call('POST', `${base(def)}/save`, owner, { json: { DATA: { id: doc.id, version: 1 } } });
    expect(stale.status).toBe(409);
    expect(ok(await call('GET', `${base(def)}/view`, owner, { query: { id: doc.id as string } }))).toEqual(doc);
  });

  it("answers 404 to another company on view, save, delete, audit and every action, changing nothing", async () => {
    const id = doc.id as string;
    expect((await call('GET', `${base(def)}/view`, stranger, { query: { id } })).status).toBe(404);
    expect((await call('GET', `${base(def)}/audit`, stranger, { query: { id } })).status).toBe(404);
    expect((await call('POST', `${base(def)}/save`, stranger, { json: { DATA: { id, version: doc.version } } })).status).toBe(404);
    expect((await call('POST', `${base(def)}/delete`, stranger, { json: { DATA: [id] } })).status).toBe(404);
    for (const tr of def.transitions ?? []) {
      const res = await call('POST', `${base(def)}/${tr.action}`, stranger, { json: { DATA: { id, version: doc.version } } });
      expect([tr.action, res.status]).toEqual([tr.action, 404]);
    }
    const page = ok(await call('GET', `${base(def)}/page-list`, stranger, { query: { q: JSON.stringify({ id }) } }));
    expect(page.rows).toEqual([]);
    expect(ok(await call('GET', `${base(def)}/view`, owner, { query: { id } }))).toEqual(doc);
  });

  it('runs its transitions from the states that allow them, and refuses the others', async () => {
    const status = def.status?.field;
    for (const tr of def.transitions ?? []) {
      const current = String(doc[status!] ?? '');
      const res = await call('POST', `${base(def)}/${tr.action}`, owner, { json: { DATA: { id: doc.id, version: doc.version } } });
      if (tr.from.includes(current)) {
        expect([tr.action, res.status]).toEqual([tr.action, 200]);
        doc = res.body.data.results;
        expect(doc[status!]).toBe(tr.to);
      } else {
        expect([tr.action, current, res.status]).toEqual([tr.action, current, 400]);
      }
    }
  });

  it('keeps an audit trail and deletes it', async () => {
    const trail = ok(await call('GET', `${base(def)}/audit`, owner, { query: { id: doc.id as string } })) as Doc[];
    expect(trail.map((e) => e.action).slice(-2)).toEqual(['update', 'create']);
    expect(ok(await call('POST', `${base(def)}/delete`, owner, { json: { DATA: [doc.id] } }))).toEqual({ deleted: 1 });
    expect((await call('GET', `${base(def)}/view`, owner, { query: { id: doc.id as string } })).status).toBe(404);
  });
});
