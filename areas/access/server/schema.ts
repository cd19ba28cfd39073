// The account lifecycle's platform tables: licence types, sign-up requests, one-time account
// tokens (reset links, invitations, verification codes) and the request throttle. None is a
// tenant table: they precede a company (sign-up) or span them, so they are read and written
// outside tenants (asSystem) and the app role has no grant on them.
import { auditColumns, id, index, integer, pgTable, text, timestampTz, uniqueIndex, uuid } from '@seamline/server/tables';
import { appUser, client } from '@seamline/server/tables';

/** The platform's licence types; the super admin picks one when approving a company sign-up. */
export const licenceType = pgTable('licence_type', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  seq: integer('seq').notNull().default(0),
  ...auditColumns(),
});

export const SIGNUP_KINDS = ['COMPANY', 'JOIN'] as const;
export type SignupKind = (typeof SIGNUP_KINDS)[number];
/** The spec's colour codes (core statusColor): awaiting review, approved, rejected. */
export const SIGNUP_STATUSES = ['PENDING_ARRPOVE', 'APPROVED', 'REJECTED'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/**
 * A company sign-up (reviewed by the super admin; the company exists only once approved) or a
 * request to join a company (reviewed by that company's admin). The applicant's account exists
 * from the start, without a company until approval.
 */
export const signupRequest = pgTable(
  'signup_request',
  {
    id: id(),
    kind: text('kind').$type<SignupKind>().notNull(),
    status: text('status').$type<SignupStatus>().notNull().default('PENDING_ARRPOVE'),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    /** JOIN: the company asked; COMPANY: the company created on approval. */
    clientId: uuid('client_id').references(() => client.id),
    companyName: text('company_name'),
    companyCode: text('company_code'),
    companyType: text('company_type'),
    licenceType: text('licence_type'),
    /** The applicant's note to the reviewer. */
    note: text('note'),
    /** Why it was rejected (told to the applicant). */
    reason: text('reason'),
    /**
     * Set only while awaiting review ('JOIN:<user>:<company>', 'COMPANY:<code>'), unique: one open
     * request per applicant and company, one open registration per company code.
     */
    pendingKey: text('pending_key'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    decidedAt: timestampTz('decided_at'),
    decidedBy: uuid('decided_by'),
  },
  (t) => [
    index('signup_request_kind_status_idx').on(t.kind, t.status, t.createdAt),
    index('signup_request_client_idx').on(t.clientId, t.status),
    uniqueIndex('signup_request_pending_key_uq').on(t.pendingKey),
  ],
);

/** BIND_TICKET: a spent third-party bind ticket (its id's hash), so it binds only once (thirdParty.ts). */
export const TOKEN_PURPOSES = ['RESET_PASSWORD', 'INVITATION', 'EMAIL_CODE', 'BIND_TICKET'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** A one-time secret sent by mail; only its SHA-256 hash is stored. */
export const accountToken = pgTable(
  'account_token',
  {
    id: id(),
    purpose: text('purpose').$type<TokenPurpose>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    /** INVITATION: the inviting company. */
    clientId: uuid('client_id').references(() => client.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    /** Wrong guesses at a verification code; the code dies after a few. */
    attempts: integer('attempts').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('account_token_hash_idx').on(t.tokenHash), index('account_token_user_idx').on(t.userId, t.purpose)],
);

/** Requests that are throttled by count (reset links per email and per address). */
export const accountRequest = pgTable(
  'account_request',
  {
    id: id(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    at: timestampTz('at').notNull().defaultNow(),
  },
  (t) => [index('account_request_kind_key_at_idx').on(t.kind, t.key, t.at)],
);
