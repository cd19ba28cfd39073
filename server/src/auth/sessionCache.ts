// Per-node cache of live sessions by token hash, in front of the database lookup (issue 12: the
// session lookup was a third of a request's planning time). Exact invalidation comes from the
// session bus: an ended or changed session is dropped on every node before the request that
// ended it answers. The generation check keeps a lookup that raced with a revocation from
// putting the old row back. Entries also honour the token's expiry and live at most
// MAX_AGE_MS, a bound for any change that forgot to publish.
import type { Db } from '../db';
import type { Session } from './session';
import { busGeneration, onSessionBus, sessionMatcher } from './sessionBus';

const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  session: Session;
  storedAt: number;
}

// One map for the process, keyed by database (tests open several) and token hash.
const cache = new Map<string, Entry>();
const dbIds = new WeakMap<Db, number>();
let nextDbId = 1;
let enabled = process.env.SESSION_CACHE !== '0';

/** Turns the cache off (and empties it); tests use it to compare with and without. */
export function setSessionCacheEnabled(on: boolean): void {
  enabled = on;
  if (!on) cache.clear();
}

function keyOf(db: Db, tokenHash: string): string {
  let id = dbIds.get(db);
  if (id === undefined) dbIds.set(db, (id = nextDbId++));
  return `${id}:${tokenHash}`;
}

export async function cachedSession(db: Db, tokenHash: string, now: Date, load: () => Promise<Session | null>): Promise<Session | null> {
  if (!enabled) return load();
  const key = keyOf(db, tokenHash);
  const hit = cache.get(key);
  if (hit) {
    if (hit.session.tokenExpiresAt.getTime() > now.getTime() && Date.now() - hit.storedAt < MAX_AGE_MS) return hit.session;
    cache.delete(key);
  }
  const before = busGeneration();
  const session = await load();
  // Only live sessions are kept: a revoked token is never cached, so it costs a lookup each time.
  if (session && busGeneration() === before) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { session, storedAt: Date.now() });
  }
  return session;
}

/** How many sessions this node holds (tests). */
export function cachedSessionCount(): number {
  return cache.size;
}

onSessionBus((event) => {
  // Neither changes a session row.
  if (event.kind === 'menusChanged' || event.kind === 'stateChanged') return;
  const concerned = sessionMatcher([event]);
  for (const [key, { session }] of cache) if (concerned(session)) cache.delete(key);
});
