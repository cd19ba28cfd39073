// QR e-signing over real HTTP, a real socket.io connection and a real database (PGlite, or
// PostgreSQL with DATABASE_URL): request → summary → sign, the stored signer / time / IP / hash,
// the requester's live notice, expiry and regeneration, replay, a hash that stops matching after
// the document changes, binding to the running approval node, bad input, and company isolation.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@seamline/server/api';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { connectSocket, connectTo, nextEvent, whoAmI } from '../../collab/server/testing';
import { ESIGN_MODULE, QR_SECONDS } from '../meta';

let srv: TestServer;
const tok: Record<string, string> = {};
type Doc = Record<string, any>;
const EN = { 'x-seamline-lang': 'en' };
const ZH = { 'x-seamline-lang': 'zh' };
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const get = (who: string, path: string, query: Record<string, unknown> = {}, headers = EN) =>
  srv.call('GET', path, { token: tok[who], headers, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) });
const post = (who: string, path: string, DATA: unknown, headers = EN) => srv.call('POST', path, { token: tok[who], headers, json: { DATA } });
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('code')!;
const sha256 = (doc: unknown) => createHash('sha256').update(canonicalize(doc)!).digest('hex');

let vendor: Doc;
const request = async (who = 'buyer', data: Doc = { entity: 'vendor', id: vendor.id }) => ok(await post(who, 'utilsapi/esignapi/request', data));
const signatures = async (who = 'buyer') => ok(await get(who, 'utilsapi/esignapi/document', { entity: 'vendor', id: vendor.id })) as Doc[];

beforeAll(async () => {
  srv = await startTestServer();
  for (const [k, u] of [['buyer', 'brand.buyer'], ['admin', 'brand.admin'], ['factory', 'factory.admin']] as const) tok[k] = (await login(srv.call, u)).token;
  vendor = ok(await get('buyer', 'mdapi/vendor/page-list', { p: { size: 1 } })).rows[0];
});
afterAll(() => srv?.close());

