// The ticket document: list (both sides), view, create/edit, and the status path
// 0 in progress → 50 closing (records summary, penalty, reasons, deductions) → 100 closed (needs
// an explicit confirmation); 50 → 0 reopens. Spec §3, §4, §9; TKT-01..07, TKT-16/17.
import { langOf } from '@seamline/core';
import {
  R, S,
  BizError, ValidationError, and, appUser, client, conflict, dataObject, desc, eq, inArray, isUuid, joinGroup, ne, or, role, sql, userClient,
  type Api, type AuthedContext, type RouteSchema, type Session, type Tx, pagingOf,
} from '@seamline/server/api';
import { checkClosing, checkPenalty, checkTicket, remainingHours, statusLabel, ticketMessage, TICKET_MENU, TICKET_STATUS, type TicketStatus } from '../meta';
import { companyPeople, loadTicket, partyUsers, rowsOf, type Cond, requireRight, visibleToCaller, type TicketAccess, type TicketRow } from './access';
import { ticketNow } from './clock';
import { runTicketClosedHooks } from './closeHooks';
import { notifyTicket, pushTicketEvent, ticketGroup } from './live';
import { tkTicket, tkTicketComment, tkTicketMember } from './schema';

const BASE = 'vfapi/ticket';
const menu = TICKET_MENU;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const strList = (v: unknown): string[] => (Array.isArray(v) ? [...new Set(v.filter((x): x is string => typeof x === 'string').map((x) => x.trim()).filter(Boolean))] : []);
const dec = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v).trim());

/** The wire form of a ticket (snake_case, spec §3 names). */
export function ticketWire(t: TicketRow, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: t.id,
    version: t.version,
    code: t.code,
    client_id: t.clientId,
    counterpart_client_id: t.counterpartClientId,
    title: t.title,
    design_no: t.designNo,
    tags: t.tags,
    description: t.description,
    category_id: t.categoryId,
    owner_id: t.ownerId,
    group_role_id: t.groupRoleId,
    group_client_id: t.groupClientId,
    status: t.status,
    is_public: t.isPublic,
    duration_hours: t.durationHours,
    due_at: t.dueAt?.toISOString() ?? null,
    remaining_hours: remainingHours(t.dueAt?.toISOString() ?? null, ticketNow()),
    closing_summary: t.closingSummary,
    penalty_result: t.penaltyResult,
    reasons: t.reasons,
    deduction_amount: t.deductionAmount,
    deduction_ratio: t.deductionRatio,
    deduction_type: t.deductionType,
    deduction_voucher: t.deductionVoucher,
    closed_by: t.closedBy,
    closed_at: t.closedAt?.toISOString() ?? null,
    created_by: t.createdBy,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    ...extra,
  };
}

async function companyNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const rows = ids.length ? await tx.select({ id: client.id, name: client.name }).from(client).where(inArray(client.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, r.name]));
}

function parseJson(v: unknown): Record<string, unknown> {
  if (v === undefined || v === null || v === '') return {};
  if (typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  try {
    const parsed = JSON.parse(String(v));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch {
    /* fall through */
  }
  throw new BizError('http.badRequest');
}

/** q: {status: [0,50] | 0, keyword, side: 'mine'|'theirs'}; p: {page, size}. */
async function pageList(tx: Tx, session: Session, q: Record<string, unknown>, p: Record<string, unknown>) {
  const { page, size } = pagingOf(p, { maxSize: 100 });
  const where: Cond[] = [visibleToCaller(session)];
  const statuses = (Array.isArray(q.status) ? q.status : q.status === undefined || q.status === '' || q.status === null ? [] : [q.status])
    .map(Number)
    .filter((s) => Object.values(TICKET_STATUS).includes(s as TicketStatus));
  if (statuses.length) where.push(inArray(tkTicket.status, statuses));
  const keyword = str(q.keyword);
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(sql`${tkTicket.title} ilike ${like}`, sql`${tkTicket.designNo} ilike ${like}`, sql`${tkTicket.code} ilike ${like}`)!);
  }
  if (q.side === 'mine') where.push(eq(tkTicket.clientId, session.clientId));
  if (q.side === 'theirs') where.push(eq(tkTicket.counterpartClientId, session.clientId));
  const cond = and(...where)!;
  const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(tkTicket).where(cond);
  const rows = await tx
    .select()
    .from(tkTicket)
    .where(cond)
    .orderBy(desc(tkTicket.createdAt), desc(tkTicket.id))
    .limit(size)
    .offset((page - 1) * size);
  const names = await companyNames(tx, [...new Set(rows.flatMap((r) => [r.clientId, r.counterpartClientId]))]);
  const owners = rows.length ? await tx.select({ id: appUser.id, name: sql<string>`coalesce(${appUser.fullName}, ${appUser.username})` }).from(appUser).where(inArray(appUser.id, [...new Set(rows.map((r) => r.ownerId))])) : [];
  const ownerName = new Map(owners.map((o) => [o.id, o.name]));
  return {
    rows: rows.map((r) =>
      ticketWire(r, { client_name: names.get(r.clientId) ?? '', counterpart_name: names.get(r.counterpartClientId) ?? '', owner_name: ownerName.get(r.ownerId) ?? '' }),
    ),
    total,
    page,
    size,
  };
}

