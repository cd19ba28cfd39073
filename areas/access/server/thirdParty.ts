// Third-party sign-in and binding (spec §2, §7; docs/third-party-logins.md): DingTalk, WeCom
// (enterprise WeChat) and WeChat adapters, configured per company by THIRD_PARTY_LOGINS.
// - Sign-in finds the account bound to the provider's user id among the company's active members.
//   An id bound to nobody never creates an account: the answer says so and carries a bind ticket,
//   which the owner spends — once — after signing in with the Seamline password.
// - Binding always writes the signed-in owner's own column (issue 11: nobody else's).
import { t } from '@seamline/core';
import {
  R, S,
  BizError, HttpError, and, appUser, client, eq, hashToken, isNotNull, ne, sql, userClient,
  type Api, type AuthedContext, type Db, type RouteContext, type Tx,
} from '@seamline/server/api';
import { accountToken } from './schema';
import { openSession } from './sessions';
import { THIRD_PARTY_TYPES, isThirdPartyType, parseThirdPartyLogins, providerConfig, providerName, type ThirdPartyType } from './thirdPartyConfig';
import { beginFlow, finishFlow, openBindTicket, readState, sealBindTicket, type FlowState, type OpenedBindTicket } from './thirdPartyFlow';

const BIND = 'thirdpartyapi/third-login/';

interface Company {
  id: string;
  code: string;
}

/** The web page the provider sends the browser back to. */
function callbackPath(purpose: FlowState['purpose'], type: ThirdPartyType, companyCode: string): string {
  if (purpose === 'bind') return '/page/thirdbinding';
  if (type === 'dingtalk') return `/login/ddwelcome/${encodeURIComponent(companyCode)}`;
  if (type === 'wecom') return '/login/qywxwelcome';
  return `/login/third/${type}`;
}

/** PUBLIC_URL in production (required there); else the address the browser used. */
function publicBase(ctx: RouteContext): string {
  if (process.env.PUBLIC_URL) return process.env.PUBLIC_URL.replace(/\/+$/, '');
  const req = ctx.reply.request;
  return `${req.protocol}://${req.host}`;
}

async function companyByCode(db: Db, code: unknown): Promise<Company | null> {
  if (typeof code !== 'string' || !code.trim() || code.length > 100) return null;
  const [row] = await db.asSystem((tx) =>
    tx.select({ id: client.id, code: client.code, status: client.status }).from(client).where(eq(client.code, code.trim().toUpperCase())),
  );
  return row && row.status === 'ACTIVE' ? { id: row.id, code: row.code } : null;
}

async function companyById(tx: Tx, id: string): Promise<Company | null> {
  const [row] = await tx.select({ id: client.id, code: client.code }).from(client).where(eq(client.id, id));
  return row ?? null;
}

const notConfigured = (type: string, lang: string) => new BizError('access.thirdPartyNotConfigured', { provider: providerName(type, lang) });

function typeOf(value: unknown, lang: string): ThirdPartyType {
  if (!isThirdPartyType(value)) throw notConfigured(typeof value === 'string' && value.length < 40 ? value : '?', lang);
  return value;
}

/** An active, non-invited member of the company: the accounts a sign-in may land on or bind. */
const activeMember = (clientId: string) =>
  and(eq(userClient.clientId, clientId), eq(userClient.status, 'ACTIVE'), ne(userClient.userType, 'INVITED'));

/** The members of the company whose column holds this provider id. */
async function boundMembers(tx: Tx, type: ThirdPartyType, clientId: string, subject: string) {
  const column = THIRD_PARTY_TYPES[type].column;
  return tx
    .select({ id: appUser.id, username: appUser.username, status: appUser.status, languageCode: appUser.languageCode })
    .from(appUser)
    .innerJoin(userClient, eq(userClient.userId, appUser.id))
    .where(and(eq(column, subject), activeMember(clientId)));
}

async function startFlow(ctx: RouteContext, company: Company | null, type: ThirdPartyType, purpose: FlowState['purpose'], userId?: string) {
  const provider = company ? providerConfig(company.code, type) : null;
  if (!company || !provider) throw notConfigured(type, ctx.lang);
  const redirectUri = publicBase(ctx) + callbackPath(purpose, type, company.code);
  const begun = await beginFlow(ctx.db, provider, { purpose, type, clientId: company.id, companyCode: company.code, redirectUri, userId });
  return { ...begun, type, provider: providerName(type, ctx.lang), redirect_uri: redirectUri };
}

