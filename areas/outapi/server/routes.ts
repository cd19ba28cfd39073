// The out-API endpoints (spec §7 'Out-API', docs/outapi.md):
//   POST utilsapi/zutilsapi/out-api-bus/auto-push   apiKey, apiSendMethod (query or body), DATA list (out-API menus)
//   POST utilsapi/zutilsapi/out-api-bus/before-action  apiKey, DATA: the enhancement call, logged only (out-API menus)
//   GET  utilsapi/zutilsapi/out-api-bus/deliveries  q {status, api_id, usage}, p {page, size}: the log (log menu)
//   GET  utilsapi/zutilsapi/out-api-bus/delivery    id: one delivery and its attempts
//   POST utilsapi/zutilsapi/out-api-bus/retry       id: a failed delivery back to the queue (log menu)
//   POST thirdapi/{path}                            the caller's body to THIRD_API_URL/{path}
import {
  BizError, HttpError, and, asc, count, dataList, desc, eq, notFound, parseJsonText, stringParam, uuidParam,
  viewerOpensAnyMenu, type Api, type AuthedContext, type Tx, pagingOf, describeWebhooks, S, type Webhook,
} from '@seamline/server/api';
import { BUS, CONFIG_MENU, DELIVERY, DELIVERY_STATES, LOG_MENU, USAGE } from '../meta';
import { callBeforeAction, checkItems, findConfig, pushFor, requeueDelivery, type ConfigRow } from './deliveries';
import { outapiAttempt, outapiDelivery } from './schema';
import { outApiSettings } from './settings';
import { deliveryErrorText, maskCredentials } from './targets';
import { thirdApiCall } from './thirdApi';

/**
 * The out-API right: a push or an enhancement call with DATA the client chose, signed with the
 * company's secret, needs one of the company's out-API menus. A business action pushing for its
 * user goes through its own server code (pushFor), not this route.
 */
export const PUSH_MENUS = [CONFIG_MENU, LOG_MENU] as const;

/** apiKey and apiSendMethod travel as query parameters (spec §7); a form body may carry them too. */
const param = (ctx: AuthedContext, name: string) => stringParam(ctx.query, name) ?? stringParam(ctx.body, name);

const items = (ctx: AuthedContext, max: number): unknown[] => checkItems(dataList(ctx.body), max);

async function configFor(ctx: AuthedContext, tx: Tx, usage: string): Promise<ConfigRow> {
  const key = param(ctx, 'apiKey');
  if (!key) throw new BizError('outapi.unknownKey', { key: '' });
  const config = await findConfig(tx, ctx.session.clientId, key);
  if (!config || config.usage !== usage) throw new BizError('outapi.unknownKey', { key: key.slice(0, 64) });
  return config;
}

const deliveryColumns = {
  id: outapiDelivery.id,
  api_id: outapiDelivery.apiId,
  usage: outapiDelivery.usage,
  method: outapiDelivery.method,
  target_url: outapiDelivery.targetUrl,
  items: outapiDelivery.items,
  status: outapiDelivery.status,
  attempts: outapiDelivery.attempts,
  last_status: outapiDelivery.lastStatus,
  last_error: outapiDelivery.lastError,
  created_at: outapiDelivery.createdAt,
  created_by: outapiDelivery.createdBy,
  delivered_at: outapiDelivery.deliveredAt,
};

function jsonParam(source: Record<string, unknown>, name: string): Record<string, unknown> {
  const raw = source[name];
  if (raw === undefined || raw === '') return {};
  const value = typeof raw === 'string' ? parseJsonText(raw) : raw;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HttpError(400, 'input.badParam', { name });
  return value as Record<string, unknown>;
}

const STATES = DELIVERY_STATES.map((s) => s.value);

/** The log never shows a target's user name or password (https://user:pw@host/…). */
const masked = <T extends { target_url: string }>(row: T): T => ({ ...row, target_url: maskCredentials(row.target_url) });

const SIGNED: Webhook['headers'] = {
  'X-Seamline-Timestamp': { ...S.string(), description: 'Unix seconds when it was signed' },
  'X-Seamline-Signature': { ...S.string(undefined, { pattern: '^sha256=[0-9a-f]{64}$' }), description: 'sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>' },
  'Idempotency-Key': { ...S.uuid(), description: 'The delivery id, the same on every attempt: drop a repeat' },
};

