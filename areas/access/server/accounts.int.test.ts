// The account lifecycle over real HTTP on a real database, with mail caught by a real SMTP server
// (smtp-server) that nodemailer talks to: sign-up and its reviews, invitations, password reset
// and change, profile, licence types, the outbox (third-party sign-in: thirdParty.int.test.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, appUser, authSession, client, eq, isNull, sql, mailOutbox } from '@seamline/server/api';
import {
  login, loginResponse, startTestServer, type TestServer, linkIn, startMailCatcher, type CaughtMail, type MailCatcher,
} from '@seamline/server/testing';
import { DEMO_PASSWORD } from '../../system/server/seed/demo';
import { setClock } from './clock';

let srv: TestServer;
let smtp: MailCatcher;
const savedSmtp = process.env.SMTP_URL;

beforeAll(async () => {
  smtp = await startMailCatcher();
  process.env.SMTP_URL = smtp.url;
  srv = await startTestServer();
});
afterAll(async () => {
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
  await srv?.close();
  await smtp?.close();
});
afterEach(() => setClock());

const post = (path: string, form: Record<string, string>, token?: string, lang = 'en') =>
  srv.call('POST', `utilsapi/${path}`, { form, token, headers: { 'x-seamline-lang': lang } });
const get = (path: string, query: Record<string, string> = {}, token?: string, lang = 'en') =>
  srv.call('GET', `utilsapi/${path}`, { query, token, headers: { 'x-seamline-lang': lang } });
const mailTo = (to: string, subject: RegExp) => smtp.waitFor((m: CaughtMail) => m.to.includes(to) && subject.test(m.subject));
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const liveSessions = (username: string) =>
  srv.db.asSystem(async (tx) => {
    const rows = await tx
      .select({ id: authSession.id })
      .from(authSession)
      .innerJoin(appUser, eq(appUser.id, authSession.userId))
      .where(and(eq(appUser.username, username), isNull(authSession.revokedAt)));
    return rows.length;
  });

const PW = 'Newpass123';
let seq = 0;
const person = (prefix: string) => {
  seq += 1;
  return { fullname: `${prefix} Person ${seq}`, username: `${prefix}.${seq}`, email: `${prefix}.${seq}@example.com`, mobile: '13800138000', password: PW, passwordRepeat: PW };
};

