// Accounts belong to their owners (issue 11 point 1, docs/security.md 'Accounts and identities'),
// over real HTTP with mail caught by a real SMTP server. The first test is the attack that was
// found: the demo super admin is an ADMIN member of every demo company, so the brand's
// administrator could set its password through user management and sign in as the platform.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, appUser, authSession, eq, isNull, userClient } from '@seamline/server/api';
import {
  login, loginResponse, startTestServer, type ApiResponse, type TestServer, linkIn, startMailCatcher, type CaughtMail, type MailCatcher,
} from '@seamline/server/testing';

let srv: TestServer;
let smtp: MailCatcher;
const savedSmtp = process.env.SMTP_URL;
const tok: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startMailCatcher();
  process.env.SMTP_URL = smtp.url;
  srv = await startTestServer();
  for (const u of ['super.admin', 'brand.admin', 'factory.admin']) tok[u] = (await login(srv.call, u)).token;
});
afterAll(async () => {
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
  await srv?.close();
  await smtp?.close();
});

type Doc = Record<string, any>;
const en = { 'x-seamline-lang': 'en' };
const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const save = (token: string, data: Doc) => srv.call('POST', 'utilsapi/sys/users/save', { token, headers: en, json: { DATA: data } });
const view = (token: string, id: string) => srv.call('GET', 'utilsapi/sys/users/view', { token, headers: en, query: { id } });
const idOf = async (username: string) =>
  (await srv.db.asSystem((tx) => tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, username))))[0].id;
const liveSessions = async (userId: string) =>
  (await srv.db.asSystem((tx) => tx.select({ id: authSession.id }).from(authSession).where(and(eq(authSession.userId, userId), isNull(authSession.revokedAt))))).length;
const OWNER_ONLY = "Only the account's owner or the platform administrator can change this";

let seq = 0;
async function newMember(over: Doc = {}) {
  seq += 1;
  const username = `owner${seq}${Math.random().toString(36).slice(2, 6)}`;
  const u = ok(await save(tok['brand.admin'], {
    username, email: `${username}@example.com`, password: 'Secret123', full_name: 'Olga Owner', language_code: 'en',
    wx_id: 'wx-o', user_type: 'COMMON', ...over,
  }));
  return { ...u, username } as Doc;
}