/** What a receiver gets (docs/outapi.md), for the OpenAPI document's `webhooks`. */
export const OUTAPI_WEBHOOKS: Record<string, Webhook> = {
  'out-api-push': {
    summary: 'A push of the out-API bus (usage push)',
    description:
      "Sent to the config's target_url with its SEND_METHOD (POST, PUT or PATCH) and headers, queued and retried with back-off until OUTAPI_MAX_ATTEMPTS; a 2xx answer delivers.",
    headers: SIGNED,
    body: S.object({ API_ID: S.string('The config\'s API_ID'), DATA: S.list(S.map(), 'The pushed items') }, ['API_ID', 'DATA']),
  },
  'out-api-before-action': {
    summary: 'The before-action enhancement call (usage before-action)',
    description: 'Sent once, logged; its failure is logged only and the action goes on (spec §8).',
    headers: SIGNED,
    body: S.object({ DATA: S.list(S.map(), 'The items of the action') }, ['DATA']),
  },
};

const TAG = 'out-api';
const API_KEY = S.string("The config's API_ID");
const DELIVERY_ROW = S.object({
  id: S.uuid(),
  api_id: S.string(),
  usage: S.enum(Object.values(USAGE)),
  method: S.string(),
  target_url: S.string('User name and password masked'),
  items: S.integer(),
  status: S.enum(STATES),
  attempts: S.integer(),
  last_status: S.nullable(S.integer()),
  last_error: S.nullable(S.string("In the reader's language")),
  created_at: S.dateTime(),
  created_by: S.nullable(S.uuid()),
  delivered_at: S.nullable(S.dateTime()),
});
const QUEUED = S.object({ id: S.uuid(), status: S.enum(STATES) }, ['id', 'status']);

