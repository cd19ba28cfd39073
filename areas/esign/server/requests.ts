// Signature requests and signatures (utilsapi/esignapi; docs/esign.md). The desktop asks for a
// signature on a document it may read and gets a single-use token, shown as a QR code; the phone,
// signed in to the same company, reads the summary with it and signs once — if its user may read
// the document too. Every query runs in the caller's tenant transaction, so another company's
// token finds no row (404). Only the token's SHA-256 is
// stored; a token is refused once signed (409), replaced or past its expiry (410). It travels as
// `code`: a `token` parameter is the session's access token (spec §7).
import {
  R, S,
  appUser, BizError, dataObject, eq, hashToken, HttpError, inArray, isUuid, newToken, notify, sql, ValidationError, type Api,
  type AuthedContext, type Tx, pageParams, stringParam, canRead, loadActor, loadRows, readContext, readDocument, registryOf, visibleWhere,
  type Registered, type Registry,
} from '@seamline/server/api';
import {
  ESIGN_LIST_URL, ESIGN_MENU, ESIGN_MODULE, ESIGN_PATHS, ESIGN_STATUS, MAX_IMAGE_CHARS, QR_SECONDS, SIGN_PAGE, SORTABLE,
  type EsignRow, type EsignStatus, type RequestState, type SignSummary,
} from '../meta';
import { esignText } from '../meta/messages';
import { currentDocument, displayOf, documentHash, registeredEntity, summaryOf, unknownDocument } from './documents';

type Raw = Record<string, unknown>;
const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** PENDING past its expiry reads as EXPIRED everywhere (nothing needs to sweep the table). */
const EFFECTIVE = `case when status = 'PENDING' and expires_at <= now() then 'EXPIRED' else status end`;
const EFFECTIVE_STATUS = sql.raw(EFFECTIVE);
const EXPIRES_IN = sql.raw(`greatest(0, ceil(extract(epoch from expires_at - now())))::int`);

const noToken = () => new HttpError(404, 'esign.notFound');

// ---------------------------------------------------------------------------------------------
// Who may see what: a request is as visible as its document (spec §6). The engine's read
// permission and the caller's data rules on the document's menu decide, exactly as its `view`.

/** Whether the caller may read the document (read permission and data rules); a deleted one is not. */
async function mayRead(tx: Tx, ctx: AuthedContext, registry: Registry, reg: Registered, id: string): Promise<boolean> {
  const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
  return canRead(reg.def, actor) && (await loadRows(tx, reg, [id], readContext(registry, actor))).length > 0;
}

/**
 * The caller's requests as an SQL condition on esign_request: per entity with requests in the
 * company, none when the caller may not read it, every one without data rules (a deleted
 * document's signature stays listed, reading 'no longer matches'), else those whose document the
 * rules let through.
 */
