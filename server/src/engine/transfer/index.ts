// Import, export and uploads (docs/server.md 'Import and export'). buildApp calls registerTransfer
// once, after every area registered its entities, so each registered definition gets:
//   GET  P/ENTITY/export?q=&p=        the list view as .xlsx (page-list's filters, sort, data rules)
//   GET  P/ENTITY/import-template     an .xlsx to fill in
//   POST P/ENTITY/import              multipart: one .xlsx (+ mode=create|upsert) → {imported, created, updated, ignored_columns}
//                                     or 11000 with data.errors = {rows: [{row, errors}], error_rows, report, labels}
//   GET  P/ENTITY/import-report?id=   a refused import's rows with an Errors column (.xlsx)
// and the app:
//   GET  crossapi/ccommonapi/data-upload/page-upload-links?page=   the imports a page offers
//   GET  utilsapi/files/upload-rules?profile=                      what an image upload checks
//   POST utilsapi/files/upload-image                               multipart, several images → [{name, ok, url | message}]
//   GET  /files/<client>/<yyyy>/<mm>/<uuid>.<ext>                   a stored file, to its company only
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLabel, t, type UploadedFile } from '@seamline/core';
import { findSession } from '../../auth/session';
import { tokenOf } from '../../auth/tokens';
import type { Config } from '../../config';
import { isUuid, type Db, type Tx } from '../../db';
import { errorResponse } from '../../envelope';
import { BizError, forbidden, HttpError, notFound, unauthorized } from '../../errors';
import { uuidParam } from '../../input';
import { requestLang, LANG_HEADER } from '../../i18n';
import type { Api, AuthedContext } from '../../routes';
import { canRead, canWrite, loadActor, type Actor } from '../actor';
import { readContext, saveContext } from '../register';
import { registryOf, type Registered, type Registry } from '../registry';
import { uniqueViolation } from '../save';
import { loadTransferConfig, type TransferConfig } from './config';
import { exportView } from './export';
import { checkImage, fileUrl, FolderStorage, IMAGE_PROFILES, IMAGE_TYPES, newKey, STORAGE_KEY, type FileStorage, type ImageRule } from './files';
import { ImportInvalid, ImportRejected, importRows, scanFile, type ImportMode, type ImportResult, type OpenTx } from './import';
import { TransferJobs } from './jobs';
import { parseFilters, parsePage } from '../pageList';
import { pageUploadLinks } from './links';
import { formatBytes } from './messages';
import { sendBytes, sendPath } from './reply';
import { fieldLabels, loadReport, storeReport, writeReport } from './report';
import { writeTemplate } from './template';
import { removeScratch, scratchFile, scratchFolder, scratchPath, UnreadableWorkbook, XLSX_TYPE } from './xlsx';
import { checkWorkbookZip, WorkbookRefused, type ZipLimits } from './zipGuard';
import { entityRouteSchemas } from '../../openapi/entities';
import { S } from '../../openapi/shapes';

export { loadTransferConfig, type TransferConfig } from './config';
export { FolderStorage, IMAGE_PROFILES, type FileStorage, type ImageRule } from './files';
export { transferMessages } from './messages';

export interface TransferDeps {
  db: Db;
  config: Config;
  /** Defaults to loadTransferConfig(config) (the environment). */
  transfer?: TransferConfig;
  /** Defaults to a FolderStorage under transfer.filesDir. */
  storage?: FileStorage;
}

/** Images one upload request may carry. */
export const MAX_FILES_PER_REQUEST = 20;

/** Registers the multipart parser, the /files route and the endpoints above. */
export function registerTransfer(app: FastifyInstance, api: Api, deps: TransferDeps): void {
  const config = deps.transfer ?? loadTransferConfig(deps.config);
  const storage = deps.storage ?? new FolderStorage(config.filesDir);
  app.register(multipart, { throwFileSizeLimit: false, limits: { fieldSize: 64 * 1024, fields: 20, parts: MAX_FILES_PER_REQUEST + 20 } });
  const registry = registryOf(api);
  const jobs = new TransferJobs(deps.db, deps.config, config, registry);
  for (const reg of registry.entities.values()) entityTransferRoutes(api, reg, config, jobs);
  jobs.routes(api);
  // The worker runs from the app's ready to its close, like an area's (app.ts startWorker).
  app.addHook('onReady', () => jobs.start(app.log));
  app.addHook('onClose', () => jobs.stop());
  appRoutes(api, config, storage);
  filesRoute(app, deps.db, storage);
}

