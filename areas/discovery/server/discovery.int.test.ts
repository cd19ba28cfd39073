// Friends discovery over real HTTP: the public directory (no token, a stale token ignored, never a
// 401), only public and active cards of active companies, search, filters and paging; connection
// requests between companies, answered by the receiving company only, each side notified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, client, eq, notifyMsg, sql } from '@seamline/server/api';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const company: Record<string, string> = {};

type Doc = Record<string, any>;
const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const companies = (query: Record<string, string> = {}, token?: string) => srv.call('GET', 'utilsapi/discovery/companies', { query, token });
const post = (who: string, path: string, data: unknown) => srv.call('POST', `utilsapi/discovery/${path}`, { token: tokens[who], json: { DATA: data } });
const names = (res: ApiResponse) => ok(res).rows.map((r: Doc) => r.name).sort();

/** Sets a company card's fields directly (as its own company would through master data). */
const setCard = (code: string, set: ReturnType<typeof sql>) =>
  srv.db.asSystem((tx) => tx.execute(sql`update md_company set ${set} where code = ${code}`));

beforeAll(async () => {
  srv = await startTestServer();
  for (const u of ['brand.admin', 'brand.buyer', 'factory.admin', 'fabric.admin']) {
    const l = await login(srv.call, u);
    tokens[u] = l.token;
    ids[u] = ok(await srv.call('GET', 'utilsapi/access/user-state', { token: l.token })).id;
  }
  for (const c of await srv.db.asSystem((tx) => tx.select({ id: client.id, code: client.code }).from(client))) company[c.code] = c.id;
});
afterAll(() => srv?.close());

describe('the public directory (DSC-01..04)', () => {
  it('lists public company cards without a token, and ignores a dead token instead of a 401', async () => {
    const res = await companies();
    expect(res.status).toBe(200);
    // The demo mill keeps its card private: never listed.
    expect(names(res)).toEqual(['Demo Brand Co.', 'Demo Garment Factory']);
    const garment = ok(res).rows.find((r: Doc) => r.code === 'DEMO_GARMENT');
    expect(garment).toMatchObject({ type: 'GARMENT_SUPPLIER', state: '广东省', city: '佛山市', capabilities: ['CUT_SEW', 'KNITTING', 'EMBROIDERY', 'SAMPLING'], connection: null });
    expect(typeof garment.card_version).toBe('number');
    expect(ok(res).signed_in).toBe(false);
    const stale = await companies({}, 'not-a-real-token');
    expect([stale.status, ok(stale).signed_in]).toEqual([200, false]);
    expect(ok(await companies({}, tokens['factory.admin'])).signed_in).toBe(true);
    expect(ok(await srv.call('GET', 'utilsapi/discovery/regions')).length).toBeGreaterThan(0);
  });

  it('searches, filters by category, region and capabilities, and pages', async () => {
    expect(names(await companies({ keyword: 'garment' }))).toEqual(['Demo Garment Factory']);
    expect(names(await companies({ keyword: 'fabric' }))).toEqual([]);
    expect(names(await companies({ type: 'GARMENT_SUPPLIER,FABRIC_SUPPLIER' }))).toEqual(['Demo Garment Factory']);
    expect(names(await companies({ type: 'BRAND' }))).toEqual(['Demo Brand Co.']);
    expect(names(await companies({ region: '广东省' }))).toEqual(['Demo Garment Factory']);
    expect(names(await companies({ capabilities: 'KNITTING,EMBROIDERY' }))).toEqual(['Demo Garment Factory']);
    expect(names(await companies({ capabilities: 'KNITTING,DESIGN' }))).toEqual([]);
    const page2 = ok(await companies({ size: '1', page: '2' }));
    expect(page2).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(page2.rows.map((r: Doc) => r.name)).toEqual(['Demo Garment Factory']);
    // Paging as the engine's lists take it (p JSON), and out-of-range paging is a 400 naming it.
    expect(ok(await companies({ p: '{"page":2,"size":1}' }))).toMatchObject({ page: 2, size: 1 });
    for (const [query, name] of [
      [{ p: '{"page":1e20}' }, 'page'],
      [{ p: '{"page":-1}' }, 'page'],
      [{ p: '{"size":0}' }, 'size'],
      [{ page: '1e20' }, 'page'],
      [{ page: '2.5' }, 'page'],
      [{ size: 'x' }, 'size'],
      [{ p: '[1]' }, 'p'],
    ] as const) {
      const res = await srv.call('GET', 'utilsapi/discovery/companies', { query: { ...query }, headers: { 'x-seamline-lang': 'en' } });
      expect([JSON.stringify(query), res.status, res.body.message]).toEqual([JSON.stringify(query), 400, `The parameter ${name} is not valid`]);
    }
  });

  it('never shows a private or a frozen card, nor lets anyone ask it to connect', async () => {
    const refused = await post('brand.admin', 'connect', { client_id: company.DEMO_FABRIC });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('该公司未在发现中公开');
    await setCard('DEMO_FABRIC', sql`card_visibility = 'PUBLIC'`);
    expect(names(await companies())).toContain('Demo Fabric Mill');
    expect(names(await companies({ capabilities: 'DYEING,PRINTING' }))).toEqual(['Demo Fabric Mill']);
    await setCard('DEMO_FABRIC', sql`card_status = 'frozen'`);
    expect(names(await companies())).not.toContain('Demo Fabric Mill');
    expect((await post('brand.admin', 'connect', { client_id: company.DEMO_FABRIC })).status).toBe(400);
    // A frozen company (not only its card) is gone too.
    await setCard('DEMO_FABRIC', sql`card_status = 'active'`);
    await srv.db.asSystem((tx) => tx.execute(sql`update client set status = 'FROZEN' where code = 'DEMO_FABRIC'`));
    expect(names(await companies())).not.toContain('Demo Fabric Mill');
    await srv.db.asSystem((tx) => tx.execute(sql`update client set status = 'ACTIVE' where code = 'DEMO_FABRIC'`));
    expect(names(await companies())).toContain('Demo Fabric Mill');
  });
});

