// The route-table fuzz test (issue 11 point 8, docs/security.md 'Hostile input'): every route the
// real server registered — found through its own route table, so routes added later are walked
// too — gets hostile input in the query, the path, form and JSON bodies and multipart, signed in
// as a company administrator and signed out. No answer may be a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from './testing';

let srv: TestServer;
let token = '';
beforeAll(async () => {
  srv = await startTestServer();
  token = (await login(srv.call, 'brand.admin')).token;
});
afterAll(async () => {
  await srv?.close();
});

const ZERO = '00000000-0000-0000-0000-000000000000';
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
/** Names handlers commonly read; each gets a value of the wrong kind. */
const NAMES = ['id', 'ids', 'pid', 'menuid', 'code', 'type', 'status', 'name', 'key', 'entity', 'field', 'profile', 'mode', 'version', 'user_id', 'userid', 'client_id', 'platform_id', 'parent_id', 'keyword', 'date', 'from', 'to', 'year', 'month', 'width', 'max_bytes', 'force', 'lang', 'page', 'size', 'current', 'limit', 'offset'];

const query = (o: Record<string, string | string[]>) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) for (const x of [v].flat()) u.append(k, x);
  return u.toString();
};
const everyName = (v: string | string[]) => Object.fromEntries(NAMES.map((n) => [n, v]));

/** Query strings: absurd paging, invalid q/p, non-uuid ids, repeated keys (arrays), NUL. */
const QUERIES: string[] = [
  '',
  query({ q: '{', p: '{"page":1e20,"size":-1}' }),
  query({ p: '{"page":-1,"size":"NaN","sort":[{"field":"x"}],"after":"%%%"}', page: '1e20', size: '-5', pageSize: 'NaN', current: 'abc', limit: '1e20', offset: '-1' }),
  query({ ...everyName("' or 1=1 --"), q: '[]', p: '[]' }),
  query({ ...everyName(['a', 'b']), q: ['a', 'b'], p: ['a', 'b'] }),
  query({ ...everyName(ZERO), q: '{"id":"x"}', p: '{"page":2,"after":"bm9wZQ"}' }),
  query({ ...everyName('99999999999999999999999'), q: '{"created_at":{"op":"between","value":["x","y"]}}' }),
  query({ id: 'a\u0000b', q: '{"name":"a\\u0000"}' }),
  query({ q: deep(1000), p: deep(40) }), // (deeper would pass Node's 16 KB header limit: a 431, not the app)
];

const HOSTILE_DATA = {
  ...everyName('not-a-uuid'),
  ids: ['x', { a: 1 }, null],
  name: { a: [1] },
  code: ['a', 'b'],
  version: 'abc',
  page: 1e20,
  qty: '1e400',
  amount: 'NaN',
  date: '2026-13-45',
  created_at: 'yesterday',
  items: [{ id: 'x', qty: -1e308 }],
  lines: 'not a list',
};
const ZERO_DATA = { ...everyName(ZERO), ids: [ZERO], version: 1 };

interface Body {
  label: string;
  type?: string;
  body: string | Uint8Array;
}
const form = (o: Record<string, string | string[]>): Body => ({ label: `form ${query(o).slice(0, 80)}`, type: 'application/x-www-form-urlencoded', body: query(o) });
const json = (label: string, v: unknown): Body => ({ label: `json ${label}`, type: 'application/json', body: typeof v === 'string' ? v : JSON.stringify(v) });
const B = '----fuzz';
const multipart = (label: string, text: string, boundary = B): Body => ({ label: `multipart ${label}`, type: `multipart/form-data; boundary=${boundary}`, body: text });

const HUGE = json('huge', { DATA: 'x'.repeat(3 * 1024 * 1024) });
const BODIES: Body[] = [
  form({ DATA: '{' }),
  form({ DATA: deep(100) }),
  form({ DATA: JSON.stringify(HOSTILE_DATA), ...everyName('not-a-uuid') }),
  form({ DATA: JSON.stringify(ZERO_DATA), ...everyName(ZERO) }),
  form({ DATA: ['[1]', '{}'], ...everyName(['a', 'b']) }),
  form({ DATA: '{"name":"a\\u0000b"}', id: 'x\u0000' }),
  form({ DATA: '[{"id":"x"},1,"a",null,[]]' }),
  json('hostile', { DATA: HOSTILE_DATA, ...HOSTILE_DATA }),
  json('zero ids', { DATA: ZERO_DATA, ...ZERO_DATA }),
  json('array', [1, 2, 3]),
  json('string', '"text"'),
  json('null', 'null'),
  json('truncated', '{"DATA":'),
  json('deep', deep(20000)),
  json('proto', '{"__proto__":{"admin":true},"DATA":{"constructor":{"prototype":{"x":1}}}}'),
  HUGE,
  json('nul', { DATA: { name: 'a\u0000b' }, id: 'x\u0000' }),
  { label: 'text/xml', type: 'text/xml', body: '<a>&x;</a>' },
  { label: 'octet-stream', type: 'application/octet-stream', body: new Uint8Array([0, 1, 2, 255]) },
  { label: 'no content type', body: 'DATA={' },
  multipart('unterminated', `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004garbage`),
  multipart('no boundary', 'garbage', ''),
  multipart('bad header', `--${B}\r\nContent-Disposition\r\n\r\nx\r\n--${B}--\r\n`),
  multipart(
    'garbage file',
    `--${B}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nx\u0000\r\n--${B}\r\nContent-Disposition: form-data; name="DATA"\r\n\r\n{\r\n` +
      `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\nPK\u0003\u0004\u0014\u0000garbage\r\n--${B}--\r\n`,
  ),
];

