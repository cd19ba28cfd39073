// The inbox (notifyapi/notify-msg/index, read-msg) and the unread counts the session and the
// menus show (menu-unread-sum): spec §3 'Notification message', §7 'Notifications'.
import {
  R, S,
  and, asc, count, desc, eq, inArray, isNull, menu, MissingParam, notifyMsg, notFound, or, sql, type Api, type Session, type Tx, afterCommit,
  getHub, toMessage, userRoom, workCounters,
} from '@seamline/server/api';
import { pageOf, paged } from './paging';

export const NOTIFY = 'utilsapi/notifyapi/notify-msg/';
/** Pushed to a user's sockets whenever their unread total changes without a new message. */
export const UNREAD_EVENT = 'UNREAD';

export interface UnreadSummary {
  total: number;
  /** Menu code → unread messages counted on that menu. */
  byMenuCode: Record<string, number>;
}

export async function unreadSummary(tx: Tx, session: Pick<Session, 'userId' | 'clientId'>): Promise<UnreadSummary> {
  const rows = await tx
    .select({ menuId: notifyMsg.menuId, n: count() })
    .from(notifyMsg)
    .where(and(eq(notifyMsg.clientId, session.clientId), eq(notifyMsg.userId, session.userId), isNull(notifyMsg.readAt)))
    .groupBy(notifyMsg.menuId);
  const byMenuCode: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    total += r.n;
    if (r.menuId) byMenuCode[r.menuId] = r.n;
  }
  return { total, byMenuCode };
}

/** Unread per menu, keyed by menu ID (as the session's menus carry it) with UNREAD_CT. */
export async function menuUnread(tx: Tx, session: Session): Promise<Record<string, { UNREAD_CT: number; CODE: string }>> {
  const { byMenuCode } = await unreadSummary(tx, session);
  // A menu with a work counter (e.g. My approvals: pending to-dos) shows that count instead.
  for (const c of workCounters().filter((w) => w.menu)) byMenuCode[c.menu!] = await c.count(tx, session);
  const codes = Object.keys(byMenuCode).filter((code) => byMenuCode[code] > 0);
  if (codes.length === 0) return {};
  const menus = await tx.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, codes));
  return Object.fromEntries(menus.map((m) => [m.id, { UNREAD_CT: byMenuCode[m.code] ?? 0, CODE: m.code }]));
}

export function inboxRoutes(api: Api): void {
  api.get(NOTIFY + 'index', { schema: R.get('My notifications, newest first', { query: { read: S.enum(['0', '1']), type: S.string(), p: S.paging() } }), auth: true }, ({ session, query, tenant, lang }) =>
    tenant(async (tx) => {
      const { page, size } = pageOf(query);
      const mine = and(eq(notifyMsg.clientId, session.clientId), eq(notifyMsg.userId, session.userId));
      const filters = [mine];
      if (query.read === '0') filters.push(isNull(notifyMsg.readAt));
      if (query.read === '1') filters.push(sql`${notifyMsg.readAt} is not null`);
      if (typeof query.type === 'string' && query.type) filters.push(eq(notifyMsg.type, query.type));
      const where = and(...filters);
      const [{ total }] = (await tx.select({ total: count() }).from(notifyMsg).where(where)) as [{ total: number }];
      const rows = await tx
        .select()
        .from(notifyMsg)
        .where(where)
        .orderBy(desc(notifyMsg.createdAt), asc(notifyMsg.id))
        .limit(size)
        .offset((page - 1) * size);
      const { total: unread } = await unreadSummary(tx, session);
      return { ...paged(rows.map((r) => toMessage(r, lang)), total, page, size), unread_total: unread };
    }),
  );

  api.get(NOTIFY + 'menu-unread-sum', { schema: R.get('My unread notifications per menu'), auth: true }, ({ session, tenant }) => tenant((tx) => menuUnread(tx, session)));

  // Marks messages read: `msgid` (one id, or a DATA list) or `all=1`. Answers the new unread total.
  api.post(NOTIFY + 'read-msg', { schema: R.post('Mark notifications read', { msgid: S.string('Ids, comma-separated or a JSON list'), all: S.flag('All of mine'), DATA: S.list(S.uuid()) }), auth: true, guest: true }, ({ session, body, query, tenant }) =>
    tenant(async (tx) => {
      const all = body.all === '1' || body.all === 1 || body.all === true || query.all === '1';
      const ids = all ? [] : msgIds(body.msgid ?? query.msgid ?? body.DATA);
      const mine = and(eq(notifyMsg.clientId, session.clientId), eq(notifyMsg.userId, session.userId));
      let rowIds: string[] = [];
      if (!all) {
        // A msgid is a row's batch (what notify() pushes and the inbox lists) or, for rows stored
        // before batches, the row id. Either way only the signed-in user's own row matches.
        const found = await tx
          .select({ id: notifyMsg.id, batch: notifyMsg.batch })
          .from(notifyMsg)
          .where(and(mine, or(inArray(notifyMsg.id, ids), inArray(notifyMsg.batch, ids))));
        const known = new Set(found.flatMap((r) => [r.id, r.batch]));
        if (!ids.every((id) => known.has(id))) throw notFound();
        rowIds = found.map((r) => r.id);
      }
      await tx
        .update(notifyMsg)
        .set({ readAt: new Date() })
        .where(and(mine, isNull(notifyMsg.readAt), ...(all ? [] : [inArray(notifyMsg.id, rowIds)])));
      const summary = await unreadSummary(tx, session);
      await pushUnread(tx, session.userId, summary);
      return { unread_total: summary.total, read: ids };
    }),
  );
}

/** Tells the user's open tabs the new counts (after commit). */
export async function pushUnread(tx: Tx, userId: string, summary: UnreadSummary): Promise<void> {
  const hub = getHub();
  if (!hub) return;
  await afterCommit(tx, hub.db, () => getHub()?.io.to(userRoom(userId)).emit(UNREAD_EVENT, summary));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function msgIds(raw: unknown): string[] {
  // Neither msgid nor all=1: a missing field (400 / 11000), not a message that does not exist.
  if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) throw new MissingParam('msgid');
  let list: unknown = raw;
  if (typeof raw === 'string' && raw.startsWith('[')) {
    try {
      list = JSON.parse(raw);
    } catch {
      throw notFound();
    }
  }
  const ids = (Array.isArray(list) ? list : [list]).map(String);
  if (ids.length === 0 || !ids.every((id) => UUID.test(id))) throw notFound();
  return [...new Set(ids)];
}
