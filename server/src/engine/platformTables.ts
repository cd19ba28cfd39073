// The engine's own platform tables: serial-number configs and counters (spec §3, §9), data
// authorization rules (spec §6) and the audit trail. Every one is a tenant table (client_id, RLS).
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, timestampTz } from '../db/tables/columns';
import { appUser, businessColumns, clientId } from '../db/tables/tenancy';

/**
 * A serial-number series of a company (spec §3 'SN config'): `code` names the series an entity's
 * numbering uses (e.g. VENDOR); a number reads prefix + date_prefix (a date pattern such as
 * 'YYYYMMDD', or '') + the counter zero-padded to `length` + suffix. `flag` 1 = enabled, 0 = off.
 */
export const serialNumberConfig = pgTable(
  'serial_number_config',
  {
    ...businessColumns(),
    code: varchar('code', { length: 64 }).notNull(),
    prefix: varchar('prefix', { length: 32 }).notNull().default(''),
    datePrefix: varchar('date_prefix', { length: 32 }).notNull().default(''),
    suffix: varchar('suffix', { length: 32 }).notNull().default(''),
    length: integer('length').notNull().default(4),
    flag: integer('flag').notNull().default(1),
    description: text('description'),
  },
  (t) => [uniqueIndex('serial_number_config_code_uq').on(t.clientId, t.code)],
);

/**
 * The last number handed out per company, series and period (the formatted date prefix, '' when
 * the series has none, so a daily series restarts every day). Allocated with one
 * INSERT … ON CONFLICT DO UPDATE … RETURNING inside the saving transaction: the row lock makes
 * concurrent saves take turns, so numbers never repeat.
 */
export const serialNumberCounter = pgTable(
  'serial_number_counter',
  {
    clientId: clientId(),
    code: varchar('code', { length: 64 }).notNull(),
    period: varchar('period', { length: 32 }).notNull().default(''),
    last: bigint('last', { mode: 'number' }).notNull(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'serial_number_counter_pk', columns: [t.clientId, t.code, t.period] })],
);

/**
 * Data authorization (spec §6): a rule of one user on one menu — field, operator, value. A user's
 * rules on a menu combine with AND (core/entity/dataAuth.ts defines the semantics; the engine's
 * SQL matches it).
 */
export const dataRule = pgTable(
  'data_rule',
  {
    ...businessColumns(),
    menuCode: text('menu_code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    field: text('field').notNull(),
    operator: text('operator').notNull(),
    value: text('value').notNull().default(''),
  },
  (t) => [index('data_rule_user_menu_idx').on(t.clientId, t.userId, t.menuCode)],
);

/** One change of a document: who, when, what action, and the changed fields with old and new values. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    clientId: clientId(),
    /** The entity's wire name, e.g. 'customer'. */
    entity: text('entity').notNull(),
    recordId: uuid('record_id').notNull(),
    /** 'create', 'update', 'delete' or a transition's action. */
    action: text('action').notNull(),
    userId: uuid('user_id'),
    // clock_timestamp(): entries written by one transaction keep their order.
    at: timestampTz('at').notNull().default(sql`clock_timestamp()`),
    /** [{field, old, new}] */
    changes: jsonb('changes').notNull().default([]),
  },
  (t) => [index('audit_log_record_idx').on(t.clientId, t.entity, t.recordId, t.at)],
);
