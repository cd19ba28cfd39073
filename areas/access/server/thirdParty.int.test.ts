// Third-party sign-in and binding over real HTTP against a real OpenID Connect provider started
// here (thirdPartyTestProvider): the browser's part — following the authorize redirect — is done
// with fetch, everything else is the platform's own endpoints on a real database.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, count, eq, sql, userClient } from '@seamline/server/api';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';
import { startTestProvider, TEST_CLIENT_ID, type TestProvider } from './thirdPartyTestProvider';

let srv: TestServer;
let idp: TestProvider;
const saved = process.env.THIRD_PARTY_LOGINS;

beforeAll(async () => {
  idp = await startTestProvider();
  process.env.THIRD_PARTY_LOGINS = JSON.stringify({ DEMO_BRAND: { dingtalk: idp.adapter, wecom: idp.adapter, wx: idp.adapter } });
  srv = await startTestServer();
});
afterAll(async () => {
  if (saved === undefined) delete process.env.THIRD_PARTY_LOGINS;
  else process.env.THIRD_PARTY_LOGINS = saved;
  await srv?.close();
  await idp?.close();
});

const en = { 'x-seamline-lang': 'en' };
const zh = { 'x-seamline-lang': 'zh' };
const results = (res: { body: any }) => res.body.data?.results;