describe('a company administrator cannot take over an account', () => {
  it("cannot set the super admin's password or email through user management, so cannot sign in as them", async () => {
    const sa = ok(await view(tok['brand.admin'], await idOf('super.admin')));
    expect(sa.locked_fields).toEqual(expect.arrayContaining(['password', 'email', 'username', 'user_type', 'role_ids']));

    const byPassword = await save(tok['brand.admin'], { id: sa.id, version: sa.version, password: 'Takeover123' });
    expect(byPassword.status).toBe(403);
    expect((await loginResponse(srv.call, 'super.admin', 'Takeover123')).status).not.toBe(200);

    // Through the email: pointed at the attacker, a reset link would go there.
    const byEmail = await save(tok['brand.admin'], { id: sa.id, version: sa.version, email: 'attacker@evil.example' });
    expect(byEmail.status).toBe(403);

    // Nor through the username, the linked sign-ins, the membership or freezing.
    for (const change of [{ username: 'taken.over' }, { wx_id: 'attacker-wx' }, { dd_id: 'attacker-dd' }, { user_type: 'GUEST' }, { role_ids: [] }]) {
      expect((await save(tok['brand.admin'], { id: sa.id, version: sa.version, ...change })).status).toBe(403);
    }
    expect((await srv.call('POST', 'utilsapi/sys/users/freeze', { token: tok['brand.admin'], headers: en, json: { DATA: { id: sa.id } } })).status).not.toBe(200);

    const after = ok(await view(tok['super.admin'], sa.id));
    expect(after).toMatchObject({ version: sa.version, email: sa.email, username: 'super.admin', status: 'ACTIVE', user_type: 'ADMIN' });
    expect((await loginResponse(srv.call, 'super.admin')).status).toBe(200);
  });

  it("refuses a member's password, username, email and third-party ids, and keeps the rest of the membership editable", async () => {
    const u = await newMember();
    expect(ok(await view(tok['brand.admin'], u.id)).locked_fields.sort()).toEqual(['dd_id', 'email', 'password', 'qywx_id', 'username', 'wx_id']);
    const attempts: Array<[string, Doc]> = [
      ['password', { password: 'Takeover123' }],
      ['email', { email: 'attacker@evil.example' }],
      ['username', { username: `${u.username}x` }],
      ['wx_id', { wx_id: 'attacker' }],
      ['qywx_id', { qywx_id: 'attacker' }],
      ['dd_id', { dd_id: 'attacker' }],
    ];
    for (const [field, change] of attempts) {
      const res = await save(tok['brand.admin'], { id: u.id, version: u.version, ...change });
      expect([field, res.status]).toEqual([field, 422]);
      expect(res.body.data.errors[field]).toEqual([OWNER_ONLY]);
    }
    expect((await loginResponse(srv.call, u.username, 'Takeover123')).status).not.toBe(200);

    // The screen posts the whole form back: unchanged identity fields pass, the membership changes.
    const roles = ok(await srv.call('GET', 'utilsapi/sys/roles/list', { token: tok['brand.admin'], headers: en })) as Doc[];
    const buyer = roles.find((r) => r.code === 'BUYER')!.id;
    const saved = ok(await save(tok['brand.admin'], {
      id: u.id, version: u.version, username: u.username, email: u.email, wx_id: 'wx-o', qywx_id: '', password: '',
      title: 'Planner', full_name: 'Olga Owner-Smith', user_type: 'GUEST', role_ids: [buyer],
    }));
    expect(saved).toMatchObject({ title: 'Planner', full_name: 'Olga Owner-Smith', user_type: 'GUEST', email: u.email, username: u.username });
    expect(saved.roles.map((r: Doc) => r.code)).toEqual(['BUYER']);
    expect((await loginResponse(srv.call, u.username, 'Secret123')).status).toBe(200);
  });

  it("of an account shared with another company it changes only the membership, never the profile", async () => {
    const u = await newMember();
    const factoryAdmin = await idOf('factory.admin');
    const factory = (await srv.db.asSystem((tx) => tx.select({ clientId: userClient.clientId }).from(userClient).where(eq(userClient.userId, factoryAdmin))))[0].clientId;
    await srv.db.asSystem((tx) => tx.insert(userClient).values({ clientId: factory, userId: u.id, userType: 'COMMON' }));
    const doc = ok(await view(tok['brand.admin'], u.id));
    expect(doc.other_companies).toBe(1);
    expect(doc.locked_fields).toEqual(expect.arrayContaining(['full_name', 'title', 'mobile', 'email', 'password']));
    const renamed = await save(tok['brand.admin'], { id: u.id, version: u.version, full_name: 'Renamed by Brand' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.data.errors.full_name).toEqual([OWNER_ONLY]);
    expect(ok(await save(tok['brand.admin'], { id: u.id, version: u.version, user_type: 'GUEST' })).user_type).toBe('GUEST');
  });
});

describe('in the database', () => {
  it("a tenant transaction updates only its own members' accounts, and never the super admin flag or the status", async () => {
    const buyer = await idOf('brand.buyer');
    const brand = (await srv.db.asSystem((tx) => tx.select({ clientId: userClient.clientId }).from(userClient).where(eq(userClient.userId, buyer))))[0].clientId;
    const outsider = await idOf('factory.admin');
    const renamed = await srv.db.withTenant(brand, (tx) => tx.update(appUser).set({ title: 'Renamed in tenant' }).where(eq(appUser.id, outsider)).returning({ id: appUser.id }));
    expect(renamed).toEqual([]);
    const own = await srv.db.withTenant(brand, (tx) => tx.update(appUser).set({ title: 'Buyer' }).where(eq(appUser.id, buyer)).returning({ id: appUser.id }));
    expect(own).toEqual([{ id: buyer }]);
    await expect(srv.db.withTenant(brand, (tx) => tx.update(appUser).set({ isSuperAdmin: true }).where(eq(appUser.id, buyer)))).rejects.toThrow();
    await expect(srv.db.withTenant(brand, (tx) => tx.update(appUser).set({ status: 'FROZEN' }).where(eq(appUser.id, buyer)))).rejects.toThrow();
    const [after] = await srv.db.asSystem((tx) => tx.select({ isSuperAdmin: appUser.isSuperAdmin, status: appUser.status }).from(appUser).where(eq(appUser.id, buyer)));
    expect(after).toEqual({ isSuperAdmin: false, status: 'ACTIVE' });
  });
});

describe('the owner and the platform administrator', () => {
  it('the super admin may set a password, and every session of the account ends at once', async () => {
    const u = await newMember();
    const first = await login(srv.call, u.username, 'Secret123');
    const second = await login(srv.call, u.username, 'Secret123');
    expect(await liveSessions(u.id)).toBe(2);
    const doc = ok(await view(tok['super.admin'], u.id));
    expect(doc.locked_fields).toEqual([]);
    ok(await save(tok['super.admin'], { id: u.id, version: u.version, password: 'Platform123' }));
    expect(await liveSessions(u.id)).toBe(0);
    for (const s of [first, second]) expect((await srv.call('GET', 'utilsapi/access/user-state', { token: s.token })).status).toBe(401);
    expect((await loginResponse(srv.call, u.username, 'Platform123')).status).toBe(200);
  });

  it('changing one’s own email needs the current password; other profile fields do not', async () => {
    const u = await newMember();
    const me = (await login(srv.call, u.username, 'Secret123')).token;
    const profile = (form: Record<string, string>) => srv.call('POST', 'utilsapi/access/save-profile', { token: me, headers: en, form: { fullname: 'Olga Owner', ...form } });
    expect(ok(await profile({ email: u.email, title: 'Lead' }))).toMatchObject({ email: u.email, title: 'Lead' });
    const missing = await profile({ email: 'new@example.com' });
    expect(missing.status).toBe(422);
    expect(missing.body.data.errors.password).toEqual(['Enter your current password to change your email']);
    const wrong = await profile({ email: 'new@example.com', password: 'Wrong1234' });
    expect(wrong.body.data.errors.password).toEqual(['The current password is not correct']);
    expect(ok(await profile({ email: 'new@example.com', password: 'Secret123' })).email).toBe('new@example.com');
  });
});

describe("the super admin's outbox", () => {
  it('shows reset and invitation mails without their live links, while the mail sent carries them', async () => {
    const u = await newMember();
    ok(await srv.call('POST', 'utilsapi/access/request-password-reset-link', { form: { email: u.email } }));
    const sent = await smtp.waitFor((m: CaughtMail) => m.to.includes(u.email));
    const token = new URL(linkIn(sent, 'newpwd')).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);
    ok(await srv.call('POST', 'utilsapi/access/invite', { token: tok['brand.admin'], headers: en, form: { email: `inv${u.username}@example.com`, fullname: 'Ivy Invitee' } }));
    await smtp.waitFor((m: CaughtMail) => m.to.includes(`inv${u.username}@example.com`));

    const list = ok(await srv.call('GET', 'utilsapi/mail-outbox/page-list', { token: tok['super.admin'], headers: en, query: { to: u.username } }));
    const kinds = list.rows.map((r: Doc) => r.kind).sort();
    expect(kinds).toEqual(['INVITATION', 'RESET_PASSWORD']);
    for (const row of list.rows as Doc[]) {
      const shown = `${row.bodyText} ${row.bodyHtml}`;
      expect(shown).toContain('token=••••••');
      expect(shown).not.toMatch(/token=(?!••••••)/);
    }
    expect(JSON.stringify(list)).not.toContain(token);
    // The link itself still works for its owner.
    expect((await srv.call('GET', 'utilsapi/access/reset-password-check', { query: { token } })).status).toBe(200);
  });
});
