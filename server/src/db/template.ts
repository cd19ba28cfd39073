// A first start without initdb and migrations: PGlite's initdb alone takes seconds (WASM), and the
// migrations several more. A fresh data directory starts as a copy of a migrated (not yet seeded)
// one, named by a hash of the migration files (a plain file copy: no tarball to unpack, nothing held
// in memory), and then migrates as usual (nothing left to do). The copy comes from:
//   1. the build: `npm start`'s build step makes it beside the bundle (prepareBuiltTemplate), so a
//      new user's very first start, and a built product copied to another machine, skip both (issue 29);
//   2. otherwise the OS temp dir, where the first start of a set of migrations on this machine left it.
// Demo data is not cached: it follows the areas' code and each install seeds its own.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BUILD_DIR } from '../paths';
import { MIGRATIONS_DIR, migratePgliteDb } from './migrate';
import { openPglite, type PgliteDb } from './pglite';

// Copies of older migration sets (another checkout may still start from one for a while).
const STALE_MS = 24 * 60 * 60_000;

/** The folder holding the data directory of the current migrations (PGLITE_TEMPLATE_DIR overrides its parent). */
export function migratedTemplatePath(parent = process.env.PGLITE_TEMPLATE_DIR || join(tmpdir(), 'seamline-pglite')): string {
  const hash = createHash('sha256');
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  for (const f of walk(MIGRATIONS_DIR).sort()) hash.update(f.slice(MIGRATIONS_DIR.length)).update(readFileSync(f));
  return join(parent, `migrated-${hash.digest('hex').slice(0, 16)}`);
}

const isDataDir = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/** Where the build keeps its template (beside the bundle). */
const builtTemplatePath = () => migratedTemplatePath(join(BUILD_DIR, 'pglite'));

/**
 * The build's step (`node server/dist/main.mjs --prepare-template`): the migrated template beside
 * the bundle, made unless it is there already for these migrations (copied from the OS temp dir's
 * when that one is). Templates of older migrations beside it are removed. Returns its folder.
 */
export async function prepareBuiltTemplate(): Promise<string> {
  const template = builtTemplatePath();
  if (isDataDir(template)) return template;
  const cached = migratedTemplatePath();
  const work = mkdtempSync(join(tmpdir(), 'seamline-template-'));
  try {
    if (isDataDir(cached)) cpSync(cached, work, { recursive: true });
    const db = await openPglite({ dataDir: work });
    await migratePgliteDb(db.client);
    await db.close();
    saveTemplate(work, template, 0);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return template;
}

/** Opens the PGlite data directory at `dataDir` migrated, starting a new one from the cached copy. */
export async function openMigratedPglite(dataDir: string): Promise<PgliteDb> {
  const built = isDataDir(dataDir) ? null : builtTemplatePath();
  if (built && isDataDir(built)) {
    cpSync(built, dataDir, { recursive: true });
    const db = await openPglite({ dataDir });
    await migratePgliteDb(db.client);
    return db;
  }
  const template = isDataDir(dataDir) ? null : migratedTemplatePath();
  if (template && isDataDir(template)) cpSync(template, dataDir, { recursive: true });
  let db = await openPglite({ dataDir });
  await migratePgliteDb(db.client);
  if (template && !isDataDir(template)) {
    // Closed while copied, so the copy is a consistent data directory; only a cache, so a
    // failure costs the next first start its time, nothing else.
    await db.close();
    try {
      saveTemplate(dataDir, template);
    } catch {
      // ignored (see above)
    }
    db = await openPglite({ dataDir });
  }
  return db;
}

/** Copies the data directory to `template`; removes other templates beside it older than `staleMs`. */
function saveTemplate(dataDir: string, template: string, staleMs = STALE_MS): void {
  const parent = dirname(template);
  mkdirSync(parent, { recursive: true });
  // Copy then rename: a concurrent first start never copies half a folder.
  const partial = `${template}.${process.pid}.partial`;
  cpSync(dataDir, partial, { recursive: true });
  renameSync(partial, template);
  for (const name of readdirSync(parent)) {
    const path = join(parent, name);
    if (path !== template && Date.now() - statSync(path).mtimeMs >= staleMs) rmSync(path, { recursive: true, force: true });
  }
}