/** The browser's part: open the authorize address, read where the provider sends it back. */
async function authorize(authorizeUrl: string, subject: string): Promise<URL> {
  idp.as(subject);
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function ddStart(client = 'DEMO_BRAND') {
  const res = await srv.call('GET', 'utilsapi/dingtalk/prepared-login', { query: { client }, headers: en });
  expect(res.status).toBe(200);
  return results(res) as { authorize_url: string; state: string; redirect_uri: string };
}

async function ddLogin(subject: string, headers = en) {
  const back = await authorize((await ddStart()).authorize_url, subject);
  return srv.call('POST', 'utilsapi/access/dd-login', { form: { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! }, headers });
}

const userCount = () => srv.db.asSystem(async (tx) => Number((await tx.select({ n: count() }).from(appUser))[0]!.n));
const idsOf = (username: string) =>
  srv.db.asSystem(async (tx) => (await tx.select({ dd: appUser.ddId, qywx: appUser.qywxId, wx: appUser.wxId }).from(appUser).where(eq(appUser.username, username)))[0]!);

describe('DingTalk sign-in through an OpenID Connect provider', () => {
  it('prepares an authorization-code request with PKCE (S256), state, nonce and the welcome page as redirect', async () => {
    const prepared = await ddStart('demo_brand');
    const url = new URL(prepared.authorize_url);
    expect(url.origin).toBe(idp.issuer);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(TEST_CLIENT_ID);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('state')).toBe(prepared.state);
    expect(q.get('redirect_uri')).toBe(`${srv.url}/login/ddwelcome/DEMO_BRAND`);
    // A second request gets its own verifier and nonce.
    const again = new URL((await ddStart()).authorize_url).searchParams;
    expect(again.get('code_challenge')).not.toBe(q.get('code_challenge'));
    expect(again.get('nonce')).not.toBe(q.get('nonce'));
  });

  it('is configured per company: another company, or an unknown one, is told so in both languages', async () => {
    const other = await srv.call('GET', 'utilsapi/dingtalk/prepared-login', { query: { client: 'DEMO_GARMENT' }, headers: en });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('Sign-in through DingTalk is not configured on this platform; please use your Seamline account');
    const unknown = await srv.call('GET', 'utilsapi/dingtalk/prepared-login', { query: { client: 'NO_SUCH' }, headers: zh });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('本平台尚未配置钉钉登录，请使用 Seamline 账号登录');
  });

  it('an unbound id creates no account: it answers how to link it, in both languages, with a bind ticket', async () => {
    const before = await userCount();
    const res = await ddLogin('dd-stranger');
    expect(res.status).toBe(200);
    expect(results(res)).toMatchObject({ bound: false, type: 'dingtalk', provider: 'DingTalk' });
    expect(results(res).message).toMatch(/not linked to a Seamline account yet/);
    expect(results(res).token).toBeUndefined();
    expect(results(res).bind_ticket).toEqual(expect.any(String));
    const zhRes = await ddLogin('dd-stranger', zh);
    expect(results(zhRes).message).toBe('该钉钉账号尚未绑定 Seamline 账号。请用 Seamline 用户名和密码登录一次完成绑定。');
    expect(await userCount()).toBe(before);
  });

  it('the owner binds with the ticket after a password sign-in; the next DingTalk sign-in lands in that company as that user', async () => {
    const ticket = results(await ddLogin('dd-ann')).bind_ticket;
    const ann = await login(srv.call, 'brand.buyer');
    const bound = await srv.call('POST', 'thirdpartyapi/third-login/bind', { token: ann.token, form: { bind_ticket: ticket }, headers: en });
    expect(bound.status).toBe(200);
    expect(results(bound)).toEqual({ bound: true, type: 'dingtalk', provider: 'DingTalk' });
    expect((await idsOf('brand.buyer')).dd).toBe('dd-ann');

    const res = await ddLogin('dd-ann');
    expect(res.status).toBe(200);
    const tokens = results(res);
    expect(tokens).toMatchObject({ username: 'brand.buyer', token: expect.any(String), refreshtoken: expect.any(String) });
    const state = await srv.call('GET', 'utilsapi/access/user-state', { token: tokens.token });
    expect(results(state)).toMatchObject({ username: 'brand.buyer', client_name: 'Demo Brand Co.' });
    // The exchange sent the verifier and the client secret (HTTP Basic), never in the query.
    const last = idp.tokenRequests.at(-1)!;
    expect(last.grant_type).toBe('authorization_code');
    expect(last.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(last.authorization).toMatch(/^Basic /);
  });

  it('refuses a forged or swapped state, a reused code and an ID token whose nonce is not this flow’s', async () => {
    const back = await authorize((await ddStart()).authorize_url, 'dd-ann');
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const forged = await srv.call('POST', 'utilsapi/access/dd-login', { form: { code, state: state.slice(0, -4) + 'AAAA' }, headers: en });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('This sign-in link has expired or was not started here; please start again');
    // Another flow's state has another PKCE verifier: the provider refuses the exchange.
    const swapped = await srv.call('POST', 'utilsapi/access/dd-login', { form: { code, state: (await ddStart()).state }, headers: en });
    expect(swapped.status).toBe(400);
    expect(swapped.body.message).toMatch(/could not be completed/);
    // The code was spent by that attempt: it is good once.
    expect((await srv.call('POST', 'utilsapi/access/dd-login', { form: { code, state }, headers: en })).status).toBe(400);

    idp.tamperNext((claims) => {
      claims.nonce = 'someone-elses-nonce';
    });
    const tampered = await ddLogin('dd-ann');
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toMatch(/could not be completed/);
    // A provider error (the person cancelled) is said plainly.
    const cancelled = await srv.call('POST', 'utilsapi/access/dd-login', { form: { error: 'access_denied', state }, headers: zh });
    expect(cancelled.body.message).toBe('第三方登录已取消');
  });

  it('a frozen account cannot sign in through its binding', async () => {
    const ticket = results(await ddLogin('dd-approver')).bind_ticket;
    const approver = await login(srv.call, 'brand.approver1');
    expect((await srv.call('POST', 'thirdpartyapi/third-login/bind', { token: approver.token, form: { bind_ticket: ticket } })).status).toBe(200);
    await srv.db.asSystem((tx) => tx.update(appUser).set({ status: 'FROZEN' }).where(eq(appUser.username, 'brand.approver1')));
    try {
      expect((await ddLogin('dd-approver')).status).toBe(403);
    } finally {
      await srv.db.asSystem((tx) => tx.update(appUser).set({ status: 'ACTIVE' }).where(eq(appUser.username, 'brand.approver1')));
    }
  });
});

describe('binding belongs to the signed-in owner', () => {
  it('a ticket binds only the caller, only in its company, and an id linked to a colleague is refused', async () => {
    const ticket = results(await ddLogin('dd-ann')).bind_ticket ?? null;
    expect(ticket).toBeNull(); // dd-ann is brand.buyer's already
    const strangerTicket = results(await ddLogin('dd-someone')).bind_ticket;
    // Another company's user cannot spend a DEMO_BRAND ticket.
    const factory = await login(srv.call, 'factory.admin');
    const cross = await srv.call('POST', 'thirdpartyapi/third-login/bind', { token: factory.token, form: { bind_ticket: strangerTicket }, headers: en });
    expect(cross.status).toBe(400);
    expect((await idsOf('factory.admin')).dd).toBeNull();
    // A colleague cannot take an id already linked to brand.buyer.
    const admin = await login(srv.call, 'brand.admin');
    const takenTicket = await ticketFor('dd-ann-again');
    await srv.db.asSystem((tx) => tx.update(appUser).set({ ddId: 'dd-ann-again' }).where(eq(appUser.username, 'brand.buyer')));
    const taken = await srv.call('POST', 'thirdpartyapi/third-login/bind', { token: admin.token, form: { bind_ticket: takenTicket }, headers: en });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('This DingTalk account is already linked to another Seamline account of this company');
    expect((await idsOf('brand.admin')).dd).toBeNull();
    // A made-up ticket is nothing.
    expect((await srv.call('POST', 'thirdpartyapi/third-login/bind', { token: admin.token, form: { bind_ticket: 'x.y.z.w.v' } })).status).toBe(400);
    // Without a session there is no binding at all.
    expect((await srv.call('POST', 'thirdpartyapi/third-login/bind', { form: { bind_ticket: strangerTicket } })).status).toBe(401);
  });

  it('a bind ticket binds once: posted twice at once only one binds, and after an unbind it cannot bind again', async () => {
    const ticket = await ticketFor('dd-once');
    const owner = await login(srv.call, 'brand.approver2');
    const bind = () => srv.call('POST', 'thirdpartyapi/third-login/bind', { token: owner.token, form: { bind_ticket: ticket }, headers: en });
    const both = await Promise.all([bind(), bind()]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.body.message).toBe('This sign-in link has expired or was not started here; please start again');
    expect((await idsOf('brand.approver2')).dd).toBe('dd-once');
    expect((await srv.call('POST', 'thirdpartyapi/third-login/unbind', { token: owner.token, form: { type: 'dingtalk' } })).status).toBe(200);
    const replay = await bind();
    expect(replay.status).toBe(400);
    expect((await idsOf('brand.approver2')).dd).toBeNull();
  });

  it('WeCom binding from the profile: binding-qywx with the flow the owner started; nobody else can finish it', async () => {
    const admin = await login(srv.call, 'brand.admin');
    const started = await srv.call('GET', 'thirdpartyapi/third-login/bind-start', { token: admin.token, query: { type: 'wecom' } });
    expect(results(started).redirect_uri).toBe(`${srv.url}/page/thirdbinding`);
    const back = await authorize(results(started).authorize_url, 'wecom-wang');
    const form = { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
    // brand.buyer holds the same answer but did not start this flow.
    const buyer = await login(srv.call, 'brand.buyer');
    expect((await srv.call('POST', 'thirdpartyapi/qywx-basic/binding-qywx', { token: buyer.token, form, headers: en })).status).toBe(400);
    expect((await idsOf('brand.buyer')).qywx).toBeNull();
    // The login endpoint does not accept a binding flow's answer either.
    expect((await srv.call('GET', 'utilsapi/access/qw3rd-login', { query: form })).status).toBe(400);

    const again = await srv.call('GET', 'thirdpartyapi/third-login/bind-start', { token: admin.token, query: { type: 'wecom' } });
    const back2 = await authorize(results(again).authorize_url, 'wecom-wang');
    const ok = await srv.call('POST', 'thirdpartyapi/qywx-basic/binding-qywx', {
      token: admin.token, form: { code: back2.searchParams.get('code')!, state: back2.searchParams.get('state')! }, headers: en,
    });
    expect(ok.status).toBe(200);
    expect((await idsOf('brand.admin')).qywx).toBe('wecom-wang');
    const mine = results(await srv.call('GET', 'thirdpartyapi/third-login/mine', { token: admin.token, headers: en }));
    expect(mine).toContainEqual({ type: 'wecom', provider: 'WeCom', configured: true, bound: true });

    // WeCom sign-in (/login/qywxwelcome → qw3rd-login with the caller's params).
    const begin = await srv.call('GET', 'utilsapi/access/qw3rd-login', { query: { type: 'wecom', client: 'DEMO_BRAND' } });
    expect(results(begin).redirect_uri).toBe(`${srv.url}/login/qywxwelcome`);
    const back3 = await authorize(results(begin).authorize_url, 'wecom-wang');
    const signed = await srv.call('GET', 'utilsapi/access/qw3rd-login', { query: Object.fromEntries(back3.searchParams) });
    expect(results(signed)).toMatchObject({ username: 'brand.admin', token: expect.any(String) });

    // Unbinding clears only the owner's own column.
    expect((await srv.call('POST', 'thirdpartyapi/third-login/unbind', { token: admin.token, form: { type: 'wecom' } })).status).toBe(200);
    expect((await idsOf('brand.admin')).qywx).toBeNull();
  });

  it('the membership decides: a user who left the company no longer signs in there through the id', async () => {
    const [{ id }] = await srv.db.asSystem((tx) => tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'brand.approver2')));
    await srv.db.asSystem((tx) => tx.update(appUser).set({ wxId: 'wx-zhao' }).where(eq(appUser.id, id!)));
    const viaWx = async () => {
      const begin = await srv.call('GET', 'utilsapi/access/qw3rd-login', { query: { type: 'wx', client: 'DEMO_BRAND' } });
      expect(results(begin).redirect_uri).toBe(`${srv.url}/login/third/wx`);
      const back = await authorize(results(begin).authorize_url, 'wx-zhao');
      return results(await srv.call('GET', 'utilsapi/access/qw3rd-login', { query: Object.fromEntries(back.searchParams) }));
    };
    expect(await viaWx()).toMatchObject({ username: 'brand.approver2' });
    await srv.db.asSystem((tx) => tx.update(userClient).set({ status: 'FROZEN' }).where(sql`${userClient.userId} = ${id}`));
    try {
      expect(await viaWx()).toMatchObject({ bound: false });
    } finally {
      await srv.db.asSystem((tx) => tx.update(userClient).set({ status: 'ACTIVE' }).where(sql`${userClient.userId} = ${id}`));
    }
  });
});

