// The out-API tables (docs/outapi.md). The config is an engine entity; its signing secret lives
// apart in outapi_secret so no engine read (list, export, audit) ever carries it. Deliveries are
// the log a user reads; attempts one row per HTTP try; outapi_job the queue on PGlite (pg-boss
// keeps its own tables on a PostgreSQL server). Tenant RLS on all but the job table (as system).
import { tablesOf } from '@seamline/server/tables';
import { businessColumns, clientId, index, integer, jsonb, pgTable, text, timestampTz, uuid, sql } from '@seamline/server/tables';
import { outApiEntities } from '../meta';

export const { outapi_config } = tablesOf(outApiEntities);

/** One per config; the foreign key to outapi_config is deferrable (migration outapi_rls). */
export const outapiSecret = pgTable('outapi_secret', {
  configId: uuid('config_id').primaryKey(),
  clientId: clientId(),
  secret: text('secret').notNull(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const outapiDelivery = pgTable(
  'outapi_delivery',
  {
    ...businessColumns(),
    configId: uuid('config_id').notNull(),
    apiId: text('api_id').notNull(),
    usage: text('usage').notNull(),
    method: text('method').notNull(),
    targetUrl: text('target_url').notNull(),
    /** The JSON text sent as the body (what the signature covers). */
    body: text('body').notNull(),
    items: integer('items').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The attempt after which a failure is final (a manual retry grants another round). */
    failAfter: integer('fail_after').notNull(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    /** The queue job now carrying it (a manual retry starts a new one). */
    jobId: uuid('job_id').notNull(),
    deliveredAt: timestampTz('delivered_at'),
  },
  (t) => [index('outapi_delivery_list_idx').on(t.clientId, t.createdAt), index('outapi_delivery_status_idx').on(t.status)],
);

export const outapiAttempt = pgTable(
  'outapi_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientId(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => outapiDelivery.id, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    at: timestampTz('at').notNull().defaultNow(),
    httpStatus: integer('http_status'),
    error: text('error'),
    ms: integer('ms').notNull(),
  },
  (t) => [index('outapi_attempt_delivery_idx').on(t.deliveryId, t.no)],
);

/** The PGlite queue (server/queue.ts TableQueue): claimed with FOR UPDATE SKIP LOCKED. */
export const outapiJob = pgTable(
  'outapi_job',
  {
    id: uuid('id').primaryKey(),
    data: jsonb('data').notNull(),
    runAt: timestampTz('run_at').notNull().default(sql`now()`),
    retries: integer('retries').notNull().default(0),
    /** A claimed job's lease: a node that dies mid-send leaves it to be claimed again after this. */
    lockedUntil: timestampTz('locked_until'),
  },
  (t) => [index('outapi_job_due_idx').on(t.runAt)],
);
