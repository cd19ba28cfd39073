// Per-node cache of each session's user-state (issue 12: the web app asks for it on every load and
// focus, and it reads user, company, roles, menus, settings, platforms, unread counts and
// companies). Exactness comes from the session bus (server/src/auth/sessionBus.ts), which reaches
// every node before the changing request answers: 'stateChanged' from every write request (its
// caller and company), from notify() (the recipients) and from code that changes other users'
// memberships; ended, renewed or changed sessions and changed menus drop their entries too. A
// load racing with any message is not stored (the bus generation moved meanwhile). MAX_AGE_MS
// bounds what a change that forgot to publish could leave behind.
import type { Lang } from '@seamline/core';
import { JsonText, busGeneration, onSessionBus, sessionMatcher, type BusEvent, type Db, type Session } from '@seamline/server/api';

const MAX_AGE_MS = 60_000;
export const USER_STATE_CACHE_MAX = 10_000;

interface Entry {
  db: Db;
  id: string;
  userId: string;
  clientId: string;
  storedAt: number;
  value: unknown;
  /** The value serialized, made at the first answer that sends it. */
  text?: JsonText;
}

const cache = new Map<string, Entry>();

export async function cachedUserState<T>(db: Db, session: Session, lang: Lang, load: () => Promise<T>): Promise<T> {
  return (await cachedEntry(db, session, lang, load)).value as T;
}

/** The same, serialized once per entry: what the route sends (JSON.stringify was a fifth of its CPU). */
export async function cachedUserStateText(db: Db, session: Session, lang: Lang, load: () => Promise<unknown>): Promise<JsonText> {
  const entry = await cachedEntry(db, session, lang, load);
  return (entry.text ??= new JsonText(JSON.stringify(entry.value)));
}

async function cachedEntry(db: Db, session: Session, lang: Lang, load: () => Promise<unknown>): Promise<Entry> {
  const key = `${session.id}|${lang}`;
  const hit = cache.get(key);
  // Sessions are per database; tests open several in one process.
  if (hit && hit.db === db && Date.now() - hit.storedAt < MAX_AGE_MS) return hit;
  const generation = busGeneration();
  const entry: Entry = { db, id: session.id, userId: session.userId, clientId: session.clientId, storedAt: 0, value: await load() };
  if (busGeneration() === generation) {
    entry.storedAt = Date.now();
    cache.delete(key);
    if (cache.size >= USER_STATE_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, entry);
  }
  return entry;
}

/** How many states this node holds (tests). */
export function cachedUserStateCount(): number {
  return cache.size;
}

function dropWhere(event: BusEvent): void {
  let drop: (e: Entry) => boolean;
  if (event.kind === 'stateChanged') {
    if (event.targets === 'all') return cache.clear();
    drop = sessionMatcher(event.targets);
  } else if (event.kind === 'menusChanged' && !event.userIds?.length && !event.clientIds?.length && !event.sessionIds?.length) {
    return cache.clear();
  } else {
    drop = sessionMatcher([event]);
  }
  for (const [key, e] of cache) if (drop(e)) cache.delete(key);
}

onSessionBus(dropWhere);
