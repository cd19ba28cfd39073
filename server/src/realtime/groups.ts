// Group rooms (spec §4: GROUP_ADD / GROUP_REMOVE). Areas that own groups (ticket discussion
// groups, ...) register a source naming the groups a user belongs to: a connecting socket joins
// those, and a client may ask to join only a group a source names for it. joinGroup/leaveGroup
// move a user's live sockets on every node (through the adapter) and tell the client.
import type { Session } from '../auth/session';
import type { Tx } from '../db';
import { getHub, groupRoom, userRoom } from './hub';

export type GroupSource = (tx: Tx, session: Session) => Promise<string[]>;
const sources: GroupSource[] = [];

export function registerGroupSource(source: GroupSource): void {
  sources.push(source);
}

export async function groupsOf(tx: Tx, session: Session): Promise<string[]> {
  const all = await Promise.all(sources.map((s) => s(tx, session)));
  return [...new Set(all.flat())];
}

export const GROUP_ADD = 'GROUP_ADD';
export const GROUP_REMOVE = 'GROUP_REMOVE';

/** Puts the users' connected sockets into the group room and sends them GROUP_ADD. */
export function joinGroup(userIds: string[], group: string): void {
  const hub = getHub();
  if (!hub) return;
  for (const id of userIds) {
    hub.io.in(userRoom(id)).socketsJoin(groupRoom(group));
    hub.io.to(userRoom(id)).emit(GROUP_ADD, { group });
  }
}

export function leaveGroup(userIds: string[], group: string): void {
  const hub = getHub();
  if (!hub) return;
  for (const id of userIds) {
    hub.io.in(userRoom(id)).socketsLeave(groupRoom(group));
    hub.io.to(userRoom(id)).emit(GROUP_REMOVE, { group });
  }
}

/** Sends an event to everyone in a group room (a live discussion, ...). */
export function emitToGroup(group: string, event: string, payload: unknown): void {
  getHub()?.io.to(groupRoom(group)).emit(event, payload);
}
