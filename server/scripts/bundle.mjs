// `npm start` runs the server from one prebuilt file (server/dist/main.mjs) instead of compiling
// every TypeScript module through tsx at each start (issue 12, point 4: measured 24.7 → 6.5 s to
// listening and 212 → 137 MB idle RSS on PostgreSQL, alternated runs on a loaded machine). Our own
// sources (server, areas, core) and the pure-JavaScript packages are bundled: resolving and
// loading some 400 package files one by one took ~130 ms of every start (session 5). Tests and
// `npm run dev` still run the sources through tsx.
//
// `node server/scripts/bundle.mjs [folder]` writes main.mjs (and its map) into `folder`, by default
// server/dist. The bundle finds the product's files at run time from where it stands
// (server/src/paths.ts): it must stand two folders below the product's root, as server/dist does.
// Nothing of the build folder's path goes into it (issue 22, point 1). Each file is written beside
// its place and renamed over it, so a server starting meanwhile never reads half a bundle.
import { readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outdir = resolve(process.argv[2] ?? `${root}server/dist`);

// Packages that load from node_modules at run time: they find files beside their own code
// (WASM, native addons, socket.io's client files, pino's worker files), are required lazily through
// createRequire (exceljs), or are imported only when configured (redis: REDIS_URL).
const EXTERNAL = /^(@electric-sql\/pglite|argon2|exceljs|highs|bwip-js|socket\.io|@socket\.io\/|engine\.io|redis|@redis\/|pino|thread-stream|pg-native|bufferutil|utf-8-validate)(\/|$)/;

// In the bundle import.meta.url is the bundle's own file: a source file that finds a file relative to
// its own place would look in the wrong folder, so only server/src/paths.ts (as deep as the bundle) may.
const PATHS_MODULE = resolve(root, 'server/src/paths.ts');
const RELATIVE_URL = /new URL\(\s*['"`]\.{1,2}\/[^)]*import\.meta\.url/;

const result = await build({
  entryPoints: [`${root}server/src/main.ts`],
  // Module names in the bundle's comments and __esm keys are relative to this folder: from the
  // product's root they read 'server/node_modules/…' wherever the build was run, never '../../<folder>/…'.
  absWorkingDir: root.replace(/\/$/, ''),
  outfile: `${outdir}/main.mjs`,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS packages call require() (node built-ins, the external packages above).
  banner: { js: "import { createRequire as __seamlineRequire } from 'node:module'; const require = __seamlineRequire(import.meta.url);" },
  plugins: [
    {
      name: 'seamline-sources',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (EXTERNAL.test(args.path) ? { path: args.path, external: true } : undefined));
        b.onLoad({ filter: /\.ts$/ }, async (args) => {
          if (args.path === PATHS_MODULE) return undefined;
          const text = await readFile(args.path, 'utf8');
          if (!RELATIVE_URL.test(text)) return undefined;
          return { errors: [{ text: `${relative(root, args.path)} resolves a file relative to import.meta.url: in the bundle that is the bundle's place; use server/src/paths.ts` }] };
        });
      },
    },
  ],
});

await mkdir(outdir, { recursive: true });
// The map first: main.mjs names it, and main.mjs is what a starting server reads.
const files = [...result.outputFiles].sort((a, b) => Number(a.path.endsWith('.mjs')) - Number(b.path.endsWith('.mjs')));
for (const file of files) {
  const part = `${file.path}.${process.pid}.part`;
  await writeFile(part, file.contents);
  await rename(part, file.path);
}
