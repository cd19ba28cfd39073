// utilsapi/signup/…: a company signs up (the super admin reviews it) or a person asks to join a
// company (its administrator reviews it). The applicant's account exists from the start, without
// a company (UNASSIGNED) until approval; each decision is mailed to the applicant.
import argon2 from 'argon2';
import {
  R, S,
  CLIENT_TYPES, type ClientType, BizError, HttpError, and, appUser, asc, client, clientMenu, desc, eq, forbidden, inArray, isUuid, menu,
  notFound, or, role, sql, stateChanged, userClient, userRole, type Api, type AuthedContext, type Db, type RouteContext, type Session, type Tx,
  sendMail, type Mail, pageParams,
} from '@seamline/server/api';
import { langOf } from '@seamline/core';
import { COMPANY_CODE_MAX, USERNAME_RULE } from '../meta/account';
import { now } from './clock';
import { FieldChecker, fieldsOf } from './input';
import { joinRequestMail, publicBase, signupDecisionMail, signupReceivedMail } from './mails';
import { licenceType, signupRequest, type SignupKind, type SignupStatus } from './schema';
import { recordAttempt, refuseWhenLocked } from './throttle';

const SIGNUP = 'utilsapi/signup/';

/** Menus only the platform's super admin sees (never switched on for a new company's use). */
export const SUPER_MENU_PREFIX = 'SUPER_';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** What a company of each type does on the platform (client.roles), as the demo companies have it. */
const CLIENT_ROLES: Record<ClientType, string[]> = {
  BRAND: ['BRAND'],
  GARMENT_SUPPLIER: ['SUPPLIER', 'FACTORY'],
  FABRIC_SUPPLIER: ['SUPPLIER'],
  TRIM_SUPPLIER: ['SUPPLIER'],
  FACTORY: ['FACTORY'],
  // A third-party inspection company (issue 25): inspects on the brand's behalf.
  INSPECTION_COMPANY: ['INSPECTOR'],
};

interface Applicant {
  id: string;
  username: string;
  email: string | null;
  fullName: string | null;
  languageCode: string | null;
}

