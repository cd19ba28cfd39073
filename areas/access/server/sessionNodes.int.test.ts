// Sessions end on every node at once: two server processes on one PostgreSQL database and one
// Redis (the session bus and the socket.io adapter both go through it). A token cached on node B
// dies the moment logout, freeze, password change or a refresh replay answers on node A, and the
// session's sockets on B close. Needs DATABASE_URL and REDIS_URL (CI has both); skipped otherwise.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { apiCaller, login, openTestDatabase, type Caller, type TestDatabase } from '@seamline/server/testing';
import { DEMO_PASSWORD } from '../../system/server/seed/demo';
import { connectSocket, connectTo, whoAmI } from '../../collab/server/testing';
import { startNode, stopNode, type ServerNode } from './serverNodes';

const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!REDIS_URL || !DATABASE_URL)('two server nodes on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let a: ServerNode | undefined;
  let b: ServerNode | undefined;
  let callA: Caller;
  let callB: Caller;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { DATABASE_URL: database.url!, REDIS_URL: REDIS_URL!, SOCKET_REDIS_KEY: `seamline-test-${randomUUID()}`, DATA_DIR: '/nonexistent' };
    [a, b] = await Promise.all([startNode(env), startNode(env)]);
    callA = apiCaller(a.url);
    callB = apiCaller(b.url);
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([stopNode(a), stopNode(b)]);
    await database?.close();
  });

  /** Signs in on A, then caches the token on B and opens a joined socket on B. */
  async function onB(username: string) {
    const tokens = await login(callA, username);
    const me = await whoAmI(callB, tokens.token);
    expect((await callB('GET', 'utilsapi/access/user-state', { token: tokens.token })).status).toBe(200);
    const socket = await connectSocket(b!.url, { token: tokens.token });
    sockets.push(socket);
    expect(await connectTo(socket, me.id, me.clientid)).toMatchObject({ ok: true });
    const reasons: string[] = [];
    socket.on('disconnect', (r) => reasons.push(r));
    const messages: unknown[] = [];
    socket.on('message', (m) => messages.push(m));
    return { ...tokens, me, socket, reasons, messages, stateOnB: () => callB('GET', 'utilsapi/access/user-state', { token: tokens.token }) };
  }

  async function closedByServer(s: { reasons: string[] }): Promise<void> {
    for (let i = 0; i < 300 && s.reasons.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(s.reasons).toEqual(['io server disconnect']);
  }

  it('logout on A: the token cached on B is refused at once and its socket on B closes', async () => {
    const s = await onB('brand.buyer');
    const keep = await onB('brand.buyer');
    expect((await callA('POST', 'utilsapi/access/logout', { token: s.token })).status).toBe(200);
    expect((await s.stateOnB()).status).toBe(401);
    await closedByServer(s);
    expect(keep.socket.connected).toBe(true);
    expect((await keep.stateOnB()).status).toBe(200);
  }, 60_000);

  it('freeze on A: the user’s token on B is refused and its socket closes; nothing more reaches it', async () => {
    const victim = await onB('brand.approver2');
    const admin = (await login(callA, 'brand.admin')).token;
    const frozen = await callA('POST', 'utilsapi/sys/users/freeze', { token: admin, json: { DATA: { id: victim.me.id } } });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect((await victim.stateOnB()).status).toBe(401);
    await closedByServer(victim);
    const task = await callA('POST', 'utilsapi/notifyapi/notify-msg/task-save', {
      token: admin,
      json: { DATA: { subject: 'After the freeze', participants: [victim.me.id] } },
    });
    // A frozen user is no longer one of the company's users to give work to.
    expect(task.status, JSON.stringify(task.body)).toBe(422);
    expect(Object.keys(task.body.data.errors)).toEqual(['participants']);
    expect(victim.messages).toEqual([]);
    expect((await callA('POST', 'utilsapi/sys/users/unfreeze', { token: admin, json: { DATA: { id: victim.me.id } } })).status).toBe(200);
  }, 60_000);

  it('a user-state cached on B shows a notification sent on A, and its reading, at once', async () => {
    const s = await onB('brand.buyer');
    const before = (await s.stateOnB()).body.data.results.unread_total;
    const admin = (await login(callA, 'brand.admin')).token;
    const task = await callA('POST', 'utilsapi/notifyapi/notify-msg/task-save', {
      token: admin,
      json: { DATA: { subject: 'Counted on B', participants: [s.me.id] } },
    });
    expect(task.status, JSON.stringify(task.body)).toBe(200);
    expect((await s.stateOnB()).body.data.results.unread_total).toBe(before + 1);
    const rows = (await callA('GET', 'utilsapi/notifyapi/notify-msg/index', { token: s.token })).body.data.results.rows;
    expect((await callA('POST', 'utilsapi/notifyapi/notify-msg/read-msg', { token: s.token, form: { msgid: rows[0].msgid } })).status).toBe(200);
    expect((await s.stateOnB()).body.data.results.unread_total).toBe(before);
  }, 60_000);

  it('password change on A ends the other sessions on B, sockets included', async () => {
    const mine = (await login(callA, 'brand.approver1')).token;
    const other = await onB('brand.approver1');
    const changed = await callA('POST', 'utilsapi/access/change-password', {
      token: mine,
      form: { oldPassword: DEMO_PASSWORD, password: 'N3w-Password-2026', passwordRepeat: 'N3w-Password-2026' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await other.stateOnB()).status).toBe(401);
    await closedByServer(other);
  }, 60_000);

  it('a refresh replay on A ends the family: its socket on B closes', async () => {
    const first = await login(callA, 'brand.buyer');
    const next = (await callA('POST', 'utilsapi/access/refresh-token', { form: { username: 'brand.buyer', refresh_token: first.refreshtoken } })).body.data
      .results;
    const me = await whoAmI(callB, next.token);
    const socket = await connectSocket(b!.url, { token: next.token });
    sockets.push(socket);
    expect(await connectTo(socket, me.id, me.clientid)).toMatchObject({ ok: true });
    const s = { reasons: [] as string[] };
    socket.on('disconnect', (r) => s.reasons.push(r));
    const replay = await callA('POST', 'utilsapi/access/refresh-token', { form: { username: 'brand.buyer', refresh_token: first.refreshtoken } });
    expect(replay.status).toBe(401);
    expect((await callB('GET', 'utilsapi/access/user-state', { token: next.token })).status).toBe(401);
    await closedByServer(s);
  }, 60_000);
});
