// Every mail the platform sends, kept in one platform table (not a tenant's): without SMTP_URL it
// is the outbox itself, with SMTP_URL the record of what went out. Only the super admin reads it;
// the app role has no grant on it.
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestampTz } from '../db/tables/columns';

export const MAIL_STATUSES = ['OUTBOX', 'SENT', 'FAILED'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /** What the mail is about (RESET_PASSWORD, SIGNUP_APPROVED, …): filters the outbox screen. */
    kind: text('kind').notNull().default('OTHER'),
    /** OUTBOX: kept here (no SMTP configured); SENT: accepted by the SMTP server; FAILED: see error. */
    status: text('status').$type<MailStatus>().notNull(),
    error: text('error'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    sentAt: timestampTz('sent_at'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.toAddress)],
);
