// A first start without initdb and migrations: PGlite's initdb alone takes seconds (WASM), and the
// migrations several more. The first time a set of migrations is applied on this machine, the
// migrated (not yet seeded) data directory is copied to a folder in the OS temp dir, named by a
// hash of the migration files; every later fresh data directory starts as a copy of it (a plain
// file copy: no tarball to unpack, nothing held in memory) and then migrates as usual (nothing
// left to do). Demo data is not cached: it follows the areas' code and each install seeds its own.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

/** Opens the PGlite data directory at `dataDir` migrated, starting a new one from the cached copy. */
export async function openMigratedPglite(dataDir: string): Promise<PgliteDb> {
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

function saveTemplate(dataDir: string, template: string): void {
  const parent = dirname(template);
  mkdirSync(parent, { recursive: true });
  // Copy then rename: a concurrent first start never copies half a folder.
  const partial = `${template}.${process.pid}.partial`;
  cpSync(dataDir, partial, { recursive: true });
  renameSync(partial, template);
  for (const name of readdirSync(parent)) {
    const path = join(parent, name);
    if (path !== template && Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
}
