// Platform-level security state. Read and written only outside a tenant (asSystem): the app
// role has no privileges on these tables, so tenant code can never reach them.
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestampTz } from './columns';
import { appUser, client } from './tenancy';

/** One sign-in. Only SHA-256 hashes of the opaque tokens are stored. */
export const authSession = pgTable(
  'auth_session',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => client.id),
    tokenHash: text('token_hash').notNull().unique(),
    tokenExpiresAt: timestampTz('token_expires_at').notNull(),
    refreshHash: text('refresh_hash').notNull().unique(),
    refreshExpiresAt: timestampTz('refresh_expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    ip: text('ip'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

/** Sign-in attempts per (lower-cased) username: the throttle reads them, so every server node agrees. */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    id: id(),
    username: text('username').notNull(),
    at: timestampTz('at').notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    ip: text('ip'),
  },
  (t) => [index('login_attempt_username_at_idx').on(t.username, t.at)],
);

/** Key material generated once and shared by every node (e.g. the login RSA key pair). */
export const serverKey = pgTable('server_key', {
  name: text('name').primaryKey(),
  publicPem: text('public_pem').notNull(),
  privatePem: text('private_pem').notNull(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});
