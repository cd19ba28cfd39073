// User management (spec §2, §3, §6; CFG-01..05): the members of the caller's company. Users are
// platform-wide (app_user, one login for every company) and belong to companies through
// user_client, which carries the user type there; roles are per company (user_role). A company
// administrator therefore only ever sees and edits members of their own company: every query
// starts from user_client of the session's company, and another company's user is simply not
// found (404). Menu: SYS_USER.
import argon2 from 'argon2';
import { t, type Lang } from '@seamline/core';
import {
  R, S,
  and, appUser, asc, BizError, conflict, count, dataObject, desc, eq, forbidden, inArray, membershipChanged, menusChanged, ne, notFound, or, role, sql, stateChanged, userClient, userRole,
  type Api, type AuthedContext, type JsonSchema, type Session, type Tx, type UserType,
} from '@seamline/server/api';
import { endCompanySessions, endUserSessions } from '../../access/server/sessions';
import { accountFacts, assertMayManage, lockedFields, refuseLockedChanges } from './accountOwnership';
import { escapeLike, FieldCheck, idParam, isCompanyAdmin, listPage, listQuery, text, versionOf } from './adminInput';

const MENU = 'SYS_USER';

/** The profile fields an administrator maintains, wire name → column. */
const PROFILE = {
  username: appUser.username,
  email: appUser.email,
  full_name: appUser.fullName,
  first_name: appUser.firstName,
  last_name: appUser.lastName,
  gender: appUser.gender,
  title: appUser.title,
  mobile: appUser.mobile,
  phone: appUser.phone,
  language_code: appUser.languageCode,
  avatar: appUser.avatar,
  wx_id: appUser.wxId,
  qywx_id: appUser.qywxId,
  dd_id: appUser.ddId,
} as const;
type ProfileField = keyof typeof PROFILE;
const PROFILE_FIELDS = Object.keys(PROFILE) as ProfileField[];
const PROP: Record<ProfileField, keyof typeof appUser.$inferInsert> = {
  username: 'username', email: 'email', full_name: 'fullName', first_name: 'firstName', last_name: 'lastName', gender: 'gender',
  title: 'title', mobile: 'mobile', phone: 'phone', language_code: 'languageCode', avatar: 'avatar', wx_id: 'wxId', qywx_id: 'qywxId', dd_id: 'ddId',
};

/** User types an administrator can give (spec §6); 'user' is the legacy spelling, kept readable. */
// Spec §6: COMMON, ADMIN, INVITED, GUEST, UNASSIGNED and 'user' (a plain user, as COMMON in every check).
export const ASSIGNABLE_TYPES: readonly UserType[] = ['COMMON', 'ADMIN', 'INVITED', 'GUEST', 'UNASSIGNED', 'user'];

const SORTABLE: Record<string, unknown> = {
  username: appUser.username,
  full_name: appUser.fullName,
  email: appUser.email,
  status: appUser.status,
  user_type: userClient.userType,
  last_login_time: appUser.lastLoginTime,
  created_at: userClient.createdAt,
};

const USERNAME_RE = /^[A-Za-z0-9._@-]{3,64}$/;

export interface UserRow {
  id: string;
  version: number;
  status: string;
  user_type: string;
  last_login_time: string | null;
  last_login_ip: string | null;
  created_at: string;
  roles: { id: string; code: string; name: string }[];
  [field: string]: unknown;
}

function rowSelect() {
  return {
    id: appUser.id,
    version: appUser.version,
    status: appUser.status,
    user_type: userClient.userType,
    membership_status: userClient.status,
    last_login_time: appUser.lastLoginTime,
    last_login_ip: appUser.lastLoginIp,
    created_at: userClient.createdAt,
    ...PROFILE,
  };
}

type Raw = Record<string, unknown> & { id: string; last_login_time: Date | null; created_at: Date };