/**
 * The next code of a ticket the company opens: `<company code>-TK<yyyymmdd><nnn>`. Both companies
 * of a relation open tickets and see them in one list, so the opener's (platform-unique) company
 * code keeps every code unique in any list; the number counts per company and day, drawn under a
 * per-company lock so simultaneous openings never take the same one.
 */
async function nextCode(tx: Tx, clientId: string): Promise<string> {
  const now = ticketNow();
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tk_code:${clientId}`}, 0))`);
  const [company] = await tx.select({ code: client.code }).from(client).where(eq(client.id, clientId));
  const prefix = `${company!.code}-TK${day}`;
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tkTicket)
    .where(and(eq(tkTicket.clientId, clientId), sql`${tkTicket.code} like ${prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`));
  return `${prefix}${String(n + 1).padStart(3, '0')}`;
}

interface CategoryRow {
  id: string;
  name: string;
  level: string | null;
  owner_id: string | null;
  duration_hours: number | null;
}

/** The company's category (the engine's table is untyped for drizzle: read it by name). */
function categoryOf(tx: Tx, clientId: string, id: string): Promise<CategoryRow | undefined> {
  return rowsOf<CategoryRow>(
    tx,
    sql`select id, name, level, owner_id, duration_hours from tk_ticket_category where id = ${id} and client_id = ${clientId}`,
  ).then((r) => r[0]);
}

/** Who opens a ticket: a user of the company whose row it becomes. */
export interface TicketOpener {
  clientId: string;
  userId: string;
}

/**
 * What another area presets on the ticket it opens (a failed inspection: docs/quality.md): the
 * penalty and deduction the brand set (checked as closing checks them) and a first comment with
 * photos already shared by both companies (storage keys, served by vfapi/ticket/photo).
 */
export interface TicketPreset {
  penalty_result?: string | null;
  deduction_amount?: string | null;
  deduction_ratio?: string | null;
  deduction_type?: string | null;
  comment?: string | null;
  photos?: string[];
}

