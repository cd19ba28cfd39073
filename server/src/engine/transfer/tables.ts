// The one table of import/export: error reports of refused imports, kept in the database (not on
// a node's disk) so any node can serve the download. A tenant table (RLS, migration 0007).
import { customType, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestampTz } from '../../db/tables/columns';
import { clientId } from '../../db/tables/tenancy';

/** bytea as a Buffer (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** An import's error report: the submitted rows with an Errors column (.xlsx). */
export const importReport = pgTable(
  'import_report',
  {
    id: id(),
    clientId: clientId(),
    /** The entity's wire name. */
    entity: text('entity').notNull(),
    /** The uploaded file's name. */
    fileName: text('file_name').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    /** Data rows of the file, and how many of them had errors. */
    rowCount: integer('row_count').notNull(),
    errorRows: integer('error_rows').notNull(),
    xlsx: bytea('xlsx').notNull(),
  },
  (t) => [index('import_report_created_idx').on(t.clientId, t.createdAt)],
);

/**
 * A background import or export (docs/jobs.md): what was asked, how far it got, and where its
 * result file is. The company's users read it (RLS); the worker writes it as system.
 */
export const transferJob = pgTable(
  'transfer_job',
  {
    id: id(),
    clientId: clientId(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    /** 'import' | 'export'. */
    kind: text('kind').notNull(),
    /** The entity's wire name. */
    entity: text('entity').notNull(),
    /** The language of the user who started it (messages, headers, file names). */
    lang: text('lang').notNull(),
    /** Export: q and p of the list; import: mode and the uploaded file's name. */
    params: jsonb('params').notNull(),
    /** queued → running → done | failed. */
    status: text('status').notNull().default('queued'),
    doneRows: integer('done_rows').notNull().default(0),
    totalRows: integer('total_rows'),
    /** done: the import's counts or the export's row count; failed: the error answer (message, data). */
    result: jsonb('result'),
    /** The result file's download name (the export, or a refused import's error report). */
    fileName: text('file_name'),
  },
  (t) => [index('transfer_job_list_idx').on(t.clientId, t.createdAt)],
);

/** The job table of the queue on PGlite (jobs/queue.ts TableQueue; pg-boss on PostgreSQL). */
export const transferQueue = pgTable(
  'transfer_queue',
  {
    id: uuid('id').primaryKey(),
    data: jsonb('data').notNull(),
    runAt: timestampTz('run_at').notNull().defaultNow(),
    retries: integer('retries').notNull().default(0),
    lockedUntil: timestampTz('locked_until'),
  },
  (t) => [index('transfer_queue_due_idx').on(t.runAt)],
);
