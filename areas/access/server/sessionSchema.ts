// Refresh-token rotation (docs/api-session.md 'Refresh'): every refresh token a session has
// handed out and taken back. A session row is one sign-in, i.e. one token family; presenting a
// retired refresh token again (replay) ends the whole family. Platform table: no grant to the
// app role, reached only through asSystem (like auth_session).
import { pgTable, text, timestampTz, uuid } from '@seamline/server/tables';
import { authSession } from '@seamline/server/tables';

export const retiredRefreshToken = pgTable('retired_refresh_token', {
  /** SHA-256 of the retired refresh token. */
  tokenHash: text('token_hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => authSession.id, { onDelete: 'cascade' }),
  retiredAt: timestampTz('retired_at').notNull().defaultNow(),
});