export function signupRoutes(api: Api): void {
  api.get(SIGNUP + 'companies', { schema: R.get('Companies one may ask to join', { query: { search: S.string() } }), auth: false }, async ({ db, query }) => {
    const search = typeof query.search === 'string' ? query.search.trim() : '';
    // Two characters at least: the sign-up page is public, so it offers matches, not a directory.
    if (search.length < 2) return [];
    const pattern = `%${escapeLike(search)}%`;
    return db.asSystem((tx) =>
      tx
        .select({ code: client.code, name: client.name })
        .from(client)
        .where(and(eq(client.status, 'ACTIVE'), or(sql`${client.name} ilike ${pattern}`, sql`${client.code} ilike ${pattern}`)))
        .orderBy(asc(client.name))
        .limit(10),
    );
  });

  api.post(SIGNUP + 'company', { schema: R.post('Apply for a new company (an account, new or existing)', { companyName: S.string(), companyCode: S.string(), companyType: S.string(), note: S.string(), existing: S.flag('Sign in with an existing account instead'), username: S.string(), password: S.string(), fullname: S.string(), email: S.string(), mobile: S.string() }, { required: ['companyName', 'companyCode', 'username', 'password'] }), auth: false }, async (ctx) => {
    const values = fieldsOf(ctx.body);
    // The form upper-cases the code as it is typed; a client that did not is not refused for it.
    if (values.companyCode) values.companyCode = values.companyCode.toUpperCase();
    const f = new FieldChecker(values, ctx.lang)
      .check('companyName', ['required'])
      .check('companyCode', ['required', 'capitalEnglish'])
      .check('companyType', ['required']);
    const code = f.value('companyCode');
    if (f.value('companyType') && !CLIENT_TYPES.includes(f.value('companyType') as ClientType)) f.failKey('companyType', 'access.unknownCompanyType');
    if (code.length > COMPANY_CODE_MAX) f.failKey('companyCode', 'access.codeTooLong');
    const account = await readAccount(ctx, f);
    const result = await ctx.db.asSystem(async (tx) => {
      const [taken] = await tx.select({ id: client.id }).from(client).where(eq(sql`upper(${client.code})`, code));
      const [pending] = await tx.select({ id: signupRequest.id }).from(signupRequest).where(eq(signupRequest.pendingKey, `COMPANY:${code}`));
      if (taken || pending) f.failKey('companyCode', 'access.companyCodeTaken');
      const user = await account.resolve(tx);
      f.done();
      const [request] = await tx
        .insert(signupRequest)
        .values({
          kind: 'COMPANY',
          userId: user.id,
          companyName: f.value('companyName'),
          companyCode: code,
          companyType: f.value('companyType'),
          note: f.value('note') || null,
          pendingKey: `COMPANY:${code}`,
          createdAt: now(),
        })
        .returning({ id: signupRequest.id, status: signupRequest.status });
      return { request: request!, user };
    });
    await mailApplicant(ctx.db, signupReceivedMail(recipient(result.user), { company: f.value('companyName'), kind: 'COMPANY' }));
    return { id: result.request.id, status: result.request.status, username: result.user.username };
  });

  api.post(SIGNUP + 'join', { schema: R.post('Ask to join a company', { companyCode: S.string(), note: S.string(), existing: S.flag(), username: S.string(), password: S.string(), fullname: S.string(), email: S.string(), mobile: S.string() }, { required: ['companyCode', 'username', 'password'] }), auth: false }, async (ctx) => {
    const f = new FieldChecker(fieldsOf(ctx.body), ctx.lang).check('companyCode', ['required']);
    const code = f.value('companyCode').toUpperCase();
    const account = await readAccount(ctx, f);
    const base = publicBase(ctx.config);
    const result = await ctx.db.asSystem(async (tx) => {
      const [company] = code
        ? await tx.select({ id: client.id, name: client.name }).from(client).where(and(eq(sql`upper(${client.code})`, code), eq(client.status, 'ACTIVE')))
        : [];
      if (code && !company) f.failKey('companyCode', 'access.companyUnknown');
      const user = await account.resolve(tx);
      f.done();
      const [member] = await tx
        .select({ type: userClient.userType })
        .from(userClient)
        .where(and(eq(userClient.userId, user.id), eq(userClient.clientId, company!.id)));
      if (member) throw new BizError('access.alreadyMember');
      const pendingKey = `JOIN:${user.id}:${company!.id}`;
      const [open] = await tx.select({ id: signupRequest.id }).from(signupRequest).where(eq(signupRequest.pendingKey, pendingKey));
      if (open) throw new BizError('access.requestPending');
      const [request] = await tx
        .insert(signupRequest)
        .values({ kind: 'JOIN', userId: user.id, clientId: company!.id, note: f.value('note') || null, pendingKey, createdAt: now() })
        .returning({ id: signupRequest.id, status: signupRequest.status });
      const admins = await companyAdmins(tx, company!.id);
      const mails = [
        signupReceivedMail(recipient(user), { company: company!.name, kind: 'JOIN' }),
        ...admins
          .filter((a) => a.email)
          .map((a) => joinRequestMail(recipient(a), { name: user.fullName ?? user.username, username: user.username }, company!.name, base)),
      ];
      return { request: request!, user, mails };
    });
    for (const mail of result.mails) await mailApplicant(ctx.db, mail);
    return { id: result.request.id, status: result.request.status, username: result.user.username };
  });

  // The super admin's review of company sign-ups.
  api.get(SIGNUP + 'company-requests', { schema: R.get('Company applications (super admin)', { query: { status: S.string() } }), auth: true, superAdmin: true }, ({ db, query }) => listRequests(db, 'COMPANY', query, null));

  api.post(SIGNUP + 'approve-company', { params: ['id'], schema: R.post('Approve a company application (super admin)', { id: S.uuid(), licenceType: S.string() }, { required: ['id'] }), auth: true, superAdmin: true }, async (ctx) => {
    const f = new FieldChecker(fieldsOf(ctx.body), ctx.lang).check('licenceType', ['required']);
    const id = f.value('id');
    const decided = await ctx.db.asSystem(async (tx) => {
      const request = await pendingRequest(tx, id, 'COMPANY');
      const [licence] = f.value('licenceType')
        ? await tx.select({ code: licenceType.code }).from(licenceType).where(eq(licenceType.code, f.value('licenceType')))
        : [];
      if (f.value('licenceType') && !licence) f.failKey('licenceType', 'access.licenceUnknown');
      f.done();
      const user = await applicantOf(tx, request.userId);
      const [taken] = await tx.select({ id: client.id }).from(client).where(eq(sql`upper(${client.code})`, request.companyCode!));
      if (taken) throw new BizError('access.companyCodeTaken');
      const at = now();
      const type = request.companyType as ClientType;
      const [company] = await tx
        .insert(client)
        .values({
          code: request.companyCode!,
          name: request.companyName!,
          type,
          roles: CLIENT_ROLES[type] ?? [],
          licenseType: licence!.code,
          language: user.languageCode === 'en' ? 'en' : 'zh',
          createdBy: ctx.session!.userId,
          createdAt: at,
        })
        .returning({ id: client.id, name: client.name });
      await setUpCompany(tx, company!.id, user.id, ctx.session!.userId);
      await decide(tx, request.id, 'APPROVED', ctx.session!.userId, { clientId: company!.id, licenceType: licence!.code });
      return { user, company: company! };
    });
    await mailApplicant(
      ctx.db,
      signupDecisionMail(recipientWithName(decided.user), { kind: 'COMPANY', approved: true, company: decided.company.name }, publicBase(ctx.config)),
    );
    return { id, status: 'APPROVED', clientid: decided.company.id };
  });

  api.post(SIGNUP + 'reject-company', { schema: R.post('Reject a company application (super admin)', { id: S.uuid(), reason: S.string() }, { required: ['id'] }), auth: true, superAdmin: true }, (ctx) => reject(ctx as AuthedContext, 'COMPANY'));

  // A company administrator's review of requests to join the company.
  api.get(SIGNUP + 'join-requests', { schema: R.get('Requests to join my company', { query: { status: S.string() } }), auth: true }, ({ db, session, query }) => {
    requireCompanyAdmin(session);
    return listRequests(db, 'JOIN', query, session.clientId);
  });

  api.post(SIGNUP + 'approve-join', { params: ['id'], schema: R.post('Approve a request to join my company', { id: S.uuid() }, { required: ['id'] }), auth: true }, async (ctx) => {
    requireCompanyAdmin(ctx.session);
    const id = fieldsOf(ctx.body).id ?? '';
    const decided = await ctx.db.asSystem(async (tx) => {
      const request = await pendingRequest(tx, id, 'JOIN', ctx.session.clientId);
      const user = await applicantOf(tx, request.userId);
      const [hasDefault] = await tx.select({ id: userClient.id }).from(userClient).where(and(eq(userClient.userId, user.id), eq(userClient.isDefault, true)));
      await tx
        .insert(userClient)
        .values({ clientId: ctx.session.clientId, userId: user.id, userType: 'COMMON', isDefault: !hasDefault, createdBy: ctx.session.userId })
        .onConflictDoNothing();
      await decide(tx, request.id, 'APPROVED', ctx.session.userId, {});
      // The applicant's sessions elsewhere list the companies they may switch to.
      await stateChanged([{ userIds: [user.id] }], tx);
      const [company] = await tx.select({ name: client.name }).from(client).where(eq(client.id, ctx.session.clientId));
      return { user, company: company! };
    });
    await mailApplicant(
      ctx.db,
      signupDecisionMail(recipientWithName(decided.user), { kind: 'JOIN', approved: true, company: decided.company.name }, publicBase(ctx.config)),
    );
    return { id, status: 'APPROVED' };
  });

  api.post(SIGNUP + 'reject-join', { schema: R.post('Reject a request to join my company', { id: S.uuid(), reason: S.string() }, { required: ['id'] }), auth: true }, (ctx) => {
    requireCompanyAdmin(ctx.session);
    return reject(ctx, 'JOIN');
  });

  // The applicant's own view: where do my requests stand (the sign-in page says so for UNASSIGNED users).
  api.post(SIGNUP + 'my-requests', { schema: R.post("An applicant's own requests (with their password)", { username: S.string(), password: S.string() }, { required: ['username', 'password'] }), auth: false }, async (ctx) => {
    const f = new FieldChecker(fieldsOf(ctx.body), ctx.lang);
    const user = await verifyExisting(ctx, f);
    return ctx.db.asSystem((tx) =>
      tx
        .select({
          id: signupRequest.id, kind: signupRequest.kind, status: signupRequest.status, company_name: sql<string>`coalesce(${client.name}, ${signupRequest.companyName})`,
          reason: signupRequest.reason, created_at: signupRequest.createdAt, decided_at: signupRequest.decidedAt,
        })
        .from(signupRequest)
        .leftJoin(client, eq(client.id, signupRequest.clientId))
        .where(eq(signupRequest.userId, user.id))
        .orderBy(desc(signupRequest.createdAt)),
    );
  });
}

