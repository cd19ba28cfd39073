// Imports and exports as background jobs (docs/jobs.md, issue 22.2):
//   POST P/ENTITY/export-job   {q, p}                        → the job, at once
//   POST P/ENTITY/import-job   multipart like …/import       → the job, at once
//   GET  utilsapi/transfer-jobs/info?id=                     → the job: status, rows done / total, result
//   GET  utilsapi/transfer-jobs/download?id=                 → its file: the export, or a refused import's report
// and socket.io event 'transfer-job' (the job, as info answers it) to the user who started it,
// after every batch. A job is a transfer_job row (the company's, RLS) plus a job of the engine's
// queue (jobs/queue.ts: pg-boss on PostgreSQL, the transfer_queue table on PGlite); its files live
// in TRANSFER_JOBS_DIR (DATA_DIR/jobs). Stopping the server interrupts a job at its next batch
// (a staged import drops its stage: nothing saved) and hands it back to the queue, which runs it
// again from the start after the restart.
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pickLabel, t, type Lang } from '@seamline/core';
import type { Session } from '../../auth/session';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db';
import { errorResponse } from '../../envelope';
import { BizError, forbidden, notFound } from '../../errors';
import { uuidParam } from '../../input';
import { BossQueue, TableQueue, type JobQueue } from '../../jobs/queue';
import { getHub, userRoom } from '../../realtime/hub';
import type { Api, AuthedContext } from '../../routes';
import { canRead, canWrite, loadActor } from '../actor';
import { readContext } from '../register';
import type { Registry } from '../registry';
import type { TransferConfig } from './config';
import { exportView } from './export';
import { importFile, type ImportJob } from './index';
import { TRANSFER_JOB_COMPONENT } from '../../openapi/entities';
import { ref, S } from '../../openapi/shapes';
import type { ImportMode } from './import';
import { sendPath } from './reply';
import { transferJob, transferQueue } from './tables';
import { readWorkbook, XLSX_TYPE } from './xlsx';

export const JOB_EVENT = 'transfer-job';
const QUEUE = 'transfer-job';

type JobRow = typeof transferJob.$inferSelect;
type Kind = 'import' | 'export';
interface QueueData {
  [key: string]: unknown;
  jobId: string;
}

/** The user who started a job, as far as permissions need (checked again when it runs). */
type JobUser = Pick<Session, 'id' | 'userId' | 'clientId' | 'username' | 'language' | 'isSuperAdmin' | 'userType'>;

/** What info answers and the socket event carries. */
export interface JobView {
  id: string;
  kind: string;
  entity: string;
  status: string;
  done_rows: number;
  total_rows: number | null;
  /** done: {rows} (export) or the import's counts; failed: the error answer {code, message, data}. */
  result: unknown;
  /** Set when there is a file to download. */
  file_name: string | null;
  created_at: string;
}

const view = (r: JobRow): JobView => ({
  id: r.id,
  kind: r.kind,
  entity: r.entity,
  status: r.status,
  done_rows: r.doneRows,
  total_rows: r.totalRows,
  result: r.result,
  file_name: r.fileName,
  created_at: r.createdAt.toISOString(),
});

/** Thrown from a job's progress when the server stops: the job goes back to the queue. */
class Interrupted extends Error {}

