// Backup and restore round trips on the database this run uses (PGlite, or PostgreSQL with
// DATABASE_URL): every table's row count and every stored file come back equal; a damaged archive,
// a newer backup and a target that holds data are refused.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../db/pglite';
import { openTestDatabase, type TestDatabase } from '../testing';
import { backup, restore, withClient } from './backup';
import { answerBackupRequests, requestFile, resultFile, runningServer } from './backupSignal';

const COUNTS = `select schemaname || '.' || tablename as t from pg_tables where schemaname in ('public', 'drizzle') order by 1`;

async function rowCounts(query: (text: string) => Promise<Array<Record<string, unknown>>>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { t } of await query(COUNTS)) out[t as string] = Number((await query(`select count(*)::int as n from ${t as string}`))[0]!.n);
  return out;
}

function tree(dir: string): Record<string, string> {
  const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  return Object.fromEntries(walk(dir).map((f) => [relative(dir, f), readFileSync(f).toString('base64')]));
}

let source: TestDatabase;
let work: string;
let filesDir: string;
let before: Record<string, number>;
const onPostgres = !!process.env.DATABASE_URL;

const pgQuery = (url: string) => (text: string) => withClient(url, async (c) => (await c.query(text)).rows);
const sourceQuery = () => (onPostgres ? pgQuery(source.url!) : async (text: string) => (await (source.db as unknown as { client: PGlite }).client.query<Record<string, unknown>>(text)).rows);

beforeAll(async () => {
  source = await openTestDatabase();
  work = mkdtempSync(join(tmpdir(), 'seamline-backup-test-'));
  filesDir = join(work, 'files');
  mkdirSync(join(filesDir, 'attachments', 'c1', '2026', '11'), { recursive: true });
  writeFileSync(join(filesDir, 'attachments', 'c1', '2026', '11', 'a.pdf'), randomBytes(70_000));
  writeFileSync(join(filesDir, 'logo.png'), randomBytes(1_000));
  before = await rowCounts(sourceQuery());
});
afterAll(async () => {
  await source?.close();
  rmSync(work, { recursive: true, force: true });
});

const sourceOf = () => (onPostgres ? { databaseUrl: source.url! } : { pglite: (source.db as unknown as { client: PGlite }).client });

describe('backup and restore', () => {
  it('round-trips the demo data and the stored files exactly', async () => {
    expect(before['public.sys_user'] ?? before['public.users'] ?? Object.values(before).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const archive = join(work, 'one.tar');
    const manifest = await backup({ ...sourceOf(), filesDir, version: 'test' }, archive);
    expect(manifest.database.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(manifest.database.migrations).toBeGreaterThan(40);
    expect(manifest.files).toMatchObject({ included: true, count: 2 });

    const restoredFiles = join(work, 'restored-files');
    if (onPostgres) {
      const name = `seamline_t_restore_${Date.now()}_${randomBytes(3).toString('hex')}`;
      await withClient(process.env.DATABASE_URL!, (c) => c.query(`create database "${name}"`));
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      try {
        await restore(archive, { databaseUrl: url.href, filesDir: restoredFiles });
        expect(await rowCounts(pgQuery(url.href))).toEqual(before);
        // A second restore into the same database is refused: it holds data now.
        await expect(restore(archive, { databaseUrl: url.href })).rejects.toThrow(/not empty/);
      } finally {
        await withClient(process.env.DATABASE_URL!, (c) => c.query(`drop database if exists "${name}" with (force)`));
      }
    } else {
      const dir = join(work, 'restored-pglite');
      await restore(archive, { pgliteDir: dir, filesDir: restoredFiles });
      const db = await openPglite({ dataDir: dir });
      try {
        expect(await rowCounts(async (text) => (await db.client.query<Record<string, unknown>>(text)).rows)).toEqual(before);
      } finally {
        await db.close();
      }
      await expect(restore(archive, { pgliteDir: dir })).rejects.toThrow(/already holds a database/);
    }
    expect(tree(restoredFiles)).toEqual(tree(filesDir));
  });

  it('refuses a damaged archive, a file that is no backup, and a backup newer than the code', async () => {
    const archive = join(work, 'two.tar');
    await backup({ ...sourceOf(), filesDir, version: 'test' }, archive);
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xf', archive, '-C', unpacked]);
    writeFileSync(join(unpacked, 'logo.png.extra'), 'x');
    writeFileSync(join(unpacked, 'files', 'logo.png'), 'tampered');
    const damaged = join(work, 'damaged.tar');
    execFileSync('tar', ['-cf', damaged, '-C', unpacked, '.']);
    await expect(restore(damaged, { pgliteDir: join(work, 'x1'), databaseUrl: process.env.DATABASE_URL })).rejects.toThrow(/damaged: files\/logo.png/);

    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    writeFileSync(join(unpacked, 'files', 'logo.png'), readFileSync(join(filesDir, 'logo.png')));
    manifest.database.newestMigration = Date.now() + 86_400_000;
    writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const newer = join(work, 'newer.tar');
    execFileSync('tar', ['-cf', newer, '-C', unpacked, '.']);
    await expect(restore(newer, { pgliteDir: join(work, 'x2'), databaseUrl: process.env.DATABASE_URL })).rejects.toThrow(/newer Seamline/);

    const notBackup = join(work, 'not.tar');
    writeFileSync(notBackup, 'hello');
    await expect(restore(notBackup, { pgliteDir: join(work, 'x3') })).rejects.toThrow(/not a Seamline backup/);
  });

  it.runIf(!onPostgres)('a running server on PGlite answers a backup request (SIGUSR2) without giving up its data directory', async () => {
    const dataDir = join(work, 'server-data');
    mkdirSync(dataDir);
    const client = (source.db as unknown as { client: PGlite }).client;
    const log = { info: () => undefined, error: () => undefined } as never;
    const answering = answerBackupRequests(client, dataDir, filesDir, log);
    try {
      expect(runningServer(dataDir)).toBe(process.pid);
      const out = join(work, 'signalled.tar');
      writeFileSync(requestFile(dataDir), JSON.stringify({ id: 'r1', out }));
      process.kill(process.pid, 'SIGUSR2');
      const deadline = Date.now() + 60_000;
      while (!readdirSync(dataDir).includes('backup-result-r1.json') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const answer = JSON.parse(readFileSync(resultFile(dataDir, 'r1'), 'utf8'));
      expect(answer).toMatchObject({ ok: true, manifest: { database: { kind: 'pglite' } } });
      const dir = join(work, 'restored-signalled');
      await restore(out, { pgliteDir: dir });
      const db = await openPglite({ dataDir: dir });
      try {
        expect(await rowCounts(async (text) => (await db.client.query<Record<string, unknown>>(text)).rows)).toEqual(before);
      } finally {
        await db.close();
      }
    } finally {
      answering.stop();
    }
    expect(runningServer(dataDir)).toBeNull();
  });
});