function withActor<T>(ctx: AuthedContext, reg: Registered | undefined, need: ((a: Actor) => boolean) | null, fn: (tx: Tx, actor: Actor) => Promise<T>) {
  return ctx.tenant(async (tx) => {
    const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
    if (need && !need(actor)) throw forbidden();
    return fn(tx, actor);
  });
}

function zipLimits(config: TransferConfig): ZipLimits {
  return { maxTotal: config.importMaxUnzippedBytes, maxEntry: config.importMaxUnzippedBytes, maxEntries: 1000, maxRun: 256 * 1024 };
}

/** A workbook the guard or ExcelJS refused, as the envelope's message. */
function workbookError(err: unknown, config: TransferConfig): unknown {
  if (err instanceof UnreadableWorkbook) return new BizError('transfer.unreadable');
  if (!(err instanceof WorkbookRefused)) return err;
  if (err.reason === 'size') return new BizError('transfer.unzippedTooLarge', { max: formatBytes(config.importMaxUnzippedBytes) });
  return new BizError(err.reason === 'cell' ? 'transfer.cellTooLong' : 'transfer.unreadable');
}

/** Multipart errors as the envelope's messages. */
function multipartError(err: unknown, fallbackKey: string): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new BizError(fallbackKey);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return new BizError('upload.tooManyFiles', { max: MAX_FILES_PER_REQUEST });
  if (err instanceof HttpError || (err as { syscall?: unknown } | null)?.syscall) return err; // ours, or the disk's
  // Anything else came from parsing the request (busboy: 'Unexpected end of form', a bad header…).
  return new HttpError(400, 'input.badMultipart');
}

const isXlsxName = (name: string) => /\.xlsx$/i.test(name.trim());