export function requireCompanyAdmin(session: Session): void {
  if (session.userType !== 'ADMIN' && !session.isSuperAdmin) throw forbidden();
}

/**
 * The applicant: a new account (full name, username, email, mobile, password twice), or with
 * `existing=1` an account that already exists (username + password) — how a user without a
 * company (UNASSIGNED), or a member of another company, files a request.
 */
async function readAccount(ctx: RouteContext, f: FieldChecker) {
  if (f.value('existing') === '1' || f.value('existing') === 'true') {
    const user = await verifyExisting(ctx, f).catch((err) => {
      if (err instanceof HttpError && err.status === 422) return null;
      throw err;
    });
    return { resolve: async (_tx: Tx): Promise<Applicant> => (f.done(), user!) };
  }
  f.check('fullname', ['required'])
    .check('username', [{ type: 'required', key: 'auth.usernameRequired' }, USERNAME_RULE])
    .check('email', [{ type: 'required', key: 'auth.emailRequired' }, 'email'])
    .check('mobile', ['mobile'])
    .newPassword();
  // Hashed before the transaction: argon2 must not hold the database.
  const hash = f.ok ? await argon2.hash(f.value('password')) : '';
  return {
    async resolve(tx: Tx): Promise<Applicant> {
      const username = f.value('username');
      const [taken] = username ? await tx.select({ id: appUser.id }).from(appUser).where(eq(sql`lower(${appUser.username})`, username.toLowerCase())) : [];
      if (taken) f.failKey('username', 'access.usernameTaken');
      f.done();
      const [user] = await tx
        .insert(appUser)
        .values({
          username,
          email: f.value('email'),
          passwordHash: hash,
          fullName: f.value('fullname'),
          mobile: f.value('mobile') || null,
          languageCode: ctx.lang,
          createdAt: now(),
        })
        .returning({ id: appUser.id, username: appUser.username, email: appUser.email, fullName: appUser.fullName, languageCode: appUser.languageCode });
      return user!;
    },
  };
}

