// Announcements with read confirmation (spec §1, §4 'Announcement: read or unread'): a user who
// opens the announcements menu publishes to the whole company, every member confirms reading,
// and the publisher (or an administrator) sees who has read and who has not.
import { t } from '@seamline/core';
import {
  R, S,
  ValidationError, actingMembers, and, appUser, asc, collabAnnouncement, collabAnnouncementRead, count, dataObject, desc, eq, forbidden,
  inArray, isUuid, notFound, notify, notifyMsg, sql, userClient, type Api, type FieldErrors, type Session, type Tx,
} from '@seamline/server/api';
import { pushUnread, unreadSummary } from './inbox';
import { pageOf, paged } from './paging';

export const ANNOUNCE = 'utilsapi/notifyapi/announcement/';
export const ANNOUNCEMENT_MENU = 'COLLAB_ANNOUNCEMENT';
export const TITLE_MAX = 200;
export const CONTENT_MAX = 20000;

type Row = typeof collabAnnouncement.$inferSelect;

/** The company's readers: people who take part in it (guests read too) — no invitation placeholder, no membership awaiting assignment, not the platform's super admin (issue 23). */
async function members(tx: Tx, clientId: string) {
  return tx
    .select({ id: appUser.id, fullname: appUser.fullName, username: appUser.username })
    .from(userClient)
    .innerJoin(appUser, eq(appUser.id, userClient.userId))
    .where(and(eq(userClient.clientId, clientId), sql`${appUser.id} in (${actingMembers(clientId, { guests: true })})`))
    .orderBy(asc(appUser.username));
}

async function wire(tx: Tx, session: Session, rows: Row[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const reads = await tx
    .select({ announcementId: collabAnnouncementRead.announcementId, userId: collabAnnouncementRead.userId, readAt: collabAnnouncementRead.readAt })
    .from(collabAnnouncementRead)
    .where(and(eq(collabAnnouncementRead.clientId, session.clientId), inArray(collabAnnouncementRead.announcementId, ids)));
  const people = await members(tx, session.clientId);
  const name = (id: string | null) => {
    const p = people.find((x) => x.id === id);
    return p ? (p.fullname ?? p.username) : '';
  };
  return rows.map((r) => {
    const mine = reads.find((x) => x.announcementId === r.id && x.userId === session.userId);
    return {
      id: r.id,
      title: r.title,
      content: r.content,
      published_at: new Date(r.publishedAt).toISOString(),
      publisher_id: r.createdBy,
      publisher_name: name(r.createdBy),
      read: !!mine,
      read_at: mine ? new Date(mine.readAt).toISOString() : null,
      read_count: reads.filter((x) => x.announcementId === r.id).length,
      user_count: people.length,
      can_see_readers: canSeeReaders(session, r),
    };
  });
}

const canSeeReaders = (session: Session, row: Row) => row.createdBy === session.userId || session.userType === 'ADMIN';

async function find(tx: Tx, session: Session, id: unknown): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx
    .select()
    .from(collabAnnouncement)
    .where(and(eq(collabAnnouncement.clientId, session.clientId), eq(collabAnnouncement.id, id)));
  if (!row) throw notFound();
  return row;
}

/** Announcements the user has not confirmed yet. */
export async function unreadAnnouncements(tx: Tx, session: Session): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(collabAnnouncement)
    .where(
      and(
        eq(collabAnnouncement.clientId, session.clientId),
        sql`not exists (select 1 from ${collabAnnouncementRead} r where r.announcement_id = ${collabAnnouncement.id} and r.user_id = ${session.userId})`,
      ),
    );
  return row?.n ?? 0;
}