const PATH_VALUES = ['not-a-uuid', ZERO, '..%2F..%2Fetc%2Fpasswd', '%00', '1e20'];

interface Probe {
  method: string;
  url: string;
  body?: Body;
  auth: boolean;
}

// Every route gets hostile input of several kinds, several to a request where they do not hide
// each other (a query with a body); the kinds rotate over the routes, so each kind reaches every
// family of routes (the engine's save, page-list, export… of ~30 entities) many times and the
// ~500 routes stay within a minute or so on PGlite.
const [Q_PAGING, Q_PAGING2, Q_INJECT, Q_ARRAYS, Q_ZERO, Q_RANGE, Q_NUL, Q_DEEP] = QUERIES.slice(1);
const [F_BADJSON, F_DEEP, F_HOSTILE, F_ZERO, F_ARRAYS, F_NUL, F_MIXED, J_HOSTILE, J_ZERO, J_ARRAY, J_STRING, J_NULL, J_TRUNC, J_DEEP, J_PROTO, , J_NUL, XML, OCTET, NO_TYPE, M_UNTERMINATED, M_NO_BOUNDARY, M_BAD_HEADER, M_GARBAGE] = BODIES;
const GET_QUERIES = [Q_PAGING, Q_INJECT, Q_PAGING2, Q_ARRAYS, Q_ZERO, Q_RANGE, `${Q_NUL}&${Q_DEEP}`];
const QUERY_ROTATION = [Q_PAGING, Q_PAGING2, Q_ARRAYS, Q_RANGE, Q_ZERO];
const BODY_ROTATION = [J_HOSTILE, F_ZERO, F_ARRAYS, F_MIXED, J_ARRAY, F_BADJSON, M_GARBAGE, M_UNTERMINATED];
// Refused by the app's guards (or Fastify) before any handler: cheap.
const GUARDED = [F_DEEP, J_DEEP, J_PROTO, J_NUL, F_NUL, HUGE, J_STRING, J_NULL, J_TRUNC, XML, OCTET, NO_TYPE, M_NO_BOUNDARY, M_BAD_HEADER];

function probesOf(routes: ReadonlyArray<{ method: string; url: string }>): Probe[] {
  const out: Probe[] = [];
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length];
  routes.forEach(({ method, url }, n) => {
    const paths = /[:*]/.test(url) ? PATH_VALUES.map((v) => url.replace(/:[^/]+|\*/g, v)) : [url];
    const withBody = method !== 'GET' && method !== 'HEAD';
    const at = (path: string, q: string) => (q ? `${path}?${q}` : path);
    for (const path of paths) {
      if (withBody) {
        out.push({ method, url: at(path, Q_INJECT), body: F_HOSTILE, auth: true });
        out.push({ method, url: at(path, Q_ZERO), body: J_ZERO, auth: true });
        out.push({ method, url: at(path, pick(QUERY_ROTATION, n)), body: pick(BODY_ROTATION, n), auth: true });
        out.push({ method, url: at(path, n % 2 ? Q_NUL : Q_DEEP), body: pick(GUARDED, n), auth: true });
      } else {
        out.push({ method, url: at(path, pick(GET_QUERIES, n)), auth: true });
        out.push({ method, url: at(path, pick(GET_QUERIES, n + 3)), auth: true });
      }
      // Signed out, with a forged token every other route: the public surface.
      const forged = n % 2 ? `token=${encodeURIComponent("' or 1=1 --")}&` : '';
      out.push({ method, url: at(path, forged + pick(GET_QUERIES, n + 1)), body: withBody ? pick([F_HOSTILE, J_HOSTILE, M_GARBAGE], n) : undefined, auth: false });
    }
  });
  return out;
}

async function send(p: Probe, retried = false): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  if (p.auth) headers.authorization = `Bearer ${token}`;
  if (p.body?.type) headers['content-type'] = p.body.type;
  if (!p.auth && p.url.includes('token=')) headers.authorization = 'Bearer \u00ff\u00fe';
  try {
    // A request the server never answers is a failure too (not a test that hangs).
    const res = await fetch(new URL(p.url, srv.url), { method: p.method, headers, body: p.body?.body as BodyInit | undefined, signal: AbortSignal.timeout(60_000) });
    return { status: res.status, text: (await res.text()).slice(0, 300) };
  } catch (err) {
    // The server answers 413 to an oversized body and closes before reading it: the client may
    // see only the closed socket. Anything else that drops the connection is a failure.
    if (p.body === HUGE) return { status: 413, text: 'closed' };
    // A kept-alive socket the server closed as idle just as it was reused: once more, fresh.
    if (String((err as Error).cause).includes('other side closed') && !retried) return send(p, true);
    return { status: 599, text: `connection failed: ${(err as Error).cause ?? err}` };
  }
}

