// The out-API bus over real HTTP on a real database (PGlite with the job table; with
// DATABASE_URL a PostgreSQL server and pg-boss) against a real local receiver: configs with a
// write-only secret, a push that fails twice then lands exactly once with 3 attempts logged and
// a signature the receiver verifies, a failed delivery retried from the log, a restart mid-queue
// that loses nothing and sends nothing twice, another company's 404s, the before-action call
// (failure logged only) and the third API service (host from configuration).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  buildApp, apiCaller, login, openTestDatabase, testConfig, type ApiResponse, type Caller, type TestDatabase, download, readXlsx,
} from '@seamline/server/testing';
import { randomUUID } from 'node:crypto';
import { eq, sql } from '@seamline/server/api';
import { findConfig, pushFor, queueDelivery } from './deliveries';
import { startReceiver, signatureValid, type Receiver } from './receiver.testing';
import { outapi_config, outapiJob } from './schema';
import { outApiSettings } from './settings';

process.env.OUTAPI_RETRY_DELAY_MS = '100';
process.env.OUTAPI_MAX_ATTEMPTS = '3';
process.env.OUTAPI_TIMEOUT_MS = '5000';
delete process.env.THIRD_API_URL;

const EN = { 'x-seamline-lang': 'en' };
const SECRET = 'brand-secret-1';
const BUS = 'utilsapi/zutilsapi/out-api-bus';

interface Node {
  url: string;
  app: FastifyInstance;
  call: Caller;
  logs: string[];
}

let database: TestDatabase;
let node: Node;
let receiver: Receiver;
let admin: string; // brand.admin: company administrator of Demo Brand Co.
let buyer: string; // brand.buyer: same company, not an administrator
let other: string; // factory.admin: another company

async function startNode(): Promise<Node> {
  const logs: string[] = [];
  const app = buildApp({ db: database.db, config: testConfig({ databaseUrl: database.url }), logStream: { write: (l: string) => void logs.push(l) } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, app, call: apiCaller(url), logs };
}

function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const saveConfig = (doc: Record<string, unknown>, token = admin) => node.call('POST', 'utilsapi/out-api-config/save', { token, headers: EN, json: { DATA: doc } });
/** The spec's wire form: apiKey and apiSendMethod as query parameters, DATA a JSON list, form-encoded. */
const push = (apiKey: string, data: unknown, token = admin, method = 'POST') =>
  node.call('POST', `${BUS}/auto-push`, { token, headers: EN, query: { apiKey, apiSendMethod: method }, form: { DATA: JSON.stringify(data) } });
const delivery = (id: string, token = admin) => node.call('GET', `${BUS}/delivery`, { token, headers: EN, query: { id } });

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, limitMs = 60_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const settled = (id: string, token = admin) => until(`delivery ${id}`, async () => ok(await delivery(id, token)), (d) => d.status === 'delivered' || d.status === 'failed');

beforeAll(async () => {
  database = await openTestDatabase();
  node = await startNode();
  receiver = await startReceiver();
  admin = (await login(node.call, 'brand.admin')).token;
  buyer = (await login(node.call, 'brand.buyer')).token;
  other = (await login(node.call, 'factory.admin')).token;
  ok(await saveConfig({ api_id: 'erp_po', usage: 'push', send_method: 'POST', msg_display: '1', target_url: `${receiver.url}/erp/po`, headers: '{"X-Tenant":"A1"}', secret: SECRET }));
});
afterAll(async () => {
  await node?.app.close();
  await receiver?.close();
  await database?.close();
});

describe('out-API config', () => {
  it('keeps the secret write-only: not in the save answer, the list, the view or the export', async () => {
    const saved = ok(await saveConfig({ api_id: 'WMS_ASN', usage: 'push', send_method: 'PUT', msg_display: '0', target_url: `${receiver.url}/wms`, secret: 'hidden-xyz' }));
    expect(saved.secret ?? null).toBeNull();
    const list = ok(await node.call('GET', 'utilsapi/out-api-config/page-list', { token: admin, headers: EN, query: { q: '{}', p: '{"size":50}' } }));
    const row = list.rows.find((r: any) => r.api_id === 'WMS_ASN');
    expect([row.secret ?? null, row.secret_set, row.send_method]).toEqual([null, true, 'PUT']);
    const view = ok(await node.call('GET', 'utilsapi/out-api-config/view', { token: admin, headers: EN, query: { id: row.id } }));
    expect(JSON.stringify(view)).not.toContain('hidden-xyz');
    const xlsx = await download(node.url, 'utilsapi/out-api-config/export', admin, { q: '{}' });
    expect(xlsx.status).toBe(200);
    const cells = (await readXlsx(xlsx.bytes)).flatMap((sheet) => sheet.rows.flat().map(String));
    expect(cells).toContain('WMS_ASN');
    expect(cells.join(' ')).not.toContain('hidden-xyz');
    const audit = ok(await node.call('GET', 'utilsapi/out-api-config/audit', { token: admin, headers: EN, query: { id: row.id } }));
    expect(JSON.stringify(audit)).not.toContain('hidden-xyz');
  });

  it('refuses a new config without a secret, bad headers and a non-http target, in the user’s language', async () => {
    const res = await saveConfig({ api_id: 'X1', usage: 'push', send_method: 'POST', msg_display: '1', target_url: 'ftp://files.example.com/x', headers: '["a"]' });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.secret).toEqual(['A new configuration needs a signing secret']);
    expect(res.body.data.errors.headers).toEqual(['Headers must be a JSON object of names to text values']);
    expect(res.body.data.errors.target_url).toBeDefined();
    const list = ok(await node.call('GET', 'utilsapi/out-api-config/page-list', { token: admin, headers: EN, query: { q: '{"api_id":"X1"}', p: '{}' } }));
    expect(list.rows).toEqual([]);
  });

  it('is managed by the company administrator only', async () => {
    expect((await saveConfig({ api_id: 'BUYER_TRY', usage: 'push', send_method: 'POST', msg_display: '1', target_url: 'https://example.com/x', secret: 's' }, buyer)).status).toBe(403);
    expect((await node.call('GET', 'utilsapi/out-api-config/page-list', { token: buyer, headers: EN, query: { q: '{}', p: '{}' } })).status).toBe(403);
  });
});

