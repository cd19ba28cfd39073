// Backup and restore of one deployment: its database and its stored files, with a manifest
// (docs/operations.md 'Backup and restore'). One archive file (tar):
//   manifest.json      format, time, the code's version, migrations, file list with checksums
//   database.tar.gz    PGlite: PGlite's own dump of its data directory (dumpDataDir)
//   database.dump      PostgreSQL: pg_dump's custom format (Debian's postgresql-client)
//   files/…            the stored files (FILES_DIR); not included when they live in S3
// Restore brings a fresh data directory or an empty database back to exactly that state, and
// refuses anything else: it never overwrites a deployment that holds data.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_DIR, newestMigrationMillis } from '../db/migrate';
import { openPglite } from '../db/pglite';

const run = promisify(execFile);
export const BACKUP_FORMAT = 'seamline-backup/1';

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** The code that wrote it: package version and, when known, the git commit. */
  version: string;
  database: { kind: 'pglite' | 'postgres'; file: string; migrations: number; newestMigration: number };
  files: { included: boolean; count: number; bytes: number; note?: string };
  /** sha256 of every other file in the archive, by its path there. */
  checksums: Record<string, string>;
}

export interface BackupSource {
  /** PGlite: the open instance (the server's own, or one opened on a stopped data directory). */
  pglite?: PGlite;
  /** PostgreSQL: the database's URL. */
  databaseUrl?: string;
  /** The stored files' folder; undefined when they live in S3. */
  filesDir?: string;
  version?: string;
}

