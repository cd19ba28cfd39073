// Membership freeze and removal by the company administrator (issue 11 point 1, docs/security.md
// 'Accounts and identities'): they act on one company only — that company's sessions end at once
// (token 401, socket closed), the account still signs in to its other company. Real HTTP and
// real socket.io clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { userClient } from '@seamline/server/api';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';
import { connectSocket, connectTo, whoAmI } from '../../collab/server/testing';
import { DEMO_PASSWORD } from './seed/demo';

let srv: TestServer;
const sockets: Socket[] = [];
const en = { 'Accept-Language': 'en' };
let admin: string;
let brandId: string;
let garmentId: string;
let memberId: string;
const USERNAME = 'shared.member';

beforeAll(async () => {
  srv = await startTestServer();
  admin = (await login(srv.call, 'brand.admin')).token;
  brandId = (await whoAmI(srv.call, admin)).clientid;
  garmentId = (await whoAmI(srv.call, (await login(srv.call, 'factory.admin')).token)).clientid;
  const created = await post(admin, 'users/save', { username: USERNAME, full_name: 'Shared Member', password: DEMO_PASSWORD, user_type: 'COMMON' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  memberId = created.body.data.results.id;
  // The same account is also a member of the garment supplier (brand stays its default company).
  await srv.db.asSystem((tx) => tx.insert(userClient).values({ clientId: garmentId, userId: memberId, userType: 'COMMON', isDefault: false }));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await srv?.close();
});

const post = (token: string, path: string, DATA: Record<string, unknown>) =>
  srv.call('POST', `utilsapi/sys/${path}`, { token, headers: en, json: { DATA } });
const userState = (token: string) => srv.call('GET', 'utilsapi/access/user-state', { token });
const switchTo = (token: string, clientid: string) => srv.call('POST', 'utilsapi/access/switch-token', { token, form: { clientid } });

/** The member signed in (to its default company unless that membership is frozen) with an open socket. */
async function connected() {
  const { token } = await login(srv.call, USERNAME);
  const me = await whoAmI(srv.call, token);
  const socket = await connectSocket(srv.url, { token });
  sockets.push(socket);
  expect(await connectTo(socket, me.id, me.clientid)).toMatchObject({ ok: true });
  const reasons: string[] = [];
  socket.on('disconnect', (reason) => reasons.push(reason));
  expect((await userState(token)).status).toBe(200);
  return { token, me, socket, reasons };
}

/** A session of the member in the garment company, opened before anything happens in the brand. */
async function garmentSession(): Promise<string> {
  const { token } = await login(srv.call, USERNAME);
  const res = await switchTo(token, garmentId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.results.token;
}

describe('membership freeze', () => {
  it('ends the sessions and sockets in that company at once; the other company keeps working', async () => {
    const brand = await connected();
    expect(brand.me.clientid).toBe(brandId);
    const garment = await garmentSession();
    const frozen = await post(admin, 'users/freeze-membership', { id: memberId });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect(frozen.body.data.results).toMatchObject({ membership_status: 'FROZEN', status: 'ACTIVE' });
    expect((await userState(brand.token)).status).toBe(401);
    await until(() => brand.reasons.length > 0);
    expect(brand.socket.connected).toBe(false);
    expect((await userState(garment)).status).toBe(200);
    // Signing in now lands in the garment company, and the brand cannot be switched to.
    const again = await login(srv.call, USERNAME);
    expect((await whoAmI(srv.call, again.token)).clientid).toBe(garmentId);
    expect((await switchTo(again.token, brandId)).status).toBe(403);
    const companies = (await userState(again.token)).body.data.results;
    expect(JSON.stringify(companies)).not.toContain(brandId);

    const thawed = await post(admin, 'users/unfreeze-membership', { id: memberId });
    expect(thawed.body.data.results.membership_status).toBe('ACTIVE');
    expect((await whoAmI(srv.call, (await login(srv.call, USERNAME)).token)).clientid).toBe(brandId);
  });
});

describe('refusals', () => {
  it('another company’s administrator gets 404, the super admin’s membership 403, the last own administrator 400', async () => {
    const factory = (await login(srv.call, 'factory.admin')).token;
    const buyer = (await whoAmI(srv.call, (await login(srv.call, 'brand.buyer')).token)).id;
    for (const path of ['users/freeze-membership', 'users/unfreeze-membership', 'users/remove']) {
      expect((await post(factory, path, { id: buyer })).status, path).toBe(404);
    }
    const sa = (await whoAmI(srv.call, (await login(srv.call, 'super.admin')).token)).id;
    for (const path of ['users/freeze-membership', 'users/remove']) expect((await post(admin, path, { id: sa })).status, path).toBe(403);
    const me = (await whoAmI(srv.call, admin)).id;
    expect((await post(admin, 'users/freeze-membership', { id: me })).status).toBe(400);
    const self = await post(admin, 'users/remove', { id: me });
    expect(self.status).toBe(400);
    // brand.admin reads Chinese (their language_code).
    expect(JSON.stringify(self.body)).toContain('企业至少需要一名有效的管理员');
    expect((await userState(admin)).status).toBe(200);
    const buyerToken = (await login(srv.call, 'brand.buyer')).token;
    expect((await post(buyerToken, 'users/remove', { id: me })).status).toBe(403);
  });
});

describe('membership removal', () => {
  it('ends the sessions and sockets in that company, deletes the membership, keeps the account', async () => {
    const brand = await connected();
    const garment = await garmentSession();
    const removed = await post(admin, 'users/remove', { id: memberId });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await userState(brand.token)).status).toBe(401);
    await until(() => brand.reasons.length > 0);
    expect(brand.socket.connected).toBe(false);
    expect((await userState(garment)).status).toBe(200);
    expect((await srv.call('GET', 'utilsapi/sys/users/view', { token: admin, query: { id: memberId } })).status).toBe(404);
    expect((await whoAmI(srv.call, (await login(srv.call, USERNAME)).token)).clientid).toBe(garmentId);
  });
});

/** Polls a condition the server has already made true (socket events arrive asynchronously). */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
}
