// The engine's HTTP behaviour over real HTTP: envelope, errors, bodies, language, logs, web app.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError, HttpError, ValidationError, dataList, dataObject, defineArea } from './api';
import { login, startTestServer, type TestServer } from './testing';

// Routes that exist only in this test, to see the engine's wrapping from outside.
const probe = defineArea({
  name: 'probe',
  messages: { en: { 'probe.refused': 'Refused for {reason}' }, zh: { 'probe.refused': '因{reason}被拒绝' } },
  routes: (api) => {
    api.post('utilsapi/probe/echo', { auth: false }, ({ body }) => ({
      object: safe(() => dataObject(body)),
      list: safe(() => dataList(body)),
      plain: body.plain ?? null,
    }));
    api.get('utilsapi/probe/me', { auth: true }, ({ session, lang }) => ({ username: session.username, lang }));
    api.get('utilsapi/probe/boom', { auth: false }, () => {
      throw new Error('connection to db.internal:5432 failed for user seamline_secret');
    });
    api.get('utilsapi/probe/refuse', { auth: false }, () => {
      throw new BizError('probe.refused', { reason: 'testing' });
    });
    api.get('utilsapi/probe/invalid', { auth: false }, () => {
      throw new ValidationError({ NAME: ['required'], LINES: [null, { QTY: ['must be > 0'] }] });
    });
    api.get('utilsapi/probe/stale', { auth: false }, () => {
      throw new HttpError(409, 'biz.changedByOthers');
    });
  },
});

function safe<T>(fn: () => T): T | 'refused' {
  try {
    return fn();
  } catch {
    return 'refused';
  }
}

