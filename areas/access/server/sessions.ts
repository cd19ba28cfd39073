// Sign-in sessions: opening one (login, switch-token), renewing its access token with the refresh
// token, and revoking it (logout). Runs outside tenants: auth_session is a platform table.
import { langOf } from '@seamline/core';
import {
  and, appUser, authSession, client, epochSeconds, eq, findLiveSession, gt, hashToken, inArray, isNull, ne, newToken, secondsFrom, sessionsEnded,
  sessionsRenewed, sql, userClient, type Config, type Tx,
} from '@seamline/server/api';
import { retiredRefreshToken } from './sessionSchema';

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

/**
 * Rotation: a live refresh token of that user buys a new access token and a new refresh token;
 * the presented one is retired. Presenting a retired one again is a replay — someone else holds
 * a copy — so the whole family (the session: every token descended from that sign-in) ends.
 * Null (answered 401) for a replay and for anything that is not a live refresh token.
 */
export async function renewAccessToken(
  tx: Tx,
  username: string,
  refreshToken: string,
  config: Config,
  now: Date,
): Promise<TokenResults | null> {
  const presented = hashToken(refreshToken);
  const found = await findLiveSession(
    tx,
    eq(authSession.refreshHash, presented),
    gt(authSession.refreshExpiresAt, now),
    eq(sql`lower(${appUser.username})`, username.trim().toLowerCase()),
  );
  if (!found) {
    await endReplayedFamily(tx, presented, now);
    return null;
  }
  const token = newToken();
  const nextRefresh = newToken();
  const tokenExpiresAt = secondsFrom(now, config.tokenTtlS);
  // Conditional on the hash still being the presented one: of two refreshes racing with the same
  // token exactly one rotates; the other finds it retired and ends the family, as a replay would.
  const rotated = await tx
    .update(authSession)
    .set({ tokenHash: hashToken(token), tokenExpiresAt, refreshHash: hashToken(nextRefresh) })
    .where(and(eq(authSession.id, found.id), eq(authSession.refreshHash, presented), isNull(authSession.revokedAt)))
    .returning({ id: authSession.id });
  if (rotated.length === 0) {
    await endReplayedFamily(tx, presented, now);
    return null;
  }
  await tx.insert(retiredRefreshToken).values({ tokenHash: presented, sessionId: found.id, retiredAt: now }).onConflictDoNothing();
  // The old access token stops working at once on every node (it may sit in a session cache).
  await sessionsRenewed({ sessionIds: [found.id] }, tx);
  return tokenResults(found, token, tokenExpiresAt, nextRefresh, found.refreshExpiresAt);
}

/** A retired refresh token came back: revoke its session (the family) and close its sockets. */
async function endReplayedFamily(tx: Tx, presentedHash: string, now: Date): Promise<void> {
  const [retired] = await tx
    .select({ sessionId: retiredRefreshToken.sessionId })
    .from(retiredRefreshToken)
    .where(eq(retiredRefreshToken.tokenHash, presentedHash));
  if (retired) await revokeSession(tx, retired.sessionId, now);
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
    .where(and(eq(userClient.userId, current.userId), eq(userClient.clientId, clientId), eq(client.status, 'ACTIVE'), eq(userClient.status, 'ACTIVE'), ne(userClient.userType, 'INVITED')));
  if (!member) return null;
  await revokeSession(tx, current.id, now);
  return openSession(tx, { userId: current.userId, clientId, ...member }, ip, config, now);
}

/** Both tokens of the session stop working at once. */
export async function revokeSession(tx: Tx, sessionId: string, now: Date): Promise<void> {
  await tx.update(authSession).set({ revokedAt: now }).where(and(eq(authSession.id, sessionId), isNull(authSession.revokedAt)));
  await sessionsEnded({ sessionIds: [sessionId] }, tx);
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
 * Ends every live session of the user at once (both tokens, open sockets on every node), except
 * the one named — the caller's own after a password change. Freezing a user, a password change,
 * a reset and a password set by an administrator call it.
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
  if (ended.length) await sessionsEnded({ sessionIds: ended.map((e) => e.id) }, tx);
  return ended.length;
}

/**
 * Ends the sessions of the given users in one company (membership frozen or removed), or of every
 * member when `userIds` is absent (company frozen). Their sockets close on every node.
 */
export async function endCompanySessions(tx: Tx, clientId: string, userIds?: string[], now = new Date()): Promise<number> {
  if (userIds && userIds.length === 0) return 0;
  const ended = await tx
    .update(authSession)
    .set({ revokedAt: now })
    .where(and(eq(authSession.clientId, clientId), isNull(authSession.revokedAt), userIds ? inArray(authSession.userId, userIds) : undefined))
    .returning({ id: authSession.id });
  if (ended.length) await sessionsEnded({ sessionIds: ended.map((e) => e.id) }, tx);
  return ended.length;
}