describe('a signature by QR code', () => {
  let req: Doc;
  it('a document reader asks for a signature and gets a single-use code valid for the QR countdown', async () => {
    req = await request();
    expect(req).toMatchObject({ status: 'PENDING', signer_name: null });
    expect(req.url).toMatch(/^\/zp\/collab\/page\/esign\?code=[A-Za-z0-9_-]{43}$/);
    expect(req.expires_in).toBeGreaterThan(QR_SECONDS - 30);
    expect(req.expires_in).toBeLessThanOrEqual(QR_SECONDS);
    // Only the token's hash is stored.
    const stored = await srv.db.asSystem((tx) => tx.execute(sql`select token_hash from esign_request where id = ${req.id}::uuid`));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(req.url));
  });

  it('the phone, signed in to the same company, reads the summary in its language', async () => {
    const en = ok(await get('admin', 'utilsapi/esignapi/sign/summary', { code: tokenOf(req.url) }));
    expect(en).toMatchObject({ entity_label: 'Vendor', title: vendor.short_name, requested_by_name: expect.any(String) });
    expect(en.fields).toEqual(expect.arrayContaining([{ label: 'Vendor code', value: vendor.code }]));
    const zh = ok(await get('admin', 'utilsapi/esignapi/sign/summary', { code: tokenOf(req.url) }, ZH));
    expect(zh.entity_label).toBe('供应商');
    // Dictionary values are shown by their label in each language, not their code.
    const category = (s: Doc) => s.fields.find((f: Doc) => f.label === 'Vendor category' || f.label === '供应商类别')?.value;
    expect(category(en)).toBeTruthy();
    expect([vendor.category, category(zh)]).not.toContain(category(en));
  });

  it("another company's user finds nothing: 404, whatever it tries", async () => {
    expect((await get('factory', 'utilsapi/esignapi/sign/summary', { code: tokenOf(req.url) })).status).toBe(404);
    const res = await post('factory', 'utilsapi/esignapi/sign', { code: tokenOf(req.url), image: PNG });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This signing code is not valid here');
    expect((await get('factory', 'utilsapi/esignapi/request/state', { id: req.id })).status).toBe(404);
    expect((await get('factory', 'utilsapi/esignapi/document', { entity: 'vendor', id: vendor.id })).status).toBe(404);
    expect((await post('factory', 'utilsapi/esignapi/request', { entity: 'vendor', id: vendor.id })).status).toBe(404);
    expect((await get('admin', 'utilsapi/esignapi/sign/summary', { code: 'x'.repeat(43) })).status).toBe(404);
  });

  it('refuses a missing or non-PNG signature in the signer’s language and keeps the code open', async () => {
    const empty = await post('admin', 'utilsapi/esignapi/sign', { code: tokenOf(req.url), image: '' });
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain('Please draw your signature first');
    const fake = await post('admin', 'utilsapi/esignapi/sign', { code: tokenOf(req.url), image: 'data:image/png;base64,aGVsbG8=' }, ZH);
    expect(fake.status).toBe(422);
    expect(JSON.stringify(fake.body)).toContain('签名图片不是 PNG 图片或过大');
    expect(ok(await get('buyer', 'utilsapi/esignapi/request/state', { id: req.id })).status).toBe('PENDING');
  });

  it('signs once: signer, time, IP and the SHA-256 of the document version are stored, and the desktop hears it live', async () => {
    const me = await whoAmI(srv.call, tok.buyer);
    const socket = await connectSocket(srv.url, { token: tok.buyer });
    try {
      expect((await connectTo(socket, me.id, me.clientid)).ok).toBe(true);
      const heard = nextEvent<Doc>(socket, 'message');
      const signed = ok(await post('admin', 'utilsapi/esignapi/sign', { code: tokenOf(req.url), image: PNG }));
      expect(signed).toMatchObject({ id: req.id, status: 'SIGNED', signer_name: expect.any(String) });
      const msg = await heard;
      expect(msg).toMatchObject({ module: ESIGN_MODULE, related_key: req.id, url: '/collab/index/esign' });
      expect(msg.content).toContain(vendor.short_name);
    } finally {
      socket.close();
    }
    const doc = ok(await get('buyer', 'mdapi/vendor/view', { id: vendor.id }));
    const [sig] = await signatures();
    expect(sig).toMatchObject({ id: req.id, status: 'SIGNED', signer_ip: '127.0.0.1', doc_hash: sha256(doc), matches: true });
    expect(Date.now() - new Date(sig.signed_at).getTime()).toBeLessThan(60_000);
    const full = ok(await get('admin', 'utilsapi/esignapi/request/view', { id: req.id }));
    expect(full.image).toBe(PNG);
  });

  it('refuses a replay of a used code (409) on both the summary and the signing', async () => {
    const again = await post('admin', 'utilsapi/esignapi/sign', { code: tokenOf(req.url), image: PNG });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This document has already been signed with this code');
    expect((await get('admin', 'utilsapi/esignapi/sign/summary', { code: tokenOf(req.url) })).status).toBe(409);
  });

  it('a later change to the document: the signature no longer matches', async () => {
    const doc = ok(await get('buyer', 'mdapi/vendor/view', { id: vendor.id }));
    ok(await srv.call('POST', 'mdapi/vendor/save', { token: tok.admin, headers: EN, json: { DATA: { id: doc.id, version: doc.version, short_name: `${doc.short_name ?? ''}x` } } }));
    const [sig] = await signatures();
    expect(sig).toMatchObject({ id: req.id, matches: false });
    const listed = ok(await get('admin', 'utilsapi/esignapi/page-list', { status: 'SIGNED' }));
    expect(listed.rows.find((r: Doc) => r.id === req.id)).toMatchObject({ matches: false, entity_label: 'Vendor' });
  });
});

