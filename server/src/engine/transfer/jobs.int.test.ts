// Imports and exports as background jobs (issue 22.2, docs/jobs.md), over real HTTP on a real
// database: the POST answers at once with the job, progress is read while it runs, the result file
// downloads when it is done, another company's lists answer while it runs, a late bad row saves
// nothing and names its row and field, and a job survives a server restart.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import './exceljsFix'; // before ExcelJS itself
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, buildApp, download, login, openTestDatabase, readXlsx, testConfig, upload, type Caller, type TestDatabase } from '@seamline/server/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from '@seamline/server/api';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ROWS = 6000;

let database: TestDatabase;
let dataDir: string;
let node: { app: FastifyInstance; url: string; call: Caller; logs: string[] };
let buyer: string; // brand.buyer (en), company A
let fabric: string; // fabric.admin (zh), company B
let savedMax: string | undefined;

async function startNode() {
  const logs: string[] = [];
  const app = buildApp({ db: database.db, config: testConfig({ databaseUrl: database.url, dataDir }), logStream: { write: (l: string) => void logs.push(l) } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, call: apiCaller(url), logs };
}

beforeAll(async () => {
  savedMax = process.env.IMPORT_MAX_ROWS;
  process.env.IMPORT_MAX_ROWS = String(ROWS);
  dataDir = await mkdtemp(join(tmpdir(), 'seamline-jobs-'));
  database = await openTestDatabase();
  node = await startNode();
  [buyer, fabric] = (await Promise.all(['brand.buyer', 'fabric.admin'].map((u) => login(node.call, u)))).map((l) => l.token);
}, 300_000);
afterAll(async () => {
  if (savedMax === undefined) delete process.env.IMPORT_MAX_ROWS;
  else process.env.IMPORT_MAX_ROWS = savedMax;
  await node?.app.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A vendor workbook streamed to bytes: `rows` rows, the row numbers in `bad` with no full name. */
async function vendorFile(prefix: string, rows: number, bad: number[] = []): Promise<Buffer> {
  const path = join(dataDir, `${prefix.trim()}-${rows}.xlsx`);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const ws = wb.addWorksheet('Data');
  ws.addRow(['Short name', 'Full name']).commit();
  for (let i = 0; i < rows; i++) ws.addRow([`${prefix}${i}`, bad.includes(i + 2) ? '' : `${prefix}${i} Ltd.`]).commit();
  ws.commit();
  await wb.commit();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path);
  await rm(path, { force: true });
  return bytes;
}

const info = async (token: string, id: string) => node.call('GET', 'utilsapi/transfer-jobs/info', { token, query: { id } });
const countPrefix = async (token: string, prefix: string) =>
  (await node.call('GET', 'mdapi/vendor/page-list', { token, query: { q: JSON.stringify({ short_name: { op: 'prefix', value: prefix } }) } })).body.data.results.total;

/** Polls the job until it is over; `between` runs after each look (another company's requests). */
async function follow(token: string, id: string, between?: () => Promise<void>) {
  const events: string[] = [];
  for (;;) {
    const res = await info(token, id);
    expect(res.status).toBe(200);
    const job = res.body.data.results;
    if (job.status === 'done' || job.status === 'failed') return { job, events: events.join('') };
    // 'P': the job is running (B's list answered between two of these: while A's job ran).
    if (job.status === 'running') events.push('P');
    if (between) {
      await between();
      events.push('L');
    } else await new Promise((r) => setTimeout(r, 50));
  }
}

describe('import and export jobs', () => {
  it('an import job answers at once, shows its progress, and saves every row; another company lists meanwhile', async () => {
    const res = await upload(node.url, 'mdapi/vendor/import-job', buyer, [{ name: 'vendors.xlsx', bytes: await vendorFile('JOB ', ROWS), type: XLSX }]);
    expect(res.status).toBe(200);
    const started = res.body.data.results;
    expect(started).toMatchObject({ kind: 'import', entity: 'vendor', status: 'queued', done_rows: 0 });
    const { job, events } = await follow(buyer, started.id, async () => {
      const list = await node.call('GET', 'mdapi/vendor/page-list', { token: fabric });
      expect(list.status).toBe(200);
    });
    expect(job).toMatchObject({ status: 'done', done_rows: ROWS, total_rows: ROWS, result: { rows: ROWS, created: ROWS } });
    // Company B's list answered while A's job was part-way: ordering, not timing.
    expect(events).toMatch(/PLP/);
    expect(await countPrefix(buyer, 'JOB ')).toBe(ROWS);
  }, 600_000);

  it('an export job writes the whole view to a file to download; another company lists meanwhile', async () => {
    const res = await node.call('POST', 'mdapi/vendor/export-job', { token: buyer, json: { q: JSON.stringify({ short_name: { op: 'prefix', value: 'JOB ' } }) } });
    expect(res.status).toBe(200);
    const { job, events } = await follow(buyer, res.body.data.results.id, async () => {
      const list = await node.call('GET', 'mdapi/vendor/page-list', { token: fabric });
      expect(list.status).toBe(200);
    });
    expect(job).toMatchObject({ status: 'done', total_rows: ROWS, done_rows: ROWS, result: { rows: ROWS } });
    expect(job.file_name).toMatch(/\.xlsx$/);
    expect(events).toMatch(/PLP/);
    const file = await download(node.url, 'utilsapi/transfer-jobs/download', buyer, { id: job.id });
    expect(file.status).toBe(200);
    const [sheet] = await readXlsx(file.bytes);
    expect(sheet.rows.length).toBe(ROWS + 1);
    // Another company's user does not see the job (404), nor its file.
    expect((await info(fabric, job.id)).status).toBe(404);
    expect((await download(node.url, 'utilsapi/transfer-jobs/download', fabric, { id: job.id })).status).toBe(404);
  }, 600_000);

  it('a bad row near the end refuses the whole file, naming the row and the field, with a report to download', async () => {
    const lastButOne = ROWS; // Excel row of the last-but-one data row
    const res = await upload(node.url, 'mdapi/vendor/import-job', fabric, [{ name: 'vendors.xlsx', bytes: await vendorFile('LATE ', ROWS, [lastButOne]), type: XLSX }]);
    expect(res.status).toBe(200);
    const { job } = await follow(fabric, res.body.data.results.id);
    expect(job.status).toBe('failed');
    expect(job.result.message).toBe('未导入任何数据：1 行有错误。请下载错误报告，修改后重新导入');
    expect(job.result.data.errors.rows).toEqual([{ row: lastButOne, errors: { full_name: [expect.any(String)] } }]);
    expect(await countPrefix(fabric, 'LATE ')).toBe(0);
    const report = await download(node.url, 'utilsapi/transfer-jobs/download', fabric, { id: job.id });
    expect(report.status).toBe(200);
    const [sheet] = await readXlsx(report.bytes);
    expect(String(sheet.rows[lastButOne - 1].at(-1))).toMatch(/.+/);
  }, 600_000);

  it('a unique value repeated a batch later is refused naming both rows, and nothing is saved', async () => {
    const rows: unknown[][] = [['Vendor code', 'Short name', 'Full name']];
    for (let i = 0; i < 1200; i++) rows.push([`DUPB${i}`, `DUPB ${i}`, `Dup ${i} Ltd.`]);
    rows[1200][0] = 'DUPB0'; // Excel row 1,201, in the second batch of 1,000
    const { xlsxOf } = await import('@seamline/server/testing');
    const res = await upload(node.url, 'mdapi/vendor/import', buyer, [{ name: 'vendors.xlsx', bytes: await xlsxOf(rows), type: XLSX }]);
    expect(res.status).toBe(422);
    expect(res.body.data.errors.rows).toEqual([{ row: 1201, errors: { code: ['The same Vendor code is in row 2 too'] } }]);
    expect(await countPrefix(buyer, 'DUPB ')).toBe(0);
  }, 600_000);

  it('survives a restart: stopped part-way, the job goes back to the queue and completes after the next start', async () => {
    let id = '';
    for (let attempt = 0; attempt < 5 && !id; attempt++) {
      const res = await node.call('POST', 'mdapi/vendor/export-job', { token: buyer, json: { q: JSON.stringify({ short_name: { op: 'prefix', value: 'JOB ' } }) } });
      const candidate = res.body.data.results.id;
      while ((await info(buyer, candidate)).body.data.results.done_rows === 0) await new Promise((r) => setTimeout(r, 20));
      // Hold the job between two batches (the vendor table locked; on PGlite the one connection
      // itself), stop the server, and let the job go on only once the stop has begun.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let taken!: (status: string) => void;
      const status = new Promise<string>((r) => (taken = r));
      const holder = database.db.asSystem(async (tx) => {
        if (database.db.kind === 'postgres') await tx.execute(sql`lock table md_vendor in access exclusive mode`);
        const [row] = ((await tx.execute(sql`select status from transfer_job where id = ${candidate}`)) as unknown as { rows: Array<{ status: string }> }).rows;
        taken(row.status);
        await held;
      });
      if ((await status) === 'done') {
        release(); // finished before it could be held: try again with a new job
        await holder;
        continue;
      }
      const closing = node.app.close();
      while (!node.logs.some((l) => l.includes('import/export jobs stopping'))) await new Promise((r) => setTimeout(r, 10));
      release();
      await holder;
      await closing;
      id = candidate;
    }
    expect(id).not.toBe('');
    const [stopped] = ((await database.db.asSystem((tx) => tx.execute(sql`select status from transfer_job where id = ${id}`))) as unknown as { rows: Array<{ status: string }> }).rows;
    expect(stopped.status).toBe('queued'); // handed back, not finished
    node = await startNode();
    const { job } = await follow(buyer, id);
    expect(job).toMatchObject({ status: 'done', done_rows: ROWS, result: { rows: ROWS } });
    const file = await download(node.url, 'utilsapi/transfer-jobs/download', buyer, { id });
    expect(file.status).toBe(200);
    const [sheet] = await readXlsx(file.bytes);
    expect(sheet.rows.length).toBe(ROWS + 1);
  }, 600_000);
});
