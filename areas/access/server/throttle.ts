// Sign-in throttling that stops guessing without locking the owner out (docs/security.md
// 'Throttling'). Two rules over the recorded attempts (login_attempt, in the database, so every
// node agrees):
// - per account and address: five failures for one username from one IP within 15 minutes lock
//   that username for that IP for 15 minutes. An attacker failing on someone else's username
//   locks only himself; the owner signs in from his own address as usual.
// - per account, all addresses together: twenty failures within 15 minutes (a spray from many
//   addresses) lock the username for 15 minutes for every address that has not signed in to it
//   successfully before (its last sign-in address, or a success in the last 24 hours).
// A success clears the count of its address (and the all-address count); a password reset
// clears both for every address.
import { HttpError, and, appUser, desc, eq, gt, loginAttempt, lt, sql, type Db, type Tx, registerMessages } from '@seamline/server/api';

export const MAX_FAILURES = 5;
export const ACCOUNT_MAX_FAILURES = 20;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
/** Attempts older than this no longer matter and are pruned. */
const KEEP_MS = 24 * 60 * 60_000;
/** The `ip` a password reset records its success under: it clears every address's count. */
export const RESET_IP = 'reset';

export interface Attempt {
  at: Date;
  ok: boolean;
  ip?: string | null;
}

registerMessages({
  en: { 'access.signInLocked': 'Too many failed sign-in attempts, please try again in {minutes} minutes' },
  zh: { 'access.signInLocked': '登录失败次数过多，请 {minutes} 分钟后再试' },
});

/**
 * When the lock ends, or null if not locked. A success clears the count; a lock starts at the
 * failure that made `max` within the window. Attempts must be in time order.
 */
export function lockedUntil(attempts: readonly Attempt[], now: Date, max = MAX_FAILURES): Date | null {
  let failures: number[] = [];
  let until: number | null = null;
  for (const { at, ok } of attempts) {
    const time = at.getTime();
    if (ok) {
      failures = [];
      until = null;
      continue;
    }
    failures = [...failures.filter((f) => f > time - FAILURE_WINDOW_MS), time];
    if (failures.length >= max) until = time + LOCK_MS;
  }
  return until !== null && until > now.getTime() ? new Date(until) : null;
}

/**
 * Both rules for a sign-in from `ip`, given the username's attempts in time order and whether
 * `ip` is one the owner signed in from. Without an address (a signed-in user re-entering the
 * password) the per-address rule counts every address.
 */
export function accountLock(attempts: readonly Attempt[], now: Date, ip: string | undefined, knownAddress: boolean): Date | null {
  const mine = ip === undefined ? attempts : attempts.filter((a) => a.ip === ip || (a.ok && a.ip === RESET_IP));
  const perAddress = lockedUntil(mine, now, MAX_FAILURES);
  const everywhere = knownAddress ? null : lockedUntil(attempts, now, ACCOUNT_MAX_FAILURES);
  if (!perAddress) return everywhere;
  if (!everywhere) return perAddress;
  return perAddress > everywhere ? perAddress : everywhere;
}

/** Usernames are compared case-insensitively everywhere. */
export const throttleKey = (username: string): string => username.trim().toLowerCase();

export async function lockOf(tx: Tx, username: string, now: Date, ip?: string): Promise<Date | null> {
  const key = throttleKey(username);
  const since = new Date(now.getTime() - KEEP_MS);
  const attempts = await tx
    .select({ at: loginAttempt.at, ok: loginAttempt.ok, ip: loginAttempt.ip })
    .from(loginAttempt)
    .where(and(eq(loginAttempt.username, key), gt(loginAttempt.at, since)))
    // The latest ones decide; a burst of parallel guesses must not hide them.
    .orderBy(desc(loginAttempt.at))
    .limit(500);
  let known = false;
  if (ip !== undefined) {
    known = attempts.some((a) => a.ok && a.ip === ip);
    if (!known) {
      const [user] = await tx.select({ ip: appUser.lastLoginIp }).from(appUser).where(eq(sql`lower(${appUser.username})`, key));
      known = user?.ip === ip;
    }
  }
  return accountLock(attempts.reverse(), now, ip, known);
}

/** 429 with Retry-After and the wait in minutes, in the caller's language. */
export function lockedError(until: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new HttpError(429, 'access.signInLocked', { minutes: Math.ceil(seconds / 60) }, { 'retry-after': String(seconds) });
}

/**
 * For any call that checks a password (sign-in, joining a company with an existing account):
 * throws the 429 when the username is locked for this address.
 */
export async function refuseWhenLocked(db: Db, username: string, ip: string, now: Date): Promise<void> {
  const until = await db.asSystem((tx) => lockOf(tx, username, now, ip));
  if (until) throw lockedError(until, now);
}

export async function recordAttempt(tx: Tx, username: string, ok: boolean, ip: string, now: Date): Promise<void> {
  const key = throttleKey(username);
  await tx.insert(loginAttempt).values({ username: key, ok, ip, at: now });
  await tx.delete(loginAttempt).where(and(eq(loginAttempt.username, key), lt(loginAttempt.at, new Date(now.getTime() - KEEP_MS))));
}
