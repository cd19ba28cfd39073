// Deliveries: a push becomes a row of the log and a queue job in one transaction; the worker
// sends it (signed), records each attempt, and marks it delivered or, after the last allowed
// attempt, failed (docs/outapi.md). A delivery already final is never sent again, whichever
// node or restart picks its job up; Idempotency-Key covers a crash between send and record.
import { randomUUID } from 'node:crypto';
import { BizError, BossQueue, TableQueue, and, eq, inArray, sql, type Db, type JobQueue, type Outcome, type Tx } from '@seamline/server/api';
import type { Config } from '@seamline/server/api';
import { DELIVERY, FINAL_STATES, SEND_METHODS, USAGE, type SendMethod } from '../meta';
import { outapi_config, outapiAttempt, outapiDelivery, outapiJob, outapiSecret } from './schema';
import { extraHeaders, send, type Answer } from './send';
import { CONFIG_GONE, HEADERS_INVALID } from './targets';
import { outApiSettings, type OutApiSettings } from './settings';

type AnyRow = Record<string, any>;
const cfg = outapi_config as unknown as AnyRow;

/** A delivery job names its delivery; the log row is the work. */
export interface JobData {
  [key: string]: unknown;
  deliveryId: string;
}
type DeliveryQueue = JobQueue<JobData>;
const QUEUE = 'outapi-delivery';

/** The queue each running app's worker uses, by database (routes enqueue through it). */
const QUEUES = new WeakMap<Db, DeliveryQueue>();

/** pg-boss needs a connection string; PGlite, or a server without one, uses the job table. */
export const usesBoss = (db: Db, config: Config): boolean => db.kind === 'postgres' && !!config.databaseUrl;

export function createQueue(db: Db, config: Config, settings: OutApiSettings, onError: (err: unknown) => void): DeliveryQueue {
  const qs = { retryDelayMs: settings.retryDelayMs, retryLimit: settings.maxAttempts + 1, leaseMs: settings.timeoutMs * 2 + 5000, concurrency: settings.concurrency };
  const queue = usesBoss(db, config) ? new BossQueue<JobData>(config.databaseUrl!, QUEUE, qs, onError) : new TableQueue<JobData>(db, 'outapi_job', qs, onError);
  QUEUES.set(db, queue);
  latest = queue;
  return queue;
}

export function forgetQueue(db: Db, queue: DeliveryQueue): void {
  if (QUEUES.get(db) === queue) QUEUES.delete(db);
  if (latest === queue) latest = null;
}

/**
 * The queue of this process's running worker, for code that has a transaction but not its app
 * (a business-event listener, ./events). A table queue writes the job in that transaction, which
 * is right whichever app it belongs to; pg-boss sends after the commit to the shared database.
 * No worker running: a table-queue row (pg-boss nodes ignore it; their start-up sweep sends it).
 */
let latest: DeliveryQueue | null = null;

export async function enqueueFromListener(tx: Tx, jobId: string, deliveryId: string): Promise<void> {
  if (latest) return latest.enqueue(tx, jobId, { deliveryId });
  await tx.insert(outapiJob).values({ id: jobId, data: { deliveryId } });
}

async function enqueue(ctx: { db: Db; config: Config }, tx: Tx, jobId: string, deliveryId: string): Promise<void> {
  const queue = QUEUES.get(ctx.db);
  if (queue) return queue.enqueue(tx, jobId, { deliveryId });
  // No worker on this app (yet): the table queue is only a row; pg-boss gets it from the sweep.
  if (!usesBoss(ctx.db, ctx.config)) await tx.insert(outapiJob).values({ id: jobId, data: { deliveryId } });
}

export interface ConfigRow {
  id: string;
  api_id: string;
  usage: string;
  send_method: string;
  msg_display: string;
  target_url: string;
  headers: unknown;
}

export async function findConfig(tx: Tx, clientId: string, apiId: string): Promise<ConfigRow | null> {
  const [row] = (await tx
    .select({ id: cfg.id, api_id: cfg.api_id, usage: cfg.usage, send_method: cfg.send_method, msg_display: cfg.msg_display, target_url: cfg.target_url, headers: cfg.headers })
    .from(outapi_config)
    .where(and(eq(cfg.client_id, clientId), eq(cfg.api_id, apiId.trim().toUpperCase())))) as ConfigRow[];
  return row ?? null;
}

export interface NewDelivery {
  clientId: string;
  userId: string;
  config: ConfigRow;
  method: string;
  items: unknown[];
}

/** The body an outside system receives (and the signature covers). */
export const deliveryBody = (apiId: string, items: unknown[]): string => JSON.stringify({ API_ID: apiId, DATA: items });

