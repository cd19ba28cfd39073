// Security headers on every answer (docs/security.md 'Headers'): pages, assets, API answers and
// errors alike; API answers (sessions, tokens, user data) are never stored. Real HTTP against a
// server that serves a (tiny) built web app.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, loginResponse, startTestServer, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'seamline-headers-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Seamline</title><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  srv = await startTestServer({ config: { webDist: dist } });
});
afterAll(async () => {
  await srv?.close();
  await rm(dist, { recursive: true, force: true });
});

function expectSecurityHeaders(h: Headers, what: string): void {
  const csp = h.get('content-security-policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).not.toContain('unsafe-eval');
  // Scripts never inline: only styles may be (Ant Design's CSS-in-JS).
  expect(/script-src[^;]*unsafe-inline/.test(csp), what).toBe(false);
  // External avatars are http(s) links that must show (SES-06); nothing else loads from elsewhere.
  expect(csp, what).toMatch(/img-src 'self' data: blob: https: http:(;|$)/);
  expect(/(script|connect|frame|style|font)-src[^;]*https?:/.test(csp), what).toBe(false);
  expect(h.get('referrer-policy'), what).toBe('no-referrer');
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('x-frame-options'), what).toBe('DENY');
}

describe('every answer', () => {
  it('carries the CSP, frame-ancestors none, no-referrer and nosniff', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const answers: [string, Response][] = [
      ['page /', await fetch(`${srv.url}/`)],
      ['page route', await fetch(`${srv.url}/md/index/vendor`)],
      ['asset', await fetch(`${srv.url}/assets/app-abc123.js`)],
      ['missing asset', await fetch(`${srv.url}/assets/nope.js`)],
      ['robots', await fetch(`${srv.url}/robots.txt`)],
      ['api 200', await fetch(`${srv.url}/api/utilsapi/access/user-state?token=${me.token}`)],
      ['api 401', await fetch(`${srv.url}/api/utilsapi/access/user-state`)],
      ['api 404', await fetch(`${srv.url}/api/no/such/route`)],
      ['api 400', await fetch(`${srv.url}/api/utilsapi/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })],
    ];
    for (const [what, res] of answers) expectSecurityHeaders(res.headers, `${what} (${res.status})`);
  });

  it('sessions and user answers are no-store; fingerprinted assets keep their long cache', async () => {
    const signIn = await loginResponse(srv.call, 'brand.buyer');
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const me = signIn.body.data.results;
    const refreshed = await srv.call('POST', 'utilsapi/access/refresh-token', { form: { username: 'brand.buyer', refresh_token: me.refreshtoken } });
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
    const token = refreshed.body.data.results.token;
    for (const path of ['utilsapi/access/user-state', 'utilsapi/access/public-key']) {
      const res = await srv.call('GET', path, { token });
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const failed = await loginResponse(srv.call, 'brand.buyer', 'wrong-password');
    expect(failed.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${srv.url}/assets/app-abc123.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