async function firstBytes(path: string, n: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

interface SpooledUpload {
  path: string;
  fileName: string;
  fields: Record<string, string>;
}

/** Reads an import request: its first file to a scratch file (size-limited), and its text fields. */
async function spoolImport(req: FastifyRequest, config: TransferConfig): Promise<SpooledUpload> {
  const fields: Record<string, string> = {};
  let spooled: SpooledUpload | undefined;
  let problem: BizError | undefined;
  const tmpFolder = await scratchFolder(config.tmpDir);
  try {
    for await (const part of req.parts({ limits: { fileSize: config.importMaxBytes } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (spooled || problem) {
        part.file.resume();
        continue;
      }
      if (!isXlsxName(part.filename ?? '')) {
        part.file.resume();
        problem = new BizError('transfer.notXlsx');
        continue;
      }
      // No await between receiving the part and piping it: a broken form (no closing boundary)
      // destroys the file stream meanwhile, and a pipeline started on it then would never end.
      const path = scratchPath(tmpFolder, 'xlsx');
      if (part.file.destroyed) throw new HttpError(400, 'input.badMultipart');
      await pipeline(part.file, createWriteStream(path));
      if (part.file.truncated) {
        await removeScratch(path);
        problem = new BizError('transfer.fileTooLarge', { max: formatBytes(config.importMaxBytes) });
        continue;
      }
      const head = await firstBytes(path, 4);
      if (!head.equals(ZIP_MAGIC)) {
        await removeScratch(path);
        problem = head.length === 0 ? new BizError('transfer.empty') : new BizError('transfer.unreadable');
        continue;
      }
      spooled = { path, fileName: part.filename, fields };
    }
  } catch (err) {
    if (spooled) await removeScratch(spooled.path);
    throw multipartError(err, 'transfer.noFile');
  }
  if (problem) {
    if (spooled) await removeScratch(spooled.path);
    throw problem;
  }
  if (!spooled) throw new BizError('transfer.noFile');
  return spooled;
}

function importMode(raw: string): ImportMode {
  const mode = raw.trim() || 'create';
  if (mode !== 'create' && mode !== 'upsert') throw new BizError('transfer.badMode');
  return mode;
}

export interface ImportJob {
  /** A transaction in the importing company (RLS on). */
  open: OpenTx;
  db: Db;
  reg: Registered;
  registry: Registry;
  /** The importing user, checked again (may write) right before the rows are read. */
  actor: () => Promise<Actor>;
  path: string;
  fileName: string;
  mode: ImportMode;
  config: TransferConfig;
  /** Data rows read so far; throwing stops the import (nothing saved). */
  progress?: (done: number) => Promise<void> | void;
  /** Where a refused import's report is written (default: a scratch file, removed after). */
  reportPath?: string;
}

/**
 * An uploaded file into the entity, all or nothing: the answer of POST …/import and the work of an
 * import job. Refused: throws ImportInvalid (the report stored) or the BizError that says why.
 */
export async function importFile(job: ImportJob): Promise<ImportResult> {
  const { reg, config } = job;
  let scan;
  try {
    await checkWorkbookZip(job.path, zipLimits(config));
    scan = await scanFile(job.path, reg, (await job.actor()).lang);
  } catch (err) {
    throw workbookError(err, config);
  }
  const actor = await job.actor();
  const lang = actor.lang;
  const registry = job.registry;
  let reportPath: string | undefined;
  try {
    const icx = { ...saveContext(registry, actor), lang, batchSize: config.batchSize, maxRows: config.importMaxRows, progress: job.progress };
    return await importRows(job.open, job.db, reg, job.path, scan, job.mode, icx);
  } catch (err) {
    if (err instanceof UnreadableWorkbook) throw new BizError('transfer.unreadable');
    // A concurrent save took a unique value between our check and our insert.
    if (!(err instanceof ImportRejected)) throw uniqueViolation(err, reg, lang) ?? err;
    reportPath = job.reportPath ?? (await scratchFile(config.tmpDir, 'xlsx'));
    await writeReport(job.path, reportPath, reg.def, scan, err.problems, lang);
    const path = reportPath;
    const id = await job.open((tx) =>
      storeReport(tx, {
        clientId: actor.session.clientId,
        userId: actor.session.userId,
        entity: reg.def.name,
        fileName: job.fileName,
        rowCount: err.rows,
        errorRows: err.problems.size,
        path,
        ttlDays: config.reportTtlDays,
      }),
    );
    throw new ImportInvalid(err.problems, id, fieldLabels(reg.def, lang));
  } finally {
    if (reportPath && !job.reportPath) await removeScratch(reportPath);
  }
}

function entityTransferRoutes(api: Api, reg: Registered, config: TransferConfig, jobs: TransferJobs): void {
  const { def, base } = reg;
  const registry = () => registryOf(api);
  const schema = entityRouteSchemas(def);

  api.get(`${base}/export`, { auth: true, schema: schema.export }, async (ctx) => {
    const path = await scratchFile(config.tmpDir, 'xlsx');
    try {
      const actor = await withActor(ctx, reg, (a) => canRead(def, a), async (_tx, a) => a);
      const result = await exportView((fn) => ctx.tenant(fn), reg, ctx.query.q, ctx.query.p, { ...readContext(registry(), actor), lang: ctx.lang }, path, config.exportMaxRows);
      await sendPath(ctx.reply, path, { type: XLSX_TYPE, filename: result.filename });
    } finally {
      await removeScratch(path);
    }
  });

  api.get(`${base}/import-template`, { auth: true, schema: schema.importTemplate }, async (ctx) => {
    const path = await scratchFile(config.tmpDir, 'xlsx');
    try {
      const filename = await withActor(ctx, reg, (a) => canWrite(def, a), (tx) =>
        writeTemplate(tx, def, { registry: registry(), clientId: ctx.session.clientId, userId: ctx.session.userId, lang: ctx.lang, maxRows: config.importMaxRows }, path),
      );
      await sendPath(ctx.reply, path, { type: XLSX_TYPE, filename });
    } finally {
      await removeScratch(path);
    }
  });

  api.post(`${base}/import`, { auth: true, schema: schema.import }, async (ctx) => {
    // Permission first: nobody uploads megabytes only to hear they may not.
    await withActor(ctx, reg, (a) => canWrite(def, a), async () => undefined);
    const upload = await spoolImport(ctx.reply.request, config);
    try {
      const mode = importMode(upload.fields.mode ?? (typeof ctx.query.mode === 'string' ? ctx.query.mode : ''));
      return await importFile({
        open: (fn) => ctx.tenant(fn),
        db: ctx.db,
        reg,
        registry: registry(),
        actor: () => withActor(ctx, reg, (a) => canWrite(def, a), async (_tx, a) => a),
        path: upload.path,
        fileName: upload.fileName,
        mode,
        config,
      });
    } finally {
      await removeScratch(upload.path);
    }
  });

  // Background jobs (jobs.ts, docs/jobs.md): the same work, answered at once with the job.
  api.post(`${base}/export-job`, { auth: true, schema: schema.exportJob }, async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);
    const q = text(body.q ?? ctx.query.q);
    const p = text(body.p ?? ctx.query.p);
    return withActor(ctx, reg, (a) => canRead(def, a), async (tx) => {
      // Bad filters are refused now, not when the job runs.
      parseFilters(reg, q);
      parsePage(reg, p);
      return jobs.create(tx, ctx.session, ctx.lang, 'export', def.name, { q: q ?? null, p: p ?? null });
    });
  });

  api.post(`${base}/import-job`, { auth: true, schema: schema.importJob }, async (ctx) => {
    await withActor(ctx, reg, (a) => canWrite(def, a), async () => undefined);
    const upload = await spoolImport(ctx.reply.request, config);
    try {
      const mode = importMode(upload.fields.mode ?? (typeof ctx.query.mode === 'string' ? ctx.query.mode : ''));
      return await jobs.createImport(ctx, def.name, { mode, fileName: upload.fileName }, upload.path);
    } finally {
      await removeScratch(upload.path);
    }
  });

  api.get(`${base}/import-report`, { auth: true, schema: schema.importReport }, async (ctx) => {
    const id = uuidParam(ctx.query, 'id', { required: true })!; // absent: 400 / 11000; not a uuid: 404
    const report = await withActor(ctx, reg, (a) => canRead(def, a), (tx) => loadReport(tx, ctx.session.clientId, def.name, id, config.reportTtlDays));
    if (!report) throw new BizError('transfer.reportGone');
    sendBytes(ctx.reply, report.xlsx, { type: XLSX_TYPE, filename: `${t(ctx.lang, 'transfer.reportName', { entity: pickLabel(def.label, ctx.lang) })}.xlsx` });
  });
}

const int = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d{1,6}$/.test(v.trim()) ? Number(v) : undefined;
  return n && n > 0 ? n : undefined;
};

