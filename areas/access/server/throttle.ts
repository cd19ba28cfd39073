// Sign-in throttling: five failures for one username within 15 minutes lock that username for
// 15 minutes. The attempts live in the database (login_attempt), so every node sees the same lock.
import { and, desc, eq, gt, loginAttempt, lt, type Tx } from '@seamline/server/api';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
/** Attempts older than this no longer matter and are pruned. */
const KEEP_MS = 24 * 60 * 60_000;

export interface Attempt {
  at: Date;
  ok: boolean;
}

/**
 * When the lock ends, or null if not locked. A success clears the count; a lock starts at the
 * failure that made five within the window. Attempts must be in time order.
 */
export function lockedUntil(attempts: readonly Attempt[], now: Date): Date | null {
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
    if (failures.length >= MAX_FAILURES) until = time + LOCK_MS;
  }
  return until !== null && until > now.getTime() ? new Date(until) : null;
}

/** Usernames are compared case-insensitively everywhere. */
export const throttleKey = (username: string): string => username.trim().toLowerCase();

export async function lockOf(tx: Tx, username: string, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS - LOCK_MS);
  const attempts = await tx
    .select({ at: loginAttempt.at, ok: loginAttempt.ok })
    .from(loginAttempt)
    .where(and(eq(loginAttempt.username, throttleKey(username)), gt(loginAttempt.at, since)))
    // The latest ones decide; a burst of parallel guesses must not hide them.
    .orderBy(desc(loginAttempt.at))
    .limit(500);
  return lockedUntil(attempts.reverse(), now);
}

export async function recordAttempt(tx: Tx, username: string, ok: boolean, ip: string, now: Date): Promise<void> {
  const key = throttleKey(username);
  await tx.insert(loginAttempt).values({ username: key, ok, ip, at: now });
  await tx.delete(loginAttempt).where(and(eq(loginAttempt.username, key), lt(loginAttempt.at, new Date(now.getTime() - KEEP_MS))));
}
