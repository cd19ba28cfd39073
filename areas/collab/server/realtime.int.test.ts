// socket.io at /ws on real sockets: the handshake token, connectto rooms, forged ids, group rooms,
// and notify() across companies, pushed only after the storing transaction commits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  defineArea, eq, joinGroup, leaveGroup, notify, notifyMsg, registerGroupSource, emitToGroup, type Api, getHub, userRoom, groupRoom,
} from '@seamline/server/api';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';
import { collect, connectSocket, connectTo, followGroups, nextEvent, whoAmI, type Me } from './testing';

// A route that sends what the test asks, then (optionally) fails so the transaction rolls back.
const probe = defineArea({
  name: 'collab-probe',
  routes: (api: Api) => {
    api.post('utilsapi/test-collab/notify', { auth: true }, ({ session, body, tenant }) =>
      tenant(async (tx) => {
        const b = body as Record<string, unknown>;
        await notify(tx, { userId: session.userId, clientId: session.clientId }, {
          type: 'LINK',
          toUserIds: String(b.to).split(','),
          toClientId: String(b.toClient),
          module: 'TICKET',
          functionSubarea: 'discussion',
          relatedKey: 'T-9',
          content: { en: `hello ${String(b.tag)}`, zh: `你好 ${String(b.tag)}` },
          url: '/page/ticket/view?key=9',
          menuId: 'COLLAB_TICKET',
        });
        if (b.fail === '1') throw new Error('rolled back on purpose');
        return { ok: true };
      }),
    );
    api.post('utilsapi/test-collab/group', { auth: true }, async ({ body }) => {
      const b = body as Record<string, string>;
      const users = (b.users ?? '').split(',');
      if (b.op === 'add') {
        for (const u of users) members.add(`${u}:${b.group}`);
        await joinGroup(users, b.group!);
      } else if (b.op === 'remove') {
        for (const u of users) members.delete(`${u}:${b.group}`);
        await leaveGroup(users, b.group!);
      } else emitToGroup(b.group!, 'group-say', { text: b.text });
      return null;
    });
  },
});
// Group membership as the probe route sets it; the factory admin starts in 'G-member'.
const members = new Set<string>();
registerGroupSource(async (_tx, session) => [
  ...(session.username === 'factory.admin' ? ['G-member'] : []),
  ...[...members].filter((m) => m.startsWith(`${session.userId}:`)).map((m) => m.split(':')[1]!),
]);

let srv: TestServer;
let brand: Me;
let factory: Me;
let buyer: Me;
const sockets: Socket[] = [];

async function open(me: Me, join = true): Promise<Socket> {
  const s = await connectSocket(srv.url, { token: me.token });
  sockets.push(s);
  if (join) expect(await connectTo(s, me.id, me.clientid)).toMatchObject({ ok: true });
  return s;
}

const READ_BASE = 'utilsapi/notifyapi/notify-msg/';

const send = (from: Me, to: Me[], tag: string, fail = false) =>
  srv.call('POST', 'utilsapi/test-collab/notify', {
    token: from.token,
    json: { to: to.map((u) => u.id).join(','), toClient: to[0]!.clientid, tag, fail: fail ? '1' : '0' },
  });

beforeAll(async () => {
  srv = await startTestServer({ extraAreas: [probe] });
  brand = await whoAmI(srv.call, (await login(srv.call, 'brand.admin')).token);
  buyer = await whoAmI(srv.call, (await login(srv.call, 'brand.buyer')).token);
  factory = await whoAmI(srv.call, (await login(srv.call, 'factory.admin')).token);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await srv?.close();
});