/** Spec §7 (REQ-02): every business call lives under one of these prefixes (API.md). */
const SPEC_PREFIXES = ['utilsapi', 'srmapi', 'vfapi', 'thirdpartyapi', 'mdapi', 'crossapi', 'rptapi', 'thirdapi', 'plmapi', 'scmapi', 'thirdscmapi', 'thirdplmapi'];

describe('API prefixes (REQ-02)', () => {
  it('every route under /api/ starts with one of the spec\'s twelve prefixes', () => {
    const api = srv.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'OPTIONS');
    expect(api.length).toBeGreaterThan(100);
    const outside = [...new Set(api.map((r) => r.url).filter((u) => !SPEC_PREFIXES.includes(u.split('/')[2]!)))];
    expect(outside).toEqual([]);
  });
});

describe('route-table fuzz', () => {
  it('walks every route of the app, none answers a 5xx to hostile input', async () => {
    const routes = srv.app.routeTable.filter((r) => r.method !== 'OPTIONS');
    const api = routes.filter((r) => r.url.startsWith('/api/'));
    // The table is the server's own: every area's routes and the engine's generated ones.
    expect(api.length).toBeGreaterThan(100);
    expect(api.some((r) => r.url.endsWith('/page-list'))).toBe(true);
    expect(api.some((r) => r.url.endsWith('/import'))).toBe(true);

    const probes = probesOf(routes);
    const started = Date.now();
    const statuses = new Map<string, number>();
    const failures: string[] = [];
    let relogins = 0;
    let signingIn: Promise<{ token: string }> | undefined;
    let next = 0;
    // A few requests at once: PGlite serves one transaction at a time anyway.
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < probes.length) {
          const p = probes[next++];
          const used = token;
          let res = await send(p);
          // A route that ended the session (logout, …) was hit: sign in again (once for all
          // workers) and retry.
          if (p.auth && res.status === 401) {
            if (token === used) {
              relogins++;
              token = (await (signingIn ??= login(srv.call, 'brand.admin').finally(() => (signingIn = undefined)))).token;
            } else if (signingIn) await signingIn;
            res = await send(p);
          }
          const k = `${p.auth ? 'auth' : 'anon'} ${res.status}`;
          statuses.set(k, (statuses.get(k) ?? 0) + 1);
          if (res.status >= 500) failures.push(`${p.method} ${p.url.slice(0, 200)}${p.body ? ` [${p.body.label}]` : ''}${p.auth ? '' : ' (signed out)'} → ${res.status} ${res.text}`);
        }
      }),
    );
    console.log(`fuzz: ${routes.length} routes, ${probes.length} probes, ${Date.now() - started} ms, relogins ${relogins}`, JSON.stringify([...statuses]));
    expect(failures, `${failures.length} of ${probes.length} probes answered 5xx`).toEqual([]);
  }, 300_000);
});

describe('a missing required parameter is 400 / 11000 naming it; 404 stays for paths and records', () => {
  const CPM = 'crossapi/ccommonapi';
  const missing = (res: { status: number; body: any }, field: string) => {
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(11000);
    expect(Object.keys(res.body.data.errors)).toEqual([field]);
    expect(res.body.message).toContain(field);
  };

  it('flow calls without pid, read-msg without ids, an import report without id', async () => {
    missing(await srv.call('GET', `${CPM}/cpm-bus/cpm-view`, { token }), 'pid');
    missing(await srv.call('GET', `${CPM}/cpm-bus/cpm-node-actions`, { token }), 'pid');
    missing(await srv.call('POST', `${CPM}/cpm-bus/push`, { token, form: { action: 'APPROVE' } }), 'pid');
    const zh = await srv.call('POST', 'utilsapi/notifyapi/notify-msg/read-msg', { token, form: {}, headers: { 'x-seamline-lang': 'zh' } });
    missing(zh, 'msgid');
    expect(zh.body.message).toBe('缺少必填参数 msgid');
    const en = await srv.call('POST', 'utilsapi/notifyapi/notify-msg/read-msg', { token, form: {}, headers: { 'x-seamline-lang': 'en' } });
    expect(en.body.message).toBe('The parameter msgid is required');
    missing(await srv.call('GET', 'mdapi/vendor/import-report', { token }), 'id');
  });

  it('an unknown path and an unknown record stay 404', async () => {
    expect((await srv.call('GET', `${CPM}/cpm-bus/cpm-viewx`, { token, query: { pid: ZERO } })).status).toBe(404);
    const gone = await srv.call('GET', `${CPM}/cpm-bus/cpm-view`, { token, query: { pid: ZERO } });
    expect([gone.status, gone.body.code]).toEqual([404, 404]);
    expect((await srv.call('GET', 'mdapi/vendor/import-report', { token, query: { id: 'not-a-uuid' } })).status).toBe(404);
  });
});
