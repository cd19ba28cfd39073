// References stay inside the tenant (issue 11 point 10, docs/security.md 'References'), over real
// HTTP: a user reference accepts only accounts the saving company may see (its members, or those
// of a company its vendor records link), and no answer names anyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, client, eq, sql, userClient } from '@seamline/server/api';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let brand: string;
let outsider: string;
const SECRET_NAME = 'Quentin Outsider-Privat';

beforeAll(async () => {
  srv = await startTestServer();
  brand = (await login(srv.call, 'brand.admin')).token;
  // A company nobody on the demo platform has a vendor link with, and one of its people.
  outsider = await srv.db.asSystem(async (tx) => {
    const [company] = await tx.insert(client).values({ code: 'OUTSIDE_CO', name: 'Outside Co', type: 'BRAND', roles: ['BRAND'] }).returning({ id: client.id });
    const [user] = await tx.insert(appUser).values({ username: 'q.outsider', email: 'q@outside.example', fullName: SECRET_NAME, passwordHash: 'x' }).returning({ id: appUser.id });
    await tx.insert(userClient).values({ clientId: company!.id, userId: user!.id, userType: 'ADMIN' });
    return user!.id;
  });
});
afterAll(() => srv?.close());

const en = { 'x-seamline-lang': 'en' };
const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const idOf = async (username: string) => (await srv.db.asSystem((tx) => tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, username))))[0].id;
const saveVendor = (data: Record<string, unknown>) => srv.call('POST', 'mdapi/vendor/save', { token: brand, headers: en, json: { DATA: data } });

describe('user references', () => {
  it("refuse another tenant's account, without naming it", async () => {
    const res = await saveVendor({ short_name: 'Ref test', full_name: 'Ref test Ltd.', owner_id: outsider });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.owner_id).toEqual(['The selected record does not exist']);
    expect(JSON.stringify(res.body)).not.toContain(SECRET_NAME);
    // The same in a child row (a contact's bound account).
    const child = await saveVendor({ short_name: 'Ref test 2', full_name: 'Ref test 2 Ltd.', contacts: [{ person: 'Q', bound_user_id: outsider }] });
    expect(child.status).toBe(422);
    expect(JSON.stringify(child.body)).not.toContain(SECRET_NAME);
  });

  it("accept the company's own members and the accounts of a vendor-linked company, with their names", async () => {
    const buyer = await idOf('brand.buyer');
    const garmentAdmin = await idOf('factory.admin'); // Demo Garment Factory: the brand's vendor V1001 links it
    const saved = ok(await saveVendor({ short_name: 'Ref ok', full_name: 'Ref ok Ltd.', owner_id: buyer, contacts: [{ person: 'Li', bound_user_id: garmentAdmin }] }));
    expect(saved._labels.owner_id).toBe('Ann Lee');
    expect(saved.contacts[0]._labels.bound_user_id).toBe('李强');
  });

  it('never label a stored id of an account the company may not see', async () => {
    const saved = ok(await saveVendor({ short_name: 'Old data', full_name: 'Old data Ltd.' }));
    // Data written before the rule (or by a bug): the id stays, the name is not told.
    await srv.db.asSystem((tx) => tx.execute(sql`update md_vendor set owner_id = ${outsider} where id = ${saved.id}`));
    const viewed = await srv.call('GET', 'mdapi/vendor/view', { token: brand, headers: en, query: { id: saved.id } });
    expect(viewed.status).toBe(200);
    expect(JSON.stringify(viewed.body)).not.toContain(SECRET_NAME);
    const list = await srv.call('GET', 'mdapi/vendor/page-list', { token: brand, headers: en, query: { q: JSON.stringify({ short_name: 'Old data' }) } });
    expect(JSON.stringify(list.body)).not.toContain(SECRET_NAME);
  });

  it('offer pickers of the own company only', async () => {
    const options = ok(await srv.call('GET', 'utilsapi/users/options', { token: brand, headers: en, query: { search: 'Outsider' } }));
    expect(options).toEqual([]);
  });
});