describe('auto-push', () => {
  it('fails twice, then is delivered exactly once, signed, with 3 attempts in the log', async () => {
    receiver.script([500, 503]);
    const start = receiver.received.length;
    const queued = ok(await push('ERP_PO', [{ ID: 1 }, { ID: 2 }]));
    expect([queued.status, queued.api_id, queued.msg_display]).toEqual(['queued', 'ERP_PO', '1']);
    // pg-boss on a PostgreSQL server, the SKIP LOCKED job table on PGlite.
    const started = node.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'out-API delivery worker started');
    expect(started.queue).toBe(process.env.DATABASE_URL ? 'pg-boss' : 'table');
    const d = await settled(queued.id);
    expect(d.status).toBe('delivered');
    expect(d.attempts.map((a: any) => [a.no, a.http_status])).toEqual([[1, 500], [2, 503], [3, 200]]);
    const got = receiver.received.slice(start);
    expect(got.map((r) => r.answered)).toEqual([500, 503, 200]);
    for (const r of got) {
      expect([r.method, r.path, r.headers['idempotency-key'], r.headers['x-tenant']]).toEqual(['POST', '/erp/po', queued.id, 'A1']);
      expect(JSON.parse(r.body)).toEqual({ API_ID: 'ERP_PO', DATA: [{ ID: 1 }, { ID: 2 }] });
      expect(signatureValid(r, SECRET)).toBe(true);
      expect(signatureValid(r, 'another-secret')).toBe(false);
    }
    // Nothing more arrives for it once delivered (the job is finished, not left to run again).
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received.slice(start)).toHaveLength(3);
    const log = ok(await node.call('GET', `${BUS}/deliveries`, { token: admin, headers: EN, query: { q: '{"status":"delivered"}', p: '{"size":5}' } }));
    expect(log.rows.find((r: any) => r.id === queued.id)).toMatchObject({ attempts: 3, items: 2, last_status: 200 });
  });

  it('marks a delivery failed after the last attempt; a user retries it from the log', async () => {
    receiver.script([], 500);
    const start = receiver.received.length;
    const queued = ok(await push('ERP_PO', { ID: 7 }));
    const failed = await settled(queued.id);
    expect([failed.status, failed.attempts.length, failed.last_status]).toEqual(['failed', 3, 500]);
    expect(receiver.received.slice(start).every((r) => JSON.parse(r.body).DATA.length === 1)).toBe(true);
    receiver.script([], 200);
    expect(ok(await node.call('POST', `${BUS}/retry`, { token: admin, headers: EN, form: { id: queued.id } })).status).toBe('queued');
    const done = await settled(queued.id);
    expect([done.status, done.attempts.map((a: any) => a.http_status)]).toEqual(['delivered', [500, 500, 500, 200]]);
    expect(receiver.received.slice(start).filter((r) => r.answered === 200)).toHaveLength(1);
    const again = await node.call('POST', `${BUS}/retry`, { token: admin, headers: EN, form: { id: queued.id } });
    expect([again.status, again.body.message]).toEqual([400, 'Only a failed delivery can be sent again']);
  });

  it('refuses an unknown key, a bad method and DATA that is not a list of items, saving nothing', async () => {
    const before = ok(await node.call('GET', `${BUS}/deliveries`, { token: admin, headers: EN, query: { q: '{}', p: '{}' } })).total;
    const unknown = await push('NOPE', [{ ID: 1 }]);
    expect([unknown.status, unknown.body.message]).toEqual([400, 'No push configuration "NOPE" exists in your company']);
    expect((await push('ERP_PO', [{ ID: 1 }], admin, 'DELETE')).body.message).toBe('The send method must be one of POST, PUT, PATCH');
    expect((await push('ERP_PO', [1, 2])).body.message).toBe('DATA must be a JSON list of the items to send');
    expect((await push('ERP_PO', [])).status).toBe(400);
    const zh = await node.call('POST', `${BUS}/auto-push`, { token: admin, headers: { 'x-seamline-lang': 'zh' }, query: { apiKey: 'NOPE' }, form: { DATA: '[{"ID":1}]' } });
    expect(zh.body.message).toBe('本公司没有推送配置“NOPE”');
    expect(ok(await node.call('GET', `${BUS}/deliveries`, { token: admin, headers: EN, query: { q: '{}', p: '{}' } })).total).toBe(before);
  });

  it('shows another company nothing: 404 on the delivery and its retry, an empty log, and its own keys only', async () => {
    receiver.script([], 200);
    const queued = ok(await push('ERP_PO', [{ ID: 9 }]));
    await settled(queued.id);
    expect((await delivery(queued.id, other)).status).toBe(404);
    expect((await node.call('POST', `${BUS}/retry`, { token: other, headers: EN, form: { id: queued.id } })).status).toBe(404);
    const theirs = ok(await node.call('GET', `${BUS}/deliveries`, { token: other, headers: EN, query: { q: '{}', p: '{}' } }));
    expect(theirs.rows.map((r: any) => r.id)).not.toContain(queued.id);
    expect((await push('ERP_PO', [{ ID: 1 }], other)).status).toBe(400);
  });
});

