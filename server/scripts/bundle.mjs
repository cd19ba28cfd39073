// `npm start` runs the server from one prebuilt file (server/dist/main.mjs) instead of compiling
// every TypeScript module through tsx at each start (issue 12, point 4: measured 24.7 → 6.5 s to
// listening and 212 → 137 MB idle RSS on PostgreSQL, alternated runs on a loaded machine). Our own
// sources (server, areas, core) and the pure-JavaScript packages are bundled: resolving and
// loading some 400 package files one by one took ~130 ms of every start (session 5). Tests and
// `npm run dev` still run the sources through tsx.
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Packages that load from node_modules at run time: they find files beside their own code
// (WASM, native addons, socket.io's client files, pino's worker files), are required lazily through
// createRequire (exceljs), or are imported only when configured (redis: REDIS_URL).
const EXTERNAL = /^(@electric-sql\/pglite|argon2|exceljs|highs|bwip-js|socket\.io|@socket\.io\/|engine\.io|redis|@redis\/|pino|thread-stream|pg-native|bufferutil|utf-8-validate)(\/|$)/;

await build({
  entryPoints: [`${root}server/src/main.ts`],
  outfile: `${root}server/dist/main.mjs`,
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
        // import.meta.url keeps meaning the source file's own place (migrations, web/dist, createRequire).
        b.onLoad({ filter: /\.ts$/ }, async (args) => {
          const text = await readFile(args.path, 'utf8');
          if (!text.includes('import.meta.url')) return undefined;
          return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
        });
      },
    },
  ],
});