describe('handshake', () => {
  it('refuses a connection without a token or with a forged one', async () => {
    await expect(connectSocket(srv.url, {})).rejects.toThrow('unauthorized');
    await expect(connectSocket(srv.url, { token: 'not-a-token' })).rejects.toThrow('unauthorized');
  });

  it('accepts the token as query parameter too', async () => {
    const s = await connectSocket(srv.url, { queryToken: buyer.token });
    sockets.push(s);
    expect(await connectTo(s, buyer.id, buyer.clientid)).toMatchObject({ ok: true });
  });

  it('a forged user or company id joins nothing', async () => {
    const s = await open(buyer, false);
    expect(await connectTo(s, brand.id, brand.clientid)).toEqual({ ok: false });
    expect(await connectTo(s, buyer.id, factory.clientid)).toEqual({ ok: false });
    const hub = getHub()!;
    const inBrandRoom = await hub.io.in(userRoom(brand.id)).fetchSockets();
    expect(inBrandRoom.map((x) => x.id)).not.toContain(s.id);
    const own = await hub.io.in(userRoom(buyer.id)).fetchSockets();
    expect(own.map((x) => x.id)).not.toContain(s.id);
  });
});

describe('notify()', () => {
  it('a factory notifies a brand user: stored in the brand inbox and pushed live with every field', async () => {
    const s = await open(brand);
    const arrived = nextEvent(s, 'message');
    const res = await send(factory, [brand], 'cross');
    expect(res.status).toBe(200);
    const msg = await arrived;
    expect(msg).toMatchObject({
      type: 'LINK',
      from_client_id: factory.clientid,
      from_client_name: 'Demo Garment Factory',
      from_org_name: 'Demo Garment Factory',
      from_user_fullname: '李强',
      to_client_id: brand.clientid,
      to_client_name: 'Demo Brand Co.',
      module: 'TICKET',
      function_subarea: 'discussion',
      related_key: 'T-9',
      content: '你好 cross', // brand.admin reads Chinese
      url: '/page/ticket/view?key=9',
      post_user_fullname: '李强',
      menu_id: 'COLLAB_TICKET',
      read: false,
    });
    for (const field of ['msgid', 'time', 'post_user_avatar']) expect(msg).toHaveProperty(field);
    // The pushed msgid is the call's batch key: one stored row per recipient carries it.
    const stored = await srv.db.asSystem((tx) => tx.select().from(notifyMsg).where(eq(notifyMsg.batch, msg.msgid)));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.clientId).toBe(brand.clientid);
  });

  it('a rolled-back transaction stores nothing and pushes nothing', async () => {
    const s = await open(brand);
    const got = collect(s, 'message');
    expect((await send(factory, [brand], 'lost', true)).status).toBe(500);
    // The next, committed message is the first to arrive: the rolled-back one never does.
    const next = nextEvent(s, 'message');
    await send(factory, [brand], 'kept');
    expect((await next).content).toBe('你好 kept');
    expect(got.map((m) => m.content)).toEqual(['你好 kept']);
    const rows = await srv.db.asSystem((tx) => tx.select().from(notifyMsg).where(eq(notifyMsg.contentEn, 'hello lost')));
    expect(rows).toHaveLength(0);
  });

  it('reaches only its recipients', async () => {
    const b = await open(buyer);
    const a = await open(brand);
    const gotByAdmin = collect(a, 'message');
    const toBuyer = nextEvent(b, 'message');
    await send(factory, [buyer], 'only-buyer');
    expect((await toBuyer).content).toBe('hello only-buyer'); // Ann Lee reads English
    const toAdmin = nextEvent(a, 'message');
    await send(factory, [brand], 'then-admin');
    await toAdmin;
    expect(gotByAdmin.map((m) => m.content)).toEqual(['你好 then-admin']);
  });

  it('one call to two users pushes one key; each marks only their own row read with it, another company cannot', async () => {
    const a = await open(brand);
    const b = await open(buyer);
    const toAdmin = nextEvent(a, 'message');
    const toBuyer = nextEvent(b, 'message');
    expect((await send(factory, [brand, buyer], 'both')).status).toBe(200);
    const [ma, mb] = await Promise.all([toAdmin, toBuyer]);
    // Same message, each in the recipient's language.
    expect(ma.content).toBe('你好 both');
    expect(mb.content).toBe('hello both');
    expect(mb.msgid).toBe(ma.msgid);
    const key: string = ma.msgid;
    const rowsOf = () => srv.db.asSystem((tx) => tx.select().from(notifyMsg).where(eq(notifyMsg.batch, key)));
    const readBy = async () =>
      Object.fromEntries((await rowsOf()).map((r) => [r.userId, r.readAt !== null]));
    expect(await readBy()).toEqual({ [brand.id]: false, [buyer.id]: false });
    // The inbox lists it under the pushed key too.
    const inbox = await srv.call('GET', READ_BASE + 'index', { token: buyer.token, query: { read: '0' } });
    expect(inbox.body.data.results.rows.map((m: { msgid: string }) => m.msgid)).toContain(key);

    // The sender's company holds no row of it: not found, nothing changes.
    expect((await srv.call('POST', READ_BASE + 'read-msg', { token: factory.token, form: { msgid: key } })).status).toBe(404);
    expect(await readBy()).toEqual({ [brand.id]: false, [buyer.id]: false });

    expect((await srv.call('POST', READ_BASE + 'read-msg', { token: brand.token, form: { msgid: key } })).status).toBe(200);
    expect(await readBy()).toEqual({ [brand.id]: true, [buyer.id]: false });
    expect((await srv.call('POST', READ_BASE + 'read-msg', { token: buyer.token, form: { msgid: key } })).status).toBe(200);
    expect(await readBy()).toEqual({ [brand.id]: true, [buyer.id]: true });
  });
});

