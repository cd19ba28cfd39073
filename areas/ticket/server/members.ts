// Membership of a ticket (spec §6 'Ticket roles', TKT-08..12): join, quit (leave the group),
// invite, add admin, quit as admin, assign the discussion group. Every call checks the caller's
// role against TICKET_RIGHTS (403) and answers the refreshed ticket.
import {
  BizError, and, appUser, client, dataObject, eq, inArray, isUuid, joinGroup, leaveGroup, role, sql, strList,
  R, S, type Api, type AuthedContext, type RouteSchema, type Tx,
} from './deps';
import { TICKET_MENU } from '../meta';
import { companyPeople, loadTicket, requireRight, roleOf, rowsOf, type TicketAccess } from './access';
import { ticketNow } from './clock';
import { notifyTicket, pushTicketEvent, ticketGroup } from './live';
import { tkTicket, tkTicketMember } from './schema';
import { ticketView } from './tickets';

const BASE = 'vfapi/ticket';
const menu = TICKET_MENU;

async function adminCount(tx: Tx, ticketId: string): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tkTicketMember)
    .where(and(eq(tkTicketMember.ticketId, ticketId), eq(tkTicketMember.role, 'ADMIN')));
  return n;
}

async function touch(tx: Tx, ctx: AuthedContext, access: TicketAccess): Promise<void> {
  // Membership changes count as changes of the ticket (its version moves on).
  await tx
    .update(tkTicket)
    .set({ version: sql`${tkTicket.version} + 1`, updatedBy: ctx.session.userId, updatedAt: ticketNow() })
    .where(eq(tkTicket.id, access.ticket.id));
  await pushTicketEvent(tx, ctx.db, access.ticket.id, 'members');
}

/** The users the caller may invite: users of the two companies (the ticket's parties) who can open tickets, not yet members. */
async function invitees(tx: Tx, ticketId: string) {
  // Only those who can open tickets at all (migration 0044): an invitation nobody can follow is noise.
  const users = await rowsOf<{ user_id: string; client_id: string }>(tx, sql`select user_id, client_id from tk_ticket_invitable_users(${ticketId})`);
  const members = await tx.select({ userId: tkTicketMember.userId }).from(tkTicketMember).where(eq(tkTicketMember.ticketId, ticketId));
  const taken = new Set(members.map((m) => m.userId));
  const people = await companyPeople(tx, users.map((u) => u.user_id));
  return users.filter((u) => !taken.has(u.user_id) && people.has(u.user_id));
}

/** The people of a discussion group (a role of `clientId`) who are not members of the ticket themselves. */
async function groupPeople(tx: Tx, ticketId: string, roleId: string, clientId: string): Promise<string[]> {
  const rows = await rowsOf<{ user_id: string }>(
    tx,
    sql`select ur.user_id from user_role ur
         where ur.role_id = ${roleId} and ur.client_id = ${clientId}
           and not exists (select 1 from tk_ticket_member m where m.ticket_id = ${ticketId} and m.user_id = ur.user_id)`,
  );
  return rows.map((r) => r.user_id);
}

function membershipRoute(api: Api, path: string, schema: RouteSchema, run: (ctx: AuthedContext, tx: Tx, access: TicketAccess, doc: Record<string, unknown>) => Promise<void>) {
  api.post(`${BASE}/${path}`, { auth: true, menu, params: ['id'], schema }, (ctx) =>
    ctx.tenant(async (tx) => {
      const doc = dataObject(ctx.body);
      const access = await loadTicket(tx, ctx.session, doc.id, true);
      await run(ctx, tx, access, doc);
      await touch(tx, ctx, access);
      // A member who left a private ticket no longer sees it (TKT-11): the answer says so instead
      // of a 404 that would roll the leaving back.
      if (!(await roleOf(tx, ctx.session, access.ticket))) return { id: access.ticket.id, left: true };
      return ticketView(tx, ctx.session, await loadTicket(tx, ctx.session, access.ticket.id));
    }),
  );
}

