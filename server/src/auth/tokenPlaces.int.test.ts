// Tokens come only where API.md says (query `token`, `Authorization: Bearer`; the socket handshake's
// auth.token or query token) and never reach a log line, whatever the spelling, encoding or
// position of the parameter that carries them (docs/security.md 'Tokens and logs'). Real HTTP,
// the server's real log output at trace level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { login, startTestServer, type LoginResults, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let me: LoginResults;
beforeAll(async () => {
  srv = await startTestServer({ config: { logLevel: 'trace' } });
  me = await login(srv.call, 'brand.buyer');
});
afterAll(() => srv?.close());

const raw = (path: string, init: RequestInit = {}) => fetch(`${srv.url}${path}`, init);
const STATE = '/api/utilsapi/access/user-state';

describe('where a token is accepted', () => {
  it('query token and Authorization: Bearer only', async () => {
    expect((await raw(`${STATE}?token=${me.token}`)).status).toBe(200);
    expect((await raw(STATE, { headers: { authorization: `Bearer ${me.token}` } })).status).toBe(200);
    const refused: [string, RequestInit][] = [
      [`${STATE}?TOKEN=${me.token}`, {}],
      [`${STATE}?access_token=${me.token}`, {}],
      [STATE, { headers: { cookie: `token=${me.token}` } }],
      [STATE, { headers: { 'x-token': me.token } }],
      [STATE, { headers: { authorization: `Token ${me.token}` } }],
      [STATE, { headers: { authorization: me.token } }],
      [STATE, { method: 'GET', headers: { authorization: `Basic ${Buffer.from(`x:${me.token}`).toString('base64')}` } }],
    ];
    for (const [path, init] of refused) expect((await raw(path, init)).status, `${path} ${JSON.stringify(init)}`).toBe(401);
    // A body field is no place for a token either.
    const logout = '/api/utilsapi/access/logout';
    const form = await raw(logout, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${me.token}` });
    expect(form.status).toBe(401);
    const json = await raw(logout, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: me.token, DATA: { token: me.token } }) });
    expect(json.status).toBe(401);
    expect((await raw(`${STATE}?token=${me.token}`)).status).toBe(200);
  });

  it('sockets: handshake auth.token or query token, not a cookie or another field', async () => {
    const attempt = (options: Parameters<typeof io>[1]) =>
      new Promise<boolean>((resolve) => {
        const s = io(srv.url, { path: '/ws', transports: ['websocket'], reconnection: false, forceNew: true, ...options });
        s.once('connect', () => (s.close(), resolve(true)));
        s.once('connect_error', () => (s.close(), resolve(false)));
      });
    expect(await attempt({ auth: { token: me.token } })).toBe(true);
    expect(await attempt({ query: { token: me.token } })).toBe(true);
    expect(await attempt({ extraHeaders: { cookie: `token=${me.token}` } })).toBe(false);
    expect(await attempt({ auth: { refresh_token: me.refreshtoken } })).toBe(false);
    expect(await attempt({ query: { refresh_token: me.refreshtoken } })).toBe(false);
  });
});

describe('logs', () => {
  it('never contain a token or refresh token, wherever and however it was sent', async () => {
    const t = me.token;
    const r = me.refreshtoken;
    const enc = (s: string) => encodeURIComponent(s).replace(/[A-Za-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
    const paths = [
      `${STATE}?token=${t}`,
      `${STATE}?TOKEN=${t}`,
      `${STATE}?%74oken=${t}`,
      `${STATE}?%2574oken=${t}`,
      `${STATE}?token=${enc(t)}`,
      `${STATE}?q=1&token=x&token=${t}`,
      `${STATE}?refreshtoken=${r}&refresh_token=${r}&Refresh-Token=${r}`,
      `${STATE}?token%3D${t}`,
      `${STATE}?q=${t}`,
      `/api/nothing/here?token=${t}`,
      `/nothing/${t}`,
      // A live token inside another value (issue 22, point 4.3).
      `${STATE}?x=token%3D${t}`,
      `/login?navipath=%2Fdownload%3Ftoken%3D${t}`,
      `${STATE}?x=a%26token%3D${t}`,
      `${STATE}?t=Bearer%20${t}`,
      `${STATE}?t=${t}x`,
      `/nothing/x${t}`,
    ];
    for (const path of paths) await raw(path);
    await raw(STATE, { headers: { authorization: `Bearer ${t}`, cookie: `token=${t}; refreshtoken=${r}` } });
    await raw('/api/utilsapi/access/refresh-token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=brand.buyer&refresh_token=${r}&token=${t}`,
    });
    await raw('/api/utilsapi/access/refresh-token?refresh_token=' + r, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: r }) });
    // Malformed bodies carrying a token make the body parser fail and log.
    await raw('/api/utilsapi/access/refresh-token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"refresh_token":"${r}"` });
    const lines = srv.logs.join('\n');
    expect(srv.logs.length).toBeGreaterThan(paths.length);
    for (const secret of [t, r, enc(t), encodeURIComponent(t), t.slice(1, -1), r.slice(1, -1)]) expect(lines).not.toContain(secret);
    // The request lines are still there, with the place of the secret visible.
    expect(lines).toContain('token=[REDACTED]');
  });
});
