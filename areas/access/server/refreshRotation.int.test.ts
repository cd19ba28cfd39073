// Refresh tokens rotate (docs/api-session.md 'Refresh'): each refresh answers a new refresh token
// and retires the presented one; a retired one presented again ends its whole family (the
// sign-in it descends from: every token, every socket) and answers 401. Real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';
import { connectSocket, connectTo, whoAmI } from '../../collab/server/testing';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

const userState = (token: string) => srv.call('GET', 'utilsapi/access/user-state', { token });
const refresh = (refresh_token: string, username = 'brand.buyer') =>
  srv.call('POST', 'utilsapi/access/refresh-token', { form: { username, refresh_token } });

describe('rotation', () => {
  it('answers a new refresh token each time; the chain goes on with the newest', async () => {
    const first = await login(srv.call, 'brand.buyer');
    const r1 = await refresh(first.refreshtoken);
    expect(r1.status).toBe(200);
    const one = r1.body.data.results;
    expect(Object.keys(one).sort()).toEqual(['lang', 'refreshexpire', 'refreshtoken', 'token', 'tokenexpire', 'username']);
    expect(one.refreshtoken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(one.refreshtoken).not.toBe(first.refreshtoken);
    // The family keeps the sign-in's refresh expiry: rotation never extends a session.
    expect(one.refreshexpire).toBe(first.refreshexpire);
    const r2 = await refresh(one.refreshtoken);
    expect(r2.status).toBe(200);
    expect(r2.body.data.results.refreshtoken).not.toBe(one.refreshtoken);
    expect((await userState(first.token)).status).toBe(401);
    expect((await userState(one.token)).status).toBe(401);
    expect((await userState(r2.body.data.results.token)).status).toBe(200);
  });

  it('a used refresh token replayed ends the family: 401, every token and socket of it gone; other sign-ins live', async () => {
    const family = await login(srv.call, 'brand.buyer');
    const other = await login(srv.call, 'brand.buyer');
    const next = (await refresh(family.refreshtoken)).body.data.results;
    const me = await whoAmI(srv.call, next.token);
    const socket = await connectSocket(srv.url, { token: next.token });
    expect(await connectTo(socket, me.id, me.clientid)).toMatchObject({ ok: true });
    const reasons: string[] = [];
    socket.on('disconnect', (r) => reasons.push(r));

    const replay = await refresh(family.refreshtoken);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBeTruthy();
    // The descendant tokens die with it.
    expect((await userState(next.token)).status).toBe(401);
    expect((await refresh(next.refreshtoken)).status).toBe(401);
    for (let i = 0; i < 200 && reasons.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(reasons).toEqual(['io server disconnect']);
    socket.close();
    // Another sign-in of the same user is another family.
    expect((await userState(other.token)).status).toBe(200);
    expect((await refresh(other.refreshtoken)).status).toBe(200);
  });

  it('two refreshes racing with one token: exactly one wins, and the family ends', async () => {
    const s = await login(srv.call, 'brand.buyer');
    const answers = await Promise.all([refresh(s.refreshtoken), refresh(s.refreshtoken)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.status === 200)!.body.data.results;
    expect((await userState(winner.token)).status).toBe(401);
    expect((await refresh(winner.refreshtoken)).status).toBe(401);
  });

  it('a refresh token of another user or a made-up one is refused and ends nothing', async () => {
    const s = await login(srv.call, 'brand.buyer');
    expect((await refresh(s.refreshtoken, 'brand.admin')).status).toBe(401);
    expect((await refresh('x'.repeat(43))).status).toBe(401);
    expect((await userState(s.token)).status).toBe(200);
    expect((await refresh(s.refreshtoken)).status).toBe(200);
  });
});