describe('who may push (issue 22 point 4.5)', () => {
  it('a member without the out-API menus can neither push signed data, nor call before-action, nor read the log', async () => {
    const start = receiver.received.length;
    const pushed = await push('ERP_PO', [{ FAKE: 'order' }], buyer);
    expect([pushed.status, pushed.body.message]).toEqual([403, 'You do not have permission for this operation']);
    const before = await node.call('POST', `${BUS}/before-action`, { token: buyer, headers: EN, query: { apiKey: 'ERP_PO' }, form: { DATA: '[{"PO":"P1"}]' } });
    expect(before.status).toBe(403);
    expect((await node.call('GET', `${BUS}/deliveries`, { token: buyer, headers: EN, query: { q: '{}', p: '{}' } })).status).toBe(403);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.slice(start)).toEqual([]);
  });

  it('a business action pushes for its user through its own server code; the user follows that push, not others\'', async () => {
    receiver.script([], 200);
    const me = ok(await node.call('GET', 'utilsapi/access/user-state', { token: buyer, headers: EN }));
    const mine = await database.db.withTenant(me.clientid, (tx) =>
      pushFor({ db: database.db, config: testConfig({ databaseUrl: database.url }), session: { clientId: me.clientid, userId: me.id } }, tx, 'ERP_PO', [{ ID: 10 }]),
    );
    expect(mine).toMatchObject({ status: 'queued', api_id: 'ERP_PO', msg_display: '1' });
    expect(ok(await delivery(mine.id, buyer)).api_id).toBe('ERP_PO');
    const theirs = ok(await push('ERP_PO', [{ ID: 11 }]));
    expect((await delivery(theirs.id, buyer)).status).toBe(404);
    await settled(mine.id);
    await settled(theirs.id);
    // An unknown key is refused in the code's caller as on the route.
    await expect(database.db.withTenant(me.clientid, (tx) => pushFor({ db: database.db, config: testConfig({ databaseUrl: database.url }), session: { clientId: me.clientid, userId: me.id } }, tx, 'NOPE', [{ ID: 1 }]))).rejects.toThrow();
  });
});

