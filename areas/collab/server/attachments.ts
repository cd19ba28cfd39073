// Attachments and notes on any document (spec §1, §3; DOC-07, NTF-17): an engine entity's record
// (the caller must be able to view it — the entity's read permission and the user's data rules,
// exactly as its `view` call), a task, or whatever another area registers. Files go through the
// FileStorage interface (server/src/storage: a folder, or S3 with S3_BUCKET) with a size limit
// (ATTACHMENT_MAX_BYTES) and a list of accepted types. A .wav is a voice note: PCM audio only, at
// most what the recorder makes (./voiceNote). An upload declaring more than its limit is refused
// before its body is read, and the connection closes rather than draining it.
import { pipeline } from 'node:stream/promises';
import { t, VOICE_NOTE_MAX_BYTES, VOICE_NOTE_MAX_SECONDS, type Lang } from '@seamline/core';
import {
  R, S,
  BizError, ValidationError, and, appUser, asc, collabAttachment, dataObject, eq, forbidden, isUuid, notFound, type Api, type AuthedContext,
  type Session, type Tx, canRead, loadActor, loadRows, readContext, registryOf, loadTransferConfig, attachment as contentDisposition,
  attachmentKey, attachmentStorage, type FileStorage,
} from '@seamline/server/api';
import { TASK_ENTITY, canSeeTask } from './tasks';
import { parsePcmWave } from './voiceNote';

export const ATTACH = 'utilsapi/collabapi/attachment/';
export const NOTE_MAX = 4000;
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
/** Room for the form fields and part headers around the file in an upload's declared length. */
const MULTIPART_SLACK = 64 * 1024;

/** Accepted extensions and the content type each is served with. */
export const ATTACHMENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  wav: 'audio/wav', // voice notes (web/src/collab/voice): 16 kHz 16-bit PCM
};

/** Whether the user may see a record of a non-engine document type (tickets, tasks, ...). */
export type RecordAccess = (tx: Tx, session: Session, recordId: string) => Promise<boolean>;
interface Owner {
  access: RecordAccess;
  /** A document of two companies (a ticket): everyone its access admits sees both companies' attachments. */
  shared: boolean;
}
const owners = new Map<string, Owner>([[TASK_ENTITY, { access: canSeeTask, shared: false }]]);

/** Lets attachments hang on a document type the engine does not serve. */
export function registerAttachmentOwner(entity: string, access: RecordAccess, options: { shared?: boolean } = {}): void {
  owners.set(entity, { access, shared: options.shared === true });
}

interface RecordRef {
  entity: string;
  recordId: string;
  shared: boolean;
}

export function maxAttachmentBytes(env: Record<string, string | undefined> = process.env): number {
  const raw = env.ATTACHMENT_MAX_BYTES;
  if (raw === undefined || raw === '') return DEFAULT_MAX_BYTES;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error('ATTACHMENT_MAX_BYTES must be a positive whole number of bytes');
  return n;
}

/** Throws 400/403/404 unless the user can view that record. */
async function checkRecord(api: Api, tx: Tx, session: Session, lang: Lang, entity: unknown, recordId: unknown): Promise<RecordRef> {
  if (typeof entity !== 'string' || !entity) throw new BizError('collab.unknownDocument');
  if (!isUuid(recordId)) throw notFound();
  const custom = owners.get(entity);
  if (custom) {
    if (!(await custom.access(tx, session, recordId))) throw notFound();
    return { entity, recordId, shared: custom.shared };
  }
  const registry = registryOf(api);
  const reg = registry.get(entity);
  if (!reg) throw new BizError('collab.unknownDocument');
  const actor = await loadActor(tx, session, lang, reg);
  if (!canRead(reg.def, actor)) throw forbidden();
  const rows = await loadRows(tx, reg, [recordId], readContext(registry, actor));
  if (rows.length === 0) throw notFound();
  return { entity, recordId, shared: false };
}

const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

