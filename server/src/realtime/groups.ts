// Group rooms (spec §4: GROUP_ADD / GROUP_REMOVE). Areas that own groups (ticket discussion
// groups, ...) register a source naming the groups a user belongs to: a connecting socket joins
// those, and a client may ask to join only a group a source names for it. joinGroup/leaveGroup
// send the user GROUP_ADD / GROUP_REMOVE; the client answers by asking to join or leave (acked
// when done) — with the Redis adapter a server-side socketsJoin lands later than the emit, so
// the client's own request is what makes 'joined' certain. Pass the transaction that changed the
// membership: the notice goes out after it commits (the join check reads the committed groups).
import type { Session } from '../auth/session';
import type { Tx } from '../db';
import { afterCommit } from './afterCommit';
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

/** Tells the users' clients to join the group room (after `tx` commits, when given). */
export async function joinGroup(userIds: string[], group: string, tx?: Tx): Promise<void> {
  await announce(GROUP_ADD, userIds, group, tx);
}

/** Takes the users' sockets out of the group room and tells their clients. */
export async function leaveGroup(userIds: string[], group: string, tx?: Tx): Promise<void> {
  await announce(GROUP_REMOVE, userIds, group, tx);
}

async function announce(event: string, userIds: string[], group: string, tx?: Tx): Promise<void> {
  const hub = getHub();
  if (!hub) return;
  const send = () => {
    const live = getHub();
    if (!live || userIds.length === 0) return;
    // One emit to all the users' rooms: the same notice is encoded once (and each socket gets it
    // once), still reaching exactly these users (issue 12, fan-out).
    const rooms = userIds.map(userRoom);
    // Leaving does not wait for the client: a removed member must stop hearing the group.
    if (event === GROUP_REMOVE) live.io.in(rooms).socketsLeave(groupRoom(group));
    live.io.to(rooms).emit(event, { group });
  };
  if (tx) await afterCommit(tx, hub.db, send);
  else send();
}

/** Sends an event to everyone in a group room (a live discussion, ...). */
export function emitToGroup(group: string, event: string, payload: unknown): void {
  getHub()?.io.to(groupRoom(group)).emit(event, payload);
}
