// Writes a .br and a .gz beside every compressible file of the build, so the server sends the
// compressed bytes as they are (@fastify/static `preCompressed`) instead of compressing per request.
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
// Below this a compressed copy saves less than its own header costs.
const MIN_BYTES = 1024;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

function* filesOf(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(path);
    else yield path;
  }
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'seamline-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // Asynchronous, so zlib's thread pool compresses several files at once.
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const files = [...filesOf(outDir)].filter((p) => COMPRESSIBLE.test(p) && !p.includes('/.vite/') && statSync(p).size >= MIN_BYTES);
      await Promise.all(files.map(async (path) => {
        const raw = await readFile(path);
        const [b, g] = await Promise.all([
          br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          gz(raw, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, b), writeFile(`${path}.gz`, g)]);
      }));
    },
  };
}
