// Sign-in sessions: opening one (login, switch-token), renewing its access token with the refresh
// token, and revoking it (logout). Runs outside tenants: auth_session is a platform table.
import { langOf } from '@seamline/core';
import {
  and, appUser, authSession, client, epochSeconds, eq, findLiveSession, gt, hashToken, isNull, ne, newToken, secondsFrom, sql, userClient,
  type Config, type Tx,
} from '@seamline/server/api';

/** What login, refresh-token and switch-token answer (docs/api-session.md). */
export interface TokenResults {
  token: string;
  tokenexpire: number;
  refreshtoken: string;
  refreshexpire: number;
  username: string;
  lang: 'en' | 'zh';
}

export interface SessionOwner {
  userId: string;
  clientId: string;
  username: string;
  language: string | null;
}

export async function openSession(tx: Tx, owner: SessionOwner, ip: string, config: Config, now: Date): Promise<TokenResults> {
  const token = newToken();
  const refreshToken = newToken();
  const tokenExpiresAt = secondsFrom(now, config.tokenTtlS);
  const refreshExpiresAt = secondsFrom(now, config.refreshTokenTtlS);
  await tx.insert(authSession).values({
    userId: owner.userId,
    clientId: owner.clientId,
    tokenHash: hashToken(token),
    tokenExpiresAt,
    refreshHash: hashToken(refreshToken),
    refreshExpiresAt,
    ip,
    createdAt: now,
  });
  return tokenResults(owner, token, tokenExpiresAt, refreshToken, refreshExpiresAt);
}

/** A new access token for a live refresh token of that user; null when it is not one. */
export async function renewAccessToken(
  tx: Tx,
  username: string,
  refreshToken: string,
  config: Config,
  now: Date,
): Promise<TokenResults | null> {
  const found = await findLiveSession(
    tx,
    eq(authSession.refreshHash, hashToken(refreshToken)),
    gt(authSession.refreshExpiresAt, now),
    eq(sql`lower(${appUser.username})`, username.trim().toLowerCase()),
  );
  if (!found) return null;
  const token = newToken();
  const tokenExpiresAt = secondsFrom(now, config.tokenTtlS);
  // The old access token stops working: only one per session is ever live.
  await tx.update(authSession).set({ tokenHash: hashToken(token), tokenExpiresAt }).where(eq(authSession.id, found.id));
  return tokenResults(found, token, tokenExpiresAt, refreshToken, found.refreshExpiresAt);
}

/** A new session in another company of the same user; the current one ends. Null: not a member. */
export async function switchCompany(
  tx: Tx,
  current: { id: string; userId: string },
  clientId: string,
  ip: string,
  config: Config,
  now: Date,
): Promise<TokenResults | null> {
  const [member] = await tx
    .select({ username: appUser.username, language: appUser.languageCode })
    .from(userClient)
    .innerJoin(client, eq(client.id, userClient.clientId))
    .innerJoin(appUser, eq(appUser.id, userClient.userId))
    .where(and(eq(userClient.userId, current.userId), eq(userClient.clientId, clientId), eq(client.status, 'ACTIVE'), ne(userClient.userType, 'INVITED')));
  if (!member) return null;
  await revokeSession(tx, current.id, now);
  return openSession(tx, { userId: current.userId, clientId, ...member }, ip, config, now);
}

/** Both tokens of the session stop working at once. */
export async function revokeSession(tx: Tx, sessionId: string, now: Date): Promise<void> {
  await tx.update(authSession).set({ revokedAt: now }).where(and(eq(authSession.id, sessionId), isNull(authSession.revokedAt)));
}

function tokenResults(
  owner: Pick<SessionOwner, 'username' | 'language'>,
  token: string,
  tokenExpiresAt: Date,
  refreshToken: string,
  refreshExpiresAt: Date,
): TokenResults {
  return {
    token,
    tokenexpire: epochSeconds(tokenExpiresAt),
    refreshtoken: refreshToken,
    refreshexpire: epochSeconds(refreshExpiresAt),
    username: owner.username,
    lang: langOf(owner.language),
  };
}

/**
 * Ends every live session of the user at once (both tokens), except the one named — the caller's
 * own after a password change. Freezing a user, a password change and a reset call it.
 */
export async function endUserSessions(tx: Tx, userId: string, options: { exceptSessionId?: string; now?: Date } = {}): Promise<number> {
  const ended = await tx
    .update(authSession)
    .set({ revokedAt: options.now ?? new Date() })
    .where(
      and(
        eq(authSession.userId, userId),
        isNull(authSession.revokedAt),
        options.exceptSessionId ? ne(authSession.id, options.exceptSessionId) : undefined,
      ),
    )
    .returning({ id: authSession.id });
  return ended.length;
}
