// What /login transfers (issue 12, point 2: at most 350 KB): index.html, the entry chunk and every
// chunk it imports statically, the login page's chunk and its imports, their CSS, and the icon —
// as a browser receives them: the build's .br files (HTTPS) or .gz files (plain HTTP, where
// browsers offer no brotli). From the manifest of a build (WEB_DIST, default web/dist; run
// `npm run build` first). Lighthouse itself is not a dependency: docs/benchmarks.md has its scores.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const LOGIN_PAGE = '../areas/access/web/LoginPage.tsx';
const BUDGET_KB = 350;
/** A string every build of antd's CSS-in-JS engine carries (@ant-design/cssinjs). */
const ANTD_MARKER = 'cssinjs';

export async function benchLogin() {
  const dist = process.env.WEB_DIST || fileURLToPath(new URL('../web/dist/', import.meta.url));
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.log(`\n/login transfer: no build at ${dist} (npm run build, or WEB_DIST=…) — skipped`);
    return;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const files = new Set<string>(['index.html', 'favicon.svg']);
  const seen = new Set<string>();
  // The entry's stylesheet is inlined into index.html (web/vite.config.ts): counted there, once.
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) if (!manifest[key].isEntry || html.includes(css)) files.add(css);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
  walk(LOGIN_PAGE);
  const size = (f: string, ext: string) => {
    const p = join(dist, f + ext);
    return existsSync(p) ? statSync(p).size : statSync(join(dist, f)).size; // small files are sent as they are
  };
  const sum = (ext: string) => [...files].reduce((n, f) => n + size(f, ext), 0) / 1000;
  const [raw, br, gz] = [sum(''), sum('.br'), sum('.gz')];
  console.log(`\n/login transfer — ${files.size} files: ${raw.toFixed(0)} KB raw, brotli ${br.toFixed(0)} KB (${(br / BUDGET_KB).toFixed(2)} of ${BUDGET_KB} KB), gzip ${gz.toFixed(0)} KB (${(gz / BUDGET_KB).toFixed(2)} of ${BUDGET_KB} KB)`);
  // The sign-in page paints without antd (router/AntdLayout brings it for every other route): its
  // style engine's marker must not be in any file /login loads.
  const withAntd = [...files].filter((f) => f.endsWith('.js') && readFileSync(join(dist, f), 'utf8').includes(ANTD_MARKER));
  if (withAntd.length) throw new Error(`/login loads antd (${withAntd.join(', ')}): keep it off the sign-in page's critical path`);
  console.log('/login loads no antd: yes');
}