describe('company sign-up and the super admin review', () => {
  it('creates an awaiting-review request and an account without a company; approval makes an ADMIN of a new company', async () => {
    const applicant = person('acme');
    const res = await post('signup/company', { companyName: 'Acme Apparel', companyCode: 'ACME', companyType: 'BRAND', ...applicant });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toMatchObject({ status: 'PENDING_ARRPOVE', username: applicant.username });
    const received = await mailTo(applicant.email, /awaits review/);
    expect(received.text).toContain('Acme Apparel');

    // Until approved: no company, sign-in says the request is being reviewed.
    const early = await loginResponse(srv.call, applicant.username, PW);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('您的注册申请正在审核中，通过后即可登录');

    // The same code cannot be registered twice while one awaits review.
    const again = await post('signup/company', { companyName: 'Acme 2', companyCode: 'acme', companyType: 'BRAND', ...person('acme') });
    expect(again.status).toBe(422);
    expect(again.body.data.errors.companyCode).toEqual(['This company code is already taken']);

    const sa = await login(srv.call, 'super.admin');
    const list = await get('signup/company-requests', { status: 'PENDING_ARRPOVE' }, sa.token);
    const row = list.body.data.results.rows.find((r: { company_code: string }) => r.company_code === 'ACME');
    expect(row).toMatchObject({ status: 'PENDING_ARRPOVE', company_name: 'Acme Apparel', username: applicant.username, email: applicant.email });

    const noLicence = await post('signup/approve-company', { id: row.id, licenceType: 'NOPE' }, sa.token);
    expect(noLicence.status).toBe(422);
    expect(noLicence.body.data.errors.licenceType).toEqual(['Unknown licence type']);

    const ok = await post('signup/approve-company', { id: row.id, licenceType: 'PRO' }, sa.token);
    expect(ok.status).toBe(200);
    expect(ok.body.data.results.status).toBe('APPROVED');
    const approved = await mailTo(applicant.email, /approved/);
    expect(linkIn(approved, '/login')).toMatch(/\/login$/);

    const twice = await post('signup/approve-company', { id: row.id, licenceType: 'PRO' }, sa.token);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('This request has already been decided');

    const me = await login(srv.call, applicant.username, PW);
    const state = await get('access/user-state', {}, me.token);
    expect(state.body.data.results).toMatchObject({ user_type: 'ADMIN', client_name: 'Acme Apparel', license_type: 'PRO', dashroles: ['ADMIN'] });
    // A new company gets the catalogue's menus, but never the super admin's own.
    const codes = Object.values(state.body.data.results.menus as Record<string, { CODE: string }[]>).flat().map((m) => m.CODE);
    expect(codes).toContain('SYS_JOIN_REQUEST');
    expect(codes.some((c) => c.startsWith('SUPER_'))).toBe(false);
  });

  it("names a new company's administrator role in the company's language (issue 23)", async () => {
    const sa = await login(srv.call, 'super.admin');
    const roleNames: Record<string, string> = {};
    for (const [code, lang] of [['ROLEEN', 'en'], ['ROLEZH', 'zh']] as const) {
      const applicant = person(code.toLowerCase());
      await post('signup/company', { companyName: `Role ${lang}`, companyCode: code, companyType: 'FACTORY', ...applicant }, undefined, lang);
      const list = await get('signup/company-requests', { status: 'PENDING_ARRPOVE' }, sa.token);
      const row = list.body.data.results.rows.find((r: { company_code: string }) => r.company_code === code);
      expect((await post('signup/approve-company', { id: row.id, licenceType: 'PRO' }, sa.token)).status).toBe(200);
      const me = await login(srv.call, applicant.username, PW);
      const roles = await get('sys/roles/list', {}, me.token);
      roleNames[lang] = roles.body.data.results.find((r: { code: string }) => r.code === 'ADMIN').name;
    }
    expect(roleNames).toEqual({ en: 'Administrator', zh: '管理员' });
  });

  it('rejects with a reason, mailed to the applicant in their language; the list shows all three states', async () => {
    const applicant = person('shady');
    const res = await post('signup/company', { companyName: '影子公司', companyCode: 'SHADY', companyType: 'FACTORY', ...applicant }, undefined, 'zh');
    expect(res.status).toBe(200);
    const sa = await login(srv.call, 'super.admin');
    const noReason = await post('signup/reject-company', { id: res.body.data.results.id }, sa.token);
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.body.data.errors)).toEqual(['reason']);
    const rejected = await post('signup/reject-company', { id: res.body.data.results.id, reason: '资料不完整' }, sa.token);
    expect(rejected.status).toBe(200);
    const mail = await mailTo(applicant.email, /未通过审核/);
    expect(mail.text).toContain('资料不完整');
    const all = await get('signup/company-requests', {}, sa.token);
    const states = new Set(all.body.data.results.rows.map((r: { status: string }) => r.status));
    expect(states).toEqual(new Set(['APPROVED', 'REJECTED']));
    await post('signup/company', { companyName: 'Pending Co', companyCode: 'PENDCO', companyType: 'BRAND', ...person('pend') });
    const withPending = await get('signup/company-requests', {}, sa.token);
    expect(new Set(withPending.body.data.results.rows.map((r: { status: string }) => r.status))).toEqual(new Set(['APPROVED', 'REJECTED', 'PENDING_ARRPOVE']));
    // The rejected applicant has no company and cannot sign in.
    expect((await loginResponse(srv.call, applicant.username, PW)).status).toBe(403);
  });

  it('is the super admin’s only: a company admin gets 403 and no such menu', async () => {
    const admin = await login(srv.call, 'brand.admin');
    expect((await get('signup/company-requests', {}, admin.token)).status).toBe(403);
    expect((await post('signup/approve-company', { id: '00000000-0000-0000-0000-000000000000', licenceType: 'PRO' }, admin.token)).status).toBe(403);
    expect((await get('licence-type/list', {}, admin.token)).status).toBe(403);
    expect((await get('mail-outbox/page-list', {}, admin.token)).status).toBe(403);
    const state = await get('access/user-state', {}, admin.token);
    const codes = Object.values(state.body.data.results.menus as Record<string, { CODE: string }[]>).flat().map((m) => m.CODE);
    expect(codes.some((c) => c.startsWith('SUPER_'))).toBe(false);
    const sa = await login(srv.call, 'super.admin');
    const saState = await get('access/user-state', {}, sa.token);
    const saCodes = Object.values(saState.body.data.results.menus as Record<string, { CODE: string }[]>).flat().map((m) => m.CODE);
    expect(saCodes).toEqual(expect.arrayContaining(['SUPER_SIGNUP', 'SUPER_LICENCE', 'SUPER_OUTBOX']));
  });

  it('checks every field like the form does (11000 per field)', async () => {
    const res = await post('signup/company', { companyName: '', companyCode: 'bad code', companyType: 'SPACESHIP', fullname: 'X', username: '王', email: 'nope', password: 'abc123', passwordRepeat: 'abc124' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(11000);
    expect(Object.keys(res.body.data.errors).sort()).toEqual(['companyCode', 'companyName', 'companyType', 'email', 'password', 'passwordRepeat', 'username']);
    expect(res.body.data.errors.passwordRepeat).toEqual(['The two passwords do not match']);
    const taken = await post('signup/company', { companyName: 'X', companyCode: 'XCO', companyType: 'BRAND', ...person('x'), username: 'Brand.Admin' });
    expect(taken.body.data.errors.username).toEqual(['This username is already taken']);
    const count = await srv.db.asSystem((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(client).where(eq(client.code, 'XCO')));
    expect(count[0]!.n).toBe(0);
  });
});

describe('joining a company', () => {
  it('the company admin sees the request, approves it, and the applicant becomes a COMMON member', async () => {
    const found = await get('signup/companies', { search: 'demo br' });
    expect(found.body.data.results).toEqual([{ code: 'DEMO_BRAND', name: 'Demo Brand Co.' }]);
    expect((await get('signup/companies', { search: 'd' })).body.data.results).toEqual([]);

    const applicant = person('joiner');
    const res = await post('signup/join', { companyCode: 'DEMO_BRAND', ...applicant });
    expect(res.status).toBe(200);
    expect(res.body.data.results.status).toBe('PENDING_ARRPOVE');
    await mailTo(applicant.email, /awaits approval/);

    // Another company's admin does not see it and cannot decide it.
    const other = await login(srv.call, 'factory.admin');
    const otherList = await get('signup/join-requests', {}, other.token);
    expect(otherList.body.data.results.rows.map((r: { username: string }) => r.username)).not.toContain(applicant.username);
    expect((await post('signup/approve-join', { id: res.body.data.results.id }, other.token)).status).toBe(404);
    // Nor does a plain member.
    const buyer = await login(srv.call, 'brand.buyer');
    expect((await get('signup/join-requests', {}, buyer.token)).status).toBe(403);

    const admin = await login(srv.call, 'brand.admin');
    const list = await get('signup/join-requests', { status: 'PENDING_ARRPOVE' }, admin.token);
    const row = list.body.data.results.rows.find((r: { username: string }) => r.username === applicant.username);
    expect(row).toMatchObject({ status: 'PENDING_ARRPOVE', company_name: 'Demo Brand Co.', email: applicant.email });
    expect((await post('signup/approve-join', { id: row.id }, admin.token)).status).toBe(200);
    await mailTo(applicant.email, /You have joined/);

    const me = await login(srv.call, applicant.username, PW);
    const state = await get('access/user-state', {}, me.token);
    expect(state.body.data.results).toMatchObject({ user_type: 'COMMON', client_name: 'Demo Brand Co.' });
    // Asking again once a member is refused.
    const again = await post('signup/join', { companyCode: 'DEMO_BRAND', existing: '1', username: applicant.username, password: PW });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('You are already a member of this company');
  });

  it('an existing account (e.g. without a company) can ask with its username and password; reject tells why', async () => {
    const applicant = person('second');
    await post('signup/join', { companyCode: 'DEMO_GARMENT', ...applicant });
    const wrong = await post('signup/join', { companyCode: 'DEMO_FABRIC', existing: '1', username: applicant.username, password: 'Wrong1234' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.errors.password).toEqual(['Incorrect username or password']);
    const dup = await post('signup/join', { companyCode: 'DEMO_GARMENT', existing: '1', username: applicant.username, password: PW });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('Your request to join this company is already awaiting approval');
    const fabric = await post('signup/join', { companyCode: 'demo_fabric', existing: '1', username: applicant.username, password: PW });
    expect(fabric.status).toBe(200);
    const unknown = await post('signup/join', { companyCode: 'NOSUCH', existing: '1', username: applicant.username, password: PW });
    expect(unknown.body.data.errors.companyCode).toEqual(['No company on Seamline has this code']);

    const admin = await login(srv.call, 'fabric.admin');
    const list = await get('signup/join-requests', {}, admin.token);
    const row = list.body.data.results.rows.find((r: { username: string }) => r.username === applicant.username);
    expect((await post('signup/reject-join', { id: row.id, reason: 'Not our staff' }, admin.token)).status).toBe(200);
    const mail = await mailTo(applicant.email, /was not approved/);
    expect(mail.text).toContain('Not our staff');
    const mine = await post('signup/my-requests', { username: applicant.username, password: PW });
    expect(mine.body.data.results.map((r: { status: string }) => r.status).sort()).toEqual(['PENDING_ARRPOVE', 'REJECTED']);
  });
});

describe('invitations', () => {
  it('an invited colleague is INVITED until they accept through the mailed link, then COMMON', async () => {
    const admin = await login(srv.call, 'brand.admin');
    const res = await post('access/invite', { email: 'colleague@example.com', fullname: 'Col League' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.results).toMatchObject({ status: 'INVITED', mail_status: 'SENT' });
    const list = await get('access/invitations', {}, admin.token);
    expect(list.body.data.results).toEqual([expect.objectContaining({ email: 'colleague@example.com', user_type: 'INVITED' })]);

    // Brand admin's language is Chinese, but the request said 'en': the mail follows the inviter's screen.
    const mail = await mailTo('colleague@example.com', /invites you/);
    const link = linkIn(mail, '/signup/invite');
    const token = tokenOf(link);
    const info = await get('signup/invitation', { token });
    expect(info.body.data.results).toMatchObject({ email: 'colleague@example.com', company_name: 'Demo Brand Co.' });

    // The invited account cannot be reached with a reset link before accepting.
    await post('access/request-password-reset-link', { email: 'colleague@example.com' });

    const weak = await post('signup/accept-invitation', { token, fullname: 'Col League', username: 'col.league', password: 'weak', passwordRepeat: 'weak' });
    expect(weak.status).toBe(422);
    const ok = await post('signup/accept-invitation', { token, fullname: 'Col League', username: 'col.league', password: PW, passwordRepeat: PW });
    expect(ok.status).toBe(200);
    const reuse = await post('signup/accept-invitation', { token, fullname: 'X', username: 'x.y', password: PW, passwordRepeat: PW });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('link expired please resend');

    const me = await login(srv.call, 'col.league', PW);
    expect((await get('access/user-state', {}, me.token)).body.data.results).toMatchObject({ user_type: 'COMMON', client_name: 'Demo Brand Co.' });
    expect((await get('access/invitations', {}, admin.token)).body.data.results).toEqual([]);
    expect(smtp.mails.filter((m) => m.to.includes('colleague@example.com') && /password/i.test(m.subject))).toEqual([]);
  });

  it('only a company admin invites; a member already there is refused', async () => {
    const buyer = await login(srv.call, 'brand.buyer');
    expect((await post('access/invite', { email: 'z@example.com' }, buyer.token)).status).toBe(403);
    const admin = await login(srv.call, 'brand.admin');
    const member = await post('access/invite', { email: 'buyer@demo-brand.example' }, admin.token);
    const [buyerRow] = await srv.db.asSystem((tx) => tx.select({ email: appUser.email }).from(appUser).where(eq(appUser.username, 'brand.buyer')));
    const res = await post('access/invite', { email: buyerRow!.email! }, admin.token);
    expect(res.status).toBe(422);
    expect(res.body.data.errors.email).toEqual(['Someone with this email is already a member of the company']);
    expect(member.status).toBe(200);
  });
});

describe('forgotten password', () => {
  it('mails a 10-minute single-use link; the new password works and every session of the user ends', async () => {
    const u = person('forgetful');
    await post('signup/join', { companyCode: 'DEMO_BRAND', ...u });
    const admin = await login(srv.call, 'brand.admin');
    const req = (await get('signup/join-requests', { status: 'PENDING_ARRPOVE' }, admin.token)).body.data.results.rows.find((r: { username: string }) => r.username === u.username);
    await post('signup/approve-join', { id: req.id }, admin.token);
    await login(srv.call, u.username, PW);
    await login(srv.call, u.username, PW);
    expect(await liveSessions(u.username)).toBe(2);

    const res = await post('access/request-password-reset-link', { email: u.email.toUpperCase() });
    expect(res.status).toBe(200);
    const mail = await mailTo(u.email, /new Seamline password/);
    const link = linkIn(mail, '/forgotpwd/newpwd?token=');
    const token = tokenOf(link);
    // The stored record of a sent reset mail no longer carries the secret.
    // (The reset mail is sent after the answer, so its record turns SENT a moment after delivery.)
    const resetRecord = await vi.waitFor(async () => {
      const stored = await srv.db.asSystem((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, u.email)));
      const record = stored.find((m) => m.kind === 'RESET_PASSWORD')!;
      expect(record.status).toBe('SENT');
      return record;
    });
    expect(resetRecord.bodyText).not.toContain(token);

    expect((await get('access/reset-password-check', { token })).body.data.results.username).toBe(u.username);
    const mismatch = await post('access/reset-password', { token, password: 'Abc123', passwordRepeat: 'Abc124' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.data.errors.passwordRepeat).toEqual(['The two passwords do not match']);
    const weak = await post('access/reset-password', { token, password: 'abc123', passwordRepeat: 'abc123' });
    expect(weak.body.data.errors.password).toEqual(['The password needs upper- and lower-case letters and digits, 6 to 20 characters']);
    const ok = await post('access/reset-password', { token, password: 'Abc123', passwordRepeat: 'Abc123' });
    expect(ok.status).toBe(200);
    expect(await liveSessions(u.username)).toBe(0);
    expect((await loginResponse(srv.call, u.username, PW)).status).toBe(400);
    expect((await loginResponse(srv.call, u.username, 'Abc123')).status).toBe(200);

    const reuse = await post('access/reset-password', { token, password: 'Xyz789a', passwordRepeat: 'Xyz789a' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('link expired please resend');
    expect(reuse.body.data).toMatchObject({ expired: true });
  });

  it('expires after 10 minutes (clock moved on): 9 minutes works, 11 does not', async () => {
    const [row] = await srv.db.asSystem((tx) => tx.select({ email: appUser.email }).from(appUser).where(eq(appUser.username, 'factory.admin')));
    const start = Date.now();
    setClock(() => new Date(start));
    await post('access/request-password-reset-link', { email: row!.email! });
    const first = tokenOf(linkIn(await mailTo(row!.email!, /新的 Seamline 密码/), 'token='));
    setClock(() => new Date(start + 11 * 60_000));
    const late = await get('access/reset-password-check', { token: first });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('link expired please resend');
    expect((await post('access/reset-password', { token: first, password: 'Abc123', passwordRepeat: 'Abc123' })).status).toBe(400);

    smtp.mails.length = 0;
    await post('access/request-password-reset-link', { email: row!.email! });
    const second = tokenOf(linkIn(await mailTo(row!.email!, /新的 Seamline 密码/), 'token='));
    setClock(() => new Date(start + 20 * 60_000));
    expect((await get('access/reset-password-check', { token: second })).status).toBe(200);
    expect((await post('access/reset-password', { token: second, password: 'Factory2026', passwordRepeat: 'Factory2026' })).status).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing; an empty email is refused', async () => {
    smtp.mails.length = 0;
    const unknown = await post('access/request-password-reset-link', { email: 'nobody-here@example.com' });
    const [known] = await srv.db.asSystem((tx) => tx.select({ email: appUser.email }).from(appUser).where(eq(appUser.username, 'fabric.admin')));
    const real = await post('access/request-password-reset-link', { email: known!.email! });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(real.body);
    await mailTo(known!.email!, /Seamline/);
    expect(smtp.mails.filter((m) => m.to.includes('nobody-here@example.com'))).toEqual([]);
    const empty = await post('access/request-password-reset-link', { email: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.data.errors.email).toEqual(['Email cannot be empty']);
  });

  it('is throttled per email and per address (429 with Retry-After), known or not', async () => {
    for (let i = 0; i < 3; i++) expect((await post('access/request-password-reset-link', { email: 'flood@example.com' })).status).toBe(200);
    const fourth = await post('access/request-password-reset-link', { email: 'flood@example.com' });
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe('Too many requests, please try again later');
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    // The window passes: allowed again.
    setClock(() => new Date(Date.now() + 16 * 60_000));
    expect((await post('access/request-password-reset-link', { email: 'flood@example.com' })).status).toBe(200);
    // Per address: ten requests for different emails from one address, then refused.
    setClock(() => new Date(Date.now() + 40 * 60_000));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('access/request-password-reset-link', { email: `spread${i}@example.com` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('password change, verification codes, profile', () => {
  it('changes the password with the old one, ends the other sessions but keeps this one', async () => {
    const u = person('changer');
    await post('signup/join', { companyCode: 'DEMO_GARMENT', ...u });
    const admin = await login(srv.call, 'factory.admin', 'Factory2026');
    const req = (await get('signup/join-requests', {}, admin.token)).body.data.results.rows.find((r: { username: string }) => r.username === u.username);
    await post('signup/approve-join', { id: req.id }, admin.token);
    const a = await login(srv.call, u.username, PW);
    const b = await login(srv.call, u.username, PW);

    const wrong = await post('access/change-password', { oldPassword: 'Nope1234', password: 'Better123', passwordRepeat: 'Better123' }, a.token);
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.errors.oldPassword).toEqual(['The current password is not correct']);
    const ok = await post('access/change-password', { oldPassword: PW, password: 'Better123', passwordRepeat: 'Better123' }, a.token);
    expect(ok.status).toBe(200);
    expect(ok.body.data.results.ended_sessions).toBe(1);
    expect((await get('access/user-state', {}, a.token)).status).toBe(200);
    expect((await get('access/user-state', {}, b.token)).status).toBe(401);
    expect((await loginResponse(srv.call, u.username, 'Better123')).status).toBe(200);
  });

  it('verification codes are valid for 10 minutes: 9 minutes accepted, 11 rejected as expired', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const [row] = await srv.db.asSystem((tx) => tx.select({ email: appUser.email }).from(appUser).where(eq(appUser.username, 'brand.buyer')));
    const start = Date.now();
    const codeFrom = async () => /(\d{6})/.exec((await mailTo(row!.email!, /verification code/)).subject)![1]!;

    setClock(() => new Date(start));
    smtp.mails.length = 0;
    expect((await post('access/send-email-code', {}, me.token)).status).toBe(200);
    const code = await codeFrom();
    setClock(() => new Date(start + 9 * 60_000));
    expect((await post('access/verify-email-code', { code: code === '000000' ? '000001' : '000000' }, me.token)).body.message).toBe('The verification code is not correct');
    expect((await post('access/verify-email-code', { code }, me.token)).status).toBe(200);

    setClock(() => new Date(start));
    smtp.mails.length = 0;
    await post('access/send-email-code', {}, me.token);
    const late = await codeFrom();
    setClock(() => new Date(start + 11 * 60_000));
    const res = await post('access/verify-email-code', { code: late }, me.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The verification code has expired, please ask for a new one');
  });

  it('saves the own profile with checks; avatar must be an upload or an http link', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const bad = await post('access/save-profile', { fullname: 'Ann Lee', email: 'x', mobile: '123', avatar: 'javascript:alert(1)', language: 'fr' }, me.token);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['avatar', 'email', 'language', 'mobile']);
    // A new email needs the current password (docs/security.md 'Accounts and identities').
    const ok = await post('access/save-profile', { fullname: 'Ann Lee', email: 'ann@example.com', password: DEMO_PASSWORD, mobile: '13912345678', title: 'Buyer', avatar: 'https://example.com/a.png', language: 'zh' }, me.token);
    expect(ok.status).toBe(200);
    const state = (await srv.call('GET', 'utilsapi/access/user-state', { token: me.token })).body.data.results;
    expect(state).toMatchObject({ fullname: 'Ann Lee', email: 'ann@example.com', avatar: 'https://example.com/a.png', language: 'zh' });
    await post('access/save-profile', { fullname: 'Ann Lee', email: 'ann@example.com', language: 'en' }, me.token);
  });
});

describe('licence types and the outbox (super admin)', () => {
  it('lists, saves and refuses to delete a licence type in use', async () => {
    const sa = await login(srv.call, 'super.admin');
    const list = await get('licence-type/list', {}, sa.token);
    expect(list.body.data.results.map((l: { code: string }) => l.code)).toEqual(expect.arrayContaining(['STANDARD', 'PRO']));
    expect((await post('licence-type/save', { code: 'ENTERPRISE', name_en: 'Enterprise', name_zh: '企业版', seq: '40' }, sa.token)).status).toBe(200);
    expect((await post('licence-type/save', { code: 'bad code', name_en: '', name_zh: 'x' }, sa.token)).status).toBe(422);
    const inUse = await post('licence-type/delete', { code: 'STANDARD' }, sa.token);
    expect(inUse.status).toBe(400);
    expect(inUse.body.message).toMatch(/used by \d+ companies/);
    expect((await post('licence-type/delete', { code: 'ENTERPRISE' }, sa.token)).status).toBe(200);
  });

  it('the outbox lists every mail with its status, newest first, filtered', async () => {
    const sa = await login(srv.call, 'super.admin');
    const res = await get('mail-outbox/page-list', { status: 'SENT', kind: 'INVITATION' }, sa.token);
    expect(res.status).toBe(200);
    expect(res.body.data.results.total).toBeGreaterThan(0);
    expect(res.body.data.results.rows.every((r: { status: string; kind: string }) => r.status === 'SENT' && r.kind === 'INVITATION')).toBe(true);
  });
});

