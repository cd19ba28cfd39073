// The ticket's live discussion (TKT-13..15): comments with photos, flag/unflag, delete own
// comments within TICKET_COMMENT_DELETE_DAYS (spec §8), and the photos served to the members of
// both companies (GET /files/ serves a file to its own company only, so a ticket photo is read
// through the ticket, after the same visibility check as the ticket itself).
import {
  BizError, and, appUser, asc, client, dataObject, eq, forbidden, isUuid, notFound, sql,
  type Api, type Tx,
} from './deps';
import { COMMENT_MAX, COMMENT_PHOTOS_MAX, DEFAULT_COMMENT_DELETE_DAYS, TICKET_MENU, TICKET_STATUS } from '../meta';
import { R, S, FolderStorage, loadTransferConfig, type FileStorage } from '@seamline/server/api';
import { loadTicket, requireRight, type TicketAccess } from './access';
import { ticketNow } from './clock';
import { notifyTicket, pushTicketEvent } from './live';
import { tkTicketComment } from './schema';

const BASE = 'vfapi/ticket';
const menu = TICKET_MENU;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A stored image's key, as utilsapi/files/upload-image answers it (with or without /files/). */
const PHOTO = new RegExp(`^(?:/files/)?(${UUID}/\\d{4}/\\d{2}/${UUID}\\.(?:png|jpg|webp|gif))$`);
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** TICKET_COMMENT_DELETE_DAYS (default 3): a malformed value stops the start-up naming it. */
export function commentDeleteDays(env: Record<string, string | undefined> = process.env): number {
  const raw = env.TICKET_COMMENT_DELETE_DAYS;
  if (raw === undefined || raw === '') return DEFAULT_COMMENT_DELETE_DAYS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`TICKET_COMMENT_DELETE_DAYS must be a positive integer, got '${raw}'`);
  return n;
}

export const photoUrl = (ticketId: string, key: string) => `/api/${BASE}/photo?key=${ticketId}&file=${encodeURIComponent(key)}`;

async function listComments(tx: Tx, access: TicketAccess, userId: string, days: number) {
  const rows = await tx
    .select({
      id: tkTicketComment.id,
      author_id: tkTicketComment.authorId,
      author_name: sql<string>`coalesce(${appUser.fullName}, ${appUser.username})`,
      author_avatar: appUser.avatar,
      author_client_id: tkTicketComment.authorClientId,
      author_client_name: client.name,
      body: tkTicketComment.body,
      photos: tkTicketComment.photos,
      flagged: tkTicketComment.flagged,
      created_at: tkTicketComment.createdAt,
    })
    .from(tkTicketComment)
    .innerJoin(appUser, eq(appUser.id, tkTicketComment.authorId))
    .innerJoin(client, eq(client.id, tkTicketComment.authorClientId))
    .where(eq(tkTicketComment.ticketId, access.ticket.id))
    .orderBy(asc(tkTicketComment.createdAt), asc(tkTicketComment.id));
  const now = ticketNow().getTime();
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    photos: r.photos.map((key) => photoUrl(access.ticket.id, key)),
    // The web offers Delete only where the server would accept it.
    can_delete: r.author_id === userId && now - r.created_at.getTime() <= days * 86_400_000,
  }));
}

