// The exception-ticket tables. The category comes from its definition (the engine serves it);
// the ticket and its members and comments are hand-written, because a ticket is shared by TWO
// companies: the row belongs to the company that opened it (client_id) and names the company it
// was opened against (counterpart_client_id). Row-level security (migration *_ticket_rls.sql):
// - tk_ticket: the tenant policy, plus read and update for the counterpart company;
// - members and comments: carry the ticket's client_id and are visible to whoever sees the ticket.
// Nobody else ever sees any of them.
// Relative imports (not @seamline/server/api): drizzle-kit reads this file through db/schema.ts.
import {
  boolean, businessColumns, clientId, id, index, integer, numeric, pgTable, sql, text, timestamp, unique, uuid,
} from '@seamline/server/tables';
import { appUser, client, tablesOf } from '@seamline/server/tables';
import { ticketEntities } from '../meta';

export const { tk_ticket_category } = tablesOf(ticketEntities);

const tz = (name: string) => timestamp(name, { withTimezone: true });
const dec4 = (name: string) => numeric(name, { precision: 18, scale: 4 });

export const tkTicket = pgTable(
  'tk_ticket',
  {
    ...businessColumns(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    designNo: text('design_no'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    description: text('description'),
    categoryId: uuid('category_id'),
    counterpartClientId: uuid('counterpart_client_id')
      .notNull()
      .references(() => client.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => appUser.id),
    /** The assigned discussion group: a role of the company that assigned it. */
    groupRoleId: uuid('group_role_id'),
    groupClientId: uuid('group_client_id'),
    status: integer('status').notNull().default(0),
    isPublic: boolean('is_public').notNull().default(false),
    durationHours: integer('duration_hours'),
    dueAt: tz('due_at'),
    closingSummary: text('closing_summary'),
    penaltyResult: text('penalty_result'),
    reasons: text('reasons').array().notNull().default(sql`'{}'::text[]`),
    deductionAmount: dec4('deduction_amount'),
    deductionRatio: dec4('deduction_ratio'),
    deductionType: text('deduction_type'),
    deductionVoucher: text('deduction_voucher'),
    closedBy: uuid('closed_by'),
    closedAt: tz('closed_at'),
  },
  (t) => [
    unique('tk_ticket_client_code_uq').on(t.clientId, t.code),
    index('tk_ticket_client_status_idx').on(t.clientId, t.status, t.createdAt),
    index('tk_ticket_counterpart_status_idx').on(t.counterpartClientId, t.status, t.createdAt),
  ],
);

export const tkTicketMember = pgTable(
  'tk_ticket_member',
  {
    id: id(),
    /** The ticket's company (not the member's): RLS shares the row with the ticket. */
    clientId: clientId(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tkTicket.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    memberClientId: uuid('member_client_id')
      .notNull()
      .references(() => client.id),
    role: text('role').$type<'ADMIN' | 'MEMBER'>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('tk_ticket_member_uq').on(t.ticketId, t.userId), index('tk_ticket_member_user_idx').on(t.userId)],
);

export const tkTicketComment = pgTable(
  'tk_ticket_comment',
  {
    id: id(),
    clientId: clientId(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tkTicket.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => appUser.id),
    authorClientId: uuid('author_client_id')
      .notNull()
      .references(() => client.id),
    body: text('body'),
    /** Storage keys of the photos (served by vfapi/ticket/photo to both companies' members). */
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    flagged: boolean('flagged').notNull().default(false),
    flaggedBy: uuid('flagged_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('tk_ticket_comment_ticket_idx').on(t.ticketId, t.createdAt)],
);