export function attachmentRoutes(api: Api): void {
  // Built at the first call: the data directory comes with the request's configuration.
  let built: FileStorage | null = null;
  const storageOf = (config: { dataDir: string }) => (built ??= attachmentStorage(loadTransferConfig(config).filesDir));
  const maxBytes = maxAttachmentBytes();

  const list = async (tx: Tx, session: Session, { entity, recordId, shared }: RecordRef) => {
    const rows = await tx
      .select({ a: collabAttachment, fullname: appUser.fullName, username: appUser.username })
      .from(collabAttachment)
      .leftJoin(appUser, eq(appUser.id, collabAttachment.createdBy))
      .where(and(shared ? undefined : eq(collabAttachment.clientId, session.clientId), eq(collabAttachment.entity, entity), eq(collabAttachment.recordId, recordId)))
      .orderBy(asc(collabAttachment.createdAt), asc(collabAttachment.id));
    return rows.map(({ a, fullname, username }) => ({
      id: a.id,
      kind: a.kind,
      file_name: a.fileName ?? '',
      size: a.size ?? 0,
      mime: a.mime ?? '',
      note: a.note ?? '',
      created_by: a.createdBy,
      created_by_name: fullname ?? username ?? '',
      created_at: new Date(a.createdAt).toISOString(),
      mine: a.createdBy === session.userId,
      // What remove accepts: the author, or an administrator of the author's company.
      removable: a.createdBy === session.userId || (session.userType === 'ADMIN' && a.clientId === session.clientId),
    }));
  };

  // A shared record's rows of both companies are read past the tenant's row security, after its
  // owner's access check has admitted the caller (in the caller's own tenant).
  const listOf = (ctx: AuthedContext, rec: RecordRef) => (rec.shared ? ctx.db.asSystem((tx) => list(tx, ctx.session, rec)) : ctx.tenant((tx) => list(tx, ctx.session, rec)));

  api.get(ATTACH + 'list', { schema: R.get("A record's attachments and notes", { query: { entity: S.string(), id: S.uuid() } }), auth: true, params: ['entity', 'id'] }, async (ctx) =>
    listOf(ctx, await ctx.tenant((tx) => checkRecord(api, tx, ctx.session, ctx.lang, ctx.query.entity, ctx.query.id))),
  );

  api.get(ATTACH + 'rules', { schema: R.get('What an upload may be', { response: S.object({ max_bytes: S.integer(), extensions: S.list(S.string()) }) }), auth: true }, () => ({ max_bytes: maxBytes, extensions: Object.keys(ATTACHMENT_TYPES).map((e) => `.${e}`) }));

  api.post(ATTACH + 'note', { schema: R.post('Add a note to a record', { entity: S.string(), id: S.uuid(), note: S.string() }, { required: ['entity', 'id', 'note'] }), auth: true }, async (ctx) => {
    const { session, body, lang } = ctx;
    const rec = await ctx.tenant(async (tx) => {
      const doc = { ...body, ...dataObject(body) };
      const note = typeof doc.note === 'string' ? doc.note.trim() : '';
      if (!note) throw new ValidationError({ note: [t(lang, 'val.required')] });
      if (note.length > NOTE_MAX) throw new ValidationError({ note: [t(lang, 'collab.tooLong', { max: NOTE_MAX })] });
      const checked = await checkRecord(api, tx, session, lang, doc.entity, doc.id);
      await tx.insert(collabAttachment).values({ clientId: session.clientId, entity: checked.entity, recordId: checked.recordId, kind: 'NOTE', note, createdBy: session.userId });
      return checked;
    });
    return listOf(ctx, rec);
  });

  // multipart/form-data: fields `entity` and `id` (or the query) before one `file`.
  api.post(ATTACH + 'upload', { schema: R.post('Attach a file to a record', { entity: S.string(), id: S.uuid(), file: S.string('The file', { contentMediaType: 'application/octet-stream' }) }, { multipart: true, required: ['entity', 'id', 'file'] }), auth: true }, async (ctx: AuthedContext) => {
    const { session, lang } = ctx;
    const fields: Record<string, unknown> = { ...ctx.query };
    let file: { name: string; ext: string; bytes: Buffer } | null = null;
    const req = ctx.reply.request;
    if (!req.isMultipart()) throw new BizError('collab.noFile');
    const limitOf = (ext: string) => (ext === 'wav' ? Math.min(maxBytes, VOICE_NOTE_MAX_BYTES) : maxBytes);
    // A refusal before the body is read closes the connection: Node would otherwise read (and drop) the rest.
    const refuse = (err: BizError) => {
      ctx.reply.header('connection', 'close');
      return err;
    };
    const tooLarge = (ext: string) =>
      refuse(
        ext === 'wav'
          ? new BizError('collab.voiceTooLarge', { max: formatSize(limitOf(ext)), minutes: VOICE_NOTE_MAX_SECONDS / 60 })
          : new BizError('collab.fileTooLarge', { max: formatSize(maxBytes) }),
      );
    const declared = Number(req.headers['content-length']);
    if (declared > maxBytes + MULTIPART_SLACK) throw tooLarge('');
    for await (const part of req.parts({ limits: { fileSize: maxBytes + 1, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      const name = (part.filename || 'file').slice(0, 255);
      const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
      if (!ATTACHMENT_TYPES[ext]) throw refuse(new BizError('collab.fileType'));
      const limit = limitOf(ext);
      if (declared > limit + MULTIPART_SLACK) throw tooLarge(ext);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit) throw tooLarge(ext);
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge(ext);
      const bytes = Buffer.concat(chunks);
      if (ext === 'wav' && bytes.length > 0 && !parsePcmWave(bytes)) throw new BizError('collab.badVoice');
      file = { name, ext, bytes };
    }
    if (!file || file.bytes.length === 0) throw new BizError('collab.noFile');
    // Check access before storing anything; store before the row commits, and drop the file if
    // the row does not.
    const rec = await ctx.tenant((tx) => checkRecord(api, tx, session, lang, fields.entity, fields.id));
    const storage = storageOf(ctx.config);
    const key = attachmentKey(session.clientId, file.ext);
    await storage.put(key, file.bytes);
    try {
      await ctx.tenant(async (tx) => {
        await checkRecord(api, tx, session, lang, rec.entity, rec.recordId);
        await tx.insert(collabAttachment).values({
          clientId: session.clientId, entity: rec.entity, recordId: rec.recordId, kind: 'FILE',
          fileKey: key, fileName: file.name, size: file.bytes.length, mime: ATTACHMENT_TYPES[file.ext]!, createdBy: session.userId,
        });
      });
    } catch (err) {
      await storage.remove(key).catch(() => undefined);
      throw err;
    }
    return listOf(ctx, rec);
  });

  // Only the own company's rows: on a shared record the other company's attachments stay theirs.
  api.post(ATTACH + 'remove', { schema: R.post('Remove an attachment', { id: S.uuid() }), auth: true, params: ['id'] }, async (ctx) => {
    const { session, body, query, lang, config } = ctx;
    const rec = await ctx.tenant(async (tx) => {
      const storage = storageOf(config);
      const doc = { ...query, ...body, ...dataObject(body) };
      const row = await findAttachment(tx, session, doc.id);
      const checked = await checkRecord(api, tx, session, lang, row.entity, row.recordId);
      if (row.createdBy !== session.userId && session.userType !== 'ADMIN') throw forbidden('collab.onlyOwnAttachment');
      await tx.delete(collabAttachment).where(eq(collabAttachment.id, row.id));
      if (row.fileKey) await storage.remove(row.fileKey).catch(() => undefined);
      return checked;
    });
    return listOf(ctx, rec);
  });

  // The file itself (token as ?token= so a link or <img> can fetch it); inline=1 shows it.
  api.get(ATTACH + 'download', { schema: R.byId('An attachment', { query: { id: S.uuid(), inline: S.flag('Show in the browser') }, produces: { type: 'application/octet-stream' } }), auth: true, params: ['id'] }, async (ctx) => {
    // Found past row security, then admitted only as the list would: the own company's row of a
    // record the caller sees, or any row of a shared record the caller sees.
    const found = isUuid(ctx.query.id) ? (await ctx.db.asSystem((tx) => tx.select().from(collabAttachment).where(eq(collabAttachment.id, ctx.query.id as string))))[0] : undefined;
    if (!found) throw notFound();
    const row = await ctx.tenant(async (tx) => {
      const rec = await checkRecord(api, tx, ctx.session, ctx.lang, found.entity, found.recordId);
      if (!rec.shared && found.clientId !== ctx.session.clientId) throw notFound();
      return found;
    });
    const file = row.fileKey ? await storageOf(ctx.config).open(row.fileKey) : null;
    if (!file) throw notFound();
    const reply = ctx.reply;
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': row.mime ?? 'application/octet-stream',
      'content-length': file.size,
      'content-disposition': contentDisposition(row.fileName ?? 'file', ctx.query.inline === '1'),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    try {
      await pipeline(file.stream, reply.raw);
    } catch {
      reply.raw.destroy();
    }
  });
}

async function findAttachment(tx: Tx, session: Session, id: unknown) {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(collabAttachment).where(and(eq(collabAttachment.clientId, session.clientId), eq(collabAttachment.id, id)));
  if (!row) throw notFound();
  return row;
}
