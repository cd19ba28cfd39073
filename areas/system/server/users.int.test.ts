// utilsapi/users/options over real HTTP: the caller's company's users, searchable, nobody else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

const options = async (username: string, search?: string) => {
  const { token } = await login(srv.call, username);
  const res = await srv.call('GET', 'utilsapi/users/options', { token, query: search ? { search } : {} });
  expect(res.status).toBe(200);
  return res.body.data.results as { value: string; label: string; username: string }[];
};

describe('user options for reference pickers', () => {
  it("offers the members of the caller's company only", async () => {
    const brand = (await options('brand.admin')).map((u) => u.username).sort();
    // People of the company: not the platform's super admin, who is a member of every company (issue 23).
    expect(brand).toEqual(['brand.admin', 'brand.approver1', 'brand.approver2', 'brand.buyer']);
    const factory = (await options('factory.admin')).map((u) => u.username);
    expect(factory).toContain('factory.admin');
    expect(factory).not.toContain('brand.buyer');
  });

  it('filters by name or username, treating % and _ literally', async () => {
    expect((await options('brand.admin', 'buyer')).map((u) => u.username)).toEqual(['brand.buyer']);
    expect(await options('brand.admin', '%')).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await srv.call('GET', 'utilsapi/users/options')).status).toBe(401);
  });
});