describe('expiry and regeneration', () => {
  it('a code past its expiry reads as expired and is refused (410) server-side', async () => {
    const req = await request();
    await srv.db.asSystem((tx) => tx.execute(sql`update esign_request set expires_at = now() - interval '1 second' where id = ${req.id}::uuid`));
    expect(ok(await get('buyer', 'utilsapi/esignapi/request/state', { id: req.id }))).toMatchObject({ status: 'EXPIRED', expires_in: 0 });
    const res = await post('admin', 'utilsapi/esignapi/sign', { code: tokenOf(req.url), image: PNG });
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('This signing code has expired. Ask for a new one on the computer');
    expect(ok(await get('admin', 'utilsapi/esignapi/page-list', { status: 'EXPIRED' })).rows.map((r: Doc) => r.id)).toContain(req.id);
  });

  it('a regenerated code replaces the earlier one at once', async () => {
    const first = await request();
    const second = await request();
    expect(second.id).not.toBe(first.id);
    expect(ok(await get('buyer', 'utilsapi/esignapi/request/state', { id: first.id })).status).toBe('EXPIRED');
    expect((await post('admin', 'utilsapi/esignapi/sign', { code: tokenOf(first.url), image: PNG })).status).toBe(410);
    expect(ok(await post('admin', 'utilsapi/esignapi/sign', { code: tokenOf(second.url), image: PNG })).status).toBe('SIGNED');
  });
});