/** username + password of an existing active account, else 11000 on the password. */
async function verifyExisting(ctx: RouteContext, f: FieldChecker): Promise<Applicant> {
  f.check('username', [{ type: 'required', key: 'auth.usernameRequired' }]).check('password', ['required']);
  f.done();
  // A password check like a sign-in: the same locks, and its failures count (docs/security.md 'Throttling').
  const at = now();
  await refuseWhenLocked(ctx.db, f.value('username'), ctx.ip, at);
  const [user] = await ctx.db.asSystem((tx) =>
    tx
      .select({ id: appUser.id, username: appUser.username, email: appUser.email, fullName: appUser.fullName, languageCode: appUser.languageCode, hash: appUser.passwordHash, status: appUser.status })
      .from(appUser)
      .where(eq(sql`lower(${appUser.username})`, f.value('username').toLowerCase())),
  );
  const ok = !!user && user.status === 'ACTIVE' && (await argon2.verify(user.hash, f.value('password')).catch(() => false));
  await ctx.db.asSystem((tx) => recordAttempt(tx, f.value('username'), ok, ctx.ip, at));
  if (!ok) f.failKey('password', 'auth.invalidCredentials').done();
  const { hash: _h, status: _s, ...applicant } = user!;
  return applicant;
}

async function companyAdmins(tx: Tx, clientId: string) {
  return tx
    .select({ id: appUser.id, username: appUser.username, email: appUser.email, fullName: appUser.fullName, languageCode: appUser.languageCode })
    .from(userClient)
    .innerJoin(appUser, eq(appUser.id, userClient.userId))
    .where(and(eq(userClient.clientId, clientId), eq(userClient.userType, 'ADMIN'), eq(appUser.status, 'ACTIVE'), eq(appUser.isSuperAdmin, false)));
}

/**
 * A new company's starting point: every menu of the catalogue switched on (the super admin's own
 * ones aside), an administrator role (管理员 or Administrator), and the applicant as its ADMIN member.
 */
export async function setUpCompany(tx: Tx, clientId: string, adminUserId: string, by: string) {
  const menus = await tx.select({ id: menu.id, code: menu.code }).from(menu);
  const usable = menus.filter((m) => !m.code.startsWith(SUPER_MENU_PREFIX));
  if (usable.length) await tx.insert(clientMenu).values(usable.map((m) => ({ clientId, menuId: m.id, createdBy: by })));
  // The role is data the company reads and renames, so it is named once, in the company's language.
  const [company] = await tx.select({ language: client.language }).from(client).where(eq(client.id, clientId));
  const name = langOf(company?.language) === 'en' ? 'Administrator' : '管理员';
  const [admin] = await tx.insert(role).values({ clientId, code: 'ADMIN', name, createdBy: by }).returning({ id: role.id });
  const [hasDefault] = await tx.select({ id: userClient.id }).from(userClient).where(and(eq(userClient.userId, adminUserId), eq(userClient.isDefault, true)));
  await tx.insert(userClient).values({ clientId, userId: adminUserId, userType: 'ADMIN', isDefault: !hasDefault, createdBy: by });
  await tx.insert(userRole).values({ clientId, userId: adminUserId, roleId: admin!.id, createdBy: by });
  // An existing user's sessions elsewhere list the companies they may switch to.
  await stateChanged([{ userIds: [adminUserId] }], tx);
}

