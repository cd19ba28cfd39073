// Gzip size of the JavaScript a route loads: the entry, the route's lazy page modules, and every
// chunk they import statically (from web/dist/.vite/manifest.json of `vite build`).
// Usage: npx tsx web/scripts/route-size.ts [page source, repo-relative …]   (default: the /login page)
//   e.g. npx tsx web/scripts/route-size.ts web/src/shell/ShellLayout.tsx web/src/pages/workspace/WorkspaceHome.tsx
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, Chunk>;
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['areas/access/web/LoginPage.tsx'];
// Manifest keys are relative to web/ (the vite root): web/src/x → src/x, areas/x → ../areas/x.
const manifestKey = (repoPath: string) => (repoPath.startsWith('web/') ? repoPath.slice(4) : `../${repoPath}`);

const seen = new Set<string>();
function walk(key: string) {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) walk(dep);
}
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
for (const page of pages) {
  const key = manifestKey(page);
  if (!manifest[key]) throw new Error(`no chunk for ${page}`);
  walk(key);
}

let raw = 0;
let gz = 0;
for (const key of seen) {
  const buf = readFileSync(dist + manifest[key].file);
  raw += buf.length;
  gz += gzipSync(buf, { level: 9 }).length;
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`${pages.join(', ')}: ${seen.size} chunks, ${kb(raw)} raw, ${kb(gz)} gzip`);
