// The one table of import/export: error reports of refused imports, kept in the database (not on
// a node's disk) so any node can serve the download. A tenant table (RLS, migration 0007).
import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
