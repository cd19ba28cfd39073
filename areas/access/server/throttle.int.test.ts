// Throttling that stops spraying without locking the owner out (docs/security.md 'Throttling'),
// end to end over real HTTP with distinct client addresses (X-Forwarded-For behind trustProxy).
// Two app instances share one database (and Redis when REDIS_URL is set): the limits hold across
// nodes.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@seamline/server';
import { apiCaller, loginResponse, startTestServer, type Caller, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let second: FastifyInstance;
let callSecond: Caller;
beforeAll(async () => {
  srv = await startTestServer({ config: { trustProxy: 1 } });
  second = buildApp({ db: srv.db, config: srv.config, logStream: { write: () => undefined } });
  await second.listen({ port: 0, host: '127.0.0.1' });
  callSecond = apiCaller(`http://127.0.0.1:${(second.server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await second?.close();
  await srv?.close();
});

const from = (ip: string, lang?: 'en') => ({ 'x-forwarded-for': ip, ...(lang ? { 'x-seamline-lang': lang } : {}) });

describe('sign-in', () => {
  it('five failures from one address lock the account for that address only; the owner signs in from his', async () => {
    const attacker = '203.0.113.10';
    const owner = '198.51.100.7';
    for (let i = 0; i < 5; i++) expect((await loginResponse(srv.call, 'brand.buyer', `wrong-${i}`, from(attacker))).status).toBe(400);
    const locked = await loginResponse(srv.call, 'brand.buyer', 'wrong-6', from(attacker, 'en'));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts, please try again in 15 minutes');
    const wait = Number(locked.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // The right password does not open it for the attacker's address, on any node; in Chinese too.
    const zh = await loginResponse(callSecond, 'brand.buyer', undefined, from(attacker));
    expect(zh.status).toBe(429);
    expect(zh.body.message).toBe('登录失败次数过多，请 15 分钟后再试');
    // The owner, from another address, on either node.
    expect((await loginResponse(srv.call, 'brand.buyer', undefined, from(owner))).status).toBe(200);
    expect((await loginResponse(callSecond, 'BRAND.BUYER', undefined, from(owner))).status).toBe(200);
  });

  it('a spray from many addresses locks the account for new addresses, never for the owner’s known one', async () => {
    const owner = '198.51.100.20';
    expect((await loginResponse(srv.call, 'brand.approver1', undefined, from(owner))).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      const res = await loginResponse(i % 2 ? srv.call : callSecond, 'brand.approver1', `guess-${i}`, from(`203.0.113.${100 + i}`));
      expect(res.status).toBe(400);
    }
    const fresh = await loginResponse(srv.call, 'brand.approver1', undefined, from('192.0.2.55', 'en'));
    expect(fresh.status).toBe(429);
    expect(fresh.body.message).toMatch(/please try again in 1[45] minutes/);
    expect((await loginResponse(callSecond, 'brand.approver1', undefined, from(owner))).status).toBe(200);
  });
});

describe('joining a company with an existing account', () => {
  it('checks the password under the same locks: its failures count, the lock answers 429', async () => {
    const ip = '203.0.113.50';
    const join = (password: string, lang?: 'en') =>
      srv.call('POST', 'utilsapi/signup/join', { json: { DATA: { companyCode: 'DEMO_BRAND', existing: '1', username: 'fabric.admin', password } }, headers: from(ip, lang) });
    for (let i = 0; i < 5; i++) expect((await join(`wrong-${i}`)).status).not.toBe(429);
    const locked = await join('Seamline2026', 'en');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts, please try again in 15 minutes');
    // The same count as sign-in: that address cannot go on guessing through login either.
    expect((await loginResponse(srv.call, 'fabric.admin', undefined, from(ip))).status).toBe(429);
    expect((await loginResponse(srv.call, 'fabric.admin', undefined, from('198.51.100.60'))).status).toBe(200);
  });
});

describe('per address, across accounts', () => {
  it('sign-up calls from one address are limited, shared by both nodes; other addresses go on', async () => {
    const ip = '203.0.113.200';
    const signup = (call: Caller, at: string, lang?: 'en') => call('POST', 'utilsapi/signup/company', { json: { DATA: {} }, headers: from(at, lang) });
    for (let i = 0; i < 10; i++) expect((await signup(i % 2 ? srv.call : callSecond, ip)).status).not.toBe(429);
    const refused = await signup(srv.call, ip, 'en');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests from your network, please try again in 1[45] minutes$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signup(callSecond, ip)).body.message).toMatch(/^来自您网络的请求过多，请 1[45] 分钟后再试$/);
    expect((await signup(srv.call, '203.0.113.201')).status).not.toBe(429);
  });

  it('the limit follows the route, however its path is spelled', async () => {
    const ip = '203.0.113.210';
    const join = (path: string) => srv.call('POST', path, { json: { DATA: { username: 'brand.buyer', password: 'x' } }, headers: from(ip) });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await join(i % 3 === 0 ? '/api/utilsapi/signup/%6Aoin' : i % 3 === 1 ? '/api/utilsapi/signup/join/' : 'utilsapi/signup/join')).status);
    expect(statuses.slice(0, 20).includes(429)).toBe(false);
    expect(statuses[20]).toBe(429);
  });
});
