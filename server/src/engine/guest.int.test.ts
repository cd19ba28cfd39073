// A guest (user type GUEST) reads but writes nothing, even with a role that opens writing to
// others (docs/accounts.md 'User types'): the server refuses, whatever the web shows.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

const asUser = (token: string) => ({ token, headers: { 'x-seamline-lang': 'en' } });

it('a guest with the BUYER role lists vendors but cannot save or delete; as COMMON the same user can save', async () => {
  const admin = (await login(srv.call, 'brand.admin')).token;
  const roles = (await srv.call('GET', 'utilsapi/sys/roles/list', asUser(admin))).body.data.results as Array<{ id: string; code: string }>;
  const buyer = roles.find((r) => r.code === 'BUYER')!.id;
  const username = `guest${Math.random().toString(36).slice(2, 8)}`;
  const created = await srv.call('POST', 'utilsapi/sys/users/save', {
    ...asUser(admin),
    json: { DATA: { username, email: `${username}@example.com`, password: 'Secret123', full_name: 'Gina Guest', language_code: 'en', user_type: 'GUEST', role_ids: [buyer] } },
  });
  expect(created.status).toBe(200);
  const user = created.body.data.results as { id: string; version: number };

  const guest = (await login(srv.call, username, 'Secret123')).token;
  const list = await srv.call('GET', 'mdapi/vendor/page-list', asUser(guest));
  expect(list.status).toBe(200);
  const vendor = list.body.data.results.rows[0] as { id: string; version: number; short_name: string };

  const save = await srv.call('POST', 'mdapi/vendor/save', { ...asUser(guest), json: { DATA: { id: vendor.id, version: vendor.version, short_name: 'Changed by a guest' } } });
  expect(save.status).toBe(403);
  const del = await srv.call('POST', 'mdapi/vendor/delete', { ...asUser(guest), json: { DATA: [vendor.id] } });
  expect(del.status).toBe(403);
  const after = await srv.call('GET', 'mdapi/vendor/view', { ...asUser(admin), query: { id: vendor.id } });
  expect(after.body.data.results).toMatchObject({ short_name: vendor.short_name, version: vendor.version });

  // The same person as an ordinary member with the same role may write.
  const promoted = await srv.call('POST', 'utilsapi/sys/users/save', { ...asUser(admin), json: { DATA: { id: user.id, version: user.version, user_type: 'COMMON' } } });
  expect(promoted.status).toBe(200);
  const member = (await login(srv.call, username, 'Secret123')).token;
  const saved = await srv.call('POST', 'mdapi/vendor/save', { ...asUser(member), json: { DATA: { id: vendor.id, version: vendor.version, short_name: vendor.short_name } } });
  expect(saved.status).toBe(200);
});
