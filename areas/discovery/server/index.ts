// Friends discovery (spec §1, §2; DSC-01..04). Public: the directory of company cards — a
// company's md_company card that is PUBLIC and active, of a company that is active on the
// platform; private and frozen cards never leave the server. Signed in: connection requests that
// the other company accepts ('friends'), each side notified. docs/tickets.md 'Discovery'.
import {
  R, S,
  BizError, and, appUser, client, dataObject, defineArea, eq, isUuid, notify, or, sql, userClient,
  type Api, type AuthedContext, type Db, type Session, type Tx, pageParams,
} from '@seamline/server/api';
import { DISCOVERY_PAGE_MAX, discoveryMessage, discoveryMessages, type CompanyCard, type ConnectionState } from '../meta';
import { dscConnection } from './schema';

const BASE = 'utilsapi/discovery';
const MENU = 'COLLAB_DISCOVERY';
type Cond = NonNullable<ReturnType<typeof and>>;

async function rowsOf<T>(tx: Tx, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const list = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string' && x !== '');
  if (typeof v === 'string' && v !== '') return v.split(',').map((x) => x.trim()).filter(Boolean);
  return [];
};

/** The cards anyone may see: public, active, of an active company. */
const LISTED = sql`c.card_visibility = 'PUBLIC' and c.card_status = 'active' and cl.status = 'ACTIVE'`;