/** The rule of an upload: a named profile, then explicit width/height/exact/max_bytes (query or fields). */
function imageRule(values: Record<string, unknown>): ImageRule {
  const profile = typeof values.profile === 'string' ? IMAGE_PROFILES[values.profile] : undefined;
  const rule: ImageRule = { ...(profile ?? {}) };
  const width = int(values.width);
  const height = int(values.height);
  const maxBytes = int(values.max_bytes);
  if (width) rule.width = width;
  if (height) rule.height = height;
  if (values.exact !== undefined) rule.exact = values.exact === '1' || values.exact === 'true';
  if (maxBytes) rule.maxBytes = maxBytes;
  return rule;
}

function appRoutes(api: Api, config: TransferConfig, storage: FileStorage): void {
  api.get(
    'crossapi/ccommonapi/data-upload/page-upload-links',
    {
      auth: true,
      schema: {
        summary: 'Import and export links of a page (or of every entity the caller may write)',
        tag: 'transfer',
        query: { page: S.string('A menu URL, e.g. /md/index/vendor') },
        response: S.list(S.map()),
      },
    },
    (ctx) =>
    withActor(ctx, undefined, null, (tx, actor) =>
      pageUploadLinks(tx, registryOf(api), actor, typeof ctx.query.page === 'string' ? ctx.query.page : undefined, config, ctx.lang),
    ),
  );

  api.get(
    'utilsapi/files/upload-rules',
    {
      auth: true,
      schema: {
        summary: 'What an image upload accepts (a named profile, or width/height/exact/max_bytes)',
        tag: 'transfer',
        query: { profile: S.string(), width: S.string(), height: S.string(), exact: S.flag(), max_bytes: S.string() },
        response: S.object({
          max_bytes: S.integer(),
          formats: S.list(S.string()),
          extensions: S.list(S.string()),
          width: S.nullable(S.integer()),
          height: S.nullable(S.integer()),
          exact: S.boolean(),
          max_files: S.integer(),
        }),
      },
    },
    (ctx) => {
    const rule = imageRule(ctx.query);
    return {
      max_bytes: Math.min(config.uploadMaxBytes, rule.maxBytes ?? config.uploadMaxBytes),
      formats: Object.values(IMAGE_TYPES),
      extensions: ['.png', '.jpg', '.jpeg', '.webp', '.gif'],
      width: rule.width ?? null,
      height: rule.height ?? null,
      exact: rule.exact ?? false,
      max_files: MAX_FILES_PER_REQUEST,
    };
  });

  api.post(
    'utilsapi/files/upload-image',
    {
      auth: true,
      schema: {
        summary: 'Upload images (multipart); each file answers ok with its URL, or the reason it was refused',
        tag: 'transfer',
        multipart: true,
        body: { file: S.string('One or more image files', { contentMediaType: 'image/*' }), profile: S.string(), width: S.string(), height: S.string(), exact: S.flag() },
        response: S.list(
          S.object({ name: S.string(), ok: S.boolean(), url: S.string(), size: S.integer(), type: S.string(), width: S.integer(), height: S.integer(), message: S.string() }, ['name', 'ok']),
        ),
      },
    },
    async (ctx) => {
    const req = ctx.reply.request;
    const fields: Record<string, unknown> = { ...ctx.query };
    const out: UploadedFile[] = [];
    const limit = config.uploadMaxBytes;
    try {
      for await (const part of req.parts({ limits: { fileSize: limit + 1, files: MAX_FILES_PER_REQUEST } })) {
        if (part.type === 'field') {
          fields[part.fieldname] = part.value;
          continue;
        }
        const rule = imageRule(fields);
        const max = Math.min(limit, rule.maxBytes ?? limit);
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size <= max) chunks.push(chunk);
        }
        if (part.file.truncated) size = Math.max(size, limit + 1);
        const name = part.filename || part.fieldname;
        const check = checkImage(Buffer.concat(chunks), size, rule, limit, ctx.lang);
        if (!check.ok) {
          out.push({ name, ok: false, message: check.message });
          continue;
        }
        const key = newKey(ctx.session.clientId, check.ext);
        await storage.put(key, Buffer.concat(chunks));
        out.push({ name, ok: true, url: fileUrl(key), size, type: IMAGE_TYPES[check.ext], width: check.width, height: check.height });
      }
    } catch (err) {
      throw multipartError(err, 'upload.noFiles');
    }
    if (out.length === 0) throw new BizError('upload.noFiles');
    return out;
  });
}

