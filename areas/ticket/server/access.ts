// Who the caller is on a ticket (spec §6 'Ticket roles'). Row-level security already limits the
// ticket to the two companies; inside them a private ticket is seen only by its members, its
// assigned group and the companies' administrators, a public one by every user of both.
import { and, eq, exists, or, sql, type Session, type Tx } from '@seamline/server/api';

/** A drizzle condition. */
export type Cond = NonNullable<ReturnType<typeof and>>;
type SQL = Cond;
import { forbidden, notFound, userRole } from '@seamline/server/api';
import { isUuid } from '@seamline/server/api';
import { ticketCan, type TicketAction, type TicketRole } from '../meta';
import { tkTicket, tkTicketMember } from './schema';

export type TicketRow = typeof tkTicket.$inferSelect;

export interface TicketAccess {
  ticket: TicketRow;
  role: TicketRole;
}

const isCompanyAdmin = (session: Session) => session.userType === 'ADMIN';

/** SQL: the caller may see this ticket row (used by the list; the same rule as roleOf). */
export function visibleToCaller(session: Session): SQL {
  const member = exists(
    sql`(select 1 from ${tkTicketMember} m where m.ticket_id = ${tkTicket.id} and m.user_id = ${session.userId})`,
  );
  const group = and(
    eq(tkTicket.groupClientId, session.clientId),
    exists(sql`(select 1 from ${userRole} r where r.role_id = ${tkTicket.groupRoleId} and r.user_id = ${session.userId} and r.client_id = ${session.clientId})`),
  )!;
  const parts: SQL[] = [member, group, eq(tkTicket.isPublic, true)];
  if (isCompanyAdmin(session)) parts.push(sql`true`);
  return or(...parts)!;
}

/** The ticket and the caller's role on it; 404 when the caller may not see it. */
export async function loadTicket(tx: Tx, session: Session, id: unknown, lock = false): Promise<TicketAccess> {
  if (!isUuid(id)) throw notFound();
  const q = tx.select().from(tkTicket).where(eq(tkTicket.id, id));
  const [ticket] = lock ? await q.for('update') : await q;
  if (!ticket) throw notFound();
  const role = await roleOf(tx, session, ticket);
  if (!role) throw notFound();
  return { ticket, role };
}

export async function roleOf(tx: Tx, session: Session, ticket: TicketRow): Promise<TicketRole | null> {
  const [member] = await tx
    .select({ role: tkTicketMember.role })
    .from(tkTicketMember)
    .where(and(eq(tkTicketMember.ticketId, ticket.id), eq(tkTicketMember.userId, session.userId)));
  if (member) return member.role;
  if (ticket.groupRoleId && ticket.groupClientId === session.clientId) {
    const [inGroup] = await tx
      .select({ one: sql<number>`1` })
      .from(userRole)
      .where(and(eq(userRole.roleId, ticket.groupRoleId), eq(userRole.userId, session.userId), eq(userRole.clientId, session.clientId)));
    if (inGroup) return 'ASSIGNED';
  }
  if (ticket.isPublic || isCompanyAdmin(session)) return 'GUEST';
  return null;
}

/** 403 unless the role may do the action (TICKET_RIGHTS). */
export function requireRight(access: TicketAccess, action: TicketAction): void {
  if (!ticketCan(access.role, action)) throw forbidden();
}

/** Rows of a raw statement (the same shape on PGlite and node-postgres). */
export async function rowsOf<T>(tx: Tx, statement: SQL): Promise<T[]> {
  const res = await tx.execute(statement);
  return (res as unknown as { rows: T[] }).rows;
}

/** Users of the ticket's two companies (tk_ticket_party_users, migration *_ticket_discovery_rls). */
export function partyUsers(tx: Tx, ticketId: string, onlyAdmins: boolean): Promise<{ user_id: string; client_id: string; user_type: string }[]> {
  return rowsOf(tx, sql`select user_id, client_id, user_type from tk_ticket_party_users(${ticketId}, ${onlyAdmins})`);
}

/**
 * `userIds` without the platform's super admins: platform staff, not people of the ticket's two
 * companies, so never made members by a ticket's opening nor offered to invite (issue 23).
 */
export async function companyPeople(tx: Tx, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const staff = await rowsOf<{ id: string }>(
    tx,
    sql`select id from app_user where is_super_admin and id = any(array[${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}]::uuid[])`,
  );
  const excluded = new Set(staff.map((s) => s.id));
  return new Set(userIds.filter((id) => !excluded.has(id)));
}
