// Who is calling: the live session behind an access token. Runs outside any tenant (the tenant
// is what it finds out). A session dies with logout, expiry, a frozen user, company or membership,
// or a lost membership. Each node keeps live sessions in a small cache (sessionCache.ts); whatever ends or
// changes a session publishes it on the session bus (sessionBus.ts), which drops the entry on
// every node before the answer that ended it is sent.
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db';
import { appUser, authSession, client, userClient, type UserType } from '../db/schema';
import { cachedSession } from './sessionCache';
import { hashToken } from './tokens';

export interface Session {
  /** auth_session.id */
  id: string;
  userId: string;
  clientId: string;
  username: string;
  /** The user's stored language_code (may be null); see requestLang for what it means. */
  language: string | null;
  isSuperAdmin: boolean;
  userType: UserType;
  tokenExpiresAt: Date;
  refreshExpiresAt: Date;
}

/**
 * A live session with the user, company and membership behind it: not revoked, user and company
 * active, membership still there. Token and refresh-token lookups add their own conditions.
 */
export async function findLiveSession(tx: Tx, ...conditions: SQL[]): Promise<Session | null> {
  const rows = await tx
    .select({
      id: authSession.id,
      userId: authSession.userId,
      clientId: authSession.clientId,
      username: appUser.username,
      language: appUser.languageCode,
      isSuperAdmin: appUser.isSuperAdmin,
      userType: userClient.userType,
      tokenExpiresAt: authSession.tokenExpiresAt,
      refreshExpiresAt: authSession.refreshExpiresAt,
    })
    .from(authSession)
    .innerJoin(appUser, eq(appUser.id, authSession.userId))
    .innerJoin(client, eq(client.id, authSession.clientId))
    .innerJoin(userClient, and(eq(userClient.userId, authSession.userId), eq(userClient.clientId, authSession.clientId)))
    .where(and(isNull(authSession.revokedAt), eq(appUser.status, 'ACTIVE'), eq(client.status, 'ACTIVE'), eq(userClient.status, 'ACTIVE'), ...conditions))
    .limit(1);
  return rows[0] ?? null;
}

export function findSession(db: Db, token: string, now = new Date()): Promise<Session | null> {
  const hash = hashToken(token);
  return cachedSession(db, hash, now, () =>
    db.asSystem((tx) => findLiveSession(tx, eq(authSession.tokenHash, hash), gt(authSession.tokenExpiresAt, now))),
  );
}