describe('group rooms', () => {
  it('GROUP_ADD joins the group room, GROUP_REMOVE leaves it', async () => {
    const s = await open(factory);
    const joined = followGroups(s);
    const said = collect(s, 'group-say');
    await srv.call('POST', 'utilsapi/test-collab/group', { token: brand.token, json: { op: 'add', users: factory.id, group: 'G1' } });
    expect(await joined.next()).toEqual({ event: 'GROUP_ADD', group: 'G1', ok: true });
    const heard = nextEvent(s, 'group-say');
    await srv.call('POST', 'utilsapi/test-collab/group', { token: brand.token, json: { op: 'say', group: 'G1', text: 'one' } });
    expect(await heard).toEqual({ text: 'one' });

    await srv.call('POST', 'utilsapi/test-collab/group', { token: brand.token, json: { op: 'remove', users: factory.id, group: 'G1' } });
    expect(await joined.next()).toEqual({ event: 'GROUP_REMOVE', group: 'G1', ok: true });
    const inRoom = await getHub()!.io.in(groupRoom('G1')).fetchSockets();
    expect(inRoom.map((x) => x.id)).not.toContain(s.id);
    // A later group message is not heard; the next user message is.
    await srv.call('POST', 'utilsapi/test-collab/group', { token: brand.token, json: { op: 'say', group: 'G1', text: 'two' } });
    const after = nextEvent(s, 'message');
    await send(brand, [factory], 'after-remove');
    await after;
    expect(said).toEqual([{ text: 'one' }]);
  });

  it('joins its groups on connectto; a client may ask only for a group it belongs to', async () => {
    const s = await open(factory);
    expect((await getHub()!.io.in(groupRoom('G-member')).fetchSockets()).map((x) => x.id)).toContain(s.id);
    expect(await s.emitWithAck('GROUP_ADD', { group: 'G-secret' })).toEqual({ ok: false });
    expect(await s.emitWithAck('GROUP_REMOVE', { group: 'G-member' })).toEqual({ ok: true });
    expect((await getHub()!.io.in(groupRoom('G-member')).fetchSockets()).map((x) => x.id)).not.toContain(s.id);
    expect(await s.emitWithAck('GROUP_ADD', { group: 'G-member' })).toEqual({ ok: true });
    expect((await getHub()!.io.in(groupRoom('G-member')).fetchSockets()).map((x) => x.id)).toContain(s.id);
  });
});
