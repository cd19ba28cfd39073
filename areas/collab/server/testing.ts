// Test helpers for the collaboration area: real socket.io clients against a listening server.
import { io, type Socket } from 'socket.io-client';
import type { Caller } from '@seamline/server/testing';

export interface Me {
  token: string;
  id: string;
  clientid: string;
}

export async function whoAmI(call: Caller, token: string): Promise<Me> {
  const res = await call('GET', 'utilsapi/access/user-state', { token });
  if (res.status !== 200) throw new Error(`user-state ${res.status}`);
  return { token, id: res.body.data.results.id, clientid: res.body.data.results.clientid };
}

/** Connects (resolves once connected, rejects with the handshake error). */
export function connectSocket(url: string, auth: { token?: string; queryToken?: string }): Promise<Socket> {
  const socket = io(url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    auth: auth.token ? { token: auth.token } : {},
    query: auth.queryToken ? { token: auth.queryToken } : {},
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export function connectTo(socket: Socket, userid: string, clientid: string): Promise<{ ok: boolean; groups?: string[] }> {
  return socket.timeout(10_000).emitWithAck('connectto', { userid, clientid });
}

/** Collects every event of one name a socket receives. */
export function collect<T = any>(socket: Socket, event: string): T[] {
  const got: T[] = [];
  socket.on(event, (payload: T) => got.push(payload));
  return got;
}

/** Resolves with the next event of that name. */
export function nextEvent<T = any>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, resolve));
}

/**
 * Does what the web client does on GROUP_ADD / GROUP_REMOVE (asks to join or leave, acked);
 * next() resolves with each outcome in turn.
 */
export function followGroups(socket: Socket) {
  const outcomes: { event: string; group: string; ok: boolean }[] = [];
  const waiting: ((o: { event: string; group: string; ok: boolean }) => void)[] = [];
  const push = (o: { event: string; group: string; ok: boolean }) => {
    const w = waiting.shift();
    if (w) w(o);
    else outcomes.push(o);
  };
  for (const event of ['GROUP_ADD', 'GROUP_REMOVE']) {
    socket.on(event, async ({ group }: { group: string }) => {
      const { ok } = await socket.emitWithAck(event, { group });
      push({ event, group, ok });
    });
  }
  return {
    next: () =>
      new Promise<{ event: string; group: string; ok: boolean }>((resolve) => {
        const o = outcomes.shift();
        if (o) resolve(o);
        else waiting.push(resolve);
      }),
  };
}