describe('targets (issue 22 point 4.6)', () => {
  it('masks credentials of a target URL in the delivery log', async () => {
    receiver.script([], 200);
    const target = receiver.url.replace('http://', 'http://erp-user:s3cr3t-pw@');
    ok(await saveConfig({ api_id: 'CRED_PO', usage: 'push', send_method: 'POST', msg_display: '1', target_url: `${target}/cred`, secret: 'cred-secret' }));
    const queued = ok(await push('CRED_PO', [{ ID: 1 }]));
    const d = await settled(queued.id);
    expect(d.status).toBe('delivered');
    // The receiver got the credentials (HTTP basic); the log shows none of them.
    const got = receiver.received.find((r) => r.headers['idempotency-key'] === queued.id)!;
    expect(Buffer.from(String(got.headers.authorization).replace('Basic ', ''), 'base64').toString()).toBe('erp-user:s3cr3t-pw');
    const log = ok(await node.call('GET', `${BUS}/deliveries`, { token: admin, headers: EN, query: { q: '{"api_id":"CRED_PO"}', p: '{}' } }));
    const shown = JSON.stringify([log, ok(await delivery(queued.id))]);
    expect(shown).not.toContain('s3cr3t-pw');
    expect(shown).not.toContain('erp-user');
    expect(log.rows[0].target_url).toBe(`${receiver.url.replace('http://', 'http://***:***@')}/cred`);
  });

  it('warns on saving a target this server refuses to send to (a private address), in the user\'s language; force=1 saves it', async () => {
    process.env.OUTAPI_PRIVATE_TARGETS = 'deny';
    try {
      const doc = { api_id: 'LAN_PO', usage: 'push', send_method: 'POST', msg_display: '1', target_url: 'http://10.1.2.3:8080/po', secret: 'lan-secret' };
      const warned = await saveConfig(doc);
      expect([warned.status, warned.body.data?.warning]).toEqual([400, 'CONFIRM']);
      expect(warned.body.message).toContain('10.1.2.3');
      expect(warned.body.message).toContain('OUTAPI_ALLOW_HOSTS');
      const zh = await node.call('POST', 'utilsapi/out-api-config/save', { token: admin, headers: { 'x-seamline-lang': 'zh' }, json: { DATA: { ...doc, target_url: 'http://localhost:9/po' } } });
      expect([zh.status, zh.body.data?.warning]).toEqual([400, 'CONFIRM']);
      expect(zh.body.message).toMatch(/内网|本机/);
      const none = ok(await node.call('GET', 'utilsapi/out-api-config/page-list', { token: admin, headers: EN, query: { q: '{"api_id":"LAN_PO"}', p: '{}' } }));
      expect(none.rows).toEqual([]);
      const saved = ok(await node.call('POST', 'utilsapi/out-api-config/save', { token: admin, headers: EN, json: { DATA: doc, force: '1' } }));
      expect(saved.target_url).toBe('http://10.1.2.3:8080/po');
      // A public address, or a private one the operator allows, saves without a word.
      ok(await saveConfig({ ...doc, api_id: 'PUB_PO', target_url: 'https://93.184.216.34/po' }));
      process.env.OUTAPI_ALLOW_HOSTS = '10.1.2.3';
      ok(await saveConfig({ ...doc, api_id: 'LAN_PO2' }));
    } finally {
      delete process.env.OUTAPI_PRIVATE_TARGETS;
      delete process.env.OUTAPI_ALLOW_HOSTS;
    }
  });
});

describe('restart', () => {
  it('loses nothing and sends nothing twice when the server stops mid-queue', async () => {
    receiver.script([], 500);
    const start = receiver.received.length;
    const queued = ok(await push('ERP_PO', [{ ID: 42 }]));
    await until('a first attempt', async () => ok(await delivery(queued.id)), (d) => d.attempts.length >= 1);
    await node.app.close();
    const whileDown = receiver.received.length;
    receiver.script([], 200);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.length).toBe(whileDown); // a stopped node sends nothing
    const pending = ok(await startNode().then((n) => ((node = n), delivery(queued.id))));
    expect(['retrying', 'queued', 'delivered']).toContain(pending.status);
    const done = await settled(queued.id);
    expect(done.status).toBe('delivered');
    const mine = receiver.received.slice(start).filter((r) => r.headers['idempotency-key'] === queued.id);
    expect(mine.filter((r) => r.answered === 200)).toHaveLength(1);
    expect(mine.length).toBe(done.attempts.length);
  });
});

