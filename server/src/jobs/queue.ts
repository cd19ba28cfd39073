// The engine's durable job queue (docs/outapi.md 'Queue', docs/jobs.md): one small interface,
// two implementations: pg-boss 10 on a PostgreSQL server, and on PGlite (which pg-boss cannot
// drive) a job table claimed with FOR UPDATE SKIP LOCKED. Nothing waits in memory: a job is a row
// from the moment its work is saved, and a stopped node leaves its jobs to the next one.
// Users: the out-API's deliveries (table outapi_job, queue 'outapi-delivery') and the engine's
// import/export jobs (table transfer_queue, queue 'transfer-job'). A job table has the columns
// id uuid, data jsonb, run_at, retries, locked_until (migration 0045).
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { onCommit, type Db, type Tx } from '../db';

/** What a job carries: a few ids; the work itself lives in the user's own rows. */
export type JobData = Record<string, unknown>;

/** What the worker makes of a job: finished (delivered, failed for good, or gone), or try later. */
export type Outcome = 'done' | 'retry';
export type JobHandler<D extends JobData = JobData> = (data: D) => Promise<Outcome>;

export interface QueueSettings {
  /** First back-off; each retry waits about twice as long as the one before. */
  retryDelayMs: number;
  /** Upper bound of retries a job may get (the handler decides the real end). */
  retryLimit: number;
  /** A claimed job no node finished is claimed again after this. */
  leaseMs: number;
  concurrency: number;
}

export interface JobQueue<D extends JobData = JobData> {
  readonly kind: 'pg-boss' | 'table';
  /** Queues with the caller's transaction: in it (table) or right after it commits (pg-boss, see sweep). */
  enqueue(tx: Tx, jobId: string, data: D): Promise<void>;
  /** Re-queues jobs that may have been lost between a commit and pg-boss (same id: no double). */
  requeue(jobs: ReadonlyArray<{ jobId: string; data: D }>): Promise<void>;
  start(handler: JobHandler<D>): Promise<void>;
  /** Stops claiming and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
}

export const backoffMs = (base: number, retries: number): number => base * 2 ** retries;

/** PGlite (and PostgreSQL without a connection string to give pg-boss). */
export class TableQueue<D extends JobData = JobData> implements JobQueue<D> {
  readonly kind = 'table';
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly active = new Set<Promise<void>>();

  private readonly table;

  constructor(
    private readonly db: Db,
    table: string,
    private readonly settings: QueueSettings,
    private readonly onError: (err: unknown) => void,
  ) {
    this.table = sql.identifier(table);
  }

  async enqueue(tx: Tx, jobId: string, data: D): Promise<void> {
    await tx.execute(sql`insert into ${this.table} (id, data) values (${jobId}, ${JSON.stringify(data)}::jsonb)`);
    onCommit(tx, () => this.kick());
  }

  async requeue(jobs: ReadonlyArray<{ jobId: string; data: D }>): Promise<void> {
    if (!jobs.length) return;
    await this.db.asSystem(async (tx) => {
      for (const j of jobs) await tx.execute(sql`insert into ${this.table} (id, data) values (${j.jobId}, ${JSON.stringify(j.data)}::jsonb) on conflict do nothing`);
    });
    this.kick();
  }

  async start(handler: JobHandler<D>): Promise<void> {
    this.running = true;
    this.loop = this.run(handler);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
  }

  private kick(): void {
    this.wake?.();
  }

  private async run(handler: JobHandler<D>): Promise<void> {
    while (this.running) {
      if (this.active.size >= this.settings.concurrency) {
        await Promise.race(this.active);
        continue;
      }
      let job: { id: string; data: D; retries: number } | null = null;
      let waitMs = this.settings.leaseMs;
      try {
        job = await this.claim();
        if (!job) waitMs = await this.untilNextDue();
      } catch (err) {
        if (this.running) this.onError(err);
      }
      if (job) {
        const p: Promise<void> = this.work(job, handler).finally(() => this.active.delete(p));
        this.active.add(p);
      } else await this.sleep(waitMs);
    }
    await Promise.all(this.active);
  }

