// How areas declare endpoints: `api.get('utilsapi/access/user-state', { auth: true }, handler)` is
// served at /api/utilsapi/access/user-state. The helper resolves the session and the language,
// normalizes the body and wraps whatever the handler returns in the success envelope.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Lang } from '@seamline/core';
import { findSession, type Session } from './auth/session';
import { stateChanged } from './auth/sessionBus';
import { tokenOf } from './auth/tokens';
import { dataObject, normalizeBody, type Body } from './body';
import type { Config } from './config';
import type { Db, TenantOptions, Tx } from './db';
import { JsonText, ok, okJson } from './envelope';
import { forbidden, HttpError, unauthorized } from './errors';
import { requestLang, LANG_HEADER } from './i18n';
import { viewerOpensAnyMenu } from './menuAccess';
import { checkUserType } from './userTypes';
import type { RouteSchema } from './openapi/shapes';

export interface RouteContext {
  /** The caller's session; present on every `auth: true` route. */
  session: Session | null;
  lang: Lang;
  db: Db;
  config: Config;
  body: Body;
  query: Record<string, unknown>;
  ip: string;
  log: FastifyBaseLogger;
  reply: FastifyReply;
}

export interface AuthedContext extends RouteContext {
  session: Session;
  /** A transaction inside the caller's company (RLS on). */
  tenant<T>(fn: (tx: Tx) => Promise<T>, options?: TenantOptions): Promise<T>;
}

export type Handler<A extends boolean> = (ctx: A extends true ? AuthedContext : RouteContext) => unknown;

export interface RouteOptions<A extends boolean> {
  auth: A;
  /**
   * Route permission (needs `auth: true`): the caller must open at least one of these menu codes
   * (server/src/menuAccess.ts: company administrators every menu their company has switched on,
   * others what their roles open), else 403 'http.forbidden'.
   */
  menu?: string | readonly string[];
  /** Only the platform's super admin may call (else 403). */
  superAdmin?: boolean;
  /**
   * A GUEST may call this POST/DELETE route: their own session, account or personal settings, or a
   * POST that only reads. Without it every write refuses guests (server/src/userTypes.ts).
   */
  guest?: boolean;
  /** A session still awaiting assignment (UNASSIGNED, INVITED) may call it (server/src/userTypes.ts). */
  unassigned?: boolean;
  /**
   * Parameters the call cannot do without (e.g. `['id']`): each must be non-empty in the query, the
   * body or the body's DATA document, else 400 'Missing required parameter: id' before the handler
   * runs — a bare `DELETE …/task-remove` is a malformed call, not an unknown route (404). A list
   * entry names alternatives (`[['work_order_id', 'order_id']]`): one of them must be given, else
   * 400 naming them all.
   */
  params?: readonly RequiredParam[];
  /**
   * The route's wire shapes for the OpenAPI document (server/src/openapi): query, body, results.
   * Every route should have one; openapi/unschemed.txt lists those still without (it only shrinks).
   */
  schema?: RouteSchema;
  /** The handler's result is sent as it is, without the envelope (e.g. /api/openapi.json). */
  raw?: boolean;
}

/** A parameter the call cannot do without, or alternatives of which one must be given. */
export type RequiredParam = string | readonly string[];

/** One declared route, as the route-table tests walk them. */
export interface RouteEntry {
  method: HTTPMethods;
  /** Relative to /api/. */
  path: string;
  options: RouteOptions<boolean>;
}

const TABLES = new WeakMap<FastifyInstance, RouteEntry[]>();

const API_TABLES = new WeakMap<Api, RouteEntry[]>();

/** Every route declared through createApi on this app, in declaration order. */
export const routeTable = (app: FastifyInstance): readonly RouteEntry[] => TABLES.get(app) ?? [];

/** The same table, reached from the Api an area's routes get (the OpenAPI document reads it). */
export const apiRouteTable = (api: Api): readonly RouteEntry[] => API_TABLES.get(api) ?? [];

export interface Api {
  get<A extends boolean>(path: string, options: RouteOptions<A>, handler: Handler<A>): void;
  post<A extends boolean>(path: string, options: RouteOptions<A>, handler: Handler<A>): void;
  delete<A extends boolean>(path: string, options: RouteOptions<A>, handler: Handler<A>): void;
}

export const API_PREFIX = '/api/';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language messages for this request are written in (set before any handler runs). */
    lang: Lang;
  }
}

/** Sets the header-based language early, so even a 404 or a parse error answers in it. */
export function registerRequestLang(app: FastifyInstance): void {
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', async (req) => {
    req.lang = requestLang(null, req.headers[LANG_HEADER]);
  });
}

