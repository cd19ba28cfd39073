// What the ticket area tells people: inbox notifications (notify(), with the COLLAB_TICKET unread
// badge) to the ticket's members, and the live discussion feed to the ticket's socket.io group
// room `ticket:<id>` (members and the assigned group join it; see registerGroupSource in ./index).
import { and, eq, inArray, notify, appUser, emitToGroup, type Db, type Session, type Tx, afterCommit } from '@seamline/server/api';
import { TICKET_MENU, TICKET_MODULE, ticketMessage } from '../meta';
import { tkTicketMember } from './schema';
import type { TicketRow } from './access';

export const ticketGroup = (ticketId: string) => `ticket:${ticketId}`;
export const ticketUrl = (ticketId: string) => `/page/ticket/view?key=${ticketId}`;
/** The socket.io event of the live discussion. */
export const TICKET_EVENT = 'TICKET_EVENT';

export async function displayName(tx: Tx, userId: string): Promise<string> {
  const [u] = await tx.select({ fullName: appUser.fullName, username: appUser.username }).from(appUser).where(eq(appUser.id, userId));
  return u ? (u.fullName ?? u.username) : '';
}

/**
 * Notifies users about a ticket, one notify() per recipient company. `to` = explicit users with
 * their company; without it, every member of the ticket except the sender.
 */
export async function notifyTicket(
  tx: Tx,
  session: Pick<Session, 'userId' | 'clientId'>,
  ticket: TicketRow,
  messageKey: string,
  to?: { userId: string; clientId: string }[],
): Promise<void> {
  const recipients =
    to ??
    (await tx
      .select({ userId: tkTicketMember.userId, clientId: tkTicketMember.memberClientId })
      .from(tkTicketMember)
      .where(eq(tkTicketMember.ticketId, ticket.id)));
  const who = await displayName(tx, session.userId);
  const byCompany = new Map<string, string[]>();
  for (const r of recipients) {
    if (r.userId === session.userId) continue;
    byCompany.set(r.clientId, [...(byCompany.get(r.clientId) ?? []), r.userId]);
  }
  const params = { who, title: ticket.title };
  for (const [clientId, userIds] of byCompany) {
    await notify(tx, { userId: session.userId, clientId: session.clientId }, {
      type: 'MSG',
      toUserIds: userIds,
      toClientId: clientId,
      module: TICKET_MODULE,
      functionSubarea: 'ticket',
      relatedKey: ticket.id,
      content: { en: ticketMessage('en', messageKey, params), zh: ticketMessage('zh', messageKey, params) },
      url: ticketUrl(ticket.id),
      menuId: TICKET_MENU,
    });
  }
}

/** After the transaction commits: tell the ticket's room that something changed (comments, status, members). */
export async function pushTicketEvent(tx: Tx, db: Db, ticketId: string, kind: string, extra: Record<string, unknown> = {}): Promise<void> {
  await afterCommit(tx, db, () => emitToGroup(ticketGroup(ticketId), TICKET_EVENT, { ticket_id: ticketId, kind, ...extra }));
}

/** Members' user ids (for joining or leaving the group room). */
export async function memberIds(tx: Tx, ticketId: string, userIds?: string[]): Promise<string[]> {
  const rows = await tx
    .select({ userId: tkTicketMember.userId })
    .from(tkTicketMember)
    .where(userIds ? and(eq(tkTicketMember.ticketId, ticketId), inArray(tkTicketMember.userId, userIds)) : eq(tkTicketMember.ticketId, ticketId));
  return rows.map((r) => r.userId);
}