async function pendingRequest(tx: Tx, id: string, kind: SignupKind, clientId?: string) {
  const [request] = isUuid(id)
    ? await tx
        .select()
        .from(signupRequest)
        .where(and(eq(signupRequest.id, id), eq(signupRequest.kind, kind), clientId ? eq(signupRequest.clientId, clientId) : undefined))
        .for('update')
    : [];
  if (!request) throw notFound();
  if (request.status !== 'PENDING_ARRPOVE') throw new BizError('access.alreadyDecided');
  return request;
}

async function applicantOf(tx: Tx, userId: string): Promise<Applicant> {
  const [user] = await tx
    .select({ id: appUser.id, username: appUser.username, email: appUser.email, fullName: appUser.fullName, languageCode: appUser.languageCode })
    .from(appUser)
    .where(eq(appUser.id, userId));
  return user!;
}

async function decide(tx: Tx, id: string, status: SignupStatus, by: string, extra: { clientId?: string; licenceType?: string; reason?: string }) {
  await tx
    .update(signupRequest)
    .set({ status, decidedAt: now(), decidedBy: by, pendingKey: null, ...extra })
    .where(eq(signupRequest.id, id));
}

async function reject(ctx: AuthedContext, kind: SignupKind) {
  const f = new FieldChecker(fieldsOf(ctx.body), ctx.lang).check('reason', ['required']);
  f.done();
  const id = f.value('id');
  const decided = await ctx.db.asSystem(async (tx) => {
    const request = await pendingRequest(tx, id, kind, kind === 'JOIN' ? ctx.session.clientId : undefined);
    const user = await applicantOf(tx, request.userId);
    await decide(tx, request.id, 'REJECTED', ctx.session.userId, { reason: f.value('reason') });
    const [company] = request.clientId ? await tx.select({ name: client.name }).from(client).where(eq(client.id, request.clientId)) : [];
    return { user, company: company?.name ?? request.companyName ?? '' };
  });
  await mailApplicant(
    ctx.db,
    signupDecisionMail(recipientWithName(decided.user), { kind, approved: false, company: decided.company, reason: f.value('reason') }, publicBase(ctx.config)),
  );
  return { id, status: 'REJECTED' };
}

/** Requests newest first, optionally one status; a company admin's list is their company's only. */
async function listRequests(db: Db, kind: SignupKind, query: Record<string, unknown>, clientId: string | null) {
  const status = typeof query.status === 'string' && query.status ? query.status : null;
  const { page, size } = pageParams(query, { maxSize: 100 });
  const where = and(
    eq(signupRequest.kind, kind),
    clientId ? eq(signupRequest.clientId, clientId) : undefined,
    status ? inArray(signupRequest.status, status.split(',') as SignupStatus[]) : undefined,
  );
  return db.asSystem(async (tx) => {
    const rows = await tx
      .select({
        id: signupRequest.id, kind: signupRequest.kind, status: signupRequest.status,
        company_name: sql<string>`coalesce(${client.name}, ${signupRequest.companyName})`, company_code: signupRequest.companyCode,
        company_type: signupRequest.companyType, licence_type: signupRequest.licenceType, note: signupRequest.note, reason: signupRequest.reason,
        created_at: signupRequest.createdAt, decided_at: signupRequest.decidedAt,
        username: appUser.username, fullname: appUser.fullName, email: appUser.email, mobile: appUser.mobile,
      })
      .from(signupRequest)
      .innerJoin(appUser, eq(appUser.id, signupRequest.userId))
      .leftJoin(client, eq(client.id, signupRequest.clientId))
      .where(where)
      .orderBy(desc(signupRequest.createdAt), desc(signupRequest.id))
      .limit(size)
      .offset((page - 1) * size);
    const [{ total }] = (await tx.select({ total: sql<number>`count(*)::int` }).from(signupRequest).where(where)) as [{ total: number }];
    return { rows, total, page, size };
  });
}

const recipient = (u: Applicant) => ({ email: u.email ?? '', language: u.languageCode, name: u.fullName ?? u.username });
const recipientWithName = (u: Applicant) => ({ ...recipient(u), username: u.username });

/** Mail to someone with an address; an account without one simply gets none. */
async function mailApplicant(db: Db, mail: Mail) {
  if (mail.to) await sendMail(db, mail);
}