export function createApi(app: FastifyInstance, deps: { db: Db; config: Config }): Api {
  const table: RouteEntry[] = [];
  TABLES.set(app, table);
  const route =
    (method: HTTPMethods) =>
    <A extends boolean>(path: string, options: RouteOptions<A>, handler: Handler<A>): void => {
      if (path.startsWith('/')) throw new Error(`route '${path}': give it without the leading slash`);
      table.push({ method, path, options });
      app.route({
        method,
        url: API_PREFIX + path,
        handler: async (req: FastifyRequest, reply: FastifyReply) => {
          const ctx = await contextOf(req, reply, options.auth, deps);
          await checkPermission(ctx, options, method, deps.db);
          if (options.params) checkParams(ctx, options.params);
          try {
            const results = await (handler as Handler<boolean>)(ctx as AuthedContext);
            if (options.raw) return results;
            if (!(results instanceof JsonText)) return ok(results ?? null);
            reply.type('application/json; charset=utf-8');
            return okJson(results);
          } finally {
            if (method !== 'GET' && ctx.session) await writeSeenBy(ctx.session);
          }
        },
      });
    };
  const api: Api = { get: route('GET'), post: route('POST'), delete: route('DELETE') };
  API_TABLES.set(api, table);
  return api;
}

/**
 * A write may change what its caller and the caller's company see in their user-state (profile,
 * settings, company, unread counts), whichever area made it: their cached states go, on every
 * node, before the answer leaves (auth/sessionBus.ts). Also after a failure, which may have
 * committed part of its work; a super admin's writes reach other companies, so theirs drop all.
 */
function writeSeenBy(session: Session): Promise<void> {
  return stateChanged(session.isSuperAdmin ? 'all' : [{ userIds: [session.userId] }, { clientIds: [session.clientId] }]);
}

/** The caller's user type, then the route's `menu` / `superAdmin` options, before the handler runs. */
async function checkPermission(ctx: RouteContext, options: RouteOptions<boolean>, method: HTTPMethods, db: Db): Promise<void> {
  // A public route ignores the type of a session it happens to get.
  if (options.auth && ctx.session) checkUserType(ctx.session, method, options);
  if (options.menu === undefined && !options.superAdmin) return;
  const session = ctx.session;
  if (!session) throw unauthorized();
  if (options.superAdmin && !session.isSuperAdmin) throw forbidden();
  if (options.menu === undefined) return;
  const codes = typeof options.menu === 'string' ? [options.menu] : options.menu;
  // From the node's menu cache (server/src/menuAccess.ts): no database work while it is warm.
  if (!(await viewerOpensAnyMenu(db, session, codes))) throw forbidden();
}

const present = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

/** The route's required parameters, each in the query, the body or DATA (server/src/body.ts). */
export function checkParams(ctx: Pick<RouteContext, 'query' | 'body'>, params: readonly RequiredParam[]): void {
  let doc: Record<string, unknown> | undefined;
  const given = (name: string): boolean => {
    if (present(ctx.query[name]) || present(ctx.body[name])) return true;
    if (ctx.body.DATA === undefined) return false;
    try {
      doc ??= dataObject(ctx.body);
    } catch {
      doc = {}; // DATA a list or not JSON: the handler says what is wrong with it
    }
    return present(doc[name]);
  };
  for (const param of params) {
    if (typeof param === 'string') {
      if (!given(param)) throw new HttpError(400, 'http.missingParam', { name: param });
    } else if (!param.some(given)) {
      throw new HttpError(400, 'http.missingOneOf', { names: param.join(', ') });
    }
  }
}

async function contextOf(
  req: FastifyRequest,
  reply: FastifyReply,
  auth: boolean,
  { db, config }: { db: Db; config: Config },
): Promise<RouteContext | AuthedContext> {
  const token = tokenOf(req);
  // A public route ignores a stale token rather than refusing the call.
  const session = token ? await findSession(db, token) : null;
  if (auth && !session) throw unauthorized();
  req.lang = requestLang(session?.language, req.headers[LANG_HEADER]);
  const ctx: RouteContext = {
    session,
    lang: req.lang,
    db,
    config,
    body: normalizeBody(req.body),
    query: (req.query ?? {}) as Record<string, unknown>,
    ip: req.ip,
    log: req.log,
    reply,
  };
  if (!session) return ctx;
  return { ...ctx, session, tenant: (fn, options) => db.withTenant(session.clientId, fn, options) };
}