export async function queueDelivery(ctx: { db: Db; config: Config }, tx: Tx, d: NewDelivery, settings: OutApiSettings): Promise<{ id: string }> {
  const { id, jobId } = await insertDelivery(tx, d, settings);
  await enqueue(ctx, tx, jobId, id);
  return { id };
}

/**
 * A business event's push (finance's FIN_INVOICE_APPROVED, issue 26), from a listener that has
 * the transaction but not the app (server/src/events.ts): the company's push config for the key,
 * if it has one of usage push, gets a delivery queued as a route's push would; null otherwise.
 */
export async function pushFromEvent(tx: Tx, d: { clientId: string; userId: string }, apiKey: string, items: unknown[], settings: OutApiSettings = outApiSettings()): Promise<string | null> {
  const config = await findConfig(tx, d.clientId, apiKey);
  if (!config || config.usage !== USAGE.PUSH) return null;
  const { id, jobId } = await insertDelivery(tx, { ...d, config, method: config.send_method.toUpperCase(), items: checkItems(items, settings.maxItems) }, settings);
  await enqueueFromListener(tx, jobId, id);
  return id;
}

/** The delivery's log row, queued, with the id of the job that will send it. */
async function insertDelivery(tx: Tx, d: NewDelivery, settings: OutApiSettings): Promise<{ id: string; jobId: string }> {
  const id = randomUUID();
  const jobId = randomUUID();
  await tx.insert(outapiDelivery).values({
    id,
    clientId: d.clientId,
    createdBy: d.userId,
    updatedBy: d.userId,
    configId: d.config.id,
    apiId: d.config.api_id,
    usage: USAGE.PUSH,
    method: d.method,
    targetUrl: d.config.target_url,
    body: deliveryBody(d.config.api_id, d.items),
    items: d.items.length,
    status: DELIVERY.QUEUED,
    failAfter: settings.maxAttempts,
    jobId,
  });
  return { id, jobId };
}

/** What a push or an enhancement call may carry: a non-empty list of objects, at most `max`. */
export function checkItems(list: unknown[], max: number): unknown[] {
  if (!list.length || list.some((x) => typeof x !== 'object' || x === null || Array.isArray(x))) throw new BizError('outapi.badData');
  if (list.length > max) throw new BizError('outapi.tooMuch', { max });
  return list;
}

export interface PushAnswer {
  id: string;
  status: string;
  api_id: string;
  msg_display: string;
}

/**
 * A push for a signed-in user, in the user's tenant transaction: the company's push config
 * `apiKey`, the method (its SEND_METHOD unless named), the items queued as one delivery made by
 * the user. The auto-push route calls it for holders of the out-API menus; a business action that
 * pushes on behalf of its user calls it from its own server code, with the items it builds itself
 * (never with DATA a client sent), so its user needs no out-API right.
 */
export async function pushFor(
  ctx: { db: Db; config: Config; session: { clientId: string; userId: string } },
  tx: Tx,
  apiKey: string | undefined,
  items: unknown[],
  method?: string,
  settings: OutApiSettings = outApiSettings(),
): Promise<PushAnswer> {
  checkItems(items, settings.maxItems);
  const config = apiKey ? await findConfig(tx, ctx.session.clientId, apiKey) : null;
  if (!config || config.usage !== USAGE.PUSH) throw new BizError('outapi.unknownKey', { key: (apiKey ?? '').slice(0, 64) });
  const send = (method ?? config.send_method).toUpperCase();
  if (!SEND_METHODS.includes(send as SendMethod)) throw new BizError('outapi.badMethod');
  const { id } = await queueDelivery(ctx, tx, { clientId: ctx.session.clientId, userId: ctx.session.userId, config, method: send, items }, settings);
  return { id, status: DELIVERY.QUEUED, api_id: config.api_id, msg_display: config.msg_display };
}

/** A failed delivery goes back to the queue with a new round of attempts and a new job. */
export async function requeueDelivery(ctx: { db: Db; config: Config }, tx: Tx, delivery: AnyRow, userId: string, settings: OutApiSettings): Promise<void> {
  const jobId = randomUUID();
  await tx
    .update(outapiDelivery)
    .set({ status: DELIVERY.QUEUED, jobId, failAfter: delivery.attempts + settings.maxAttempts, updatedBy: userId, updatedAt: sql`now()` })
    .where(eq(outapiDelivery.id, delivery.id));
  await enqueue(ctx, tx, jobId, delivery.id);
}

/** Config values read at send time (a rotated secret or changed headers apply to retries). */
export async function secretOf(tx: Tx, configId: string): Promise<string | null> {
  const [row] = await tx.select({ secret: outapiSecret.secret }).from(outapiSecret).where(eq(outapiSecret.configId, configId));
  return row?.secret ?? null;
}

