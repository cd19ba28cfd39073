// The out-API endpoints (spec §7 'Out-API', docs/outapi.md):
//   POST utilsapi/zutilsapi/out-api-bus/auto-push   apiKey, apiSendMethod (query or body), DATA list
//   POST utilsapi/zutilsapi/out-api-bus/before-action  apiKey, DATA: the enhancement call, logged only
//   GET  utilsapi/zutilsapi/out-api-bus/deliveries  q {status, api_id, usage}, p {page, size}: the log
//   GET  utilsapi/zutilsapi/out-api-bus/delivery    id: one delivery and its attempts
//   POST utilsapi/zutilsapi/out-api-bus/retry       id: a failed delivery back to the queue
//   POST thirdapi/{path}                            the caller's body to THIRD_API_URL/{path}
import {
  BizError, HttpError, and, asc, count, dataList, desc, eq, intParam, notFound, parseJsonText, stringParam, uuidParam,
  viewerOpensAnyMenu, type Api, type AuthedContext, type Tx,
} from '@seamline/server/api';
import { BUS, DELIVERY, DELIVERY_STATES, SEND_METHODS, USAGE, type SendMethod } from '../meta';
import { callBeforeAction, findConfig, queueDelivery, requeueDelivery, type ConfigRow } from './deliveries';
import { outapiAttempt, outapiDelivery } from './schema';
import { outApiSettings } from './settings';
import { thirdApiCall } from './thirdApi';

export const LOG_MENU = 'SYS_OUT_API_LOG';

/** apiKey and apiSendMethod travel as query parameters (spec §7); a form body may carry them too. */
const param = (ctx: AuthedContext, name: string) => stringParam(ctx.query, name) ?? stringParam(ctx.body, name);

function items(ctx: AuthedContext, max: number): unknown[] {
  const list = dataList(ctx.body);
  if (!list.length || list.some((x) => typeof x !== 'object' || x === null || Array.isArray(x))) throw new BizError('outapi.badData');
  if (list.length > max) throw new BizError('outapi.tooMuch', { max });
  return list;
}

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

export function outApiRoutes(api: Api): void {
  api.post(`${BUS}/auto-push`, { auth: true }, async (ctx) => {
    const settings = outApiSettings();
    const data = items(ctx, settings.maxItems);
    return ctx.tenant(async (tx) => {
      const config = await configFor(ctx, tx, USAGE.PUSH);
      const method = (param(ctx, 'apiSendMethod') ?? config.send_method).toUpperCase();
      if (!SEND_METHODS.includes(method as SendMethod)) throw new BizError('outapi.badMethod');
      const { id } = await queueDelivery(ctx, tx, { clientId: ctx.session.clientId, userId: ctx.session.userId, config, method, items: data }, settings);
      return { id, status: DELIVERY.QUEUED, api_id: config.api_id, msg_display: config.msg_display };
    });
  });

  api.post(`${BUS}/before-action`, { auth: true }, async (ctx) => {
    const settings = outApiSettings();
    const data = items(ctx, settings.maxItems);
    const config = await ctx.tenant((tx) => configFor(ctx, tx, USAGE.BEFORE_ACTION));
    const answer = await callBeforeAction(ctx.db, ctx.session.clientId, ctx.session.userId, config, data, settings);
    // Spec §8: a failed enhancement call is logged only; the action goes on.
    if (!answer.ok) ctx.log.warn({ apiId: config.api_id, status: answer.status, error: answer.error }, 'before-action enhancement API failed');
    return { ok: answer.ok, status: answer.status };
  });

  api.get(`${BUS}/deliveries`, { auth: true, menu: LOG_MENU }, async (ctx) => {
    const q = jsonParam(ctx.query, 'q');
    const p = jsonParam(ctx.query, 'p');
    const page = intParam(p, 'page', { min: 1, max: 10000, fallback: 1 })!;
    const size = intParam(p, 'size', { min: 1, max: 200, fallback: 20 })!;
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
      return { rows, total, page, size };
    });
  });

  api.get(`${BUS}/delivery`, { auth: true }, async (ctx) => {
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
      return { ...row, body: all ? row.body : undefined, attempts };
    });
  });

  api.post(`${BUS}/retry`, { auth: true, menu: LOG_MENU }, async (ctx) => {
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

  api.post('thirdapi/*', { auth: true }, async (ctx) => {
    const path = (ctx.reply.request.params as Record<string, string>)['*'] ?? '';
    return thirdApiCall(outApiSettings(), path, ctx.body);
  });
}
