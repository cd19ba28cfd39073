// Two tabs refreshing at once must not sign the user out (issue 11): refresh tokens rotate and a
// replayed one ends the session, so two tabs of one browser — two client instances sharing
// localStorage — must not both present the same refresh token. Each instance here is a fresh
// module graph (its own in-tab single flight), as a second tab would be.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@seamline/core';
import { fakeServer } from '../test/fakeServer';
import { nowS, storeSignedIn } from '../test/session';

type Client = typeof import('./client');

/** A new "tab": the client module loaded again, sharing only localStorage and navigator. */
async function openTab(): Promise<Client> {
  vi.resetModules();
  return import('./client');
}

/** Web Locks as the browser grants them: one holder of a name at a time, the rest queue. */
function stubLocks() {
  const requested: string[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  const locks = {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      requested.push(name);
      const run = tail.then(callback, callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return requested;
}

beforeEach(() => {
  localStorage.clear();
  storeSignedIn({ tokenexpire: nowS() + 10 }); // within 300 s: both tabs want to refresh
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

const refreshServer = () => {
  let live = 'R1';
  let n = 1;
  return fakeServer().on('POST', 'utilsapi/access/refresh-token', (req) => {
    // Rotation as the server does it: the live refresh token buys a new pair; a used one is a replay (401).
    if (req.body?.get('refresh_token') !== live) return new Response('{"message":"replay"}', { status: 401 });
    n += 1;
    live = `R${n}`;
    return { token: `T${n}`, tokenexpire: nowS() + 7200, refreshtoken: live, refreshexpire: nowS() + 86400 };
  });
};

describe('refresh across tabs', () => {
  it('under the cross-tab lock, only one refresh reaches the server; the other tab takes its token', async () => {
    const requested = stubLocks();
    const server = refreshServer();
    const [tabA, tabB] = [await openTab(), await openTab()];
    expect(tabA).not.toBe(tabB);
    const tokens = await Promise.all([tabA.validToken(), tabB.validToken()]);
    expect(server.calls('utilsapi/access/refresh-token')).toHaveLength(1);
    expect(tokens).toEqual(['T2', 'T2']);
    expect(requested).toEqual(['seamline-refresh', 'seamline-refresh']);
    expect(localStorage.getItem(STORAGE_KEYS.refreshtoken)).toBe('R2');
  });

  it('without the lock both tabs present the same refresh token, and the second is refused', async () => {
    // What the lock prevents: the fallback is the in-tab single flight only.
    const server = refreshServer();
    const [tabA, tabB] = [await openTab(), await openTab()];
    const results = await Promise.allSettled([tabA.validToken(), tabB.validToken()]);
    const sent = server.calls('utilsapi/access/refresh-token').map((r) => r.body?.get('refresh_token'));
    expect(sent).toEqual(['R1', 'R1']);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('without the lock one tab still refreshes once for concurrent calls', async () => {
    const server = refreshServer();
    const tab = await openTab();
    expect(await Promise.all([tab.validToken(), tab.validToken(), tab.validToken()])).toEqual(['T2', 'T2', 'T2']);
    expect(server.calls('utilsapi/access/refresh-token')).toHaveLength(1);
  });
});