export function announcementRoutes(api: Api): void {
  api.get(ANNOUNCE + 'page-list', { schema: R.get('Announcements to me or my company', { query: { read: S.enum(['0', '1']), p: S.paging() } }), auth: true }, ({ session, query, tenant }) =>
    tenant(async (tx) => {
      const { page, size } = pageOf(query);
      const filters = [eq(collabAnnouncement.clientId, session.clientId)];
      const unreadOnly = sql`not exists (select 1 from ${collabAnnouncementRead} r where r.announcement_id = ${collabAnnouncement.id} and r.user_id = ${session.userId})`;
      if (query.read === '0') filters.push(unreadOnly);
      if (query.read === '1') filters.push(sql`not ${unreadOnly}`);
      const where = and(...filters);
      const [{ total }] = (await tx.select({ total: count() }).from(collabAnnouncement).where(where)) as [{ total: number }];
      const rows = await tx
        .select()
        .from(collabAnnouncement)
        .where(where)
        .orderBy(desc(collabAnnouncement.publishedAt), asc(collabAnnouncement.id))
        .limit(size)
        .offset((page - 1) * size);
      return paged(await wire(tx, session, rows), total, page, size);
    }),
  );

  api.get(ANNOUNCE + 'view', { schema: R.byId('One announcement'), auth: true, params: ['id'] }, ({ session, query, tenant }) =>
    tenant(async (tx) => (await wire(tx, session, [await find(tx, session, query.id)]))[0]),
  );

  api.post(ANNOUNCE + 'publish', { schema: R.save('Publish an announcement', S.object({ title: S.string(), content: S.string() }, ['title', 'content'])), auth: true, menu: ANNOUNCEMENT_MENU }, ({ session, body, tenant, lang }) =>
    tenant(async (tx) => {
      const doc = dataObject(body);
      const errors: FieldErrors = {};
      const title = typeof doc.title === 'string' ? doc.title.trim() : '';
      const content = typeof doc.content === 'string' ? doc.content.trim() : '';
      if (!title) errors.title = [t(lang, 'val.required')];
      else if (title.length > TITLE_MAX) errors.title = [t(lang, 'collab.tooLong', { max: TITLE_MAX })];
      if (!content) errors.content = [t(lang, 'val.required')];
      else if (content.length > CONTENT_MAX) errors.content = [t(lang, 'collab.tooLong', { max: CONTENT_MAX })];
      if (Object.keys(errors).length) throw new ValidationError(errors);
      const [row] = await tx
        .insert(collabAnnouncement)
        .values({ clientId: session.clientId, title, content, createdBy: session.userId, updatedBy: session.userId })
        .returning();
      // The publisher has read what they wrote.
      await tx.insert(collabAnnouncementRead).values({ clientId: session.clientId, announcementId: row!.id, userId: session.userId });
      const others = (await members(tx, session.clientId)).map((m) => m.id).filter((id) => id !== session.userId);
      await notify(tx, session, {
        type: 'CONFIRM',
        toUserIds: others,
        toClientId: session.clientId,
        module: 'ANNOUNCEMENT',
        relatedKey: row!.id,
        content: { en: t('en', 'collab.announcement', { title }), zh: t('zh', 'collab.announcement', { title }) },
        url: `/workspace/mailindex?tab=announcements&id=${row!.id}`,
        menuId: ANNOUNCEMENT_MENU,
      });
      return (await wire(tx, session, [row!]))[0];
    }),
  );

  // Confirms reading; the announcement's notification counts as read too.
  api.post(ANNOUNCE + 'confirm-read', { schema: R.onDoc('Confirm I read an announcement'), auth: true, guest: true, params: ['id'] }, ({ session, body, query, tenant }) =>
    tenant(async (tx) => {
      const doc = { ...query, ...body, ...dataObject(body) };
      const row = await find(tx, session, doc.id);
      await tx
        .insert(collabAnnouncementRead)
        .values({ clientId: session.clientId, announcementId: row.id, userId: session.userId })
        .onConflictDoNothing();
      await tx
        .update(notifyMsg)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifyMsg.clientId, session.clientId),
            eq(notifyMsg.userId, session.userId),
            eq(notifyMsg.module, 'ANNOUNCEMENT'),
            eq(notifyMsg.relatedKey, row.id),
            sql`${notifyMsg.readAt} is null`,
          ),
        );
      await pushUnread(tx, session.userId, await unreadSummary(tx, session));
      return (await wire(tx, session, [row]))[0];
    }),
  );

  api.get(ANNOUNCE + 'read-status', { schema: R.byId('Who has read an announcement'), auth: true, params: ['id'] }, ({ session, query, tenant }) =>
    tenant(async (tx) => {
      const row = await find(tx, session, query.id);
      if (!canSeeReaders(session, row)) throw forbidden('collab.onlyPublisher');
      const reads = await tx
        .select({ userId: collabAnnouncementRead.userId, readAt: collabAnnouncementRead.readAt })
        .from(collabAnnouncementRead)
        .where(eq(collabAnnouncementRead.announcementId, row.id));
      const people = await members(tx, session.clientId);
      const readBy = new Map(reads.map((r) => [r.userId, new Date(r.readAt).toISOString()]));
      const person = (p: (typeof people)[number]) => ({ id: p.id, fullname: p.fullname ?? p.username, username: p.username });
      return {
        read: people.filter((p) => readBy.has(p.id)).map((p) => ({ ...person(p), read_at: readBy.get(p.id)! })),
        unread: people.filter((p) => !readBy.has(p.id)).map(person),
      };
    }),
  );
}