/** The provider's answer (code + state) → the verified subject and the flow it belongs to. */
async function finish(ctx: RouteContext, purpose: FlowState['purpose'], source: Record<string, unknown>) {
  if (typeof source.error === 'string') throw new BizError('access.thirdPartyCancelled');
  const state = await readState(ctx.db, source.state);
  if (state.purpose !== purpose) throw new BizError('access.thirdPartyStateInvalid');
  const provider = providerConfig(state.companyCode, state.type);
  if (!provider) throw notConfigured(state.type, ctx.lang);
  return { state, subject: await finishFlow(provider, state, source.code) };
}

async function login(ctx: RouteContext, source: Record<string, unknown>) {
  const { state, subject } = await finish(ctx, 'login', source);
  const now = new Date();
  const found = await ctx.db.asSystem((tx) => boundMembers(tx, state.type, state.clientId, subject));
  if (found.length !== 1) {
    // Nobody (or, through data edited outside the platform, more than one account) has this id:
    // no account is made; the owner signs in with the password and binds it.
    return {
      bound: false,
      type: state.type,
      provider: providerName(state.type, ctx.lang),
      message: t(ctx.lang, 'access.thirdPartyUnbound', { provider: providerName(state.type, ctx.lang) }),
      bind_ticket: await sealBindTicket(ctx.db, { type: state.type, clientId: state.clientId, subject }),
    };
  }
  const user = found[0]!;
  if (user.status !== 'ACTIVE') throw new HttpError(403, 'auth.frozen');
  return ctx.db.asSystem(async (tx) => {
    await tx.update(appUser).set({ lastLoginTime: now, lastLoginIp: ctx.ip }).where(eq(appUser.id, user.id));
    return openSession(tx, { userId: user.id, clientId: state.clientId, username: user.username, language: user.languageCode }, ctx.ip, ctx.config, now);
  });
}

/**
 * Spends a bind ticket, once: its id is recorded (account_token, purpose BIND_TICKET, only the
 * hash) under a transaction lock on that id, so of two posts of one ticket — one after the other
 * or at the same moment, on any node — only the first binds. It rolls back with a refused bind.
 */