describe('sf/send-temp-token', () => {
  it('sends the partner a sealed 10-minute token for the caller, which the partner checks back; unset or failing targets are said plainly', async () => {
    const buyer = await login(srv.call, 'brand.buyer');
    const send = (headers = en) => srv.call('POST', 'thirdpartyapi/sf/send-temp-token', { token: buyer.token, headers });
    const saved = process.env.SF_TEMP_TOKEN_URL;
    delete process.env.SF_TEMP_TOKEN_URL;
    const unset = await send(zh);
    expect([unset.status, unset.body.message]).toEqual([400, '本平台尚未配置向合作方服务（sf）发送临时令牌']);

    // A real receiver on 127.0.0.1 keeps what it is sent; the first call it refuses.
    const received: URLSearchParams[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(new URLSearchParams(body));
        res.statusCode = received.length === 1 ? 503 : 200;
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    process.env.SF_TEMP_TOKEN_URL = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/sf/temp-token`;
    try {
      const refused = await send();
      expect([refused.status, refused.body.message]).toEqual([400, 'The temporary token could not be delivered to the partner service (sf); please try again later']);
      const ok = await send();
      expect(ok.status).toBe(200);
      const got = received.at(-1)!;
      expect([got.get('username'), got.get('client_code')]).toEqual(['brand.buyer', 'DEMO_BRAND']);
      expect(Date.parse(results(ok).expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);

      const check = (temp_token: string) => srv.call('POST', 'thirdpartyapi/sf/check-temp-token', { form: { temp_token }, headers: en });
      expect(results(await check(got.get('temp_token')!))).toMatchObject({ username: 'brand.buyer', client_code: 'DEMO_BRAND' });
      expect((await check(got.get('temp_token')!.slice(0, -3) + 'abc')).status).toBe(400);
      // A bind ticket is not a temporary token, though both are sealed by the platform.
      expect((await check(results(await ddLogin('dd-temp')).bind_ticket)).status).toBe(400);
      // Without a session nothing is sent.
      expect((await srv.call('POST', 'thirdpartyapi/sf/send-temp-token')).status).toBe(401);
    } finally {
      receiver.close();
      if (saved === undefined) delete process.env.SF_TEMP_TOKEN_URL;
      else process.env.SF_TEMP_TOKEN_URL = saved;
    }
  });
});

async function ticketFor(subject: string): Promise<string> {
  const res = await ddLogin(subject);
  return results(res).bind_ticket;
}
