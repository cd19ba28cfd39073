// The OpenAPI document over real HTTP (issue 28, docs/openapi.md): who may read it, that a real
// validator accepts it, that it lists every registered route, that entity routes' schemas come from
// their definitions and match what the server really answers, the out-API webhooks, and that no
// route outside the shrinking allow-list (unschemed.txt) lacks a schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../routes';
import { login, startTestServer, type TestServer } from '../testing';
import { unschemedRoutes } from './document';

let srv: TestServer;
let admin = '';
let doc: any;
beforeAll(async () => {
  srv = await startTestServer();
  admin = (await login(srv.call, 'brand.admin')).token;
  const res = await srv.call('GET', 'utilsapi/openapi.json', { token: admin });
  expect(res.status).toBe(200);
  doc = res.body;
}, 300_000); // a first PGlite start on a loaded machine
afterAll(async () => {
  await srv?.close();
});

describe('GET /api/utilsapi/openapi.json', () => {
  it('answers the bare document (no envelope) to a company administrator, never cached', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.message).toBeUndefined();
    const res = await srv.call('GET', 'utilsapi/openapi.json', { bearer: admin });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('refuses a member who is not an administrator (403) and a caller without a token (401), in their language', async () => {
    const buyer = (await login(srv.call, 'brand.buyer')).token;
    const refused = await srv.call('GET', 'utilsapi/openapi.json', { token: buyer, headers: { 'x-lang': 'en' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(403);
    expect(refused.body.paths).toBeUndefined();
    const anonymous = await srv.call('GET', 'utilsapi/openapi.json');
    expect(anonymous.status).toBe(401);
  });

  it('is a valid OpenAPI 3.1 document for a real validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('lists every route the server registered, once', () => {
    const routes = routeTable(srv.app);
    const operations = Object.values(doc.paths as Record<string, Record<string, unknown>>).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(routes.length);
    for (const r of routes) {
      const path = `/api/${r.path.replace('*', '{path}')}`;
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${path}`).toBeTruthy();
    }
  });

  it("derives an entity's schemas from its definition: required fields, options, decimals as text with 4 places", () => {
    const save = doc.components.schemas['customer-order.save'];
    expect(save.required).toContain('code');
    const line = save.properties.lines.items;
    expect(line.required).toEqual(expect.arrayContaining(['style_code', 'colour', 'size', 'qty']));
    expect(line.properties.price.anyOf[0]).toEqual({ type: 'string', pattern: '^-?\\d+(\\.\\d{1,4})?$' });
    expect(line.properties.amount).toBeUndefined(); // set by the server
    const read = doc.components.schemas['customer-order'];
    expect(read.properties.total_qty.anyOf[0].pattern).toBe('^-?\\d+\\.\\d{4}$');
    expect(read.properties.status.anyOf[0].enum).toEqual(['OPEN', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']);
    const activate = doc.paths['/api/mdapi/vendor/activate'].post;
    expect(activate.description).toContain('0, 40 → 10');
    expect(activate.requestBody.content['application/x-www-form-urlencoded'].schema.properties.DATA.contentMediaType).toBe('application/json');
  });

  it("derives the background jobs' and the areas' transition routes from the definitions too", () => {
    const job = doc.paths['/api/mdapi/vendor/import-job'].post;
    expect(job.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    const results = (op: any) => op.responses[200].content['application/json'].schema.properties.data.properties.results;
    expect(results(job)).toEqual({ $ref: '#/components/schemas/transfer-job' });
    expect(results(doc.paths['/api/utilsapi/transfer-jobs/info'].get)).toEqual({ $ref: '#/components/schemas/transfer-job' });
    // An area's own action route (areas/orders actionRoutes) answers the entity's document.
    const reject = doc.paths['/api/scmapi/customer-order/reject'].post;
    expect(results(reject)).toEqual({ $ref: '#/components/schemas/customer-order' });
    expect(reject.requestBody.content['application/json'].schema.properties.DATA.properties).toHaveProperty('reason');
    expect(reject.summary).not.toContain('not described yet');
  });

  it('matches what the server really answers: every list row and one document of each entity the administrator reads', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'seamline', components: doc.components });
    const rowsOf = (path: string) =>
      doc.paths[path].get.responses[200].content['application/json'].schema.properties.data.properties.results.properties?.rows?.items?.$ref as string | undefined;
    // The engine's lists (an area's own page-list routes describe their rows their own way).
    const lists = Object.keys(doc.paths).filter((p) => p.endsWith('/page-list') && rowsOf(p));
    expect(lists.length).toBeGreaterThan(40);
    let rowsChecked = 0;
    for (const path of lists) {
      const check = ajv.compile({ $ref: `seamline${rowsOf(path)}` });
      const res = await srv.call('GET', path, { token: admin, query: { p: '{"size":50}' } });
      if (res.status !== 200) continue; // an entity this administrator may not read
      for (const row of res.body.data.results.rows) {
        expect(check(row), `${path}: ${JSON.stringify(check.errors)}`).toBe(true);
        rowsChecked++;
      }
      const first = res.body.data.results.rows[0];
      if (!first) continue;
      const view = await srv.call('GET', path.replace(/page-list$/, 'view'), { token: admin, query: { id: first.id } });
      expect(view.status).toBe(200);
      expect(check(view.body.data.results), `${path} view: ${JSON.stringify(check.errors)}`).toBe(true);
    }
    expect(rowsChecked).toBeGreaterThan(100);
  });

  it("matches what the server really answers on hand-described routes of orders, sourcing and system, whose schemas name their fields", async () => {
    // Issue 28: an area's own route describes its answer by hand (RouteOptions.schema.response). A
    // schema of `object`/any would accept any answer; each route here must name its fields, mark the
    // ones every answer has as required, and the real answer must match (so a wrong shape fails).
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'seamline', components: doc.components });
    const tokens: Record<string, string> = { 'brand.admin': admin };
    const tokenOf = async (user: string) => (tokens[user] ??= (await login(srv.call, user)).token);
    const resultsOf = (path: string, method: 'get' | 'post') => doc.paths[`/api/${path}`][method].responses[200].content['application/json'].schema.properties.data.properties.results;
    /** Where a schema lets anything through: an object without named fields or required ones, or no type at all. */
    const loose = (schema: any, at: string, out: string[]): string[] => {
      if (!schema || typeof schema !== 'object') return out;
      if (schema.$ref) return out; // components are the entities' (checked above)
      if (schema.anyOf) schema.anyOf.forEach((s: any, i: number) => loose(s, `${at}|${i}`, out));
      else if (schema.type === 'array') loose(schema.items, `${at}[]`, out);
      else if (schema.type === 'object') {
        if (!schema.properties) {
          if (schema.additionalProperties && typeof schema.additionalProperties === 'object' && Object.keys(schema.additionalProperties).length) loose(schema.additionalProperties, `${at}{}`, out);
          else out.push(`${at}: object without fields`);
        } else {
          if (!schema.required?.length) out.push(`${at}: no required field`);
          for (const [k, v] of Object.entries(schema.properties)) loose(v, `${at}.${k}`, out);
        }
      } else if (!schema.type && !schema.enum && !schema.const) out.push(`${at}: any`);
      return out;
    };
    const today = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    /** The first row of one of the routes below, to open as a document. */
    const firstId = async (path: string, user = 'brand.admin') => {
      const res = await srv.call('GET', path, { token: await tokenOf(user) });
      return { id: String((res.body.data.results.rows ?? res.body.data.results)[0].id) };
    };
    // A rule of the buyer's, so the rules list has a row (its save's answer is checked too).
    const buyerId = async () => {
      const users = await srv.call('GET', 'utilsapi/sys/users/page-list', { token: admin, query: { q: JSON.stringify({ search: 'brand.buyer' }) } });
      return String(users.body.data.results.rows[0].id);
    };
    type Call = { path: string; user: string; query?: Record<string, string> | (() => Promise<Record<string, string>>); post?: () => Promise<unknown> };
    const routes: Call[] = [
      { path: 'utilsapi/sys/data-rules/save', user: 'brand.admin', post: async () => ({ DATA: { menu_code: 'SRM_VENDOR', user_id: await buyerId(), field: 'grade', operator: '=', value: 'A' } }) },
      { path: 'utilsapi/sys/serial-numbers/list', user: 'brand.admin' },
      { path: 'utilsapi/sys/roles/list', user: 'brand.admin' },
      { path: 'utilsapi/sys/roles/view', user: 'brand.admin', query: () => firstId('utilsapi/sys/roles/list') },
      { path: 'utilsapi/sys/users/page-list', user: 'brand.admin' },
      { path: 'utilsapi/sys/users/view', user: 'brand.admin', query: () => firstId('utilsapi/sys/users/page-list') },
      { path: 'utilsapi/sys/data-rules/list', user: 'brand.admin' },
      { path: 'utilsapi/sys/data-rules/fields', user: 'brand.admin' },
      { path: 'utilsapi/sys/menus/tree', user: 'brand.admin' },
      { path: 'utilsapi/sys/menus/tree', user: 'brand.buyer' },
      { path: 'utilsapi/sys/ui-config/public', user: 'brand.admin' },
      { path: 'scmapi/customer-order/placed-list', user: 'brand.admin' },
      { path: 'scmapi/allocation-order/list', user: 'brand.admin' },
      { path: 'scmapi/customer-order/materials', user: 'factory.admin', query: () => firstId('scmapi/customer-order/page-list', 'factory.admin') },
      { path: 'srmapi/quotation/page-list', user: 'brand.admin', query: { q: '{"side":"received"}' } },
      { path: 'srmapi/rfi-record/page-list', user: 'brand.admin' },
      { path: 'srmapi/sourcing-inbox/page-list', user: 'factory.admin' },
      { path: 'scmapi/outsourced-order/received-list', user: 'factory.admin' },
      { path: 'scmapi/material-order/received-list', user: 'fabric.admin' },
      { path: 'scmapi/stock/list', user: 'factory.admin' },
      { path: 'vfapi/scan/processes', user: 'factory.admin' },
      { path: 'scmapi/work-order/calendar', user: 'factory.admin', query: { from: today(-7), to: today(30) } },
    ];
    const empty: string[] = [];
    for (const { path, user, query, post } of routes) {
      const schema = resultsOf(path, post ? 'post' : 'get');
      expect(loose(schema, path, []), `${path}: name the answer's fields`).toEqual([]);
      const token = await tokenOf(user);
      const res = post
        ? await srv.call('POST', path, { token, json: await post() })
        : await srv.call('GET', path, { token, query: typeof query === 'function' ? await query() : query });
      expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
      const check = ajv.compile(schema);
      expect(check(res.body.data.results), `${path}: ${JSON.stringify(check.errors)} in ${JSON.stringify(res.body.data.results).slice(0, 600)}`).toBe(true);
      const results = res.body.data.results;
      if ((Array.isArray(results) ? results : (results.rows ?? [results])).length === 0) empty.push(path);
    }
    console.info(`hand-described answers checked: ${routes.length}, empty in the demo data: ${empty.join(', ') || 'none'}`);
  });

  it("describes the out-API's pushes as webhooks, with their signature headers", () => {
    const push = doc.webhooks['out-api-push'].post;
    expect(push.requestBody.content['application/json'].schema.required).toEqual(['API_ID', 'DATA']);
    expect(push.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['X-Seamline-Signature', 'X-Seamline-Timestamp', 'Idempotency-Key']));
    expect(doc.webhooks['out-api-before-action']).toBeTruthy();
  });
});

describe('every route has a schema', () => {
  // Routes still without one; the list may only shrink: a new route needs its schema, and a route
  // that gets one leaves the list (else this test fails too).
  const allowed = readFileSync(join(import.meta.dirname, 'unschemed.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('no route outside openapi/unschemed.txt lacks a schema', () => {
    const routes = routeTable(srv.app);
    console.info(`${routes.length} routes, ${unschemedRoutes(routes).length} still without a schema (openapi/unschemed.txt)`);
    const missing = unschemedRoutes(routes).filter((r) => !allowed.includes(r));
    expect(missing, 'give these routes a schema (RouteOptions.schema)').toEqual([]);
  });

  it('openapi/unschemed.txt names only routes that still lack one', () => {
    const unschemed = new Set(unschemedRoutes(routeTable(srv.app)));
    expect(allowed.filter((r) => !unschemed.has(r)), 'remove these lines from openapi/unschemed.txt').toEqual([]);
  });
});