async function readableRequests(tx: Tx, ctx: AuthedContext, registry: Registry) {
  const { clientId } = ctx.session;
  const entities = await rowsOf<{ entity: string }>(tx, sql`select distinct entity from esign_request where client_id = ${clientId}`);
  const parts = [];
  for (const { entity } of entities) {
    const reg = registry.get(entity);
    if (!reg) continue;
    const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
    if (!canRead(reg.def, actor)) continue;
    const t = reg.tables.main;
    parts.push(
      actor.rules.length === 0
        ? sql`entity = ${entity}`
        : sql`(entity = ${entity} and record_id in (select ${t.id} from ${t} where ${visibleWhere(reg, clientId, actor.rules)}))`,
    );
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

// ---------------------------------------------------------------------------------------------
// The desktop's request

/** The running approval's node to bind: the one named, else the current one; none without a flow. */
async function approvalNode(tx: Tx, clientId: string, entity: string, recordId: string, seq: unknown) {
  const [inst] = await rowsOf<{ id: string; status: string; current_seq: number | null; nodes: { node_seq: unknown; text?: string; status_code?: string }[] }>(
    tx,
    sql`select id, status, current_seq, nodes from cpm_instance where client_id = ${clientId} and entity = ${entity} and record_id = ${recordId}::uuid`,
  );
  const wanted = seq === undefined || seq === null || seq === '' ? null : Number(seq);
  if (wanted !== null && !Number.isInteger(wanted)) throw new BizError('esign.noNode', { seq: String(seq) });
  if (!inst) {
    if (wanted !== null) throw new BizError('esign.noNode', { seq: String(wanted) });
    return null;
  }
  const at = wanted ?? (inst.status === 'PENDING_ARRPOVE' ? inst.current_seq : null);
  if (at === null) return null;
  const node = (Array.isArray(inst.nodes) ? inst.nodes : []).find((n) => Number(n.node_seq) === at);
  if (!node) throw new BizError('esign.noNode', { seq: String(at) });
  return { instanceId: inst.id, seq: at, name: String(node.text || node.status_code || at) };
}

async function requestSignature(tx: Tx, ctx: AuthedContext, registry: Registry): Promise<RequestState> {
  const body = dataObject(ctx.body);
  const reg = registeredEntity(registry, body.entity);
  if (!isUuid(body.id)) throw unknownDocument();
  const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
  const doc = canRead(reg.def, actor) ? await readDocument(tx, reg, body.id, readContext(registry, actor)) : null;
  if (!doc) throw unknownDocument();
  const { clientId, userId } = ctx.session;
  const node = await approvalNode(tx, clientId, reg.def.name, body.id, body.node_seq);
  // A new code replaces the requester's earlier ones for this document (regenerate): one valid QR.
  await tx.execute(sql`update esign_request set status = ${ESIGN_STATUS.EXPIRED}, version = version + 1, updated_at = now(), updated_by = ${userId}
                        where client_id = ${clientId} and entity = ${reg.def.name} and record_id = ${body.id}::uuid
                          and requested_by = ${userId} and status = ${ESIGN_STATUS.PENDING}`);
  const token = newToken();
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into esign_request (client_id, entity, record_id, title, token_hash, expires_at, requested_by, created_by, updated_by, flow_instance_id, node_seq, node_name)
        values (${clientId}, ${reg.def.name}, ${body.id}::uuid, ${displayOf(reg, doc)}, ${hashToken(token)}, now() + make_interval(secs => ${QR_SECONDS}),
                ${userId}, ${userId}, ${userId}, ${node?.instanceId ?? null}, ${node?.seq ?? null}, ${node?.name ?? null})
        returning id`,
  );
  return { ...(await stateOf(tx, clientId, row!.id)), url: `${SIGN_PAGE}?code=${token}` };
}

async function stateOf(tx: Tx, clientId: string, id: unknown, readable?: ReturnType<typeof sql>): Promise<RequestState> {
  if (!isUuid(id)) throw unknownDocument();
  const [r] = await rowsOf<RequestState>(
    tx,
    sql`select id, ${EFFECTIVE_STATUS} as status, ${EXPIRES_IN} as expires_in, signer_name, signed_at, node_name
          from esign_request where client_id = ${clientId} and id = ${id}::uuid ${readable ? sql`and ${readable}` : sql``}`,
  );
  if (!r) throw unknownDocument();
  return { ...r, signed_at: r.signed_at ? new Date(r.signed_at).toISOString() : null };
}

// ---------------------------------------------------------------------------------------------
// The phone

interface TokenRow {
  id: string;
  entity: string;
  record_id: string;
  title: string;
  status: EsignStatus;
  expires_in: number;
  requested_by: string;
  node_name: string | null;
}

/** The request a token names in the caller's company, if it may still be signed (else 404/409/410). */
async function openRequest(tx: Tx, clientId: string, token: unknown, lock: boolean): Promise<TokenRow> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw noToken();
  const [r] = await rowsOf<TokenRow>(
    tx,
    sql`select id, entity, record_id, title, ${EFFECTIVE_STATUS} as status, ${EXPIRES_IN} as expires_in, requested_by, node_name
          from esign_request where client_id = ${clientId} and token_hash = ${hashToken(token)} ${lock ? sql`for update` : sql``}`,
  );
  if (!r) throw noToken();
  if (r.status === ESIGN_STATUS.SIGNED) throw new HttpError(409, 'esign.used');
  if (r.status !== ESIGN_STATUS.PENDING) throw new HttpError(410, 'esign.expired');
  return r;
}

async function userNames(tx: Tx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((i): i is string => !!i))];
  if (!wanted.length) return new Map();
  const users = await tx.select({ id: appUser.id, fullName: appUser.fullName, username: appUser.username }).from(appUser).where(inArray(appUser.id, wanted));
  return new Map(users.map((u) => [u.id, u.fullName || u.username]));
}

/** The request a code names, if the caller may also read its document (else 404, as for a foreign code). */
async function openReadable(tx: Tx, ctx: AuthedContext, registry: Registry, code: unknown, lock: boolean): Promise<{ r: TokenRow; reg: Registered }> {
  const r = await openRequest(tx, ctx.session.clientId, code, lock);
  const reg = registeredEntity(registry, r.entity);
  if (!(await mayRead(tx, ctx, registry, reg, r.record_id))) throw noToken();
  return { r, reg };
}

async function summary(tx: Tx, ctx: AuthedContext, registry: Registry): Promise<SignSummary> {
  const { r, reg } = await openReadable(tx, ctx, registry, ctx.query.code, false);
  // Read without the rules once admitted: the summary and the hash are the same whoever reads.
  const doc = await currentDocument(tx, registry, ctx.session.clientId, r.entity, r.record_id);
  if (!doc) throw noToken();
  const names = await userNames(tx, [r.requested_by]);
  return { ...(await summaryOf(tx, registry, ctx.session.clientId, reg, doc, ctx.lang)), requested_by_name: names.get(r.requested_by) ?? '', node_name: r.node_name, expires_in: r.expires_in };
}

/** A PNG data URL within the size limit (a drawn signature): exported for areas that keep one on their own rows. */
export function isSignaturePng(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(value);
  const png = m && value.length <= MAX_IMAGE_CHARS ? Buffer.from(m[1]!, 'base64') : null;
  return !!png && png.subarray(0, 8).toString('hex') === '89504e470d0a1a0a';
}

function signatureImage(value: unknown, lang: unknown): string {
  if (typeof value !== 'string' || value === '') throw new ValidationError({ image: [esignText(lang, 'esign.noImage')] });
  if (!isSignaturePng(value)) throw new ValidationError({ image: [esignText(lang, 'esign.badImage')] });
  return value;
}

async function sign(tx: Tx, ctx: AuthedContext, registry: Registry): Promise<RequestState> {
  const body = dataObject(ctx.body);
  const { clientId, userId } = ctx.session;
  const { r } = await openReadable(tx, ctx, registry, body.code, true);
  const image = signatureImage(body.image, ctx.lang);
  const doc = await currentDocument(tx, registry, clientId, r.entity, r.record_id);
  if (!doc) throw noToken();
  const names = await userNames(tx, [userId]);
  const signer = names.get(userId) ?? ctx.session.username;
  await tx.execute(sql`update esign_request
                          set status = ${ESIGN_STATUS.SIGNED}, signer_id = ${userId}, signer_name = ${signer}, signed_at = now(), signer_ip = ${ctx.ip},
                              doc_hash = ${documentHash(doc)}, image = ${image}, version = version + 1, updated_at = now(), updated_by = ${userId}
                        where id = ${r.id}::uuid`);
  // The requester's inbox row, pushed live: the desktop's QR dialog knows its request by related_key.
  await notify(tx, { userId, clientId }, {
    type: 'MSG',
    toUserIds: [r.requested_by],
    toClientId: clientId,
    module: ESIGN_MODULE,
    relatedKey: r.id,
    content: { en: esignText('en', 'esign.signedNote', { signer, title: r.title }), zh: esignText('zh', 'esign.signedNote', { signer, title: r.title }) },
    url: ESIGN_LIST_URL,
    menuId: ESIGN_MENU,
  });
  return stateOf(tx, clientId, r.id);
}

// ---------------------------------------------------------------------------------------------
// Lists

const LIST_COLUMNS = sql.raw(`id, entity, record_id, title, ${EFFECTIVE} as status,
  created_at, expires_at, requested_by, node_seq, node_name, signer_name, signed_at, signer_ip, doc_hash`);

/** List rows with the entity's label and, for signatures, whether the document still matches. */
async function listRows(tx: Tx, ctx: AuthedContext, registry: Registry, raw: Raw[]): Promise<EsignRow[]> {
  const names = await userNames(tx, raw.map((r) => r.requested_by as string));
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return Promise.all(
    raw.map(async (r) => {
      const reg = registry.get(r.entity as string);
      let matches: boolean | null = null;
      if (r.status === ESIGN_STATUS.SIGNED) {
        const doc = await currentDocument(tx, registry, ctx.session.clientId, r.entity as string, r.record_id as string);
        matches = !!doc && documentHash(doc) === r.doc_hash;
      }
      return {
        id: r.id as string,
        entity: r.entity as string,
        entity_label: reg ? reg.def.label[ctx.lang] : (r.entity as string),
        record_id: r.record_id as string,
        title: r.title as string,
        status: r.status as EsignStatus,
        created_at: iso(r.created_at)!,
        expires_at: iso(r.expires_at)!,
        requested_by_name: names.get(r.requested_by as string) ?? '',
        node_seq: (r.node_seq as number | null) ?? null,
        node_name: (r.node_name as string | null) ?? null,
        signer_name: (r.signer_name as string | null) ?? null,
        signed_at: iso(r.signed_at),
        signer_ip: (r.signer_ip as string | null) ?? null,
        doc_hash: (r.doc_hash as string | null) ?? null,
        matches,
      };
    }),
  );
}

const STATUSES: readonly string[] = Object.values(ESIGN_STATUS);

async function pageList(tx: Tx, ctx: AuthedContext, registry: Registry) {
  const q = ctx.query;
  const { page, size } = pageParams(q, { maxSize: 100 });
  const status = stringParam(q, 'status');
  const search = stringParam(q, 'title');
  const sortField = stringParam(q, 'sort') ?? 'created_at';
  const order = stringParam(q, 'order') === 'asc' ? 'asc' : 'desc';
  if ((status && !STATUSES.includes(status)) || !(SORTABLE as readonly string[]).includes(sortField)) throw new HttpError(400, 'http.badRequest');
  const where = sql`client_id = ${ctx.session.clientId} and ${await readableRequests(tx, ctx, registry)}
    ${status ? sql`and ${EFFECTIVE_STATUS} = ${status}` : sql``}
    ${search ? sql`and title ilike ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}`;
  const [{ total }] = await rowsOf<{ total: number }>(tx, sql`select count(*)::int as total from esign_request where ${where}`);
  const raw = await rowsOf<Raw>(
    tx,
    sql`select ${LIST_COLUMNS} from esign_request where ${where}
         order by ${sql.raw(sortField === 'status' ? 'status' : sortField)} ${sql.raw(order)} nulls last, id ${sql.raw(order)}
         limit ${size} offset ${(page - 1) * size}`,
  );
  return { rows: await listRows(tx, ctx, registry, raw), total, page, size };
}

/** The signatures (and open requests) of one document its reader may see. */
async function documentRequests(tx: Tx, ctx: AuthedContext, registry: Registry): Promise<EsignRow[]> {
  const reg = registeredEntity(registry, ctx.query.entity);
  const id = ctx.query.id;
  if (!isUuid(id)) throw unknownDocument();
  if (!(await mayRead(tx, ctx, registry, reg, id))) throw unknownDocument();
  const raw = await rowsOf<Raw>(
    tx,
    sql`select ${LIST_COLUMNS} from esign_request
         where client_id = ${ctx.session.clientId} and entity = ${reg.def.name} and record_id = ${id}::uuid and status = ${ESIGN_STATUS.SIGNED}
         order by signed_at desc limit 50`,
  );
  return listRows(tx, ctx, registry, raw);
}

/** One request with its drawn signature (the list's detail). */
async function view(tx: Tx, ctx: AuthedContext, registry: Registry) {
  const id = ctx.query.id;
  if (!isUuid(id)) throw unknownDocument();
  const raw = await rowsOf<Raw>(
    tx,
    sql`select ${LIST_COLUMNS}, image from esign_request where client_id = ${ctx.session.clientId} and id = ${id}::uuid and ${await readableRequests(tx, ctx, registry)}`,
  );
  if (!raw.length) throw unknownDocument();
  const [row] = await listRows(tx, ctx, registry, raw);
  return { ...row, image: (raw[0]!.image as string | null) ?? null };
}

export function esignRoutes(api: Api): void {
  const registry = registryOf(api);
  const signedIn = { auth: true } as const;
  const inMenu = { auth: true, menu: ESIGN_MENU } as const;
  api.post(ESIGN_PATHS.request, { ...signedIn, params: ['entity', 'id'], schema: R.save('Ask for a signature on a document: a QR code for the signer', S.object({ entity: S.string(), id: S.uuid(), node_seq: S.integer('The approval node, if any') }, ['entity', 'id'])) }, (ctx) => ctx.tenant((tx) => requestSignature(tx, ctx, registry)));
  api.get(ESIGN_PATHS.state, { ...signedIn, params: ['id'], schema: R.byId('The state of a signature request') }, (ctx) => ctx.tenant(async (tx) => stateOf(tx, ctx.session.clientId, ctx.query.id, await readableRequests(tx, ctx, registry))));
  api.get(ESIGN_PATHS.summary, { ...signedIn, params: ['code'], schema: R.get('What the signer is asked to sign', { query: { code: S.string('From the QR code') } }) }, (ctx) => ctx.tenant((tx) => summary(tx, ctx, registry)));
  api.post(ESIGN_PATHS.sign, { ...signedIn, params: ['code'], schema: R.save('Sign (the signer, from the QR code)', S.object({ code: S.string(), image: S.string('The signature, a PNG data URL') }, ['code', 'image'])) }, (ctx) => ctx.tenant((tx) => sign(tx, ctx, registry)));
  api.get(ESIGN_PATHS.document, { ...signedIn, params: ['entity', 'id'], schema: R.get("A document's signature requests", { query: { entity: S.string(), id: S.uuid() } }) }, (ctx) => ctx.tenant((tx) => documentRequests(tx, ctx, registry)));
  api.get(ESIGN_PATHS.list, { ...inMenu, schema: R.list('Signatures of my company') }, (ctx) => ctx.tenant((tx) => pageList(tx, ctx, registry)));
  api.get(ESIGN_PATHS.view, { ...inMenu, params: ['id'], schema: R.byId('One signature with its evidence') }, (ctx) => ctx.tenant((tx) => view(tx, ctx, registry)));
}