async function withRoles(tx: Tx, clientId: string, rows: Raw[]): Promise<UserRow[]> {
  const ids = rows.map((r) => r.id);
  const grants = ids.length
    ? await tx
        .select({ userId: userRole.userId, id: role.id, code: role.code, name: role.name })
        .from(userRole)
        .innerJoin(role, and(eq(role.id, userRole.roleId), eq(role.clientId, userRole.clientId)))
        .where(and(eq(userRole.clientId, clientId), inArray(userRole.userId, ids)))
        .orderBy(asc(role.code))
    : [];
  return rows.map((r) => ({
    ...r,
    // An invited account keeps a placeholder username until it accepts (areas/access invitations);
    // real usernames never contain '~' (USERNAME_RE), so the placeholder is never shown.
    username: typeof r.username === 'string' && r.username.startsWith('~') ? null : r.username,
    last_login_time: r.last_login_time ? r.last_login_time.toISOString() : null,
    created_at: r.created_at.toISOString(),
    roles: grants.filter((g) => g.userId === r.id).map(({ id, code, name }) => ({ id, code, name })),
  })) as unknown as UserRow[];
}

const memberOf = (clientId: string) => and(eq(userClient.userId, appUser.id), eq(userClient.clientId, clientId));

export async function listUsers(tx: Tx, clientId: string, q: Record<string, unknown>, p: unknown) {
  const page = listPage(p, Object.keys(SORTABLE));
  const search = text(q.search);
  const pattern = `%${escapeLike(search)}%`;
  const status = text(q.status);
  const types = (Array.isArray(q.user_type) ? q.user_type : q.user_type ? [q.user_type] : []).map(text).filter(Boolean);
  const roleId = text(q.role_id);
  const where = and(
    search ? or(sql`${appUser.username} ilike ${pattern}`, sql`${appUser.fullName} ilike ${pattern}`, sql`${appUser.email} ilike ${pattern}`) : undefined,
    // The status the list shows: this company's membership, frozen also when the whole account is.
    status === 'FROZEN' ? or(eq(userClient.status, 'FROZEN'), eq(appUser.status, 'FROZEN')) : undefined,
    status === 'ACTIVE' ? and(eq(userClient.status, 'ACTIVE'), eq(appUser.status, 'ACTIVE')) : undefined,
    types.length ? inArray(userClient.userType, types as UserType[]) : undefined,
    roleId
      ? sql`exists (select 1 from user_role ur where ur.client_id = ${clientId} and ur.user_id = ${appUser.id} and ur.role_id::text = ${roleId})`
      : undefined,
  );
  const sortCol = page.sort ? (SORTABLE[page.sort.field] as typeof appUser.username) : appUser.username;
  const order = page.sort?.order === 'desc' ? desc(sortCol) : asc(sortCol);
  const rows = await tx
    .select(rowSelect())
    .from(appUser)
    .innerJoin(userClient, memberOf(clientId))
    .where(where)
    .orderBy(order, asc(appUser.id))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  const [{ n }] = await tx.select({ n: count() }).from(appUser).innerJoin(userClient, memberOf(clientId)).where(where);
  return { rows: await withRoles(tx, clientId, rows as Raw[]), total: Number(n), page: page.page, size: page.size };
}

/** One member of the company (404 otherwise), with roles. */
export async function viewUser(tx: Tx, clientId: string, id: string): Promise<UserRow> {
  const rows = await tx.select(rowSelect()).from(appUser).innerJoin(userClient, memberOf(clientId)).where(eq(appUser.id, id));
  if (rows.length === 0) throw notFound();
  const [user] = await withRoles(tx, clientId, rows as Raw[]);
  return user;
}

/**
 * The document a screen shows: the member, plus how many other companies the account belongs to
 * (a count only — which ones is none of this company's business). The tenant sees only its own
 * memberships, so the count comes from the system connection.
 */
async function userDocument(ctx: AuthedContext, id: string): Promise<UserRow & { other_companies: number; locked_fields: string[] }> {
  const user = await ctx.tenant((tx) => viewUser(tx, ctx.session.clientId, id));
  const facts = await accountFacts(ctx.db, id);
  // What the screen must show read-only for this caller (docs/security.md 'Accounts and identities').
  const locked = lockedFields(ctx.session, facts, PROFILE_FIELDS);
  if (facts.isSuperAdmin && !ctx.session.isSuperAdmin) locked.push('user_type', 'role_ids');
  return { ...user, other_companies: Math.max(0, facts.companies - 1), locked_fields: locked };
}