export class TransferJobs {
  private queue: JobQueue<QueueData> | null = null;
  private stopping = false;
  private log: FastifyBaseLogger | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly tc: TransferConfig,
    private readonly registry: Registry,
  ) {}

  private file(r: Pick<JobRow, 'id' | 'clientId'>, part: 'upload' | 'result'): string {
    return join(this.tc.jobsDir, r.clientId, `${r.id}.${part}.xlsx`);
  }

  /** Adds the job in the caller's tenant transaction; the queue gets it with the commit. */
  async create(tx: Tx, session: Session, lang: Lang, kind: Kind, entity: string, params: Record<string, unknown>, id: string = randomUUID()): Promise<JobView> {
    const user: JobUser = {
      id: session.id,
      userId: session.userId,
      clientId: session.clientId,
      username: session.username,
      language: session.language,
      isSuperAdmin: session.isSuperAdmin,
      userType: session.userType,
    };
    const [row] = await tx
      .insert(transferJob)
      .values({ id, clientId: session.clientId, createdBy: session.userId, kind, entity, lang, params: { ...params, user } })
      .returning();
    if (this.queue) await this.queue.enqueue(tx, id, { jobId: id });
    else if (this.db.kind === 'pglite' || !this.config.databaseUrl) await tx.insert(transferQueue).values({ id, data: { jobId: id } });
    return view(row);
  }

  /** An import job: the upload is kept in the jobs folder until the job is over. */
  async createImport(ctx: AuthedContext, entity: string, params: { mode: ImportMode; fileName: string }, upload: string): Promise<JobView> {
    const id = randomUUID();
    const path = this.file({ id, clientId: ctx.session.clientId }, 'upload');
    await mkdir(dirname(path), { recursive: true });
    await copyFile(upload, path);
    try {
      return await ctx.tenant((tx) => this.create(tx, ctx.session, ctx.lang, 'import', entity, params, id));
    } catch (err) {
      await rm(path, { force: true });
      throw err;
    }
  }

  routes(api: Api): void {
    const mine = (ctx: AuthedContext) => {
      const id = uuidParam(ctx.query, 'id', { required: true })!;
      return ctx.tenant(async (tx) => {
        // Another company's job is not there (RLS); another user's is not shown either.
        const [row] = await tx.select().from(transferJob).where(and(eq(transferJob.id, id), eq(transferJob.createdBy, ctx.session.userId)));
        if (!row) throw notFound();
        return row;
      });
    };
    const job = { tag: 'transfer', query: { id: S.uuid('The job') }, required: ['id'], components: TRANSFER_JOB_COMPONENT };
    api.get('utilsapi/transfer-jobs/info', { auth: true, schema: { ...job, summary: 'One of my import or export jobs', response: ref('transfer-job') } }, async (ctx) =>
      view(await mine(ctx)),
    );
    api.get('utilsapi/transfer-jobs/download', { auth: true, schema: { ...job, summary: "A job's file: the export, or a refused import's report", produces: { type: XLSX_TYPE } } }, async (ctx) => {
      const row = await mine(ctx);
      const path = this.file(row, 'result');
      if (!row.fileName || !(await stat(path).catch(() => null))) throw new BizError('transfer.jobNoFile');
      await sendPath(ctx.reply, path, { type: XLSX_TYPE, filename: row.fileName });
    });
  }

  async start(log: FastifyBaseLogger): Promise<void> {
    this.log = log;
    this.stopping = false;
    const onError = (err: unknown) => log.warn({ err }, 'import/export jobs');
    // One job at a time per node: a job is long and the database is shared with every request.
    // The lease only matters when a node dies mid-job (a stopping node hands its job back).
    const settings = { retryDelayMs: 1000, retryLimit: 1000, leaseMs: 30 * 60_000, concurrency: 1 };
    const boss = this.db.kind === 'postgres' && !!this.config.databaseUrl;
    this.queue = boss ? new BossQueue<QueueData>(this.config.databaseUrl!, QUEUE, settings, onError) : new TableQueue<QueueData>(this.db, 'transfer_queue', settings, onError);
    // PGlite is one process: a lease still held was held by this data directory's last run, which died.
    if (this.db.kind === 'pglite') await this.db.asSystem((tx) => tx.update(transferQueue).set({ lockedUntil: null }));
    await this.queue.start((data) => this.run(String(data.jobId)));
    // Jobs not over (pg-boss: also one lost between a commit and its send); same id, no double.
    const open = await this.db.asSystem((tx) => tx.select({ id: transferJob.id }).from(transferJob).where(inArray(transferJob.status, ['queued', 'running'])));
    await this.queue.requeue(open.map((r) => ({ jobId: r.id, data: { jobId: r.id } })));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    // The jobs in hand stop at their next batch and go back to the queue.
    this.log?.info('import/export jobs stopping');
    const q = this.queue;
    this.queue = null;
    await q?.stop();
  }

  private async update(id: string, set: Partial<typeof transferJob.$inferInsert>): Promise<JobRow | undefined> {
    const [row] = await this.db.asSystem((tx) =>
      tx.update(transferJob).set({ ...set, updatedAt: sql`now()` }).where(eq(transferJob.id, id)).returning(),
    );
    if (row) getHub()?.io.to(userRoom(row.createdBy)).emit(JOB_EVENT, view(row));
    return row;
  }

  /** The queue's handler: 'retry' only when the server stops under the job. */
  private async run(id: string): Promise<'done' | 'retry'> {
    const [row] = await this.db.asSystem((tx) => tx.select().from(transferJob).where(eq(transferJob.id, id)));
    if (!row || row.status === 'done' || row.status === 'failed') return 'done';
    await this.update(id, { status: 'running', doneRows: 0 });
    const lang = row.lang as Lang;
    try {
      if (row.kind === 'export') await this.runExport(row);
      else await this.runImport(row);
      return 'done';
    } catch (err) {
      if (err instanceof Interrupted) {
        await this.update(id, { status: 'queued', doneRows: 0 }).catch(() => undefined);
        return 'retry';
      }
      const { status, body } = errorResponse(err, lang);
      if (status >= 500) this.log?.error({ err, job: id }, 'import/export job failed');
      const report = row.kind === 'import' && (body.data as { errors?: { report?: unknown } } | undefined)?.errors?.report;
      let fileName: string | null = null;
      if (report) {
        const reg = this.registry.get(row.entity);
        fileName = `${t(lang, 'transfer.reportName', { entity: reg ? pickLabel(reg.def.label, lang) : row.entity })}.xlsx`;
      }
      await this.update(id, { status: 'failed', result: body, fileName });
      return 'done';
    } finally {
      if (row.kind === 'import' && !this.stopping) await rm(this.file(row, 'upload'), { force: true });
    }
  }

  private check(): void {
    if (this.stopping) throw new Interrupted('server stopping');
  }

  private async actor(row: JobRow, need: 'read' | 'write') {
    const reg = this.registry.get(row.entity);
    if (!reg) throw notFound();
    const params = row.params as { user: JobUser };
    const session = { ...params.user, tokenExpiresAt: new Date(), refreshExpiresAt: new Date() } as Session;
    const actor = await this.db.withTenant(row.clientId, (tx) => loadActor(tx, session, row.lang as Lang, reg));
    if (!(need === 'read' ? canRead(reg.def, actor) : canWrite(reg.def, actor))) throw forbidden();
    return { reg, actor };
  }

  private async runExport(row: JobRow): Promise<void> {
    const { reg, actor } = await this.actor(row, 'read');
    const params = row.params as { q?: unknown; p?: unknown };
    const path = this.file(row, 'result');
    await mkdir(dirname(path), { recursive: true });
    const part = `${path}.part`;
    try {
      const lang = row.lang as Lang;
      const result = await exportView(
        (fn) => this.db.withTenant(row.clientId, fn),
        reg,
        params.q ?? undefined,
        params.p ?? undefined,
        { ...readContext(this.registry, actor), lang },
        part,
        this.tc.exportMaxRows,
        async (done, total) => {
          this.check();
          await this.update(row.id, { doneRows: done, totalRows: total });
        },
      );
      await rename(part, path);
      // A stop before the job is marked done re-runs it (an export has nothing to undo).
      this.check();
      await this.update(row.id, { status: 'done', doneRows: result.rows, totalRows: result.rows, result: { rows: result.rows }, fileName: result.filename });
    } finally {
      await rm(part, { force: true });
    }
  }

  private async runImport(row: JobRow): Promise<void> {
    const params = row.params as { mode: ImportMode; fileName: string };
    const upload = this.file(row, 'upload');
    if (!(await stat(upload).catch(() => null))) throw new BizError('transfer.jobNoFile');
    // The rows are counted first (the file only, no database) so that progress has a total.
    let total = 0;
    await readWorkbook(upload, () => {
      total++;
      this.check();
    }).catch((err) => {
      if (err instanceof Interrupted) throw err;
      // An unreadable file is said by importFile, with the import's own words.
    });
    total = Math.max(0, total - 1); // the header row
    await this.update(row.id, { totalRows: total });
    const path = this.file(row, 'result');
    const job: ImportJob = {
      open: (fn) => this.db.withTenant(row.clientId, fn),
      db: this.db,
      reg: this.registry.get(row.entity)!,
      registry: this.registry,
      actor: async () => (await this.actor(row, 'write')).actor,
      path: upload,
      fileName: params.fileName,
      mode: params.mode,
      config: this.tc,
      reportPath: path,
      progress: async (done) => {
        this.check();
        await this.update(row.id, { doneRows: done });
      },
    };
    if (!job.reg) throw notFound();
    const result = await importFile(job);
    await this.update(row.id, { status: 'done', doneRows: result.rows, totalRows: result.rows, result });
  }
}