async function create(session: TicketOpener, lang: unknown, tx: Tx, doc: Record<string, unknown>, preset: TicketPreset = {}) {
  const errors = { ...checkTicket(doc, lang, true), ...checkPenalty(preset, lang) };
  const counterpart = str(doc.counterpart_client_id);
  if (!errors.counterpart_client_id && counterpart) {
    if (counterpart === session.clientId) errors.counterpart_client_id = [ticketMessage(lang, 'ticket.counterpartSelf')];
    else if (!isUuid(counterpart) || !(await tx.select({ id: client.id }).from(client).where(and(eq(client.id, counterpart), eq(client.status, 'ACTIVE')))).length)
      errors.counterpart_client_id = [ticketMessage(lang, 'ticket.counterpartUnknown')];
  }
  let category: CategoryRow | undefined;
  const categoryId = str(doc.category_id);
  if (categoryId) {
    category = isUuid(categoryId) ? await categoryOf(tx, session.clientId, categoryId) : undefined;
    if (!category) errors.category_id = [ticketMessage(lang, 'ticket.categoryUnknown')];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const now = ticketNow();
  const duration = category?.duration_hours ?? null;
  // The category's owner becomes the ticket's owner (TKT-17), if they still belong to the company.
  const ownerOk = category?.owner_id
    ? (await tx.select({ id: userClient.userId }).from(userClient).where(and(eq(userClient.clientId, session.clientId), eq(userClient.userId, category.owner_id)))).length > 0
    : false;
  const ownerId = ownerOk ? category!.owner_id! : session.userId;
  const [ticket] = await tx
    .insert(tkTicket)
    .values({
      clientId: session.clientId,
      code: await nextCode(tx, session.clientId),
      title: str(doc.title)!,
      designNo: str(doc.design_no),
      tags: strList(doc.tags),
      description: str(doc.description),
      categoryId: category?.id ?? null,
      counterpartClientId: counterpart!,
      ownerId,
      isPublic: doc.is_public === true || doc.is_public === 'true' || doc.is_public === 1 || doc.is_public === '1',
      durationHours: duration,
      dueAt: duration ? new Date(now.getTime() + duration * 3_600_000) : null,
      penaltyResult: preset.penalty_result || null,
      deductionAmount: preset.deduction_amount || null,
      deductionRatio: preset.deduction_ratio || null,
      deductionType: preset.deduction_type || null,
      createdBy: session.userId,
      createdAt: now,
      updatedBy: session.userId,
      updatedAt: now,
    })
    .returning();
  if (preset.comment || preset.photos?.length) {
    await tx.insert(tkTicketComment).values({
      clientId: session.clientId,
      ticketId: ticket!.id,
      authorId: session.userId,
      authorClientId: session.clientId,
      body: preset.comment || null,
      photos: preset.photos ?? [],
      createdAt: now,
    });
  }
  // Admins: the creator, the owner, and the counterpart company's administrators (both sides can
  // act) — its people, not the platform's super admin, who is an administrator everywhere.
  const counterpartParty = (await partyUsers(tx, ticket!.id, true)).filter((u) => u.client_id === counterpart);
  const people = await companyPeople(tx, counterpartParty.map((u) => u.user_id));
  const counterpartAdmins = counterpartParty.filter((u) => people.has(u.user_id));
  const admins = new Map<string, string>([[session.userId, session.clientId], [ownerId, session.clientId]]);
  for (const a of counterpartAdmins) admins.set(a.user_id, a.client_id);
  await tx.insert(tkTicketMember).values(
    [...admins].map(([userId, memberClientId]) => ({ clientId: session.clientId, ticketId: ticket!.id, userId, memberClientId, role: 'ADMIN' as const, createdBy: session.userId, createdAt: now })),
  );
  await notifyTicket(tx, session, ticket!, 'ticket.notify.opened', [...admins].map(([userId, clientId]) => ({ userId, clientId })));
  joinGroup([...admins.keys()], ticketGroup(ticket!.id));
  return ticket!;
}

/**
 * Opens a ticket for another area, in the opener's tenant transaction: the same checks, code,
 * members and notices as a user's opening (a bad field throws the same 400 with field errors).
 */
export function openTicketFor(tx: Tx, opener: TicketOpener, lang: unknown, doc: Record<string, unknown>, preset: TicketPreset = {}) {
  return create(opener, lang, tx, doc, preset);
}


function checkVersion(ticket: TicketRow, doc: Record<string, unknown>): void {
  if (Number(doc.version) !== ticket.version) throw conflict();
}

function requireStatus(access: TicketAccess, from: number[], lang: unknown): void {
  if (!from.includes(access.ticket.status)) throw new BizError('ticket.badState', { status: statusLabel(access.ticket.status)[langOf(lang)] });
}

async function update(ctx: AuthedContext, tx: Tx, doc: Record<string, unknown>) {
  const access = await loadTicket(tx, ctx.session, doc.id, true);
  requireRight(access, 'edit');
  checkVersion(access.ticket, doc);
  requireStatus(access, [TICKET_STATUS.IN_PROGRESS, TICKET_STATUS.CLOSING], ctx.lang);
  const merged = {
    title: 'title' in doc ? doc.title : access.ticket.title,
    design_no: 'design_no' in doc ? doc.design_no : access.ticket.designNo,
    tags: 'tags' in doc ? doc.tags : access.ticket.tags,
    description: 'description' in doc ? doc.description : access.ticket.description,
  };
  const errors = checkTicket(merged, ctx.lang, false);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const [saved] = await tx
    .update(tkTicket)
    .set({
      title: str(merged.title)!,
      designNo: str(merged.design_no),
      tags: strList(merged.tags),
      description: str(merged.description),
      isPublic: 'is_public' in doc ? doc.is_public === true || doc.is_public === 'true' : access.ticket.isPublic,
      version: access.ticket.version + 1,
      updatedBy: ctx.session.userId,
      updatedAt: ticketNow(),
    })
    .where(eq(tkTicket.id, access.ticket.id))
    .returning();
  await pushTicketEvent(tx, ctx.db, saved!.id, 'ticket');
  return saved!;
}

/** The ticket as the detail page needs it: the document, the caller's role, names, members. */
export async function ticketView(tx: Tx, session: Session, access: TicketAccess) {
  const t = access.ticket;
  const names = await companyNames(tx, [t.clientId, t.counterpartClientId]);
  const members = await tx
    .select({
      user_id: tkTicketMember.userId,
      role: tkTicketMember.role,
      client_id: tkTicketMember.memberClientId,
      full_name: sql<string>`coalesce(${appUser.fullName}, ${appUser.username})`,
      username: appUser.username,
    })
    .from(tkTicketMember)
    .innerJoin(appUser, eq(appUser.id, tkTicketMember.userId))
    .where(eq(tkTicketMember.ticketId, t.id))
    .orderBy(tkTicketMember.createdAt, tkTicketMember.id);
  // A category is the opening company's; the counterpart reads its name through the ticket
  // (tk_ticket_category_name, migration 0050 — not '—', issue 23), never the category itself.
  const [category] = t.categoryId ? await rowsOf<{ name: string | null }>(tx, sql`select tk_ticket_category_name(${t.id}) as name`) : [];
  const [owner] = await tx.select({ name: sql<string>`coalesce(${appUser.fullName}, ${appUser.username})` }).from(appUser).where(eq(appUser.id, t.ownerId));
  const [group] = t.groupRoleId && t.groupClientId === session.clientId
    ? await tx.select({ name: role.name }).from(role).where(and(eq(role.id, t.groupRoleId), eq(role.clientId, session.clientId)))
    : [];
  return ticketWire(t, {
    my_role: access.role,
    client_name: names.get(t.clientId) ?? '',
    counterpart_name: names.get(t.counterpartClientId) ?? '',
    owner_name: owner?.name ?? '',
    category_name: category?.name ?? null,
    group_name: group?.name ?? null,
    members: members.map((m) => ({ ...m, client_name: names.get(m.client_id) ?? '' })),
  });
}

export function ticketRoutes(api: Api): void {
  api.get(`${BASE}/page-list`, { auth: true, menu, schema: R.list('Tickets I may read') }, (ctx) =>
    ctx.tenant((tx) => pageList(tx, ctx.session, parseJson(ctx.query.q), parseJson(ctx.query.p))),
  );

  api.get(`${BASE}/view`, { auth: true, menu, params: [['key', 'id']], schema: R.get('One ticket with its members and my rights', { query: { id: S.uuid(), key: S.string('The ticket\'s id or code') } }) }, (ctx) =>
    ctx.tenant(async (tx) => ticketView(tx, ctx.session, await loadTicket(tx, ctx.session, ctx.query.key ?? ctx.query.id))),
  );

  /** Companies a ticket can be opened against: every other active company on the platform. */
  api.get(`${BASE}/counterparts`, { auth: true, menu, schema: R.get('Companies a ticket can be opened against', { response: S.list(S.object({ value: S.uuid(), label: S.string(), type: S.string() })) }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const rows = await tx
        .select({ value: client.id, label: client.name, type: client.type })
        .from(client)
        .where(and(ne(client.id, ctx.session.clientId), eq(client.status, 'ACTIVE')))
        .orderBy(client.name);
      return rows;
    }),
  );

  api.post(`${BASE}/save`, { auth: true, menu, schema: R.save('Open or edit a ticket', S.object({ id: S.uuid('Absent on create'), version: S.integer(), title: S.string(), counterpart_client_id: S.uuid(), category_id: S.uuid(), design_no: S.string(), tags: S.list(S.string()), description: S.string(), is_public: S.boolean() })) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const doc = dataObject(ctx.body);
      const saved = doc.id ? await update(ctx, tx, doc) : await create(ctx.session, ctx.lang, tx, doc);
      return ticketView(tx, ctx.session, await loadTicket(tx, ctx.session, saved.id));
    }),
  );

  /**
   * One step of the closing (TKT-02, TKT-04..06): the closer's right, the caller's version and the
   * status the step starts from are checked alike; the step gives the change and the notice, if any.
   */
  const closingStep = (
    path: string,
    schema: RouteSchema,
    from: number,
    step: (doc: Record<string, unknown>, ctx: AuthedContext) => { set: Partial<typeof tkTicket.$inferInsert>; notice?: string },
  ) =>
    api.post(`${BASE}/${path}`, { auth: true, menu, params: ['id'], schema }, (ctx) =>
      ctx.tenant(async (tx) => {
        const doc = dataObject(ctx.body);
        const access = await loadTicket(tx, ctx.session, doc.id, true);
        requireRight(access, 'close');
        checkVersion(access.ticket, doc);
        requireStatus(access, [from], ctx.lang);
        const { set, notice } = step(doc, ctx);
        const [saved] = await tx
          .update(tkTicket)
          .set({ updatedAt: ticketNow(), ...set, version: access.ticket.version + 1, updatedBy: ctx.session.userId })
          .where(eq(tkTicket.id, access.ticket.id))
          .returning();
        if (saved!.status === TICKET_STATUS.CLOSED) await runTicketClosedHooks({ tx, ticket: saved!, session: ctx.session, lang: ctx.lang });
        if (notice) await notifyTicket(tx, ctx.session, saved!, notice);
        await pushTicketEvent(tx, ctx.db, saved!.id, 'status');
        return ticketView(tx, ctx.session, { ...access, ticket: saved! });
      }),
    );

  // 0 → 50: the closing record (TKT-04..06).
  closingStep('closing', R.onDoc('Propose closing a ticket, with the outcome', { closing_summary: S.string(), penalty_result: S.string(), reasons: S.list(S.string()), deduction_amount: S.decimal(), deduction_ratio: S.decimal(), deduction_type: S.string(), deduction_voucher: S.string() }), TICKET_STATUS.IN_PROGRESS, (doc, ctx) => {
    const errors = checkClosing(doc, ctx.lang);
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return {
      set: {
        status: TICKET_STATUS.CLOSING,
        closingSummary: str(doc.closing_summary),
        penaltyResult: str(doc.penalty_result),
        reasons: strList(doc.reasons),
        deductionAmount: dec(doc.deduction_amount),
        deductionRatio: dec(doc.deduction_ratio),
        deductionType: str(doc.deduction_type),
        deductionVoucher: str(doc.deduction_voucher),
      },
      notice: 'ticket.notify.closing',
    };
  });

  // 50 → 100, only with the confirmation the web asks for (TKT-02).
  closingStep('close', R.onDoc('Close a ticket being closed', { confirmed: S.boolean() }), TICKET_STATUS.CLOSING, (doc, ctx) => {
    if (doc.confirmed !== true && doc.confirmed !== 'true' && doc.confirmed !== 1) throw new BizError('ticket.confirmClose');
    const now = ticketNow();
    return { set: { status: TICKET_STATUS.CLOSED, closedBy: ctx.session.userId, closedAt: now, updatedAt: now }, notice: 'ticket.notify.closed' };
  });

  // 50 → 0: back to work; the closing record stays as a draft for the next attempt.
  closingStep('reopen', R.onDoc('Reopen a ticket being closed'), TICKET_STATUS.CLOSING, () => ({ set: { status: TICKET_STATUS.IN_PROGRESS } }));
}
