// User types mean what they say (issue 11 point 2, docs/security.md 'User types'), over real HTTP.
// The tests walk the server's own route table (routes.ts routeTable), so every route an area adds
// later is covered without anyone listing it here: a GUEST is refused every POST/DELETE route that
// does not declare `guest: true`, and a session awaiting assignment every route that does not
// declare `unassigned: true` — refused by the central rule, before any handler runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { routeTable, type RouteEntry } from './routes';
import { connectSocket } from '../../areas/collab/server/testing';

let srv: TestServer;
let admin: string;
beforeAll(async () => {
  srv = await startTestServer();
  admin = (await login(srv.call, 'brand.admin')).token;
});
afterAll(() => srv?.close());

const en = { 'x-seamline-lang': 'en' };
const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};

/** A brand member of the given type holding the BUYER and ADMIN roles (roles must not matter). */
async function memberOfType(userType: string) {
  const roles = ok(await srv.call('GET', 'utilsapi/sys/roles/list', { token: admin, headers: en })) as Array<{ id: string; code: string }>;
  const username = `${userType.toLowerCase()}${Math.random().toString(36).slice(2, 8)}`;
  const user = ok(await srv.call('POST', 'utilsapi/sys/users/save', {
    token: admin,
    headers: en,
    json: { DATA: { username, email: `${username}@example.com`, password: 'Secret123', full_name: 'Tess Type', user_type: userType, role_ids: roles.map((r) => r.id) } },
  }));
  return { id: user.id as string, username, token: (await login(srv.call, username, 'Secret123')).token };
}

/** A concrete URL for a route (parameters become a uuid nobody has). */
const urlOf = (r: RouteEntry) => r.path.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');

const call = (r: RouteEntry, token: string) =>
  srv.call(r.method as string, urlOf(r), { token, headers: en, ...(r.method === 'GET' ? {} : { json: { DATA: {} } }) });

/** The writes a guest may call. Adding one is a security decision: say why next to the route. */
const GUEST_WRITES = [
  'POST crossapi/superdesignapi/cpm-process/validate', // checks a process definition, stores nothing
  'POST thirdpartyapi/qywx-basic/binding-qywx', // binds the guest's own account
  'POST thirdpartyapi/third-login/bind', // links / unlinks the guest's own third-party sign-in
  'POST thirdpartyapi/third-login/unbind',
  'POST utilsapi/access/change-password', // the own account and session
  'POST utilsapi/access/logout',
  'POST utilsapi/access/save-profile',
  'POST utilsapi/access/send-email-code',
  'POST utilsapi/access/switch-plt',
  'POST utilsapi/access/switch-token',
  'POST utilsapi/access/verify-email-code',
  'POST utilsapi/clientinfoapi/user-profile/remove-favourite-menus', // personal settings
  'POST utilsapi/clientinfoapi/user-profile/save-favourite-menus',
  'POST utilsapi/clientinfoapi/user-profile/save-setting',
  'POST utilsapi/notifyapi/announcement/confirm-read', // the guest's own receipt of an announcement
  'POST utilsapi/notifyapi/notify-msg/read-msg', // the guest's own inbox
  'POST utilsapi/scommonapi/sconf-ui-config-person/clear-cache', // the guest's own list layouts
  'POST utilsapi/scommonapi/sconf-ui-config-person/reset-page',
  'POST utilsapi/scommonapi/sconf-ui-config-person/submit-cache',
];

describe('the route table', () => {
  it('lists every declared route, the engine’s and the areas’', () => {
    const paths = routeTable(srv.app).map((r) => `${r.method} ${r.path}`);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths).toEqual(expect.arrayContaining(['POST mdapi/vendor/save', 'POST utilsapi/sys/users/save', 'GET utilsapi/access/user-state']));
  });
});

describe('GUEST', () => {
  it('is refused every POST and DELETE route that does not declare guests, whatever roles it holds', async () => {
    const guest = await memberOfType('GUEST');
    const writes = routeTable(srv.app).filter((r) => r.options.auth && r.method !== 'GET');
    const declared = writes.filter((r) => r.options.guest).map((r) => `${r.method} ${r.path}`);
    expect(declared.sort()).toEqual(GUEST_WRITES);
    const refused: string[] = [];
    const wrong: string[] = [];
    for (const r of writes.filter((w) => !w.options.guest)) {
      const res = await call(r, guest.token);
      if (res.status === 403 && res.body.message === 'Guests can view but not change anything') refused.push(r.path);
      else wrong.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect(refused.length).toBeGreaterThan(60);
  });

  it('still reads, and keeps its own session, profile and settings', async () => {
    const guest = await memberOfType('GUEST');
    expect(ok(await srv.call('GET', 'mdapi/vendor/page-list', { token: guest.token, headers: en })).rows.length).toBeGreaterThan(0);
    const state = ok(await srv.call('GET', 'utilsapi/access/user-state', { token: guest.token, headers: en }));
    expect(state.user_type).toBe('GUEST');
    expect(ok(await srv.call('POST', 'utilsapi/access/save-profile', { token: guest.token, headers: en, form: { fullname: 'Tess Guest', email: `${guest.username}@example.com` } })).fullname).toBe('Tess Guest');
    const changed = await srv.call('POST', 'utilsapi/access/change-password', { token: guest.token, headers: en, form: { oldPassword: 'Secret123', password: 'Secret456', passwordRepeat: 'Secret456' } });
    expect(changed.status).toBe(200);
    expect((await srv.call('POST', 'utilsapi/access/logout', { token: guest.token, headers: en })).status).toBe(200);
  });
});

describe('UNASSIGNED', () => {
  it('opens a session that sees only that it awaits assignment: every other route is refused', async () => {
    const waiting = await memberOfType('UNASSIGNED');
    const state = ok(await srv.call('GET', 'utilsapi/access/user-state', { token: waiting.token, headers: en }));
    expect(state.user_type).toBe('UNASSIGNED');
    expect(Object.values(state.menus).flat()).toEqual([]);
    const wrong: string[] = [];
    for (const r of routeTable(srv.app).filter((x) => x.options.auth && !x.options.unassigned)) {
      const res = await call(r, waiting.token);
      if (res.status !== 403 || !/waiting for the company administrator/.test(res.body.message)) wrong.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    // Nor does it open a socket: no company notification reaches it.
    await expect(connectSocket(srv.url, { token: waiting.token })).rejects.toThrow(/awaiting assignment/);
    expect((await srv.call('POST', 'utilsapi/access/logout', { token: waiting.token, headers: en })).status).toBe(200);
  });

  it('takes effect at once on a live session when the administrator changes the type', async () => {
    const member = await memberOfType('COMMON');
    expect((await srv.call('GET', 'mdapi/vendor/page-list', { token: member.token, headers: en })).status).toBe(200);
    const doc = ok(await srv.call('GET', 'utilsapi/sys/users/view', { token: admin, headers: en, query: { id: member.id } }));
    ok(await srv.call('POST', 'utilsapi/sys/users/save', { token: admin, headers: en, json: { DATA: { id: member.id, version: doc.version, user_type: 'UNASSIGNED' } } }));
    const after = await srv.call('GET', 'mdapi/vendor/page-list', { token: member.token, headers: en });
    expect(after.status).toBe(403);
    expect(after.body.message).toBe('Your account is waiting for the company administrator to assign you; please try again later');
  });
});