interface Posted {
  id?: string;
  version: number | null;
  profile: Partial<Record<ProfileField, string | null>>;
  password: string;
  userType: UserType | null;
  roleIds: string[] | null;
}

function readPosted(data: Record<string, unknown>, lang: Lang, creating: boolean): Posted {
  const check = new FieldCheck(lang);
  const profile: Posted['profile'] = {};
  for (const f of PROFILE_FIELDS) {
    if (!(f in data)) continue;
    const v = text(data[f]);
    profile[f] = v === '' ? null : v;
  }
  if (creating || 'username' in profile) {
    const u = profile.username ?? '';
    check.rules('username', u, [{ type: 'required' }]);
    if (u && !USERNAME_RE.test(u)) check.add('username', t(lang, 'admin.usernameFormat'));
  }
  if (creating || 'full_name' in profile) check.rules('full_name', profile.full_name ?? '', [{ type: 'required' }]);
  if (profile.email) check.rules('email', profile.email, [{ type: 'email' }]);
  if (profile.gender && !['M', 'F'].includes(profile.gender)) check.add('gender', t(lang, 'admin.selectOption'));
  if (profile.language_code && !['en', 'zh'].includes(profile.language_code)) check.add('language_code', t(lang, 'admin.selectOption'));
  const password = typeof data.password === 'string' ? data.password : '';
  if (creating && !password) check.add('password', t(lang, 'admin.passwordNeeded'));
  if (password) check.rules('password', password, [{ type: 'strongPassword' }]);
  let userType: UserType | null = null;
  if (data.user_type !== undefined && data.user_type !== '') {
    if ((ASSIGNABLE_TYPES as readonly string[]).includes(String(data.user_type))) userType = data.user_type as UserType;
    else check.add('user_type', t(lang, 'admin.selectOption'));
  }
  let roleIds: string[] | null = null;
  if (data.role_ids !== undefined) {
    const list = Array.isArray(data.role_ids) ? data.role_ids : data.role_ids === '' || data.role_ids === null ? [] : [data.role_ids];
    roleIds = [...new Set(list.map(text).filter(Boolean))];
  }
  check.throwIfAny();
  return { id: typeof data.id === 'string' && data.id ? data.id : undefined, version: versionOf(data.version), profile, password, userType, roleIds };
}

async function checkRoles(tx: Tx, clientId: string, ids: readonly string[], lang: Lang): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.clientId, clientId), inArray(sql`${role.id}::text`, [...ids])));
  if (found.length !== ids.length) new FieldCheck(lang).add('role_ids', t(lang, 'admin.unknownRole')).throwIfAny();
}

async function usernameTaken(tx: Tx, username: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(eq(sql`lower(${appUser.username})`, username.toLowerCase()), exceptId ? ne(appUser.id, exceptId) : undefined));
  return rows.length > 0;
}

const taken = (lang: Lang) => new FieldCheck(lang).add('username', t(lang, 'admin.usernameTaken'));

async function replaceRoles(tx: Tx, clientId: string, userId: string, roleIds: readonly string[], by: string): Promise<void> {
  await tx.delete(userRole).where(and(eq(userRole.clientId, clientId), eq(userRole.userId, userId)));
  if (roleIds.length) await tx.insert(userRole).values(roleIds.map((roleId) => ({ clientId, userId, roleId, createdBy: by, updatedBy: by })));
  // Every node drops this member's cached menus and roles (server/src/menuAccess.ts).
  await menusChanged({ userIds: [userId], clientIds: [clientId] }, tx);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string; cause?: { code?: string } })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** Create: a new platform user who is a member of the caller's company only. */
