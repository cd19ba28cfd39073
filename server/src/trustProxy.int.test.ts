// Behind a proxy the client cannot choose its own address (issue 22, point 4.2; docs/security.md
// 'Client addresses'): real HTTP through a real appending proxy in front of the server, with
// TRUST_PROXY read as a deployment sets it. The proxy appends the address it sees the client at
// (here a fixed public one, as if the client connected from there) to what the client sent.
import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, loginResponse, startTestServer, type Caller, type TestServer } from './testing';
import { loadConfig } from './config';
import { defineArea } from './area';

const CLIENT = '198.51.100.77';
const whoAmI = defineArea({ name: 'test-whoami', routes: (api) => api.get('test/whoami', { auth: false }, (ctx) => ({ ip: ctx.ip })) });

/** One reverse proxy as nginx's `proxy_add_x_forwarded_for` does it: appends, never replaces. */
async function appendingProxy(target: string, seenClient: string): Promise<{ call: Caller; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const sent = req.headers['x-forwarded-for'];
    const forwarded = sent ? `${Array.isArray(sent) ? sent.join(', ') : sent}, ${seenClient}` : seenClient;
    const out = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, 'x-forwarded-for': forwarded } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(out);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    call: apiCaller(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

for (const TRUST_PROXY of ['1', '127.0.0.0/8']) {
  describe(`TRUST_PROXY=${TRUST_PROXY}, one appending proxy`, () => {
    let srv: TestServer;
    let proxy: Awaited<ReturnType<typeof appendingProxy>>;
    beforeAll(async () => {
      // Each server its own rate-limit counters (in Redis on the PostgreSQL run): the two
      // describes sign up from the same address.
      process.env.SOCKET_REDIS_KEY = `seamline-test-${randomUUID()}`;
      srv = await startTestServer({ config: { trustProxy: loadConfig({ TRUST_PROXY }).trustProxy }, extraAreas: [whoAmI] });
      proxy = await appendingProxy(srv.url, CLIENT);
    });
    afterAll(async () => {
      await proxy?.close();
      await srv?.close();
    });

    const ipSeen = async (forwardedFor?: string) => {
      const res = await proxy.call('GET', 'test/whoami', { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
      expect(res.status).toBe(200);
      return (res.body.data as { results: { ip: string } }).results.ip;
    };

    it('the address is the one the proxy saw, whatever the client writes in X-Forwarded-For', async () => {
      expect(await ipSeen()).toBe(CLIENT);
      expect(await ipSeen('203.0.113.5')).toBe(CLIENT);
      expect(await ipSeen('spoofed, 203.0.113.5')).toBe(CLIENT);
      expect(await ipSeen('127.0.0.1')).toBe(CLIENT);
    });

    it('rotating X-Forwarded-For neither escapes the per-address sign-in lock nor the per-address limits', async () => {
      // Five failures lock the account for that address; the sixth try is refused, fresh header or not.
      for (let i = 0; i < 5; i++) expect((await loginResponse(proxy.call, 'brand.approver2', `wrong-${i}`, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status).toBe(400);
      expect((await loginResponse(proxy.call, 'brand.approver2', 'wrong-6', { 'x-forwarded-for': '203.0.113.99' })).status).toBe(429);
      // Sign-up calls: 10 per address in 15 minutes (auth/ipRateLimit.ts).
      const signup = (i: number) => proxy.call('POST', 'utilsapi/signup/company', { json: { DATA: {} }, headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } });
      for (let i = 0; i < 10; i++) expect((await signup(i)).status).not.toBe(429);
      expect((await signup(10)).status).toBe(429);
    });
  });
}

describe('TRUST_PROXY', () => {
  it('takes a hop count or addresses, never "trust everything"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1, fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.5', '::1', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1 for one reverse proxy/);
    for (const bad of ['10.0.0.0/33', 'proxy.local', '10.0.0.1/8/2', '1.2.3']) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be/);
  });
});