export function memberRoutes(api: Api): void {
  /** Users who can be invited or made admin, with their company. */
  api.get(`${BASE}/invitees`, { auth: true, menu, params: [['key', 'id']], schema: R.get('People who can be invited to a ticket', { query: { id: S.uuid(), key: S.string() } }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const access = await loadTicket(tx, ctx.session, ctx.query.key ?? ctx.query.id);
      requireRight(access, 'invite');
      const users = await invitees(tx, access.ticket.id);
      if (users.length === 0) return [];
      const people = await tx
        .select({ id: appUser.id, full_name: sql<string>`coalesce(${appUser.fullName}, ${appUser.username})`, username: appUser.username })
        .from(appUser)
        .where(inArray(appUser.id, users.map((u) => u.user_id)));
      const companies = await tx.select({ id: client.id, name: client.name }).from(client).where(inArray(client.id, [...new Set(users.map((u) => u.client_id))]));
      const person = new Map(people.map((p) => [p.id, p]));
      const company = new Map(companies.map((c) => [c.id, c.name]));
      return users
        .filter((u) => person.has(u.user_id))
        .map((u) => ({ ...person.get(u.user_id)!, client_id: u.client_id, client_name: company.get(u.client_id) ?? '' }))
        .sort((a, b) => a.client_name.localeCompare(b.client_name) || a.full_name.localeCompare(b.full_name));
    }),
  );

  /** Roles of the caller's company: the discussion groups a ticket can be assigned. */
  api.get(`${BASE}/groups`, { auth: true, menu, schema: R.get('Discussion groups (roles of my company)', { response: S.list(S.object({ value: S.uuid(), label: S.string() })) }) }, (ctx) =>
    ctx.tenant((tx) =>
      tx.select({ value: role.id, label: role.name }).from(role).where(eq(role.clientId, ctx.session.clientId)).orderBy(role.name),
    ),
  );

  membershipRoute(api, 'join', R.onDoc('Join a public ticket'), async (ctx, tx, access) => {
    requireRight(access, 'join');
    await tx.insert(tkTicketMember).values({
      clientId: access.ticket.clientId,
      ticketId: access.ticket.id,
      userId: ctx.session.userId,
      memberClientId: ctx.session.clientId,
      role: 'MEMBER',
      createdBy: ctx.session.userId,
      createdAt: ticketNow(),
    });
    joinGroup([ctx.session.userId], ticketGroup(access.ticket.id));
  });

  membershipRoute(api, 'quit', R.onDoc('Leave a ticket'), async (ctx, tx, access) => {
    requireRight(access, 'quit');
    if (access.ticket.ownerId === ctx.session.userId) throw new BizError('ticket.ownerStays');
    if (access.role === 'ADMIN' && (await adminCount(tx, access.ticket.id)) <= 1) throw new BizError('ticket.lastAdmin');
    await tx.delete(tkTicketMember).where(and(eq(tkTicketMember.ticketId, access.ticket.id), eq(tkTicketMember.userId, ctx.session.userId)));
    leaveGroup([ctx.session.userId], ticketGroup(access.ticket.id));
  });

  membershipRoute(api, 'invite', R.onDoc('Invite people to a ticket', { user_ids: S.list(S.uuid()), user_id: S.uuid() }), async (ctx, tx, access, doc) => {
    requireRight(access, 'invite');
    const ids = strList(doc.user_ids ?? (doc.user_id ? [doc.user_id] : []));
    if (ids.length === 0 || !ids.every(isUuid)) throw new BizError('ticket.userUnknown');
    const members = await tx.select({ id: tkTicketMember.userId }).from(tkTicketMember).where(and(eq(tkTicketMember.ticketId, access.ticket.id), inArray(tkTicketMember.userId, ids)));
    if (members.length) throw new BizError('ticket.alreadyMember');
    const allowed = new Map((await invitees(tx, access.ticket.id)).map((u) => [u.user_id, u.client_id]));
    const unknown = ids.filter((id) => !allowed.has(id));
    if (unknown.length) throw new BizError('ticket.userUnknown');
    const now = ticketNow();
    await tx.insert(tkTicketMember).values(
      ids.map((userId) => ({ clientId: access.ticket.clientId, ticketId: access.ticket.id, userId, memberClientId: allowed.get(userId)!, role: 'MEMBER' as const, createdBy: ctx.session.userId, createdAt: now })),
    );
    await notifyTicket(tx, ctx.session, access.ticket, 'ticket.notify.invited', ids.map((userId) => ({ userId, clientId: allowed.get(userId)! })));
    joinGroup(ids, ticketGroup(access.ticket.id));
  });

  membershipRoute(api, 'add-admin', R.onDoc('Make a member an admin of a ticket', { user_id: S.uuid() }), async (ctx, tx, access, doc) => {
    requireRight(access, 'addAdmin');
    const userId = doc.user_id;
    if (!isUuid(userId)) throw new BizError('ticket.userUnknown');
    const [member] = await tx
      .select()
      .from(tkTicketMember)
      .where(and(eq(tkTicketMember.ticketId, access.ticket.id), eq(tkTicketMember.userId, userId)));
    let clientId: string;
    if (member) {
      if (member.role === 'ADMIN') throw new BizError('ticket.alreadyMember');
      await tx.update(tkTicketMember).set({ role: 'ADMIN' }).where(eq(tkTicketMember.id, member.id));
      clientId = member.memberClientId;
    } else {
      const party = (await invitees(tx, access.ticket.id)).find((u) => u.user_id === userId);
      if (!party) throw new BizError('ticket.userUnknown');
      clientId = party.client_id;
      await tx.insert(tkTicketMember).values({ clientId: access.ticket.clientId, ticketId: access.ticket.id, userId, memberClientId: clientId, role: 'ADMIN', createdBy: ctx.session.userId, createdAt: ticketNow() });
      joinGroup([userId], ticketGroup(access.ticket.id));
    }
    await notifyTicket(tx, ctx.session, access.ticket, 'ticket.notify.admin', [{ userId, clientId }]);
  });

  membershipRoute(api, 'quit-admin', R.onDoc('Give up being an admin of a ticket'), async (ctx, tx, access) => {
    requireRight(access, 'quitAdmin');
    if (access.ticket.ownerId === ctx.session.userId) throw new BizError('ticket.ownerStays');
    if ((await adminCount(tx, access.ticket.id)) <= 1) throw new BizError('ticket.lastAdmin');
    await tx
      .update(tkTicketMember)
      .set({ role: 'MEMBER' })
      .where(and(eq(tkTicketMember.ticketId, access.ticket.id), eq(tkTicketMember.userId, ctx.session.userId)));
  });

  /** Assigns (or clears, role_id empty) the discussion group: a role of the caller's company. */
  membershipRoute(api, 'assign-group', R.onDoc('Assign a discussion group (a role) to a ticket', { role_id: S.uuid() }), async (ctx, tx, access, doc) => {
    requireRight(access, 'assignGroup');
    const roleId = doc.role_id;
    const before = access.ticket.groupRoleId && access.ticket.groupClientId ? await groupPeople(tx, access.ticket.id, access.ticket.groupRoleId, access.ticket.groupClientId) : [];
    let after: string[] = [];
    if (roleId === null || roleId === undefined || roleId === '') {
      await tx.update(tkTicket).set({ groupRoleId: null, groupClientId: null }).where(eq(tkTicket.id, access.ticket.id));
    } else {
      const [found] = isUuid(roleId) ? await tx.select({ id: role.id }).from(role).where(and(eq(role.id, roleId), eq(role.clientId, ctx.session.clientId))) : [];
      if (!found) throw new BizError('ticket.groupUnknown');
      await tx.update(tkTicket).set({ groupRoleId: found.id, groupClientId: ctx.session.clientId }).where(eq(tkTicket.id, access.ticket.id));
      after = await groupPeople(tx, access.ticket.id, found.id, ctx.session.clientId);
    }
    // Live (TKT-12): the group's people enter the ticket's room now (GROUP_ADD, after commit), not
    // at their next connection; those of a group taken away leave it.
    const group = ticketGroup(access.ticket.id);
    await joinGroup(after.filter((id) => !before.includes(id)), group, tx);
    await leaveGroup(before.filter((id) => !after.includes(id)), group, tx);
  });
}