describe('connection requests ("friends")', () => {
  it('one company asks, the other accepts; both see each other as friends; the asker is notified', async () => {
    const asked = ok(await post('brand.admin', 'connect', { client_id: company.DEMO_GARMENT, message: 'Let us work together' }));
    expect(asked.status).toBe('PENDING');
    // The receiving company's administrators were notified.
    const inbox = await srv.db.asSystem((tx) => tx.select().from(notifyMsg).where(and(eq(notifyMsg.userId, ids['factory.admin']), eq(notifyMsg.module, 'DISCOVERY'))));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.clientId).toBe(company.DEMO_GARMENT);

    // Signed in, the directory shows where each company stands.
    const seenByBrand = ok(await companies({}, tokens['brand.admin'])).rows;
    expect(Object.fromEntries(seenByBrand.map((r: Doc) => [r.code, r.connection]))).toEqual({ DEMO_BRAND: 'SELF', DEMO_GARMENT: 'PENDING_OUT', DEMO_FABRIC: 'NONE' });
    expect(ok(await companies({}, tokens['factory.admin'])).rows.find((r: Doc) => r.code === 'DEMO_BRAND').connection).toBe('PENDING_IN');

    // Asking twice, asking back, or asking oneself is refused.
    expect((await post('brand.admin', 'connect', { client_id: company.DEMO_GARMENT })).status).toBe(400);
    expect((await post('factory.admin', 'connect', { client_id: company.DEMO_BRAND })).status).toBe(400);
    expect((await post('brand.admin', 'connect', { client_id: company.DEMO_BRAND })).status).toBe(400);

    // The asking company cannot accept its own request; a third company does not even see it.
    const own = await post('brand.admin', 'accept', { id: asked.id });
    // … and is told that only the receiver answers (issue 23), in both languages.
    expect([own.status, own.body.message]).toEqual([400, '只有收到请求的公司才能接受该请求']);
    const ownEn = await srv.call('POST', 'utilsapi/discovery/reject', { token: tokens['brand.admin'], headers: { 'x-seamline-lang': 'en' }, json: { DATA: { id: asked.id } } });
    expect([ownEn.status, ownEn.body.message]).toEqual([400, 'Only the company the request was sent to can reject it']);
    expect((await post('fabric.admin', 'accept', { id: asked.id })).status).toBe(400);
    expect(ok(await srv.call('GET', 'utilsapi/discovery/requests', { token: tokens['fabric.admin'] }))).toEqual([]);
    const incoming = ok(await srv.call('GET', 'utilsapi/discovery/requests', { token: tokens['factory.admin'] }));
    expect(incoming).toMatchObject([{ id: asked.id, direction: 'IN', client_name: 'Demo Brand Co.', message: 'Let us work together' }]);

    expect(ok(await post('factory.admin', 'accept', { id: asked.id }))).toEqual({ id: asked.id, status: 'ACCEPTED' });
    expect((await post('factory.admin', 'accept', { id: asked.id })).status).toBe(400);
    for (const [who, other] of [['brand.admin', 'Demo Garment Factory'], ['factory.admin', 'Demo Brand Co.'], ['brand.buyer', 'Demo Garment Factory']]) {
      expect(ok(await srv.call('GET', 'utilsapi/discovery/friends', { token: tokens[who!] })).map((f: Doc) => f.client_name)).toEqual([other]);
    }
    expect(ok(await srv.call('GET', 'utilsapi/discovery/friends', { token: tokens['fabric.admin'] }))).toEqual([]);
    const accepted = await srv.db.asSystem((tx) => tx.select().from(notifyMsg).where(and(eq(notifyMsg.userId, ids['brand.admin']), eq(notifyMsg.module, 'DISCOVERY'))));
    expect(accepted).toHaveLength(1);
    expect((await post('brand.admin', 'connect', { client_id: company.DEMO_GARMENT })).status).toBe(400);
  });

  it('a rejected request can be sent again', async () => {
    const asked = ok(await post('fabric.admin', 'connect', { client_id: company.DEMO_BRAND }));
    expect(ok(await post('brand.admin', 'reject', { id: asked.id })).status).toBe('REJECTED');
    expect(ok(await srv.call('GET', 'utilsapi/discovery/friends', { token: tokens['fabric.admin'] }))).toEqual([]);
    expect(ok(await post('fabric.admin', 'connect', { client_id: company.DEMO_BRAND })).status).toBe('PENDING');
  });

  it('needs a session to ask', async () => {
    expect((await srv.call('POST', 'utilsapi/discovery/connect', { json: { DATA: { client_id: company.DEMO_BRAND } } })).status).toBe(401);
  });
});
