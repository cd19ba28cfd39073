// The exception-ticket area (spec §1 'Exception tickets', §3, §4, §6): the category through the
// engine (generic endpoints under vfapi/ticket-category/…, generic screens), the ticket itself
// through the endpoints of ./tickets, ./members and ./comments (a ticket is shared by two
// companies, which the engine's single-company endpoints do not express). docs/tickets.md.
import { HttpError, and, defineArea, eq, inArray, or, registerGroupSource, registerWorkCounter, sql, userRole } from './deps';
import { registerEntities } from '@seamline/server/api';
import { TICKET_ATTACHMENTS, TICKET_STATUS, ticketEntities, ticketMessages } from '../meta';
import { registerAttachmentOwner } from '../../collab/server';
import { loadTicket, visibleToCaller } from './access';
import { commentRoutes } from './comments';
import { ticketGroup } from './live';
import { memberRoutes } from './members';
import { tkTicket, tkTicketMember } from './schema';
import { seedTickets } from './seed';
import { ticketRoutes } from './tickets';

// For other areas: open a ticket in the caller's tenant (a failed inspection opens one; docs/quality.md).
export { openTicketFor, type TicketOpener, type TicketPreset } from './tickets';
export { ticketUrl } from './live';
export { registerTicketClosedHook, type TicketClosedHook, type TicketClosedInput } from './closeHooks';

export const ticketModule = registerEntities(ticketEntities, {
  dictionary: undefined,
  menuCode: 'COLLAB_TICKET_CATEGORY',
});

// Files and voice notes on a ticket (web: TicketView's attachments): whoever sees the ticket, in
// either of its two companies, sees them all; nobody else reads them, whatever id they guess.
registerAttachmentOwner(TICKET_ATTACHMENTS, (tx, session, id) =>
  loadTicket(tx, session, id).then(
    () => true,
    (err) => {
      if (err instanceof HttpError && err.status === 404) return false;
      throw err;
    },
  ), { shared: true });

// The live discussion's room: members and the assigned group of each open ticket join `ticket:<id>`.
registerGroupSource(async (tx, session) => {
  const rows = await tx
    .select({ id: tkTicket.id })
    .from(tkTicket)
    .where(
      and(
        inArray(tkTicket.status, [TICKET_STATUS.IN_PROGRESS, TICKET_STATUS.CLOSING]),
        or(
          sql`exists (select 1 from ${tkTicketMember} m where m.ticket_id = ${tkTicket.id} and m.user_id = ${session.userId})`,
          and(
            eq(tkTicket.groupClientId, session.clientId),
            sql`exists (select 1 from ${userRole} r where r.role_id = ${tkTicket.groupRoleId} and r.user_id = ${session.userId})`,
          ),
        ),
      ),
    );
  return rows.map((r) => ticketGroup(r.id));
});

// The control tower's 'open tickets': tickets the user takes part in that are not closed.
registerWorkCounter({
  key: 'ticket.open',
  label: { en: 'Open exception tickets', zh: '未关闭的异常工单' },
  url: '/collab/index/ticket',
  count: async (tx, session) => {
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(tkTicket)
      .where(and(inArray(tkTicket.status, [TICKET_STATUS.IN_PROGRESS, TICKET_STATUS.CLOSING]), visibleToCaller(session)));
    return n;
  },
});

export const ticketArea = defineArea({
  name: 'ticket',
  messages: ticketMessages,
  routes: (api) => {
    ticketModule.routes(api);
    ticketRoutes(api);
    memberRoutes(api);
    commentRoutes(api);
  },
  seed: seedTickets,
});