async function searchCards(tx: Tx, q: Record<string, unknown>) {
  const { page, size } = pageParams(q, { defaultSize: 12, maxSize: DISCOVERY_PAGE_MAX });
  const parts = [LISTED];
  const keyword = str(q.keyword);
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(c.name ilike ${like} or c.code ilike ${like} or c.city ilike ${like})`);
  }
  const types = list(q.type);
  if (types.length) parts.push(sql`c.type = any(${`{${types.map((t) => `"${t.replace(/["\\]/g, '')}"`).join(',')}}`}::text[])`);
  const region = str(q.region);
  if (region) parts.push(sql`(c.state = ${region} or c.city = ${region} or c.country = ${region})`);
  const caps = list(q.capabilities);
  if (caps.length) parts.push(sql`c.capabilities @> ${`{${caps.map((t) => `"${t.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`);
  const where = sql.join(parts, sql` and `);
  const [{ total }] = await rowsOf<{ total: number }>(tx, sql`select count(*)::int as total from md_company c join client cl on cl.id = c.client_id where ${where}`);
  const rows = await rowsOf<CompanyCard>(
    tx,
    sql`select c.id, c.client_id, c.code, c.name, c.type, c.industry, c.scale, c.logo, c.country, c.state, c.city,
               c.capabilities, c.card_version, c.contact_person
          from md_company c join client cl on cl.id = c.client_id
         where ${where}
         order by c.name, c.id
         limit ${size} offset ${(page - 1) * size}`,
  );
  return { rows, total, page, size };
}

/** How the caller's company stands with each company (by client id). */
async function statesFor(tx: Tx, me: string): Promise<Map<string, { state: ConnectionState; id: string }>> {
  const rows = await tx
    .select({ id: dscConnection.id, from: dscConnection.clientId, to: dscConnection.toClientId, status: dscConnection.status })
    .from(dscConnection)
    .where(or(eq(dscConnection.clientId, me), eq(dscConnection.toClientId, me)));
  const out = new Map<string, { state: ConnectionState; id: string }>();
  for (const r of rows) {
    const other = r.from === me ? r.to : r.from;
    if (r.status === 'ACCEPTED') out.set(other, { state: 'FRIENDS', id: r.id });
    else if (r.status === 'PENDING' && out.get(other)?.state !== 'FRIENDS') out.set(other, { state: r.from === me ? 'PENDING_OUT' : 'PENDING_IN', id: r.id });
  }
  return out;
}

/** Company administrators: who answers a connection request. Read as the platform (another company's users). */
async function adminsOf(db: Db, clientId: string): Promise<string[]> {
  return db.asSystem(async (tx) =>
    (await tx.select({ id: userClient.userId }).from(userClient).where(and(eq(userClient.clientId, clientId), eq(userClient.userType, 'ADMIN')))).map((r) => r.id),
  );
}

async function names(tx: Tx, session: Session) {
  const [me] = await tx.select({ name: sql<string>`coalesce(${appUser.fullName}, ${appUser.username})` }).from(appUser).where(eq(appUser.id, session.userId));
  const [company] = await tx.select({ name: client.name }).from(client).where(eq(client.id, session.clientId));
  return { who: me?.name ?? '', company: company?.name ?? '' };
}

async function send(tx: Tx, session: Session, toClientId: string, toUserIds: string[], key: string, params: Record<string, string>) {
  await notify(tx, { userId: session.userId, clientId: session.clientId }, {
    type: 'LINK',
    toUserIds,
    toClientId,
    module: 'DISCOVERY',
    functionSubarea: 'connection',
    content: { en: discoveryMessage('en', key, params), zh: discoveryMessage('zh', key, params) },
    url: '/discovery/index?tab=requests',
    menuId: MENU,
  });
}

async function connectionList(tx: Tx, session: Session, where: Cond) {
  const rows = await tx.select().from(dscConnection).where(where).orderBy(sql`${dscConnection.updatedAt} desc`);
  const ids = [...new Set(rows.flatMap((r) => [r.clientId, r.toClientId]))];
  const companies = ids.length ? await rowsOf<{ id: string; name: string; type: string }>(tx, sql`select id, name, type from client where id = any(${`{${ids.join(',')}}`}::uuid[])`) : [];
  const byId = new Map(companies.map((c) => [c.id, c]));
  return rows.map((r) => {
    const other = r.clientId === session.clientId ? r.toClientId : r.clientId;
    return {
      id: r.id,
      direction: r.clientId === session.clientId ? 'OUT' : 'IN',
      status: r.status,
      message: r.message,
      client_id: other,
      client_name: byId.get(other)?.name ?? '',
      client_type: byId.get(other)?.type ?? '',
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}

function routes(api: Api): void {
  // Public: no token needed, and a stale token is ignored rather than refused (never a 401).
  api.get(`${BASE}/companies`, { schema: R.get('Companies listed in discovery', { query: { keyword: S.string(), type: S.string(), region: S.string(), capabilities: S.string(), p: S.paging() } }), auth: false }, async (ctx) => {
    const session = ctx.session;
    const result = await ctx.db.asSystem((tx) => searchCards(tx, ctx.query));
    // signed_in tells the page whether the stored token is live: a stale one must not make it
    // ask for the signed-in parts (requests, friends), which would then send the visitor to /login.
    if (!session) return { ...result, signed_in: false, rows: result.rows.map((r) => ({ ...r, connection: null })) };
    const states = await ctx.db.withTenant(session.clientId, (tx) => statesFor(tx, session.clientId));
    return {
      ...result,
      signed_in: true,
      rows: result.rows.map((r) => ({
        ...r,
        connection: r.client_id === session.clientId ? 'SELF' : (states.get(r.client_id)?.state ?? 'NONE'),
        connection_id: states.get(r.client_id)?.id ?? null,
      })),
    };
  });

  /** Public: the regions that listed cards have (for the filter). */
  api.get(`${BASE}/regions`, { schema: R.get('Regions of listed companies'), auth: false }, (ctx) =>
    ctx.db.asSystem(async (tx) =>
      (await rowsOf<{ state: string }>(tx, sql`select distinct c.state from md_company c join client cl on cl.id = c.client_id where ${LISTED} and c.state is not null order by c.state`)).map((r) => r.state),
    ),
  );

  api.post(`${BASE}/connect`, { schema: R.save('Ask a listed company to connect', S.object({ client_id: S.uuid(), message: S.string(undefined, { maxLength: 500 }) }, ['client_id']), { response: S.object({ id: S.uuid(), status: S.string() }) }), auth: true }, async (ctx: AuthedContext) => {
    const doc = dataObject(ctx.body);
    const to = doc.client_id;
    const message = str(doc.message);
    if (message && [...message].length > 500) throw new BizError('discovery.messageTooLong');
    if (to === ctx.session.clientId) throw new BizError('discovery.self');
    // Only companies listed in discovery can be asked (a private or frozen card is not).
    const listed = isUuid(to)
      ? await ctx.db.asSystem(async (tx) => (await rowsOf(tx, sql`select 1 from md_company c join client cl on cl.id = c.client_id where c.client_id = ${to} and ${LISTED} limit 1`)).length > 0)
      : false;
    if (!listed) throw new BizError('discovery.unknownCompany');
    const admins = await adminsOf(ctx.db, to as string);
    return ctx.tenant(async (tx) => {
      const state = (await statesFor(tx, ctx.session.clientId)).get(to as string)?.state;
      if (state === 'FRIENDS') throw new BizError('discovery.alreadyFriends');
      if (state === 'PENDING_OUT') throw new BizError('discovery.alreadyAsked');
      if (state === 'PENDING_IN') throw new BizError('discovery.theyAsked');
      const now = new Date();
      const [existing] = await tx.select().from(dscConnection).where(and(eq(dscConnection.clientId, ctx.session.clientId), eq(dscConnection.toClientId, to as string)));
      const [row] = existing
        ? await tx
            .update(dscConnection)
            .set({ status: 'PENDING', message, respondedBy: null, respondedAt: null, version: existing.version + 1, updatedBy: ctx.session.userId, updatedAt: now })
            .where(eq(dscConnection.id, existing.id))
            .returning()
        : await tx
            .insert(dscConnection)
            .values({ clientId: ctx.session.clientId, toClientId: to as string, message, createdBy: ctx.session.userId, updatedBy: ctx.session.userId })
            .returning();
      await send(tx, ctx.session, to as string, admins, 'discovery.notify.request', await names(tx, ctx.session));
      return { id: row!.id, status: row!.status };
    });
  });

  api.get(`${BASE}/requests`, { schema: R.get('Connection requests to or from my company'), auth: true }, (ctx) =>
    ctx.tenant((tx) =>
      connectionList(tx, ctx.session, and(eq(dscConnection.status, 'PENDING'), or(eq(dscConnection.clientId, ctx.session.clientId), eq(dscConnection.toClientId, ctx.session.clientId)))!),
    ),
  );

  api.get(`${BASE}/friends`, { schema: R.get('Companies connected to mine'), auth: true }, (ctx) =>
    ctx.tenant((tx) =>
      connectionList(tx, ctx.session, and(eq(dscConnection.status, 'ACCEPTED'), or(eq(dscConnection.clientId, ctx.session.clientId), eq(dscConnection.toClientId, ctx.session.clientId)))!),
    ),
  );

  for (const [path, status] of [['accept', 'ACCEPTED'], ['reject', 'REJECTED']] as const) {
    api.post(`${BASE}/${path}`, { auth: true, schema: R.onDoc(`${path === 'accept' ? 'Accept' : 'Reject'} a request to connect with my company`) }, (ctx) =>
      ctx.tenant(async (tx) => {
        const doc = dataObject(ctx.body);
        // Only the receiving company answers: its own requests are not found here.
        const [row] = isUuid(doc.id)
          ? await tx.select().from(dscConnection).where(and(eq(dscConnection.id, doc.id), eq(dscConnection.toClientId, ctx.session.clientId))).for('update')
          : [];
        if (!row) {
          // The asking company reads its own request: tell it who answers, not 'no longer pending'.
          const [own] = isUuid(doc.id) ? await tx.select({ id: dscConnection.id }).from(dscConnection).where(and(eq(dscConnection.id, doc.id), eq(dscConnection.clientId, ctx.session.clientId))) : [];
          throw new BizError(own ? `discovery.onlyReceiver.${path}` : 'discovery.notPending');
        }
        if (row.status !== 'PENDING') throw new BizError('discovery.notPending');
        const now = new Date();
        const [saved] = await tx
          .update(dscConnection)
          .set({ status, respondedBy: ctx.session.userId, respondedAt: now, version: row.version + 1, updatedBy: ctx.session.userId, updatedAt: now })
          .where(eq(dscConnection.id, row.id))
          .returning();
        if (status === 'ACCEPTED' && row.createdBy) await send(tx, ctx.session, row.clientId, [row.createdBy], 'discovery.notify.accepted', await names(tx, ctx.session));
        return { id: saved!.id, status: saved!.status };
      }),
    );
  }
}

/** Demo: the factory and the mill list what they can do on their cards. */
async function seed(tx: Tx): Promise<void> {
  const caps: Record<string, string[]> = {
    DEMO_GARMENT: ['CUT_SEW', 'KNITTING', 'EMBROIDERY', 'SAMPLING'],
    DEMO_FABRIC: ['WEAVING', 'DYEING', 'PRINTING'],
    DEMO_BRAND: ['DESIGN'],
  };
  for (const [code, values] of Object.entries(caps)) {
    await tx.execute(sql`update md_company set capabilities = ${`{${values.join(',')}}`}::text[]
                          where capabilities is null and client_id = (select id from client where code = ${code}) and code = ${code}`);
  }
}

export const discoveryArea = defineArea({ name: 'discovery', messages: discoveryMessages, routes, seed });
