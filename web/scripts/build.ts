// `npm run build` (and `npm start`, `npm run e2e`): builds the web app without ever pulling files from
// under a running server (issue 22, point 1). Vite empties its output folder first, so a build into
// the folder a server serves left it half-empty for seconds: pages and assets answered 404 on every
// server of that checkout. Instead each build goes into a fresh folder web/dist.<id>, and web/dist is a
// symbolic link switched to it in one rename; a server follows the link at every request. The
// previous build's own asset files are carried into the new one, so a tab opened before the switch
// still loads its lazy chunks. A build whose inputs have not changed since the current one is skipped.
//   tsx web/scripts/build.ts [--force]
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const STAMP = '.seamline-build';
const BUILD_NAME = /^dist\.([0-9a-z]+)-(\d+)$/;

/** The build web/dist points at, or undefined (no build yet, or an old-style folder). */
function currentBuild(webDir: string): string | undefined {
  try {
    return join(webDir, basename(readlinkSync(join(webDir, 'dist'))));
  } catch {
    return undefined; // not there, or a folder (EINVAL)
  }
}

/** Files a Vite build wrote itself (its manifest), with their pre-compressed copies. */
function ownAssets(build: string): string[] {
  let manifest: Record<string, { file: string; css?: string[]; assets?: string[] }>;
  try {
    manifest = JSON.parse(readFileSync(join(build, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return [];
  }
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) for (const f of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
  return [...files].flatMap((f) => [f, `${f}.br`, `${f}.gz`]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface PublishResult {
  /** The build web/dist now points at. */
  build: string;
  /** false: the current build already had this stamp. */
  built: boolean;
}

/**
 * Builds into a fresh web/dist.<id> with `build`, then switches `webDir`/dist to it atomically.
 * With a `stamp` equal to the current build's, nothing is built.
 */
export async function publishBuild(webDir: string, build: (outDir: string) => Promise<void>, stamp?: string): Promise<PublishResult> {
  const dist = join(webDir, 'dist');
  const previous = currentBuild(webDir);
  if (stamp && previous && existsSync(join(previous, 'index.html')) && readIf(join(previous, STAMP)) === stamp) return { build: previous, built: false };

  const out = join(webDir, `dist.${Date.now().toString(36)}-${process.pid}`);
  try {
    await build(out);
    if (!existsSync(join(out, 'index.html'))) throw new Error(`the build wrote no index.html into ${out}`);
    if (previous) await carryAssets(previous, out);
    if (stamp) await writeFile(join(out, STAMP), stamp);
  } catch (err) {
    await rm(out, { recursive: true, force: true });
    throw err;
  }

  // An old-style web/dist folder (built in place) moves aside once; from then on web/dist is a link.
  const stat = lstatOrUndefined(dist);
  if (stat && !stat.isSymbolicLink()) await rename(dist, join(webDir, `dist.0-${process.pid}`));
  const next = `${dist}.link-${process.pid}`;
  await rm(next, { force: true });
  await symlink(basename(out), next);
  await rename(next, dist);
  await prune(webDir, out);
  return { build: out, built: true };
}

/** The previous build's own files the new one lacks, hard-linked (copied across devices) into it. */
async function carryAssets(previous: string, out: string): Promise<void> {
  for (const file of ownAssets(previous)) {
    const from = join(previous, file);
    const to = join(out, file);
    if (!existsSync(from) || existsSync(to)) continue;
    await mkdir(join(to, '..'), { recursive: true });
    await link(from, to).catch(() => copyFile(from, to));
  }
}

/** Every other build folder, except those another build process is still writing. */
async function prune(webDir: string, keep: string): Promise<void> {
  for (const name of readdirSync(webDir)) {
    const m = BUILD_NAME.exec(name);
    const path = join(webDir, name);
    if (!m || path === keep) continue;
    const pid = Number(m[2]);
    if (pid !== process.pid && alive(pid)) continue;
    await rm(path, { recursive: true, force: true });
  }
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

function readIf(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** What the web build is made of: sources (paths, sizes, modification times), locked packages, VITE_ variables. */
export function inputsStamp(root: string): string {
  const hash = createHash('sha256');
  const skip = /(^|\/)(node_modules|dist(\.[^/]*)?|\.vite)$/;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (skip.test(rel) || entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const s = statSync(path);
        hash.update(`${rel}\0${s.size}\0${s.mtimeMs}\n`);
      }
    }
  };
  for (const dir of ['web', 'areas', 'core']) walk(join(root, dir));
  hash.update(readFileSync(join(root, 'package-lock.json')));
  for (const [k, v] of Object.entries(process.env).sort()) if (k.startsWith('VITE_')) hash.update(`${k}=${v}\n`);
  return hash.digest('hex');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const webDir = join(root, 'web');
  const force = process.argv.includes('--force');
  const result = await publishBuild(
    webDir,
    async (outDir) => {
      const { build } = await import('vite');
      await build({ configFile: join(webDir, 'vite.config.ts'), build: { outDir, emptyOutDir: true } });
    },
    force ? undefined : inputsStamp(root),
  );
  console.log(result.built ? `web app built into ${relative(root, result.build)}; web/dist points there` : `web app up to date (${relative(root, result.build)})`);
}