/** The worker's handler: one attempt of one delivery. */
export async function deliverOnce(db: Db, settings: OutApiSettings, deliveryId: string): Promise<Outcome> {
  const found = await db.asSystem(async (tx) => {
    const [d] = await tx.select().from(outapiDelivery).where(eq(outapiDelivery.id, deliveryId));
    if (!d || FINAL_STATES.includes(d.status)) return null;
    const [c] = (await tx.select({ headers: cfg.headers }).from(outapi_config).where(eq(cfg.id, d.configId))) as AnyRow[];
    return { d, config: c ?? null, secret: c ? await secretOf(tx, d.configId) : null };
  });
  if (!found) return 'done';
  const { d, config, secret } = found;
  let answer: Answer;
  let finalFailure = false;
  const started = Date.now();
  if (!config) {
    answer = { status: null, ok: false, error: CONFIG_GONE, text: '' };
    finalFailure = true;
  } else {
    let headers: Record<string, string> = {};
    try {
      headers = extraHeaders(config.headers);
    } catch {
      answer = { status: null, ok: false, error: HEADERS_INVALID, text: '' };
      finalFailure = true;
    }
    answer ??= await send({ url: d.targetUrl, method: d.method, body: d.body, secret, headers, idempotencyKey: d.id, timeoutMs: settings.timeoutMs, policy: settings.policy });
  }
  const ms = Date.now() - started;
  if (answer.blocked) finalFailure = true;
  return db.asSystem(async (tx) => {
    const no = d.attempts + 1;
    const status = answer.ok ? DELIVERY.DELIVERED : finalFailure || no >= d.failAfter ? DELIVERY.FAILED : DELIVERY.RETRYING;
    // Conditional on the attempt count read: a second worker holding a stale lease records nothing.
    const updated = await tx
      .update(outapiDelivery)
      .set({ attempts: no, status, lastStatus: answer.status, lastError: answer.error?.slice(0, 1000) ?? null, deliveredAt: answer.ok ? sql`now()` : null, updatedAt: sql`now()` })
      .where(and(eq(outapiDelivery.id, d.id), eq(outapiDelivery.attempts, d.attempts)))
      .returning({ id: outapiDelivery.id });
    if (!updated.length) return 'done';
    await tx.insert(outapiAttempt).values({ clientId: d.clientId, deliveryId: d.id, no, httpStatus: answer.status, error: answer.error?.slice(0, 1000) ?? null, ms });
    return status === DELIVERY.RETRYING ? 'retry' : 'done';
  });
}

/** Deliveries waiting for a job (all of them after a crash between commit and pg-boss). */
export async function openDeliveries(db: Db): Promise<Array<{ jobId: string; data: { deliveryId: string } }>> {
  const rows = await db.asSystem((tx) =>
    tx.select({ id: outapiDelivery.id, jobId: outapiDelivery.jobId }).from(outapiDelivery).where(inArray(outapiDelivery.status, [DELIVERY.QUEUED, DELIVERY.RETRYING])),
  );
  return rows.map((r) => ({ jobId: r.jobId, data: { deliveryId: r.id } }));
}

/** A before-action call: sent at once, recorded in the log, never retried. */
export async function callBeforeAction(db: Db, clientId: string, userId: string, config: ConfigRow, items: unknown[], settings: OutApiSettings): Promise<Answer> {
  const id = randomUUID();
  const body = JSON.stringify({ DATA: items });
  const secret = await db.withTenant(clientId, (tx) => secretOf(tx, config.id));
  let answer: Answer;
  const started = Date.now();
  try {
    answer = await send({ url: config.target_url, method: config.send_method, body, secret, headers: extraHeaders(config.headers), idempotencyKey: id, timeoutMs: settings.timeoutMs, policy: settings.policy });
  } catch (err) {
    answer = { status: null, ok: false, error: (err as Error).message, text: '' };
  }
  const ms = Date.now() - started;
  await db.withTenant(clientId, async (tx) => {
    await tx.insert(outapiDelivery).values({
      id,
      clientId,
      createdBy: userId,
      updatedBy: userId,
      configId: config.id,
      apiId: config.api_id,
      usage: USAGE.BEFORE_ACTION,
      method: config.send_method,
      targetUrl: config.target_url,
      body,
      items: items.length,
      status: answer.ok ? DELIVERY.DELIVERED : DELIVERY.FAILED,
      attempts: 1,
      failAfter: 1,
      lastStatus: answer.status,
      lastError: answer.error?.slice(0, 1000) ?? null,
      jobId: id,
      deliveredAt: answer.ok ? sql`now()` : null,
    });
    await tx.insert(outapiAttempt).values({ clientId, deliveryId: id, no: 1, httpStatus: answer.status, error: answer.error?.slice(0, 1000) ?? null, ms });
  });
  return answer;
}