/**
 * Whether a company may read a file another company stored, because the file is an image of a
 * document the two share (a sample request shows the brand's style image to the supplier): each
 * area that shares documents registers one check, run in the reader's tenant transaction, so
 * row-level security decides which documents it sees. No check → only the owner reads the file.
 */
export type SharedFileCheck = (tx: Tx, readerClientId: string, url: string) => Promise<boolean>;
const sharedFileChecks: SharedFileCheck[] = [];
export function registerSharedFiles(check: SharedFileCheck): void {
  sharedFileChecks.push(check);
}

async function sharedWith(db: Db, clientId: string, key: string): Promise<boolean> {
  if (sharedFileChecks.length === 0) return false;
  return db.withTenant(clientId, async (tx) => {
    for (const check of sharedFileChecks) if (await check(tx, clientId, fileUrl(key))) return true;
    return false;
  });
}

/**
 * GET /files/<key>: the stored file, for a signed-in user of the company that owns it, or of the
 * other company of a shared document the file is an image of (token in the query or a Bearer header).
 */
function filesRoute(app: FastifyInstance, db: Db, storage: FileStorage): void {
  app.get('/files/*', async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const token = tokenOf(req);
    const session = token ? await findSession(db, token) : null;
    const lang = requestLang(session?.language, req.headers[LANG_HEADER]);
    const fail = (err: unknown) => {
      const { status, body } = errorResponse(err, lang);
      return reply.code(status).send(body);
    };
    if (!session) return fail(unauthorized());
    if (!STORAGE_KEY.test(key)) return fail(notFound());
    if (key.split('/')[0] !== session.clientId && !(await sharedWith(db, session.clientId, key))) return fail(notFound());
    const file = await storage.open(key);
    if (!file) return fail(notFound());
    const ext = key.slice(key.lastIndexOf('.') + 1) as keyof typeof IMAGE_TYPES;
    return reply
      .header('content-type', IMAGE_TYPES[ext])
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
}
