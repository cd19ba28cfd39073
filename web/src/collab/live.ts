// The live notification socket (spec §7, NTF-01): socket.io at /ws on the page's own origin, the
// stored token in the handshake, then `connectto` with the user id and company id. A message
// raises the session's unread counts at once and is handed to the listeners (the toast); the
// server's UNREAD summary (after a read here or in another tab) replaces the counts; GROUP_ADD /
// GROUP_REMOVE are answered by joining or leaving the group room.
import { io, type Socket } from 'socket.io-client';
import { storedToken } from '../session/storage';
import { sessionStore } from '../session/store';
import { addContact, applyIncoming, applySummary, type NotificationMessage, type UnreadSummary } from './unread';

type Listener = (msg: NotificationMessage) => void;
const listeners = new Set<Listener>();
let socket: Socket | null = null;
let contacts: Record<string, { FROM_CLIENT_ID: string }> = {};

export function onNotification(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const onlineContacts = () => contacts;

type EventListener = (payload: never) => void;
const eventListeners = new Map<string, Set<EventListener>>();

/**
 * Listens to any other event the server sends on this connection (e.g. an area's live progress
 * pushed to the company room); returns the unsubscribe function. One socket serves them all.
 */
export function onLiveEvent<T>(type: string, listener: (payload: T) => void): () => void {
  const set = eventListeners.get(type) ?? new Set<EventListener>();
  eventListeners.set(type, set);
  set.add(listener as EventListener);
  return () => set.delete(listener as EventListener);
}

/** Connects for the signed-in user (once); returns the stop function. */
export function startLive(): () => void {
  const user = sessionStore.get();
  if (!user?.id || !user.clientid || socket) return stopLive;
  const { id: userid, clientid } = user;
  const s = io({
    path: '/ws',
    transports: ['websocket'],
    // Read at every (re)connect: the token is refreshed while the page stays open.
    auth: (cb) => cb({ token: storedToken() ?? '' }),
  });
  socket = s;
  s.on('connect', () => s.emit('connectto', { userid, clientid }, () => undefined));
  s.on('message', (msg: NotificationMessage) => {
    const current = sessionStore.get();
    if (current) sessionStore.update(applyIncoming(current, msg));
    contacts = addContact(contacts, msg);
    for (const l of listeners) l(msg);
  });
  s.on('UNREAD', (summary: UnreadSummary) => {
    const current = sessionStore.get();
    if (current) sessionStore.update(applySummary(current, summary));
  });
  for (const event of ['GROUP_ADD', 'GROUP_REMOVE']) s.on(event, (p: { group: string }) => s.emit(event, p, () => undefined));
  s.onAny((event: string, payload: unknown) => {
    for (const l of eventListeners.get(event) ?? []) l(payload as never);
  });
  return stopLive;
}

export function stopLive(): void {
  socket?.close();
  socket = null;
  contacts = {};
}

/** The server's counts after a read (the same shape as its UNREAD push). */
export function setUnreadTotal(total: number): void {
  const current = sessionStore.get();
  if (current && current.unread_total !== total) {
    // Keep per-menu counts until the server's summary arrives; the total is exact now.
    sessionStore.update({ unread_total: total });
  }
}
