// The per-node cache of menus and roles (server/src/menuAccess.ts) never outlives a change: the
// request after a role, role-menu, membership-role or company-menu change sees the new grants,
// in route permissions and in user-state, although the request before it had filled the cache.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNode, stopNode, type ServerNode } from '../../areas/access/server/serverNodes';
import { apiCaller, login, openTestDatabase, startTestServer, type ApiResponse, type TestDatabase, type TestServer } from './testing';

let srv: TestServer;
const tok: Record<string, string> = {};
let buyerId: string;
beforeAll(async () => {
  srv = await startTestServer();
  for (const u of ['brand.admin', 'brand.buyer']) tok[u] = (await login(srv.call, u)).token;
  buyerId = (await userState()).id;
});
afterAll(() => srv?.close());

const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const asAdmin = (path: string, data: unknown) =>
  srv.call('POST', `utilsapi/sys/${path}`, { token: tok['brand.admin'], form: { DATA: JSON.stringify(data) } }).then(ok);
/** A route whose permission is the SYS_ROLE / SYS_USER / SYS_DATA_AUTH menus. */
const buyerListsRoles = async () => (await srv.call('GET', 'utilsapi/sys/roles/list', { token: tok['brand.buyer'] })).status;
async function userState() {
  return ok(await srv.call('GET', 'utilsapi/access/user-state', { token: tok['brand.buyer'], headers: { 'x-seamline-lang': 'en' } }));
}
const menuCodes = (state: { menus: Record<string, Array<{ CODE: string }>> }) => Object.values(state.menus).flat().map((m) => m.CODE);

describe('menu and role cache', () => {
  let role: { id: string; version: number };

  it('a role granted to a user opens its menus on their next request', async () => {
    // Fill the cache: the buyer opens no role screen and holds no CACHE_PROBE role.
    expect(await buyerListsRoles()).toBe(403);
    const before = await userState();
    expect(menuCodes(before)).not.toContain('SYS_ROLE');
    expect(before.dashroles).not.toContain('CACHE_PROBE');

    role = await asAdmin('roles/save', { code: 'CACHE_PROBE', name: 'Cache probe', menus: ['SYS_ROLE'], user_ids: [buyerId] });
    expect(await buyerListsRoles()).toBe(200);
    const after = await userState();
    expect(menuCodes(after)).toContain('SYS_ROLE');
    expect(after.dashroles).toContain('CACHE_PROBE');
  });

  it('taking a menu off the role closes it on the next request', async () => {
    expect(await buyerListsRoles()).toBe(200); // cached as open
    role = await asAdmin('roles/save', { id: role.id, version: role.version, code: 'CACHE_PROBE', name: 'Cache probe', menus: [] });
    expect(await buyerListsRoles()).toBe(403);
    expect(menuCodes(await userState())).not.toContain('SYS_ROLE');
  });

  it("changing a member's roles in the user screen shows in their roles at once", async () => {
    expect((await userState()).dashroles).toContain('CACHE_PROBE');
    const user = ok(await srv.call('GET', 'utilsapi/sys/users/view', { token: tok['brand.admin'], query: { id: buyerId } }));
    const others = (user.roles as Array<{ id: string }>).map((r) => r.id).filter((id) => id !== role.id);
    await asAdmin('users/save', { id: buyerId, version: user.version, role_ids: others });
    expect((await userState()).dashroles).not.toContain('CACHE_PROBE');
  });

  it("switching a company's menu off hides it from its administrators' next request", async () => {
    const adminState = async () => ok(await srv.call('GET', 'utilsapi/access/user-state', { token: tok['brand.admin'] }));
    const code = 'COLLAB_ANNOUNCEMENT';
    expect(menuCodes(await adminState())).toContain(code);
    await asAdmin('menus/switch', { codes: [code], enabled: false });
    expect(menuCodes(await adminState())).not.toContain(code);
    await asAdmin('menus/switch', { codes: [code], enabled: true });
    expect(menuCodes(await adminState())).toContain(code);
  });
});

describe('engine actor cache (engine/actor.ts)', () => {
  it("a company menu switched off stops the engine's writes on it at the next request, and back on", async () => {
    const save = async (name: string) =>
      (await srv.call('POST', 'mdapi/vendor/save', { token: tok['brand.buyer'], json: { DATA: { short_name: name, full_name: `${name} Ltd.` } } })).status;
    expect(await save('Actor probe 1')).toBe(200); // the buyer's actor for the vendor menu is cached now
    await asAdmin('menus/switch', { codes: ['SRM_VENDOR'], enabled: false });
    try {
      expect(await save('Actor probe 2')).toBe(403);
    } finally {
      await asAdmin('menus/switch', { codes: ['SRM_VENDOR'], enabled: true });
    }
    expect(await save('Actor probe 3')).toBe(200);
  });
});

// The same on two server processes sharing PostgreSQL and Redis: the change answers on node A, the
// cache that must forget it is node B's (the session bus carries menusChanged between them).
const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!REDIS_URL || !DATABASE_URL)('menu and role cache on two nodes', () => {
  let database: TestDatabase;
  let a: ServerNode | undefined;
  let b: ServerNode | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { DATABASE_URL: database.url!, REDIS_URL: REDIS_URL!, SOCKET_REDIS_KEY: `seamline-test-${randomUUID()}`, DATA_DIR: '/nonexistent' };
    [a, b] = await Promise.all([startNode(env), startNode(env)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([stopNode(a), stopNode(b)]);
    await database?.close();
  });

  it('a role granted on node A opens its menu on node B at the next request, and closes it again', async () => {
    const callA = apiCaller(a!.url);
    const callB = apiCaller(b!.url);
    const admin = (await login(callA, 'brand.admin')).token;
    const buyer = (await login(callB, 'brand.buyer')).token;
    const buyerId = ok(await callB('GET', 'utilsapi/access/user-state', { token: buyer })).id;
    const listsOnB = async () => (await callB('GET', 'utilsapi/sys/roles/list', { token: buyer })).status;
    const codesOnB = async () => menuCodes(ok(await callB('GET', 'utilsapi/access/user-state', { token: buyer })));
    const saveOnA = (data: unknown) => callA('POST', 'utilsapi/sys/roles/save', { token: admin, form: { DATA: JSON.stringify(data) } }).then(ok);

    expect(await listsOnB()).toBe(403);
    expect(await codesOnB()).not.toContain('SYS_ROLE');
    const role = await saveOnA({ code: 'NODE_PROBE', name: 'Node probe', menus: ['SYS_ROLE'], user_ids: [buyerId] });
    expect(await listsOnB()).toBe(200);
    expect(await codesOnB()).toContain('SYS_ROLE');
    await saveOnA({ id: role.id, version: role.version, code: 'NODE_PROBE', name: 'Node probe', menus: [] });
    expect(await listsOnB()).toBe(403);
    expect(await codesOnB()).not.toContain('SYS_ROLE');
  }, 60_000);
});