async function createUser(ctx: AuthedContext, posted: Posted): Promise<string> {
  const { session, lang } = ctx;
  const hash = await argon2.hash(posted.password);
  try {
    // app_user is not insertable from a tenant transaction (users are platform rows): the system
    // connection writes it, and every other row names the caller's company explicitly.
    return await ctx.db.asSystem(async (tx) => {
      if (await usernameTaken(tx, posted.profile.username!)) taken(lang).throwIfAny();
      await checkRoles(tx, session.clientId, posted.roleIds ?? [], lang);
      const values: Record<string, unknown> = { passwordHash: hash, createdBy: session.userId, updatedBy: session.userId };
      for (const f of PROFILE_FIELDS) if (posted.profile[f] !== undefined) values[PROP[f]] = posted.profile[f];
      const [user] = await tx.insert(appUser).values(values as typeof appUser.$inferInsert).returning({ id: appUser.id });
      await tx.insert(userClient).values({
        clientId: session.clientId, userId: user.id, userType: posted.userType ?? 'COMMON', isDefault: true, createdBy: session.userId, updatedBy: session.userId,
      });
      await replaceRoles(tx, session.clientId, user.id, posted.roleIds ?? [], session.userId);
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) taken(lang).throwIfAny();
    throw err;
  }
}

async function updateUser(ctx: AuthedContext, posted: Posted, id: string): Promise<void> {
  const { session, lang } = ctx;
  const facts = await accountFacts(ctx.db, id);
  const hash = posted.password ? await argon2.hash(posted.password) : null;
  try {
    await ctx.tenant(async (tx) => {
      const [current] = await tx
        .select({ version: appUser.version, userType: userClient.userType, ...PROFILE })
        .from(appUser)
        .innerJoin(userClient, memberOf(session.clientId))
        .where(eq(appUser.id, id))
        .for('update');
      if (!current) throw notFound();
      assertMayManage(session, facts);
      refuseLockedChanges(lockedFields(session, facts, PROFILE_FIELDS), posted.profile, current, posted.password, lang);
      if (posted.version !== current.version) throw conflict();
      if (id === session.userId && posted.userType && posted.userType !== current.userType && current.userType === 'ADMIN') {
        throw new BizError('admin.notYourself');
      }
      if (posted.profile.username && (await usernameTaken(tx, posted.profile.username, id))) taken(lang).throwIfAny();
      if (posted.roleIds) await checkRoles(tx, session.clientId, posted.roleIds, lang);
      const set: Record<string, unknown> = { version: sql`${appUser.version} + 1`, updatedBy: session.userId, updatedAt: sql`now()` };
      for (const f of PROFILE_FIELDS) if (posted.profile[f] !== undefined) set[PROP[f]] = posted.profile[f];
      if (hash) set.passwordHash = hash;
      await tx.update(appUser).set(set).where(eq(appUser.id, id));
      if (posted.userType) {
        await tx
          .update(userClient)
          .set({ userType: posted.userType, updatedBy: session.userId, updatedAt: sql`now()` })
          .where(and(eq(userClient.clientId, session.clientId), eq(userClient.userId, id)));
      }
      if (posted.roleIds) await replaceRoles(tx, session.clientId, id, posted.roleIds, session.userId);
      // Type, roles and language travel with the member's live sessions: every node re-reads them.
      await membershipChanged({ userIds: [id], clientIds: [session.clientId] }, tx);
      // The profile shows in the member's sessions in other companies too.
      await stateChanged([{ userIds: [id] }], tx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) taken(lang).throwIfAny();
    throw err;
  }
}

/**
 * Freeze or unfreeze. Status belongs to the account (all companies), and a frozen user's sessions
 * end at once. A company administrator may freeze only users who belong to no other company;
 * the super admin may freeze anyone of the company. Nobody freezes themselves.
 */
async function setStatus(ctx: AuthedContext, id: string, status: 'ACTIVE' | 'FROZEN'): Promise<void> {
  const { session } = ctx;
  if (status === 'FROZEN' && id === session.userId) throw new BizError('admin.notYourself');
  // auth_session is out of tenant reach: the system connection does it, filtered by company.
  await ctx.db.asSystem(async (tx) => {
    const memberships = await tx.select({ clientId: userClient.clientId }).from(userClient).where(eq(userClient.userId, id));
    if (!memberships.some((m) => m.clientId === session.clientId)) throw notFound();
    if (status === 'FROZEN' && !session.isSuperAdmin && memberships.length > 1) throw new BizError('admin.sharedUser');
    const [target] = await tx.select({ isSuperAdmin: appUser.isSuperAdmin }).from(appUser).where(eq(appUser.id, id));
    assertMayManage(session, { isSuperAdmin: Boolean(target?.isSuperAdmin), companies: memberships.length });
    await tx
      .update(appUser)
      .set({ status, version: sql`${appUser.version} + 1`, updatedBy: session.userId, updatedAt: sql`now()` })
      .where(eq(appUser.id, id));
    if (status === 'FROZEN') await endUserSessions(tx, id);
  });
}

/**
 * Membership in the caller's company only (docs/security.md 'Accounts and identities'): freeze,
 * unfreeze or remove it, leaving the account and its other companies alone. The member's sessions
 * in this company end at once on every node (tokens 401, sockets closed). Never a super admin's
 * membership (403), never the company's last active administrator of its own (the platform super
 * admin, a member everywhere, does not count), nobody freezes themselves.
 */
async function changeMembership(ctx: AuthedContext, id: string, change: 'FROZEN' | 'ACTIVE' | 'REMOVE'): Promise<void> {
  const { session } = ctx;
  const clientId = session.clientId;
  if (change === 'FROZEN' && id === session.userId) throw new BizError('admin.notYourself');
  // auth_session is out of tenant reach: the system connection does it, every statement naming the company.
  await ctx.db.asSystem(async (tx) => {
    const here = and(eq(userClient.clientId, clientId), eq(userClient.userId, id));
    const [member] = await tx.select({ userType: userClient.userType, status: userClient.status }).from(userClient).where(here).for('update');
    if (!member) throw notFound();
    const [target] = await tx.select({ isSuperAdmin: appUser.isSuperAdmin }).from(appUser).where(eq(appUser.id, id));
    assertMayManage(session, { isSuperAdmin: Boolean(target?.isSuperAdmin), companies: 1 });
    if (change !== 'ACTIVE' && member.userType === 'ADMIN' && member.status === 'ACTIVE') {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(userClient)
        .innerJoin(appUser, eq(appUser.id, userClient.userId))
        .where(and(eq(userClient.clientId, clientId), eq(userClient.userType, 'ADMIN'), eq(userClient.status, 'ACTIVE'), eq(appUser.status, 'ACTIVE'), eq(appUser.isSuperAdmin, false), ne(userClient.userId, id)));
      if (Number(n) === 0) throw new BizError('admin.lastAdmin');
    }
    if (change === 'REMOVE') {
      await tx.delete(userRole).where(and(eq(userRole.clientId, clientId), eq(userRole.userId, id)));
      await tx.delete(userClient).where(here);
    } else {
      await tx.update(userClient).set({ status: change, updatedBy: session.userId, updatedAt: sql`now()` }).where(here);
    }
    if (change !== 'ACTIVE') await endCompanySessions(tx, clientId, [id]);
    else await membershipChanged({ userIds: [id], clientIds: [clientId] }, tx);
  });
}

function requireWriter(session: Session): void {
  // Writing users is the company administrator's job; a role opening SYS_USER lets one look.
  if (!isCompanyAdmin(session)) throw forbidden();
}

/** A member as listed (issue 28: named, so the OpenAPI test checks the real answer). */
const USER_ROW = S.object(
  {
    id: S.uuid(),
    version: S.integer(),
    status: S.string('The account: ACTIVE or FROZEN'),
    membership_status: S.string('The membership of this company: ACTIVE or FROZEN'),
    user_type: S.string(),
    username: S.nullable(S.string('null while an invitation is not accepted')),
    full_name: S.nullable(S.string()),
    email: S.nullable(S.string()),
    language_code: S.nullable(S.string()),
    last_login_time: S.nullable(S.dateTime()),
    last_login_ip: S.nullable(S.string()),
    created_at: S.dateTime('When the member joined'),
    roles: S.list(S.object({ id: S.uuid(), code: S.string(), name: S.string() }, ['id', 'code', 'name'])),
  },
  ['id', 'version', 'status', 'membership_status', 'user_type', 'username', 'created_at', 'roles'],
);
/** A member as the screen opens it (view, save, freeze): the row, how many other companies the account belongs to, what is read-only. */
const USER_DOC = S.object(
  {
    ...(USER_ROW.properties as Record<string, JsonSchema>),
    other_companies: S.integer('Other companies the account belongs to'),
    locked_fields: S.list(S.string(), 'Fields this caller must show read-only'),
  },
  [...(USER_ROW.required as string[]), 'other_companies', 'locked_fields'],
);

export function userAdminRoutes(api: Api): void {
  api.get('utilsapi/sys/users/page-list', { schema: R.list('Members of my company', USER_ROW), auth: true, menu: MENU }, ({ session, query, tenant }) =>
    tenant((tx) => listUsers(tx, session.clientId, listQuery(query.q), query.p)),
  );

  api.get('utilsapi/sys/users/view', { schema: R.byId('One member with their roles', { response: USER_DOC }), auth: true, menu: MENU, params: ['id'] }, (ctx) => userDocument(ctx, idParam(ctx.query.id)));

  api.post('utilsapi/sys/users/save', { schema: R.save('Create or update a member (company administrators)', S.object({ id: S.uuid('Absent on create'), username: S.string(), full_name: S.string(), email: S.string(), gender: S.enum(['M', 'F']), language_code: S.enum(['en', 'zh']), password: S.string('Required on create'), user_type: S.string(), role_ids: S.list(S.uuid()) }), { response: USER_DOC }), auth: true, menu: MENU }, async (ctx) => {
    requireWriter(ctx.session);
    const data = dataObject(ctx.body);
    const creating = !data.id;
    const id = creating ? await createUser(ctx, readPosted(data, ctx.lang, true)) : idParam(data.id);
    if (!creating) {
      const posted = readPosted(data, ctx.lang, false);
      await updateUser(ctx, posted, id);
      // A password set by anyone but its owner ends every session of the account (only the super admin gets here).
      if (posted.password) await ctx.db.asSystem((tx) => endUserSessions(tx, id));
    }
    return userDocument(ctx, id);
  });

  for (const [action, status] of [['freeze', 'FROZEN'], ['unfreeze', 'ACTIVE']] as const) {
    api.post(`utilsapi/sys/users/${action}`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc(`${action === 'freeze' ? 'Freeze' : 'Unfreeze'} a user account`, {}, { response: USER_DOC }) }, async (ctx) => {
      requireWriter(ctx.session);
      const id = idParam(dataObject(ctx.body).id);
      await setStatus(ctx, id, status);
      return userDocument(ctx, id);
    });
  }

  for (const [action, status] of [['freeze-membership', 'FROZEN'], ['unfreeze-membership', 'ACTIVE']] as const) {
    api.post(`utilsapi/sys/users/${action}`, { auth: true, menu: MENU, params: ['id'], schema: R.onDoc(`${action === 'freeze-membership' ? 'Freeze' : 'Unfreeze'} a member's membership of my company`) }, async (ctx) => {
      requireWriter(ctx.session);
      const id = idParam(dataObject(ctx.body).id);
      await changeMembership(ctx, id, status);
      return userDocument(ctx, id);
    });
  }

  api.post('utilsapi/sys/users/remove', { params: ['id'], schema: R.onDoc('Remove a member from my company', {}, { response: S.object({ id: S.uuid() }) }), auth: true, menu: MENU }, async (ctx) => {
    requireWriter(ctx.session);
    const id = idParam(dataObject(ctx.body).id);
    await changeMembership(ctx, id, 'REMOVE');
    return { id };
  });
}
