// The per-node session cache on its own: exact invalidation by the bus, no repopulation by a
// lookup that raced with a revocation, expiry honoured. (API tests cover it end to end.)
import { describe, expect, it } from 'vitest';
import type { Db } from '../db';
import type { Session } from './session';
import { deliver } from './sessionBus';
import { cachedSession } from './sessionCache';

const db = {} as Db;
const now = new Date('2026-01-01T10:00:00Z');
const session = (id: string, over: Partial<Session> = {}): Session => ({
  id,
  userId: `u-${id}`,
  clientId: 'c-1',
  username: id,
  language: 'en',
  isSuperAdmin: false,
  userType: 'COMMON',
  tokenExpiresAt: new Date(now.getTime() + 3600_000),
  refreshExpiresAt: new Date(now.getTime() + 7200_000),
  ...over,
});

/** A loader that counts its calls. */
function loader(value: Session | null) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, value) };
}

describe('session cache', () => {
  it('serves a live session from memory until the bus names it', async () => {
    const s = session('a');
    const l = loader(s);
    expect(await cachedSession(db, 'hash-a', now, l.load)).toEqual(s);
    expect(await cachedSession(db, 'hash-a', now, l.load)).toEqual(s);
    expect(l.calls.n).toBe(1);
    await deliver({ kind: 'menusChanged', clientIds: ['c-1'] });
    await cachedSession(db, 'hash-a', now, l.load);
    expect(l.calls.n).toBe(1);
    for (const target of [{ sessionIds: ['a'] }, { userIds: ['u-a'] }, { clientIds: ['c-1'] }, { userIds: ['u-a'], clientIds: ['c-1'] }]) {
      await deliver({ kind: 'sessionsEnded', ...target });
      const before = l.calls.n;
      await cachedSession(db, 'hash-a', now, l.load);
      expect(l.calls.n, JSON.stringify(target)).toBe(before + 1);
    }
  });

  it('a message for another user or company leaves the entry alone', async () => {
    const l = loader(session('b'));
    await cachedSession(db, 'hash-b', now, l.load);
    await deliver({ kind: 'sessionsEnded', userIds: ['u-b'], clientIds: ['c-2'] });
    await deliver({ kind: 'membershipChanged', userIds: ['someone-else'] });
    await cachedSession(db, 'hash-b', now, l.load);
    expect(l.calls.n).toBe(1);
  });

  it('a lookup that raced with a revocation is not cached', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const slow = async () => {
      calls++;
      if (calls === 1) await gate;
      return calls === 1 ? session('c') : null;
    };
    const pending = cachedSession(db, 'hash-c', now, slow);
    // The revocation commits and is published while the first lookup is still on its way.
    await deliver({ kind: 'sessionsEnded', sessionIds: ['c'] });
    release();
    await pending;
    expect(await cachedSession(db, 'hash-c', now, slow)).toBeNull();
    expect(calls).toBe(2);
  });

  it('never answers past the token’s expiry, and never caches a missing session', async () => {
    const l = loader(session('d', { tokenExpiresAt: new Date(now.getTime() + 1000) }));
    await cachedSession(db, 'hash-d', now, l.load);
    await cachedSession(db, 'hash-d', new Date(now.getTime() + 1000), l.load);
    expect(l.calls.n).toBe(2);
    const none = loader(null);
    await cachedSession(db, 'hash-none', now, none.load);
    await cachedSession(db, 'hash-none', now, none.load);
    expect(none.calls.n).toBe(2);
  });
});
