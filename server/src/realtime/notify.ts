// notify(): the one way server code sends a notification (COMMON.md 'Shared contracts'). It
// stores one inbox row per recipient in the caller's transaction — across companies too, see the
// notify_msg_send policy in migration 0009 — and pushes the message to its recipients' socket.io
// rooms after that transaction commits (nothing is pushed for a rolled-back one). All rows of one
// call share a batch key, the message's msgid on the wire, so the push is one message per language
// encoded once for every recipient (issue 12, fan-out to 2,000 users); mark-read takes that key.
import { randomUUID } from 'node:crypto';
import { langOf, type Lang } from '@seamline/core';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { isUuid } from '../db';
import { appUser, client } from '../db/tables/tenancy';
import { insertRows } from '../engine/bulkInsert';
import type { AnyTable } from '../engine/entityTables';
import { deliver, publish, type BusEvent } from '../auth/sessionBus';
import { afterCommit } from './afterCommit';
import { getHub, userRoom } from './hub';
import { NOTIFY_TYPES, toMessage, type NotifyType } from './message';
import { notifyMsg } from './tables';

export interface NotificationInput {
  type: NotifyType;
  /** Recipient users (may be in another company). */
  toUserIds: string[];
  /** The recipients' company. */
  toClientId: string;
  /** 'CPM', 'SRM', 'TICKET', 'ACCESS', ... */
  module: string;
  functionSubarea?: string;
  /** e.g. the document id */
  relatedKey?: string;
  content: { en: string; zh: string };
  /** Web route opened when the message is clicked. */
  url?: string;
  /** Menu code whose unread badge counts it, e.g. 'COLLAB_TICKET'. */
  menuId?: string;
}

export interface NotificationSender {
  userId: string;
  clientId: string;
}

/** The socket.io event a stored notification is pushed as. */
export const MESSAGE_EVENT = 'message';

export async function notify(tx: Tx, from: NotificationSender, input: NotificationInput): Promise<void> {
  if (!NOTIFY_TYPES.includes(input.type)) throw new Error(`notify: unknown type '${String(input.type)}'`);
  if (!isUuid(input.toClientId) || !isUuid(from.clientId)) throw new Error('notify: company ids must be uuids');
  const recipients = [...new Set(input.toUserIds)];
  if (recipients.length === 0) return;
  if (!recipients.every(isUuid)) throw new Error('notify: recipient ids must be uuids');

  // client and app_user are readable by every tenant (migration 0001).
  const companies = await tx
    .select({ id: client.id, name: client.name })
    .from(client)
    .where(inArray(client.id, [from.clientId, input.toClientId]));
  const nameOf = (id: string) => companies.find((c) => c.id === id)?.name ?? '';
  const [sender] = isUuid(from.userId)
    ? await tx.select({ fullName: appUser.fullName, username: appUser.username, avatar: appUser.avatar }).from(appUser).where(eq(appUser.id, from.userId))
    : [];
  const langs = await tx
    .select({ id: appUser.id, language: appUser.languageCode })
    .from(appUser)
    // One array parameter, not one per recipient (thousands for a company-wide announcement).
    .where(sql`${appUser.id} = any(${`{${recipients.join(',')}}`}::uuid[])`);

  const createdAt = new Date();
  const batch = randomUUID();
  const rows = recipients.map((userId) => ({
    id: randomUUID(),
    clientId: input.toClientId,
    userId,
    type: input.type,
    fromClientId: from.clientId,
    fromUserId: sender ? from.userId : null,
    fromClientName: nameOf(from.clientId),
    // The sender's organisation is its company: users carry no organisation unit of their own.
    fromOrgName: nameOf(from.clientId),
    fromUserFullname: sender ? (sender.fullName ?? sender.username) : '',
    postUserAvatar: sender?.avatar ?? '',
    toClientName: nameOf(input.toClientId),
    module: input.module,
    functionSubarea: input.functionSubarea ?? null,
    relatedKey: input.relatedKey ?? null,
    contentEn: input.content.en,
    contentZh: input.content.zh,
    url: input.url ?? null,
    menuId: input.menuId ?? null,
    createdAt,
    readAt: null,
    batch,
  }));
  // No RETURNING: the sender may not read a row that lands in another company's inbox. One bound
  // parameter for all rows (a company-wide announcement writes thousands; engine/bulkInsert.ts).
  await insertRows(tx, notifyMsg as unknown as AnyTable, rows);
  const langOfUser = new Map(langs.map((l) => [l.id, langOf(l.language ?? null)]));
  // Recipients by language: each language is one message, the same for all of its recipients.
  const roomsByLang = new Map<Lang, string[]>();
  for (const userId of recipients) {
    const lang = langOfUser.get(userId) ?? langOf(null);
    const rooms = roomsByLang.get(lang);
    if (rooms) rooms.push(userRoom(userId));
    else roomsByLang.set(lang, [userRoom(userId)]);
  }

  // The recipients' unread counts (user-state) changed, in their company only.
  const unreadChanged: BusEvent = { kind: 'stateChanged', targets: [{ userIds: recipients, clientIds: [input.toClientId] }] };
  // Every node before the request answers (else once the transaction commits).
  await publish(unreadChanged, tx);
  const hub = getHub();
  if (!hub) return;
  await afterCommit(tx, hub.db, () => {
    // This node at once, before the push: a client refreshing its counts on it reads them afresh.
    void deliver(unreadChanged);
    const live = getHub();
    if (!live) return;
    // One emit to many rooms: socket.io encodes the packet once and writes it to every socket.
    for (const [lang, rooms] of roomsByLang) live.io.to(rooms).emit(MESSAGE_EVENT, toMessage(rows[0], lang));
  });
}
