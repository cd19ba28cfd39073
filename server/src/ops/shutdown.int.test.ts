// Graceful shutdown (what SIGTERM runs: app.close, then the database): a request in flight is
// answered, readiness turns 503 while it drains, and a socket is closed in a way that tells its
// client to reconnect (to another node behind a balancer), not to stay away.
import { io } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { defineArea } from '../api';
import { login, startTestServer, type TestServer } from '../testing';

let release: () => void = () => undefined;
let entered: () => void = () => undefined;
const slow = defineArea({
  name: 'slowprobe',
  routes: (api) => {
    api.get('utilsapi/slowprobe/wait', { auth: false }, async () => {
      entered();
      await new Promise<void>((r) => (release = r));
      return { done: true };
    });
  },
});

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ extraAreas: [slow] });
});

describe('graceful shutdown', () => {
  it('answers the request in flight, and closes sockets so that their clients reconnect', async () => {
    const me = await login(srv.call, 'brand.buyer');
    const socket = io(srv.url, { path: '/ws', transports: ['websocket'], reconnection: false, auth: { token: me.token }, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const reason = new Promise<string>((resolve) => socket.once('disconnect', (r) => resolve(r)));

    const inside = new Promise<void>((r) => (entered = r));
    const inFlight = fetch(`${srv.url}/api/utilsapi/slowprobe/wait`);
    await inside;
    const closing = srv.app.close();
    // The socket is closed at once; socket.io clients reconnect after 'transport close' by themselves.
    expect(await reason).toBe('transport close');
    // Not answered yet: close waits for it.
    let closed = false;
    void closing.then(() => (closed = true));
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).data.results.done).toBe(true);
    await closing;
    // No new connection is accepted once closed.
    await expect(fetch(`${srv.url}/healthz`)).rejects.toThrow();
    socket.close();
    await srv.close().catch(() => undefined);
  });
});
