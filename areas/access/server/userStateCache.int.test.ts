// user-state from the node's cache (userStateCache.ts): served from memory while nothing it shows
// changed, and afresh after every change that goes through the server — the caller's own writes,
// a notification from another company, reading it. (Two nodes: sessionNodes.int.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, defineArea, eq, notify, type Api } from '@seamline/server/api';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';
import { whoAmI, type Me } from '../../collab/server/testing';
import { cachedUserStateCount } from './userStateCache';

// The factory sends an inbox message to whoever the test names (another company's user).
const probe = defineArea({
  name: 'user-state-cache-probe',
  routes: (api: Api) => {
    api.post('utilsapi/test-user-state/send', { auth: true }, ({ session, body, tenant }) =>
      tenant((tx) =>
        notify(tx, session, {
          type: 'MSG',
          toUserIds: [String(body.to)],
          toClientId: String(body.toClient),
          module: 'TEST',
          content: { en: 'Hello', zh: '你好' },
          menuId: 'COLLAB_TICKET',
        }),
      ),
    );
  },
});

let srv: TestServer;
let buyer: Me;
let factory: Me;

const state = async (who: Me) => {
  const res = await srv.call('GET', 'utilsapi/access/user-state', { token: who.token, headers: { 'x-seamline-lang': 'en' } });
  expect(res.status).toBe(200);
  return res.body.data.results;
};
const renameBehindTheServer = (who: Me, fullName: string) =>
  srv.db.asSystem((tx) => tx.update(appUser).set({ fullName }).where(eq(appUser.id, who.id)));

beforeAll(async () => {
  srv = await startTestServer({ extraAreas: [probe] });
  buyer = await whoAmI(srv.call, (await login(srv.call, 'brand.buyer')).token);
  factory = await whoAmI(srv.call, (await login(srv.call, 'factory.admin')).token);
});
afterAll(async () => {
  await srv?.close();
});

describe('user-state from the node cache', () => {
  it('answers a repeated call from memory, and a write through the server shows at once', async () => {
    const first = await state(buyer);
    expect(cachedUserStateCount()).toBeGreaterThan(0);
    // A change the server did not make is not seen: the second answer came from memory.
    await renameBehindTheServer(buyer, 'Written behind the server');
    expect((await state(buyer)).fullname).toBe(first.fullname);

    const saved = await srv.call('POST', 'utilsapi/access/save-profile', {
      token: buyer.token,
      json: { DATA: { fullname: 'Saved Through The API', email: first.email } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await state(buyer)).fullname).toBe('Saved Through The API');
  });

  it('a failed write drops the caller’s state too (it may have committed part of its work)', async () => {
    await state(buyer);
    await renameBehindTheServer(buyer, 'Renamed Before A Failed Save');
    const refused = await srv.call('POST', 'utilsapi/access/save-profile', { token: buyer.token, json: { DATA: { fullname: '' } } });
    expect(refused.status).not.toBe(200);
    expect((await state(buyer)).fullname).toBe('Renamed Before A Failed Save');
  });

  it('a notification from another company shows in the recipient’s cached counts, and reading it too', async () => {
    const before = await state(buyer);
    const factoryBefore = await state(factory);
    const sent = await srv.call('POST', 'utilsapi/test-user-state/send', { token: factory.token, json: { to: buyer.id, toClient: buyer.clientid } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const after = await state(buyer);
    expect(after.unread_total).toBe(before.unread_total + 1);
    expect(after.category_unread.COLLAB).toBe((before.category_unread.COLLAB ?? 0) + 1);
    // The sender's own counts did not move.
    expect((await state(factory)).unread_total).toBe(factoryBefore.unread_total);

    const rows = (await srv.call('GET', 'utilsapi/notifyapi/notify-msg/index', { token: buyer.token })).body.data.results.rows;
    expect((await srv.call('POST', 'utilsapi/notifyapi/notify-msg/read-msg', { token: buyer.token, form: { msgid: rows[0].msgid } })).status).toBe(200);
    expect((await state(buyer)).unread_total).toBe(before.unread_total);
  });

  it('each session gets its own answer, never another user’s or company’s', async () => {
    const [mine, theirs] = [await state(buyer), await state(factory)];
    expect(mine).toMatchObject({ id: buyer.id, clientid: buyer.clientid });
    expect(theirs).toMatchObject({ id: factory.id, clientid: factory.clientid });
    expect(theirs.client_name).not.toBe(mine.client_name);
    // A second sign-in of the same user is its own session, answered with that user's state.
    const again = await whoAmI(srv.call, (await login(srv.call, 'brand.buyer')).token);
    expect((await state(again)).id).toBe(buyer.id);
    expect((await srv.call('GET', 'utilsapi/access/user-state', { token: 'not-a-token' })).status).toBe(401);
  });

  it('each language has its own answer', async () => {
    const zh = await srv.call('GET', 'utilsapi/access/user-state', { token: buyer.token, headers: { 'x-seamline-lang': 'zh' } });
    const en = await state(buyer);
    const title = (r: { menu_modules: { CATEGORY: string; TITLE: string }[] }) => r.menu_modules.find((m) => m.CATEGORY === 'COLLAB')?.TITLE;
    expect(title(zh.body.data.results)).not.toBe(title(en));
  });
});