describe('binding to an approval node', () => {
  it('a document under approval binds the signature to its current node; an unknown node is refused', async () => {
    const materials = ok(await get('buyer', 'mdapi/material/page-list', { p: { size: 1 } })).rows.map((r: Doc) => r.id);
    const pr = ok(await post('buyer', 'scmapi/purchase-requirement/save', { title: 'Signed PR', lines: [{ material_id: materials[0], qty: '10', price: '2.5' }] }));
    const plain = await request('buyer', { entity: 'purchase-requirement', id: pr.id });
    expect(plain.node_name).toBeNull();
    const submitted = ok(await post('buyer', 'scmapi/purchase-requirement/submit', { id: pr.id, version: pr.version }));
    const bound = await request('buyer', { entity: 'purchase-requirement', id: submitted.id });
    expect(bound.node_name).toBe('会签'); // the demo flow in Demo Brand Co.'s language (issue 23)
    const row = await srv.db.asSystem((tx) => tx.execute(sql`select r.node_seq, r.flow_instance_id = i.id as same from esign_request r join cpm_instance i on i.record_id = r.record_id where r.id = ${bound.id}::uuid`));
    expect((row as unknown as { rows: Doc[] }).rows[0]).toMatchObject({ node_seq: 10, same: true });
    const final = await request('buyer', { entity: 'purchase-requirement', id: submitted.id, node_seq: 20 });
    expect(final.node_name).toBe('终审');
    const bad = await post('buyer', 'utilsapi/esignapi/request', { entity: 'purchase-requirement', id: submitted.id, node_seq: 99 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The document\'s approval flow has no node 99');
  });
});

describe('data rules (spec §6)', () => {
  it('a document the signer may not see cannot be read or signed through a code, nor listed', async () => {
    const me = await whoAmI(srv.call, tok.buyer);
    const all = ok(await get('admin', 'mdapi/vendor/page-list', { p: { size: 200 } })).rows as Doc[];
    const [v1, v2] = ['V1001', 'V1002'].map((code) => all.find((v) => v.code === code)!);
    expect(v1.category).not.toBe(v2.category);
    const rule = ok(await post('admin', 'utilsapi/sys/data-rules/save', { menu_code: 'SRM_VENDOR', user_id: me.id, field: 'category', operator: '=', value: v1.category }));
    try {
      expect(ok(await get('buyer', 'mdapi/vendor/page-list', { p: { size: 200 } })).rows.map((v: Doc) => v.code)).not.toContain('V1002');
      expect((await get('buyer', 'mdapi/vendor/view', { id: v2.id })).status).toBe(404);
      const hidden = await request('admin', { entity: 'vendor', id: v2.id });
      const code = tokenOf(hidden.url);
      const summary = await get('buyer', 'utilsapi/esignapi/sign/summary', { code });
      expect(summary.status).toBe(404);
      expect(JSON.stringify(summary.body)).not.toContain(v2.short_name);
      expect((await post('buyer', 'utilsapi/esignapi/sign', { code, image: PNG })).status).toBe(404);
      expect(ok(await get('admin', 'utilsapi/esignapi/request/state', { id: hidden.id })).status).toBe('PENDING');
      // Nor does the list, a row's view or its state show the hidden document's request.
      const listed = ok(await get('buyer', 'utilsapi/esignapi/page-list', { size: 100 })).rows.map((r: Doc) => r.id);
      expect(listed).not.toContain(hidden.id);
      expect((await get('buyer', 'utilsapi/esignapi/request/view', { id: hidden.id })).status).toBe(404);
      expect((await get('buyer', 'utilsapi/esignapi/request/state', { id: hidden.id })).status).toBe(404);
      expect((await post('buyer', 'utilsapi/esignapi/request', { entity: 'vendor', id: v2.id })).status).toBe(404);
      // A document the rule lets through is signed as before.
      const seen = await request('admin', { entity: 'vendor', id: v1.id });
      expect(ok(await get('buyer', 'utilsapi/esignapi/sign/summary', { code: tokenOf(seen.url) })).title).toBe(v1.short_name);
      expect(ok(await get('buyer', 'utilsapi/esignapi/page-list', { size: 100 })).rows.map((r: Doc) => r.id)).toContain(seen.id);
      expect(ok(await post('buyer', 'utilsapi/esignapi/sign', { code: tokenOf(seen.url), image: PNG })).status).toBe('SIGNED');
      // The requester, who may see it, still can.
      expect(ok(await post('admin', 'utilsapi/esignapi/sign', { code, image: PNG })).status).toBe('SIGNED');
    } finally {
      ok(await post('admin', 'utilsapi/sys/data-rules/delete', [rule.id]));
    }
  });
});

describe('bad input', () => {
  it('answers 4xx, never 500', async () => {
    expect((await post('buyer', 'utilsapi/esignapi/request', { entity: 'no-such', id: vendor.id })).status).toBe(404);
    expect((await post('buyer', 'utilsapi/esignapi/request', { entity: 'vendor', id: 'x' })).status).toBe(404);
    expect((await post('buyer', 'utilsapi/esignapi/request', {})).status).toBe(400); // a bare call names what it lacks (issue 23)
    expect((await get('admin', 'utilsapi/esignapi/page-list', { sort: 'token_hash' })).status).toBe(400);
    expect((await get('admin', 'utilsapi/esignapi/page-list', { status: 'NOPE' })).status).toBe(400);
    expect((await get('admin', 'utilsapi/esignapi/request/view', { id: 'nope' })).status).toBe(404);
    expect((await post('admin', 'utilsapi/esignapi/sign', { code: ['a'], image: PNG })).status).toBe(404);
  });

  it('lists page, sort and filter by title', async () => {
    const page = ok(await get('admin', 'utilsapi/esignapi/page-list', { size: 2, page: 1, sort: 'created_at', order: 'asc' }));
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(new Date(page.rows[0].created_at) <= new Date(page.rows[1].created_at)).toBe(true);
    const found = ok(await get('admin', 'utilsapi/esignapi/page-list', { title: vendor.short_name.slice(0, 4) }));
    expect(found.rows.every((r: Doc) => r.title === vendor.short_name || r.title.includes(vendor.short_name.slice(0, 4)))).toBe(true);
    expect(ok(await get('admin', 'utilsapi/esignapi/page-list', { title: '%_' })).rows).toHaveLength(0);
  });
});