export function outApiRoutes(api: Api): void {
  describeWebhooks(api, OUTAPI_WEBHOOKS);
  api.post(
    `${BUS}/auto-push`,
    {
      auth: true,
      menu: PUSH_MENUS,
      schema: {
        summary: 'Queue a push of items to a configured target (the out-api-push webhook)',
        tag: TAG,
        query: { apiKey: API_KEY, apiSendMethod: S.enum(['POST', 'PUT', 'PATCH'], "Default: the config's SEND_METHOD") },
        body: { DATA: S.list(S.map(), 'The items') },
        required: ['DATA'],
        response: S.object({ id: S.uuid(), status: S.enum(STATES), api_id: S.string(), msg_display: S.string() }, ['id', 'status']),
      },
    },
    async (ctx) => {
    const settings = outApiSettings();
    const data = items(ctx, settings.maxItems);
    return ctx.tenant((tx) => pushFor(ctx, tx, param(ctx, 'apiKey'), data, param(ctx, 'apiSendMethod'), settings));
  });

  api.post(
    `${BUS}/before-action`,
    {
      auth: true,
      menu: PUSH_MENUS,
      schema: {
        summary: 'Call the before-action enhancement API once (the out-api-before-action webhook); logged only',
        tag: TAG,
        query: { apiKey: API_KEY },
        body: { DATA: S.list(S.map(), 'The items') },
        required: ['DATA'],
        response: S.object({ ok: S.boolean(), status: S.nullable(S.integer('The target\'s HTTP status')) }, ['ok']),
      },
    },
    async (ctx) => {
    const settings = outApiSettings();
    const data = items(ctx, settings.maxItems);
    const config = await ctx.tenant((tx) => configFor(ctx, tx, USAGE.BEFORE_ACTION));
    const answer = await callBeforeAction(ctx.db, ctx.session.clientId, ctx.session.userId, config, data, settings);
    // Spec §8: a failed enhancement call is logged only; the action goes on.
    if (!answer.ok) ctx.log.warn({ apiId: config.api_id, status: answer.status, error: answer.error }, 'before-action enhancement API failed');
    return { ok: answer.ok, status: answer.status };
  });

  api.get(
    `${BUS}/deliveries`,
    {
      auth: true,
      menu: LOG_MENU,
      schema: {
        summary: "The company's deliveries, newest first",
        tag: TAG,
        query: {
          q: S.jsonText(S.object({ status: S.enum(STATES), api_id: S.string(), usage: S.enum(Object.values(USAGE)) })),
          p: S.jsonText(S.object({ page: S.integer(), size: S.integer(undefined, { maximum: 200 }), order: S.enum(['asc', 'desc']) })),
        },
        response: S.page(DELIVERY_ROW),
      },
    },
    async (ctx) => {
    const q = jsonParam(ctx.query, 'q');
    const p = jsonParam(ctx.query, 'p');
    const { page, size } = pagingOf(p, { maxSize: 200 });
    const order = p.order === 'asc' ? asc : desc;
    const status = stringParam(q, 'status');
    const apiId = stringParam(q, 'api_id');
    const usage = stringParam(q, 'usage');
    if (status && !STATES.includes(status)) throw new HttpError(400, 'input.badParam', { name: 'status' });
    return ctx.tenant(async (tx) => {
      const where = and(
        eq(outapiDelivery.clientId, ctx.session.clientId),
        status ? eq(outapiDelivery.status, status) : undefined,
        apiId ? eq(outapiDelivery.apiId, apiId.trim().toUpperCase()) : undefined,
        usage ? eq(outapiDelivery.usage, usage) : undefined,
      );
      const rows = await tx
        .select(deliveryColumns)
        .from(outapiDelivery)
        .where(where)
        .orderBy(order(outapiDelivery.createdAt), order(outapiDelivery.id))
        .limit(size)
        .offset((page - 1) * size);
      const [{ total }] = await tx.select({ total: count() }).from(outapiDelivery).where(where);
      return { rows: rows.map((r) => ({ ...masked(r), last_error: deliveryErrorText(r.last_error, ctx.lang) })), total, page, size };
    });
  });

  api.get(
    `${BUS}/delivery`,
    {
      auth: true,
      schema: {
        summary: 'One delivery and its attempts (the log menu: any of the company; else your own pushes)',
        tag: TAG,
        query: { id: S.uuid() },
        required: ['id'],
        response: {
          ...DELIVERY_ROW,
          properties: {
            ...(DELIVERY_ROW.properties as Record<string, unknown>),
            body: S.string('The sent body (log menu only)'),
            attempts: S.list(S.object({ no: S.integer(), at: S.dateTime(), http_status: S.nullable(S.integer()), error: S.nullable(S.string()), ms: S.nullable(S.integer()) })),
          },
        },
      },
    },
    async (ctx) => {
    const id = uuidParam(ctx.query, 'id', { required: true })!;
    // The log's readers see every delivery of the company; anyone else the pushes they made.
    const all = await viewerOpensAnyMenu(ctx.db, ctx.session, [LOG_MENU]);
    return ctx.tenant(async (tx) => {
      const [row] = await tx
        .select({ ...deliveryColumns, body: outapiDelivery.body })
        .from(outapiDelivery)
        .where(and(eq(outapiDelivery.id, id), eq(outapiDelivery.clientId, ctx.session.clientId), all ? undefined : eq(outapiDelivery.createdBy, ctx.session.userId)));
      if (!row) throw notFound();
      const attempts = await tx
        .select({ no: outapiAttempt.no, at: outapiAttempt.at, http_status: outapiAttempt.httpStatus, error: outapiAttempt.error, ms: outapiAttempt.ms })
        .from(outapiAttempt)
        .where(eq(outapiAttempt.deliveryId, id))
        .orderBy(asc(outapiAttempt.no));
      return {
        ...masked(row),
        last_error: deliveryErrorText(row.last_error, ctx.lang),
        body: all ? row.body : undefined,
        attempts: attempts.map((a) => ({ ...a, error: deliveryErrorText(a.error, ctx.lang) })),
      };
    });
  });

  api.post(
    `${BUS}/retry`,
    {
      auth: true,
      menu: LOG_MENU,
      schema: { summary: 'Send a failed push again (a new round of attempts)', tag: TAG, body: { id: S.uuid() }, required: ['id'], response: QUEUED },
    },
    async (ctx) => {
    const id = uuidParam({ ...ctx.query, ...ctx.body }, 'id', { required: true })!;
    const settings = outApiSettings();
    return ctx.tenant(async (tx) => {
      const [row] = await tx
        .select()
        .from(outapiDelivery)
        .where(and(eq(outapiDelivery.id, id), eq(outapiDelivery.clientId, ctx.session.clientId)))
        .for('update');
      if (!row) throw notFound();
      if (row.status !== DELIVERY.FAILED || row.usage !== USAGE.PUSH) throw new BizError('outapi.notRetryable');
      await requeueDelivery(ctx, tx, row, ctx.session.userId, settings);
      return { id, status: DELIVERY.QUEUED };
    });
  });

  api.post(
    'thirdapi/*',
    {
      auth: true,
      schema: {
        summary: "Relay the body to THIRD_API_URL/{path} and answer its JSON (the caller's token is not forwarded)",
        tag: 'thirdapi',
        body: {},
        response: S.any('The third API service\'s JSON answer'),
      },
    },
    async (ctx) => {
    const path = (ctx.reply.request.params as Record<string, string>)['*'] ?? '';
    return thirdApiCall(outApiSettings(), path, ctx.body);
  });
}
