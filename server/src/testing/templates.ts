// Fresh, migrated and seeded databases for tests, cheaply.
// - PGlite: migrate + seed ONE instance, dump its data dir to a tarball cached in the OS temp dir
//   (keyed by a hash of the migrations and the areas' server code, so a change rebuilds it),
//   then load that tarball for every test file (~0.5 s instead of ~7 s).
// - DATABASE_URL set: ONE database seamline_template_<hash>_<time> on that server, migrated and seeded by the
//   first file that needs it (the others wait on an advisory lock), then a database
//   seamline_t_<time>_<random> per file copied from it (CREATE DATABASE … TEMPLATE, well under a
//   second instead of migrating and seeding each: under CI's load that took over two minutes),
//   dropped again by close().
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { AREAS } from '../areas';
import type { Db } from '../db';
import { MIGRATIONS_DIR, migratePgliteDb, migratePostgres } from '../db/migrate';
import { wrapPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { seed } from '../seed';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const STALE_TEMPLATE_MS = 24 * 60 * 60_000;

export interface TestDatabase {
  db: Db;
  /** The server URL of this database (DATABASE_URL runs only). */
  url?: string;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? openServerDatabase(serverUrl) : openPgliteFromTemplate();
}

async function openPgliteFromTemplate(): Promise<TestDatabase> {
  const tarball = await pgliteTemplate();
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(tarball)]) });
  const db = wrapPglite(client);
  return { db, close: () => db.close() };
}

async function pgliteTemplate(): Promise<string> {
  const dir = join(tmpdir(), 'seamline-test-templates');
  const file = join(dir, `pglite-${sourceHash()}.tar.gz`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create();
  await migratePgliteDb(client);
  const db = wrapPglite(client);
  await seed(db, AREAS);
  const dump = await client.dumpDataDir('gzip');
  await db.close();
  // Write then rename: a reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  // Templates of older code: keep a day's worth, another checkout may be using one right now.
  for (const old of readdirSync(dir)) {
    const path = join(dir, old);
    if (path !== file && Date.now() - statSync(path).mtimeMs > STALE_TEMPLATE_MS) rmSync(path, { force: true });
  }
  return file;
}

/** Everything that shapes a seeded database: the migrations and the areas' server and meta code. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const files = [
    ...listFiles(MIGRATIONS_DIR),
    ...listFiles(join(REPO, 'server/src')).filter((f) => !f.includes('/testing/')),
    ...listFiles(join(REPO, 'areas')).filter((f) => /\/(server|meta)\//.test(f)),
  ].filter((f) => !/\.test\.ts$/.test(f));
  for (const f of files.sort()) hash.update(relative(REPO, f)).update(readFileSync(f));
  return hash.digest('hex').slice(0, 16);
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const TEST_DB_PREFIX = 'seamline_t_';
/** Databases left behind by an interrupted run are dropped once they are this old. */
const STALE_MS = 60 * 60_000;

async function openServerDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `${TEST_DB_PREFIX}${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, async (admin) => {
    const template = await serverTemplate(serverUrl, admin);
    await dropStale(admin);
    await admin.query(`create database "${name}" template "${template}"`);
  });
  const db = openPostgres(databaseUrl(serverUrl, name), 5);
  return {
    db,
    url: databaseUrl(serverUrl, name),
    close: async () => {
      await db.close();
      await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

const TEMPLATE_PREFIX = 'seamline_template_';
/** Any number: only test runs take it, on the server's admin database. */
const TEMPLATE_LOCK = 73_110_411;

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** The migrated, seeded database of this code (built once per server and source hash). */
async function serverTemplate(serverUrl: string, admin: pg.Client): Promise<string> {
  const prefix = `${TEMPLATE_PREFIX}${sourceHash()}_`;
  const existing = async () =>
    (await admin.query<{ datname: string }>('select datname from pg_database where datname like $1 and datname not like $2 order by datname desc limit 1', [`${prefix}%`, '%_building'])).rows[0]?.datname;
  const found = await existing();
  if (found) return found;
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const built = await existing();
    if (built) return built;
    // Built under another name and renamed when whole: an interrupted build leaves no template.
    const name = `${prefix}${Date.now()}`;
    const building = `${name}_building`;
    await admin.query(`drop database if exists "${building}" with (force)`);
    await admin.query(`create database "${building}"`);
    try {
      await migratePostgres(databaseUrl(serverUrl, building));
      const db = openPostgres(databaseUrl(serverUrl, building), 5);
      await seed(db, AREAS).finally(() => db.close());
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } catch (err) {
      await admin.query(`drop database if exists "${building}" with (force)`);
      throw err;
    }
    // Templates of other code go after a day (the time is in the name): another checkout on the
    // same server may be running its tests from one now.
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${TEMPLATE_PREFIX}%`]);
    for (const { datname } of rows) {
      const made = Number(datname.slice(TEMPLATE_PREFIX.length).split('_')[1]);
      if (Number.isFinite(made) && Date.now() - made > STALE_TEMPLATE_MS) await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

async function withAdmin<T>(serverUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

async function dropStale(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${TEST_DB_PREFIX}%`]);
  for (const { datname } of rows) {
    const created = Number(datname.slice(TEST_DB_PREFIX.length).split('_')[0]);
    if (Number.isFinite(created) && Date.now() - created > STALE_MS) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
  }
}
