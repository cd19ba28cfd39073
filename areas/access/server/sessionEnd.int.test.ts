// Sessions end everywhere at once (docs/security.md 'Sessions and sockets'): logout, password
// change, freeze and refresh drop the node's cached session and close that session's sockets
// before the answer comes back; nothing more reaches them. Real HTTP, real socket.io clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { DEMO_PASSWORD } from '../../system/server/seed/demo';
import { BizError, defineArea, isUuid, sessionsEnded, stringField } from '@seamline/server/api';
import { endCompanySessions } from './sessions';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';
import { connectSocket, connectTo, whoAmI } from '../../collab/server/testing';

let srv: TestServer;
const sockets: Socket[] = [];
// A route that ends the caller's session in a transaction that then fails (rolls back).
// And what removing a member (or freezing a membership) does: that user's sessions in this company end.
const probe = defineArea({
  name: 'session-probe',
  routes: (api) => {
    api.post('probe/end-then-fail', { auth: true, guest: true }, ({ db, session }) =>
      db.asSystem(async (tx) => {
        await sessionsEnded({ sessionIds: [session.id] }, tx);
        throw new BizError('http.forbidden');
      }),
    );
    api.post('probe/end-membership', { auth: true }, ({ db, session, body }) => {
      const userId = stringField(body, 'userid');
      if (!isUuid(userId)) throw new BizError('http.forbidden');
      return db.asSystem((tx) => endCompanySessions(tx, session.clientId, [userId]));
    });
  },
});

beforeAll(async () => {
  srv = await startTestServer({ extraAreas: [probe] });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await srv?.close();
});

const userState = (token: string) => srv.call('GET', 'utilsapi/access/user-state', { token });

/** A signed-in user with an open, joined socket; `closed` resolves when the server drops it. */
async function connected(username: string) {
  const { token, refreshtoken } = await login(srv.call, username);
  const me = await whoAmI(srv.call, token);
  const socket = await connectSocket(srv.url, { token });
  sockets.push(socket);
  expect(await connectTo(socket, me.id, me.clientid)).toMatchObject({ ok: true });
  const reasons: string[] = [];
  socket.on('disconnect', (reason) => reasons.push(reason));
  // The token is now in the node's session cache (user-state read it twice).
  expect((await userState(token)).status).toBe(200);
  return { token, refreshtoken, me, socket, reasons };
}

describe('logout', () => {
  it('answers 401 to the cached token at once and closes only that session’s sockets', async () => {
    const a = await connected('brand.buyer');
    const b = await connected('brand.buyer');
    const out = await srv.call('POST', 'utilsapi/access/logout', { token: a.token });
    expect(out.status).toBe(200);
    // Already gone when logout answered: no waiting.
    expect((await userState(a.token)).status).toBe(401);
    await until(() => a.reasons.length > 0);
    expect(a.reasons).toEqual(['io server disconnect']);
    expect(a.socket.connected).toBe(false);
    expect(b.socket.connected).toBe(true);
    expect((await userState(b.token)).status).toBe(200);
  });
});

describe('password change by its owner', () => {
  it('ends the other sessions and their sockets, keeps the caller’s', async () => {
    const mine = await connected('brand.approver1');
    const other = await connected('brand.approver1');
    const res = await srv.call('POST', 'utilsapi/access/change-password', {
      token: mine.token,
      form: { oldPassword: DEMO_PASSWORD, password: 'N3w-Password-2026', passwordRepeat: 'N3w-Password-2026' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await userState(other.token)).status).toBe(401);
    await until(() => other.reasons.length > 0);
    expect(other.socket.connected).toBe(false);
    expect(mine.socket.connected).toBe(true);
    expect((await userState(mine.token)).status).toBe(200);
    // Put the demo password back for other tests.
    const back = await srv.call('POST', 'utilsapi/access/change-password', {
      token: mine.token,
      form: { oldPassword: 'N3w-Password-2026', password: DEMO_PASSWORD, passwordRepeat: DEMO_PASSWORD },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });
});

describe('freeze by the company administrator', () => {
  it('ends the user’s sessions and sockets at once', async () => {
    const victim = await connected('brand.approver2');
    const admin = (await login(srv.call, 'brand.admin')).token;
    const frozen = await srv.call('POST', 'utilsapi/sys/users/freeze', { token: admin, json: { DATA: { id: victim.me.id } } });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect((await userState(victim.token)).status).toBe(401);
    await until(() => victim.reasons.length > 0);
    expect(victim.socket.connected).toBe(false);
    const thawed = await srv.call('POST', 'utilsapi/sys/users/unfreeze', { token: admin, json: { DATA: { id: victim.me.id } } });
    expect(thawed.status).toBe(200);
  });
});

describe('refresh', () => {
  it('retires the cached access token at once', async () => {
    const s = await connected('brand.buyer');
    const renewed = await srv.call('POST', 'utilsapi/access/refresh-token', { form: { username: 'brand.buyer', refresh_token: s.refreshtoken } });
    expect(renewed.status).toBe(200);
    expect((await userState(s.token)).status).toBe(401);
    expect((await userState(renewed.body.data.results.token)).status).toBe(200);
  });
});

describe('membership ended in one company', () => {
  it('ends that user’s sessions and sockets there, not elsewhere', async () => {
    const member = await connected('brand.approver1');
    const bystander = await connected('brand.buyer');
    const admin = (await login(srv.call, 'brand.admin')).token;
    const res = await srv.call('POST', 'probe/end-membership', { token: admin, form: { userid: member.me.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toBeGreaterThanOrEqual(1);
    expect((await userState(member.token)).status).toBe(401);
    await until(() => member.reasons.length > 0);
    expect(member.socket.connected).toBe(false);
    expect(bystander.socket.connected).toBe(true);
    expect((await userState(bystander.token)).status).toBe(200);
  });
});

describe('a rolled-back end', () => {
  it('publishes nothing: the socket stays and the token works', async () => {
    const s = await connected('brand.buyer');
    const res = await srv.call('POST', 'probe/end-then-fail', { token: s.token });
    expect(res.status).toBe(400);
    expect((await userState(s.token)).status).toBe(200);
    // Give a stray disconnect every chance to arrive before looking.
    await srv.call('GET', 'utilsapi/access/user-state', { token: s.token });
    expect(s.reasons).toEqual([]);
    expect(s.socket.connected).toBe(true);
  });
});

/** Polls a condition the server has already made true (socket events arrive asynchronously). */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
}
