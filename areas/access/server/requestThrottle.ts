// Throttle for requests that send mail (reset links): at most a few per email and per client
// address within a window. Counted in the database (account_request), so every node agrees.
import { and, count, eq, gt, lt, type Tx } from '@seamline/server/api';
import { accountRequest } from './schema';

export const RESET_WINDOW_MS = 15 * 60_000;
export const RESET_PER_EMAIL = 3;
export const RESET_PER_IP = 10;
const KEEP_MS = 24 * 60 * 60_000;

export interface Limit {
  kind: string;
  key: string;
  max: number;
}

/**
 * Records the request under every key and answers how many seconds to wait when any key is over
 * its limit within the window (null: go ahead). A refused request is recorded too, so hammering
 * does not shorten the wait.
 */
export async function throttle(tx: Tx, limits: readonly Limit[], windowMs: number, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - windowMs);
  let over = false;
  for (const l of limits) {
    const [row] = await tx
      .select({ n: count() })
      .from(accountRequest)
      .where(and(eq(accountRequest.kind, l.kind), eq(accountRequest.key, l.key), gt(accountRequest.at, since)));
    if ((row?.n ?? 0) >= l.max) over = true;
  }
  await tx.insert(accountRequest).values(limits.map((l) => ({ kind: l.kind, key: l.key, at: now })));
  for (const l of limits)
    await tx
      .delete(accountRequest)
      .where(and(eq(accountRequest.kind, l.kind), eq(accountRequest.key, l.key), lt(accountRequest.at, new Date(now.getTime() - KEEP_MS))));
  return over ? Math.ceil(windowMs / 1000) : null;
}
