// Column sets shared by tables. Every business row carries the same bookkeeping columns so the
// engine can treat tenancy, optimistic concurrency and the audit fields uniformly.
import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();

export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

const at = (name: string) => timestampTz(name).notNull().defaultNow();

/** created_by/at and updated_by/at; *_by is the acting user's id (null for system writes). */
export const auditColumns = () => ({
  createdBy: uuid('created_by'),
  createdAt: at('created_at'),
  updatedBy: uuid('updated_by'),
  updatedAt: at('updated_at'),
});

/** Optimistic concurrency: a write names the version it read; a stale one answers 409. */
export const version = () => integer('version').notNull().default(1);