  /** Claim: lock one due job nobody holds, lease it, commit. Completing is a second transaction. */
  private claim() {
    return this.db.asSystem(async (tx) => {
      const rows = (await tx.execute(sql`
        update ${this.table} set locked_until = now() + ${`${this.settings.leaseMs} milliseconds`}::interval
         where id = (select id from ${this.table}
                      where run_at <= now() and (locked_until is null or locked_until < now())
                      order by run_at limit 1 for update skip locked)
         returning id, data, retries`)) as unknown as { rows: Array<{ id: string; data: D; retries: number }> };
      return rows.rows[0] ?? null;
    });
  }

  private async untilNextDue(): Promise<number> {
    const res = (await this.db.asSystem((tx) =>
      tx.execute(sql`select extract(epoch from (min(coalesce(greatest(run_at, locked_until), run_at)) - now())) * 1000 as ms from ${this.table}`),
    )) as unknown as { rows: Array<{ ms: string | number | null }> };
    const ms = res.rows[0]?.ms;
    if (ms === null || ms === undefined) return this.settings.leaseMs;
    return Math.min(Math.max(Number(ms), 10), this.settings.leaseMs);
  }

  private async work(job: { id: string; data: D; retries: number }, handler: JobHandler<D>): Promise<void> {
    let outcome: Outcome = 'retry';
    try {
      outcome = await handler(job.data);
    } catch (err) {
      this.onError(err);
    }
    try {
      await this.db.asSystem(async (tx) => {
        if (outcome === 'done') await tx.execute(sql`delete from ${this.table} where id = ${job.id}`);
        else
          await tx.execute(
            sql`update ${this.table} set retries = ${job.retries + 1}, locked_until = null,
                  run_at = now() + ${`${backoffMs(this.settings.retryDelayMs, job.retries)} milliseconds`}::interval
                where id = ${job.id}`,
          );
      });
    } catch (err) {
      // The lease runs out and another claim picks the job up; a handler skips finished work.
      this.onError(err);
    }
    this.kick();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }
}

/** A PostgreSQL server: pg-boss keeps the jobs in its own schema (pgboss) of the same database. */
export class BossQueue<D extends JobData = JobData> implements JobQueue<D> {
  readonly kind = 'pg-boss';
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    connectionString: string,
    private readonly queue: string,
    private readonly settings: QueueSettings,
    private readonly onError: (err: unknown) => void,
  ) {
    this.boss = new PgBoss({ connectionString, max: 3, schedule: false });
    this.boss.on('error', onError);
  }

  private options() {
    const seconds = Math.max(1, Math.round(this.settings.retryDelayMs / 1000));
    return { retryLimit: this.settings.retryLimit, retryDelay: seconds, retryBackoff: true, expireInSeconds: Math.ceil(this.settings.leaseMs / 1000) };
  }

  async enqueue(tx: Tx, jobId: string, data: D): Promise<void> {
    // After the commit: a job must never name work that rolled back. A crash in between leaves
    // the work queued without a job; requeue (start-up sweep) sends it with this id.
    onCommit(tx, () => {
      if (this.started) this.boss.send(this.queue, data, { ...this.options(), id: jobId }).catch(this.onError);
    });
  }

  async requeue(jobs: ReadonlyArray<{ jobId: string; data: D }>): Promise<void> {
    // pg-boss inserts with ON CONFLICT DO NOTHING: a job that still exists is left as it is.
    for (const j of jobs) await this.boss.send(this.queue, j.data, { ...this.options(), id: j.jobId });
  }

  async start(handler: JobHandler<D>): Promise<void> {
    await this.boss.start();
    // Nodes starting at once on a new database each create the queue, and PostgreSQL may abort one
    // of them as a deadlock (40P01, seen with two nodes in sessionNodes.int.test.ts): by then the
    // other has created it, so the aborted one tries again (createQueue leaves an existing queue be).
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(this.queue, { name: this.queue, ...this.options() });
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
      }
    }
    this.started = true;
    const poll = Math.max(0.5, Math.min(2, this.settings.retryDelayMs / 1000));
    for (let i = 0; i < this.settings.concurrency; i++) {
      await this.boss.work<D>(this.queue, { pollingIntervalSeconds: poll, batchSize: 1 }, async ([job]) => {
        // Throwing hands the job back to pg-boss for a retry after its back-off.
        if ((await handler(job.data)) === 'retry') throw new Error('job not finished; retrying');
      });
    }
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: this.settings.leaseMs });
  }
}