export function commentRoutes(api: Api, deps: { storage?: FileStorage } = {}): void {
  const days = commentDeleteDays();
  let storage = deps.storage;

  api.get(`${BASE}/comments`, { auth: true, menu, params: [['key', 'id']], schema: R.get("A ticket's comments", { query: { id: S.uuid(), key: S.string() } }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const access = await loadTicket(tx, ctx.session, ctx.query.key ?? ctx.query.id);
      return { delete_days: days, rows: await listComments(tx, access, ctx.session.userId, days) };
    }),
  );

  api.post(`${BASE}/comment`, { auth: true, menu, params: ['id'], schema: R.onDoc('Comment on a ticket', { body: S.string(), photos: S.list(S.string('An uploaded photo')) }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const doc = dataObject(ctx.body);
      const access = await loadTicket(tx, ctx.session, doc.id);
      requireRight(access, 'comment');
      if (access.ticket.status === TICKET_STATUS.CLOSED) throw new BizError('ticket.closedNoComments');
      const body = typeof doc.body === 'string' ? doc.body.trim() : '';
      const rawPhotos = Array.isArray(doc.photos) ? doc.photos : [];
      if (!body && rawPhotos.length === 0) throw new BizError('ticket.commentEmpty');
      if ([...body].length > COMMENT_MAX) throw new BizError('ticket.tooLong', { max: COMMENT_MAX });
      if (rawPhotos.length > COMMENT_PHOTOS_MAX) throw new BizError('ticket.tooManyPhotos', { max: COMMENT_PHOTOS_MAX });
      const photos = rawPhotos.map((p) => (typeof p === 'string' ? PHOTO.exec(p)?.[1] : undefined));
      // Only images the author's own company uploaded: nobody attaches another company's file.
      if (photos.some((k) => !k || !k.startsWith(`${ctx.session.clientId}/`))) throw new BizError('ticket.photoBad');
      const [saved] = await tx
        .insert(tkTicketComment)
        .values({
          clientId: access.ticket.clientId,
          ticketId: access.ticket.id,
          authorId: ctx.session.userId,
          authorClientId: ctx.session.clientId,
          body: body || null,
          photos: photos as string[],
          createdAt: ticketNow(),
        })
        .returning();
      await notifyTicket(tx, ctx.session, access.ticket, 'ticket.notify.comment');
      await pushTicketEvent(tx, ctx.db, access.ticket.id, 'comment', { comment_id: saved!.id });
      return (await listComments(tx, access, ctx.session.userId, days)).find((c) => c.id === saved!.id);
    }),
  );

  async function commentOf(tx: Tx, id: unknown) {
    if (!isUuid(id)) throw notFound();
    const [c] = await tx.select().from(tkTicketComment).where(eq(tkTicketComment.id, id)).for('update');
    if (!c) throw notFound();
    return c;
  }

  api.post(`${BASE}/comment-flag`, { auth: true, menu, params: ['id'], schema: R.onDoc('Flag or unflag a comment', { flagged: S.boolean() }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const doc = dataObject(ctx.body);
      const c = await commentOf(tx, doc.id);
      const access = await loadTicket(tx, ctx.session, c.ticketId);
      requireRight(access, 'flag');
      const flagged = doc.flagged === true || doc.flagged === 'true' || doc.flagged === 1;
      await tx
        .update(tkTicketComment)
        .set({ flagged, flaggedBy: flagged ? ctx.session.userId : null })
        .where(eq(tkTicketComment.id, c.id));
      await pushTicketEvent(tx, ctx.db, access.ticket.id, 'comment', { comment_id: c.id });
      return { id: c.id, flagged };
    }),
  );

  api.post(`${BASE}/comment-delete`, { auth: true, menu, params: ['id'], schema: R.onDoc('Delete my comment') }, (ctx) =>
    ctx.tenant(async (tx) => {
      const doc = dataObject(ctx.body);
      const c = await commentOf(tx, doc.id);
      const access = await loadTicket(tx, ctx.session, c.ticketId);
      if (c.authorId !== ctx.session.userId) throw forbidden('ticket.notYourComment');
      if (ticketNow().getTime() - c.createdAt.getTime() > days * 86_400_000) throw new BizError('biz.commentDeleteWindow', { days });
      await tx.delete(tkTicketComment).where(eq(tkTicketComment.id, c.id));
      await pushTicketEvent(tx, ctx.db, access.ticket.id, 'comment', { comment_id: c.id, deleted: true });
      return { deleted: 1 };
    }),
  );

  /** A photo of the ticket's discussion, to anyone who may see the ticket (token as ?token= for <img>). */
  api.get(`${BASE}/photo`, { auth: true, params: ['key', 'file'], schema: R.get("A photo of a ticket's comment", { query: { key: S.string('The ticket'), file: S.string('The photo path') }, produces: { type: 'image/*' } }) }, async (ctx) => {
    const key = typeof ctx.query.file === 'string' ? PHOTO.exec(ctx.query.file)?.[1] : undefined;
    if (!key) throw notFound();
    await ctx.tenant(async (tx) => {
      const access = await loadTicket(tx, ctx.session, ctx.query.key);
      const [used] = await tx
        .select({ id: tkTicketComment.id })
        .from(tkTicketComment)
        .where(and(eq(tkTicketComment.ticketId, access.ticket.id), sql`${key} = any(${tkTicketComment.photos})`))
        .limit(1);
      if (!used) throw notFound();
    });
    storage ??= new FolderStorage(loadTransferConfig(ctx.config).filesDir);
    const file = await storage.open(key);
    if (!file) throw notFound();
    // Sent by hand: the envelope is for JSON answers, this one is the image itself.
    const reply = ctx.reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)]!,
      'content-length': file.size,
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
    file.stream.pipe(reply.raw);
    return undefined;
  });
}