async function spendBindTicket(tx: Tx, ticket: OpenedBindTicket, userId: string): Promise<void> {
  const tokenHash = hashToken(`bind-ticket:${ticket.jti}`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${tokenHash}))`);
  const spent = await tx.select({ id: accountToken.id }).from(accountToken).where(and(eq(accountToken.purpose, 'BIND_TICKET'), eq(accountToken.tokenHash, tokenHash)));
  if (spent.length > 0) throw new BizError('access.thirdPartyStateInvalid');
  const now = new Date();
  await tx.insert(accountToken).values({ purpose: 'BIND_TICKET', userId, tokenHash, expiresAt: new Date(ticket.exp * 1000), usedAt: now, createdBy: userId });
}

/** Writes the provider id into the signed-in owner's own column, after the checks. */
async function bindOwn(ctx: AuthedContext, type: ThirdPartyType, clientId: string, subject: string, ticket?: OpenedBindTicket) {
  if (clientId !== ctx.session.clientId) throw new BizError('access.thirdPartyOtherCompany');
  return ctx.db.asSystem(async (tx) => {
    if (ticket) await spendBindTicket(tx, ticket, ctx.session.userId);
    const others = (await boundMembers(tx, type, clientId, subject)).filter((u) => u.id !== ctx.session.userId);
    if (others.length > 0) throw new BizError('access.thirdPartyTaken', { provider: providerName(type, ctx.lang) });
    await tx.update(appUser).set({ [THIRD_PARTY_TYPES[type].key]: subject }).where(eq(appUser.id, ctx.session.userId));
    return { bound: true, type, provider: providerName(type, ctx.lang) };
  });
}

/** Binding: a bind ticket from a sign-in, or the code + state of a flow the owner started. */
async function bind(ctx: AuthedContext, onlyType?: ThirdPartyType) {
  const source = { ...ctx.query, ...ctx.body } as Record<string, unknown>;
  if (source.bind_ticket !== undefined) {
    const ticket = await openBindTicket(ctx.db, source.bind_ticket);
    if (onlyType && ticket.type !== onlyType) throw new BizError('access.thirdPartyStateInvalid');
    return bindOwn(ctx, ticket.type, ticket.clientId, ticket.subject, ticket);
  }
  const { state, subject } = await finish(ctx, 'bind', source);
  if (state.userId !== ctx.session.userId || (onlyType && state.type !== onlyType)) throw new BizError('access.thirdPartyStateInvalid');
  return bindOwn(ctx, state.type, state.clientId, subject);
}

export function thirdPartyRoutes(api: Api): void {
  // A malformed THIRD_PARTY_LOGINS stops the start naming what is wrong, not the first sign-in.
  parseThirdPartyLogins(process.env.THIRD_PARTY_LOGINS);
  // DingTalk: the welcome page asks for the prepared login, sends the browser there, posts the code.
  api.get('utilsapi/dingtalk/prepared-login', { schema: R.get('Begin a DingTalk sign-in: where to send the browser', { query: { client: S.string('Company code') } }), auth: false }, async (ctx) =>
    startFlow(ctx, await companyByCode(ctx.db, ctx.query.client), 'dingtalk', 'login'),
  );
  api.post('utilsapi/access/dd-login', { schema: R.post('Finish a DingTalk sign-in', { code: S.string(), state: S.string() }, { required: ['code', 'state'] }), auth: false }, (ctx) => login(ctx, { ...ctx.query, ...ctx.body } as Record<string, unknown>));

  // Other providers with the caller's params: without a code it begins (type, client), with one it signs in.
  api.get('utilsapi/access/qw3rd-login', { schema: R.get('Begin (type, client) or finish (code, state) another provider\'s sign-in', { query: { type: S.string('Default wecom'), client: S.string(), code: S.string(), state: S.string(), error: S.string() } }), auth: false }, async (ctx) => {
    const q = ctx.query as Record<string, unknown>;
    if (q.code !== undefined || q.error !== undefined) return login(ctx, q);
    return startFlow(ctx, await companyByCode(ctx.db, q.client), typeOf(q.type ?? 'wecom', ctx.lang), 'login');
  });

  // The signed-in owner's bindings (profile), and binding / unbinding their own account.
  api.get(BIND + 'mine', { schema: R.get('My third-party bindings'), auth: true, guest: true }, async (ctx) => {
    const company = await ctx.db.asSystem((tx) => companyById(tx, ctx.session.clientId));
    const [me] = await ctx.db.asSystem((tx) =>
      tx.select({ dingtalk: appUser.ddId, wecom: appUser.qywxId, wx: appUser.wxId }).from(appUser).where(eq(appUser.id, ctx.session.userId)),
    );
    return (Object.keys(THIRD_PARTY_TYPES) as ThirdPartyType[]).map((type) => ({
      type,
      provider: providerName(type, ctx.lang),
      configured: Boolean(company && providerConfig(company.code, type)),
      bound: Boolean(me?.[type]),
    }));
  });
  api.get(BIND + 'bind-start', { schema: R.get('Begin binding my account to a provider', { query: { type: S.string() }, required: ['type'] }), auth: true, guest: true }, async (ctx) => {
    const company = await ctx.db.asSystem((tx) => companyById(tx, ctx.session.clientId));
    return startFlow(ctx, company, typeOf(ctx.query.type, ctx.lang), 'bind', ctx.session.userId);
  });
  api.post(BIND + 'bind', { schema: R.post('Bind my account: a bind ticket, or the code and state of my flow', { bind_ticket: S.string(), code: S.string(), state: S.string() }), auth: true, guest: true }, (ctx) => bind(ctx));
  api.post('thirdpartyapi/qywx-basic/binding-qywx', { schema: R.post('Bind my account to WeCom', { bind_ticket: S.string(), code: S.string(), state: S.string() }), auth: true, guest: true }, (ctx) => bind(ctx, 'wecom'));
  api.post(BIND + 'unbind', { schema: R.post('Unbind my account from a provider', { type: S.string() }, { required: ['type'] }), auth: true, guest: true }, async (ctx) => {
    const type = typeOf((ctx.body as Record<string, unknown>).type ?? ctx.query.type, ctx.lang);
    const column = THIRD_PARTY_TYPES[type].column;
    await ctx.db.asSystem((tx) =>
      tx.update(appUser).set({ [THIRD_PARTY_TYPES[type].key]: null }).where(and(eq(appUser.id, ctx.session.userId), isNotNull(column))),
    );
    return { bound: false, type, provider: providerName(type, ctx.lang) };
  });
}