let srv: TestServer;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'seamline-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Seamline</title>');
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
  srv = await startTestServer({ extraAreas: [probe], config: { webDist: web } });
});
afterAll(async () => {
  await srv?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('envelope', () => {
  it('wraps results', async () => {
    const res = await srv.call('POST', 'utilsapi/probe/echo', { form: { plain: 'x' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OK', data: { results: { object: {}, list: [], plain: 'x' } } });
  });

  it('answers an unknown /api path with a 404 envelope, in the requested language', async () => {
    expect(await srv.call('GET', 'utilsapi/nothing/here')).toMatchObject({ status: 404, body: { message: '请求的资源不存在', code: 404 } });
    const en = await srv.call('POST', 'scmapi/nothing', { headers: { 'x-seamline-lang': 'en' } });
    expect(en).toMatchObject({ status: 404, body: { message: 'The requested resource was not found', code: 404 } });
  });

  it('answers a business refusal with 400 and the rule message', async () => {
    const res = await srv.call('GET', 'utilsapi/probe/refuse', { headers: { 'x-seamline-lang': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Refused for testing', code: 400 });
  });

  it('answers field errors with 422, code 11000 and data.errors', async () => {
    const res = await srv.call('GET', 'utilsapi/probe/invalid', { headers: { 'x-seamline-lang': 'en' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'Please correct the input error, before submit form！',
      code: 11000,
      data: { errors: { NAME: ['required'], LINES: [null, { QTY: ['must be > 0'] }] } },
    });
  });

  it('answers a stale version with 409 and the changed-by-others message', async () => {
    const res = await srv.call('GET', 'utilsapi/probe/stale');
    expect(res).toMatchObject({ status: 409, body: { message: '单据已被他人修改，请刷新后重试', code: 409 } });
  });

  it('answers a fault with 500 and nothing of its internals, but logs it', async () => {
    const res = await srv.call('GET', 'utilsapi/probe/boom', { headers: { 'x-seamline-lang': 'en' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error', code: 500 });
    expect(JSON.stringify(res.body)).not.toMatch(/db\.internal|seamline_secret|stack/);
    expect(srv.logs.some((l) => l.includes('seamline_secret'))).toBe(true);
  });

  it('answers malformed JSON and unsupported bodies with a client error in the envelope', async () => {
    const bad = await fetch(`${srv.url}/api/utilsapi/probe/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: '请求不是有效的 JSON', code: 400 });
    const xml = await fetch(`${srv.url}/api/utilsapi/probe/echo`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' });
    expect(xml.status).toBe(415);
    expect(await xml.json()).toEqual({ message: '此处不接受该内容类型', code: 415 });
  });
});

describe('bodies', () => {
  it('parses a form DATA field holding JSON, and an empty DATA as empty', async () => {
    const doc = await srv.call('POST', 'utilsapi/probe/echo', { form: { DATA: JSON.stringify({ CODE: 'A1', QTY: '1.2500' }) } });
    expect(doc.body.data.results.object).toEqual({ CODE: 'A1', QTY: '1.2500' });
    const list = await srv.call('POST', 'utilsapi/probe/echo', { form: { DATA: '["a","b"]' } });
    expect(list.body.data.results.list).toEqual(['a', 'b']);
    const empty = await srv.call('POST', 'utilsapi/probe/echo', { form: { DATA: '' } });
    expect(empty.body.data.results).toMatchObject({ object: {}, list: [] });
  });

  it('takes the same fields as JSON, DATA as a value or as JSON text', async () => {
    const value = await srv.call('POST', 'utilsapi/probe/echo', { json: { DATA: { CODE: 'B2' }, plain: 'y' } });
    expect(value.body.data.results).toMatchObject({ object: { CODE: 'B2' }, plain: 'y' });
    const text = await srv.call('POST', 'utilsapi/probe/echo', { json: { DATA: '{"CODE":"C3"}' } });
    expect(text.body.data.results.object).toEqual({ CODE: 'C3' });
  });

  it('accepts a charset parameter on the content type, as browsers send it', async () => {
    const res = await srv.call('POST', 'utilsapi/probe/echo', {
      form: { DATA: '{"A":1}' },
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    });
    expect(res.body.data.results.object).toEqual({ A: 1 });
  });

  it('keeps non-ASCII text intact', async () => {
    const res = await srv.call('POST', 'utilsapi/probe/echo', { form: { DATA: JSON.stringify({ NAME: '面料 – 棉' }) } });
    expect(res.body.data.results.object).toEqual({ NAME: '面料 – 棉' });
  });
});

describe('language', () => {
  it("follows the language the client shows (header), else the session user's language", async () => {
    const en = await login(srv.call, 'brand.buyer');
    const zh = await login(srv.call, 'brand.admin');
    const me = (token: string, headers?: Record<string, string>) => srv.call('GET', 'utilsapi/probe/me', { token, headers });
    expect((await me(en.token)).body.data.results).toEqual({ username: 'brand.buyer', lang: 'en' });
    expect((await me(zh.token)).body.data.results).toEqual({ username: 'brand.admin', lang: 'zh' });
    // a user who switched the UI to the other language gets server texts in it at once
    expect((await me(zh.token, { 'x-seamline-lang': 'en' })).body.data.results).toEqual({ username: 'brand.admin', lang: 'en' });
    expect((await me(en.token, { 'x-seamline-lang': 'zh' })).body.data.results).toEqual({ username: 'brand.buyer', lang: 'zh' });
  });

  it('falls back to the header, then to Chinese', async () => {
    const refuse = (headers?: Record<string, string>) => srv.call('GET', 'utilsapi/probe/refuse', { headers });
    expect((await refuse({ 'x-seamline-lang': 'en' })).body.message).toBe('Refused for testing');
    expect((await refuse({ 'x-seamline-lang': 'fr' })).body.message).toBe('因testing被拒绝');
    expect((await refuse()).body.message).toBe('因testing被拒绝');
  });
});

describe('logs', () => {
  it('never contain a token, from the query or from the Authorization header', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const from = srv.logs.length;
    await srv.call('GET', 'utilsapi/access/user-state', { token: me.token });
    await srv.call('GET', 'utilsapi/access/user-state', { bearer: me.token });
    await srv.call('POST', 'utilsapi/access/refresh-token', { query: { refresh_token: me.refreshtoken, username: 'brand.buyer' } });
    await srv.call('GET', 'utilsapi/nothing', { token: me.token });
    const lines = srv.logs.slice(from);
    // One line per request (issue 22, point 3), with what an operator needs of it.
    expect(lines.filter((l) => l.includes('incoming request'))).toEqual([]);
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request completed');
    expect(requestLines.map((l) => [l.method, l.url.split('?')[0], l.status])).toEqual([
      ['GET', '/api/utilsapi/access/user-state', 200],
      ['GET', '/api/utilsapi/access/user-state', 200],
      ['POST', '/api/utilsapi/access/refresh-token', 401],
      ['GET', '/api/utilsapi/nothing', 404],
    ]);
    expect(requestLines[0].url).toContain('token=[REDACTED]');
    for (const l of requestLines) expect(l).toMatchObject({ ip: '127.0.0.1', ms: expect.any(Number) });
    for (const line of srv.logs) {
      expect(line).not.toContain(me.token);
      expect(line).not.toContain(me.refreshtoken);
    }
  });
});

describe('web app', () => {
  it('serves index.html for any non-API GET so the client router draws the page', async () => {
    for (const path of ['/', '/login', '/sys/index/user', '/zp/prodmgm/index/vfscanvalidate', '/no/such/page']) {
      const res = await fetch(`${srv.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Seamline</title>');
    }
  });

  it('serves fingerprinted assets with a long cache life', async () => {
    const res = await fetch(`${srv.url}/assets/app-1234.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps /api paths out of the fallback', async () => {
    const res = await fetch(`${srv.url}/api/unknown/thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: '请求的资源不存在', code: 404 });
  });
});