/** Writes one archive to `out` (a file path); returns its manifest. Atomic: a partial archive never has the name. */
export async function backup(source: BackupSource, out: string): Promise<Manifest> {
  const work = mkdtempSync(join(tmpdir(), 'seamline-backup-'));
  try {
    let kind: Manifest['database']['kind'];
    let file: string;
    let migrations: { count: number; newest: number };
    if (source.pglite) {
      kind = 'pglite';
      file = 'database.tar.gz';
      // A checkpoint first: the dump is then a clean data directory, not one that must replay WAL.
      await source.pglite.exec('checkpoint');
      migrations = await migrationsOf((text) => source.pglite!.query<Record<string, unknown>>(text).then((r) => r.rows));
      const dump = await source.pglite.dumpDataDir('gzip');
      writeFileSync(join(work, file), Buffer.from(await dump.arrayBuffer()));
    } else if (source.databaseUrl) {
      kind = 'postgres';
      file = 'database.dump';
      migrations = await withClient(source.databaseUrl, (c) => migrationsOf((text) => c.query(text).then((r) => r.rows)));
      // One snapshot of the whole database (pg_dump runs in a single repeatable-read transaction).
      await run('pg_dump', ['--format=custom', '--file', join(work, file), '--dbname', source.databaseUrl], { maxBuffer: 16 * 1024 * 1024 });
    } else throw new Error('backup: no database given');

    const files = { included: false, count: 0, bytes: 0 } as Manifest['files'];
    if (source.filesDir) {
      files.included = true;
      if (existsSync(source.filesDir)) cpSync(source.filesDir, join(work, 'files'), { recursive: true });
      else mkdirSync(join(work, 'files'));
    } else files.note = 'stored files live in S3: back the bucket up with its own versioning or replication';

    const checksums: Record<string, string> = {};
    for (const path of listFiles(work)) {
      const rel = relative(work, path);
      checksums[rel] = await sha256(path);
      if (rel.startsWith('files/')) {
        files.count++;
        files.bytes += statSync(path).size;
      }
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      version: source.version ?? 'unknown',
      database: { kind, file, migrations: migrations.count, newestMigration: migrations.newest },
      files,
      checksums,
    };
    writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(dirname(out), { recursive: true });
    const partial = `${out}.${process.pid}.partial`;
    await run('tar', ['-cf', partial, '-C', work, '.']);
    renameSync(partial, out);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export interface RestoreTarget {
  /** PGlite: the data directory to create (DATA_DIR/pglite); it must not hold a database. */
  pgliteDir?: string;
  /** PostgreSQL: an empty database. */
  databaseUrl?: string;
  /** Where the stored files go back to; it must be empty or absent. */
  filesDir?: string;
}

/** Unpacks, checks every checksum and restores; throws a plain sentence when it cannot. Returns the manifest. */
export async function restore(archive: string, target: RestoreTarget): Promise<Manifest> {
  const work = mkdtempSync(join(tmpdir(), 'seamline-restore-'));
  try {
    await run('tar', ['-xf', archive, '-C', work]).catch(() => {
      throw new Error(`${archive} is not a Seamline backup (it is not a tar archive)`);
    });
    const manifestPath = join(work, 'manifest.json');
    if (!existsSync(manifestPath)) throw new Error(`${archive} is not a Seamline backup (no manifest.json)`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`unknown backup format '${manifest.format}'`);
    for (const [rel, sum] of Object.entries(manifest.checksums)) {
      const path = join(work, rel);
      if (!existsSync(path) || (await sha256(path)) !== sum) throw new Error(`the backup is damaged: ${rel} does not match its checksum`);
    }
    if (manifest.database.newestMigration > newestMigrationMillis()) {
      throw new Error('the backup was made by a newer Seamline than this one: upgrade the code first, then restore');
    }
    const dump = join(work, manifest.database.file);
    if (manifest.database.kind === 'pglite') {
      if (!target.pgliteDir) throw new Error('this backup is of an embedded (PGlite) database: restore it without DATABASE_URL');
      if (existsSync(join(target.pgliteDir, 'PG_VERSION'))) throw new Error(`${target.pgliteDir} already holds a database: restore into an empty DATA_DIR, or move it away first`);
      mkdirSync(target.pgliteDir, { recursive: true });
      const db = await openPglite({ dataDir: target.pgliteDir, loadDataDir: new Blob([readFileSync(dump)]) });
      await db.close();
    } else {
      if (!target.databaseUrl) throw new Error('this backup is of a PostgreSQL database: restore it with DATABASE_URL set');
      await withClient(target.databaseUrl, async (c) => {
        const { rows } = await c.query<{ n: string }>(`select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
        if (Number(rows[0]!.n) > 0) throw new Error('the target database is not empty: create a new database and restore into it');
        // The role the row-level security policies name is cluster-wide; a new cluster lacks it.
        await c.query(`do $$ begin create role seamline_app nologin; exception when duplicate_object or unique_violation then null; end $$`);
      });
      await run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', target.databaseUrl, dump], { maxBuffer: 16 * 1024 * 1024 });
    }
    if (manifest.files.included && target.filesDir) {
      if (existsSync(target.filesDir) && readdirSync(target.filesDir).length > 0) throw new Error(`${target.filesDir} is not empty: restore the files into an empty folder`);
      cpSync(join(work, 'files'), target.filesDir, { recursive: true });
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function migrationsOf(query: (text: string) => Promise<Array<Record<string, unknown>>>): Promise<{ count: number; newest: number }> {
  const [present] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as p`);
  if (!present?.p) return { count: 0, newest: 0 };
  const [row] = await query('select count(*)::int as n, coalesce(max(created_at), 0)::bigint as newest from drizzle.__drizzle_migrations');
  return { count: Number(row!.n), newest: Number(row!.newest) };
}

/** One connection for `fn`, closed after it. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function sha256(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path).on('data', (d) => hash.update(d)).on('end', () => resolve(hash.digest('hex'))).on('error', reject);
  });
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

/** The code's version for the manifest: package.json's, and the commit when run from a checkout. */
export async function codeVersion(): Promise<string> {
  const root = join(MIGRATIONS_DIR, '..', '..');
  let version = 'unknown';
  try {
    version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? version;
  } catch {
    // a deployment without package.json beside it
  }
  const commit = await run('git', ['-C', root, 'rev-parse', '--short', 'HEAD']).then((r) => r.stdout.trim()).catch(() => '');
  return commit ? `${version}+${commit}` : version;
}
