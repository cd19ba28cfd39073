// Live progress of work orders (server event WO_PROGRESS, emitted to the factory's and the brand's
// company rooms after each booked scan). The app's notification socket (web/src/collab/live.ts)
// hands on only inbox messages, so the progress views open one socket of their own while any of
// them is mounted — same path, token and `connectto` handshake — and close it with the last one.
import { io, type Socket } from 'socket.io-client';
import { storedToken } from '../../../../web/src/session/storage';
import { sessionStore } from '../../../../web/src/session/store';
import { PROGRESS_EVENT, type Progress } from '../../meta/floor';

export type { Progress };

type Listener = (p: Progress) => void;
const listeners = new Set<Listener>();
let socket: Socket | null = null;

function open(): void {
  const user = sessionStore.get();
  if (socket || !user?.id || !user.clientid) return;
  const { id: userid, clientid } = user;
  const s = io({ path: '/ws', transports: ['websocket'], auth: (cb) => cb({ token: storedToken() ?? '' }) });
  s.on('connect', () => s.emit('connectto', { userid, clientid }, () => undefined));
  s.on(PROGRESS_EVENT, (p: Progress) => {
    for (const l of listeners) l(p);
  });
  socket = s;
}

/** Calls `fn` with every progress pushed to the company; returns the unsubscribe function. */
export function onProgress(fn: Listener): () => void {
  listeners.add(fn);
  open();
  return () => {
    listeners.delete(fn);
    if (listeners.size === 0) {
      socket?.close();
      socket = null;
    }
  };
}