describe('a node that dies mid-send (job table)', () => {
  it.skipIf(!!process.env.DATABASE_URL)('leaves its leased job to the next node once the lease runs out', async () => {
    await node.app.close();
    receiver.script([], 200);
    // Queued while no node runs, then leased as if a node claimed it and died before recording.
    const id = await database.db.asSystem(async (tx) => {
      const [{ client_id }] = (await tx.select({ client_id: outapi_config.client_id }).from(outapi_config).where(eq(outapi_config.api_id, 'ERP_PO'))) as Array<{ client_id: string }>;
      const config = (await findConfig(tx, client_id, 'ERP_PO'))!;
      const ctx = { db: database.db, config: testConfig() };
      return (await queueDelivery(ctx, tx, { clientId: client_id, userId: randomUUID(), config, method: 'POST', items: [{ ID: 77 }] }, outApiSettings())).id;
    });
    await database.db.asSystem((tx) => tx.update(outapiJob).set({ lockedUntil: sql`now() + interval '1 second'` }));
    node = await startNode();
    const done = await settled(id);
    expect([done.status, done.attempts.length]).toEqual(['delivered', 1]);
    expect(receiver.received.filter((r) => r.headers['idempotency-key'] === id)).toHaveLength(1);
  });
});

describe('before-action enhancement API', () => {
  it('posts {DATA} first; a failure answers ok:false and is only logged', async () => {
    ok(await saveConfig({ api_id: 'CHECK_PO', usage: 'before-action', send_method: 'POST', msg_display: '0', target_url: `${receiver.url}/check`, secret: 'check-secret' }));
    receiver.script([502], 200);
    const start = receiver.received.length;
    const failed = ok(await node.call('POST', `${BUS}/before-action`, { token: admin, headers: EN, query: { apiKey: 'CHECK_PO' }, form: { DATA: '[{"PO":"P1"}]' } }));
    expect(failed).toEqual({ ok: false, status: 502 });
    expect(node.logs.some((l) => l.includes('before-action enhancement API failed') && l.includes('CHECK_PO'))).toBe(true);
    const passed = ok(await node.call('POST', `${BUS}/before-action`, { token: admin, headers: EN, query: { apiKey: 'CHECK_PO' }, form: { DATA: '[{"PO":"P1"}]' } }));
    expect(passed).toEqual({ ok: true, status: 200 });
    const got = receiver.received.slice(start);
    expect(got.map((r) => [r.path, JSON.parse(r.body)])).toEqual([
      ['/check', { DATA: [{ PO: 'P1' }] }],
      ['/check', { DATA: [{ PO: 'P1' }] }],
    ]);
    expect(got.every((r) => signatureValid(r, 'check-secret'))).toBe(true);
    // A before-action key is not a push key.
    expect((await push('CHECK_PO', [{ ID: 1 }])).status).toBe(400);
  });
});

describe('third API service', () => {
  it('answers a clear 400 while THIRD_API_URL is unset', async () => {
    const res = await node.call('POST', 'thirdapi/sync/po', { token: admin, headers: EN, form: { PO: 'P1' } });
    expect([res.status, res.body.message]).toEqual([400, 'The third API service is not configured on this server (THIRD_API_URL)']);
  });

  it('posts the caller’s body form-encoded to the configured host + path', async () => {
    process.env.THIRD_API_URL = `${receiver.url}/third/`;
    try {
      receiver.script([], 200);
      const start = receiver.received.length;
      const res = ok(await node.call('POST', 'thirdapi/sync/po', { token: admin, headers: EN, form: { PO: 'P1', LINES: '[{"QTY":"1.0000"}]' } }));
      expect(res).toEqual({ message: 'OK' });
      const [got] = receiver.received.slice(start);
      expect([got.method, got.path, got.headers['content-type']]).toEqual(['POST', '/third/sync/po', 'application/x-www-form-urlencoded;charset=UTF-8']);
      expect(Object.fromEntries(new URLSearchParams(got.body))).toEqual({ PO: 'P1', LINES: '[{"QTY":"1.0000"}]' });
      expect(got.headers.authorization).toBeUndefined();
      expect(got.body).not.toContain(admin);
      const badPath = await node.call('POST', 'thirdapi/sync/p%20o', { token: admin, headers: EN });
      expect([badPath.status, badPath.body.message]).toEqual([400, 'Give the path of the third API call, e.g. sync/po']);
      receiver.script([], 500);
      const down = await node.call('POST', 'thirdapi/sync/po', { token: admin, headers: EN, form: { PO: 'P1' } });
      expect([down.status, down.body.message]).toEqual([400, 'The third API service did not answer (500)']);
    } finally {
      delete process.env.THIRD_API_URL;
    }
  });
});
