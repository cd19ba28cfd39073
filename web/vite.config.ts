import { lstatSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// Dev only: the API server the dev proxy forwards to (never bind 3000 from here, just point at it).
const apiTarget = `http://127.0.0.1:${process.env.SEAMLINE_API_PORT || 3000}`;

/**
 * The entry's stylesheet (a few KB of global rules) goes into index.html as a <style>: a linked one
 * blocks the first paint for one more round trip (Lighthouse mobile, issue 12: /login FCP). The file
 * stays in the build (the manifest and lazily loaded chunks may still name it).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'seamline-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (link, file: string) => {
          const asset = ctx.bundle?.[file];
          if (!asset || asset.type !== 'asset' || asset.source.length > 16_000) return link;
          return `<style>${String(asset.source).replaceAll('</style', '<\\/style')}</style>`;
        });
      },
    },
  };
}

/**
 * web/dist is a link to the build a running server serves (web/scripts/build.ts): building into it would
 * empty that build under the server (emptyOutDir). `npm run build` builds beside it and switches.
 */
function refuseLiveBuild(): Plugin {
  return {
    name: 'seamline-refuse-live-build',
    apply: 'build',
    configResolved(config) {
      const out = resolve(config.root, config.build.outDir);
      let linked = false;
      try {
        linked = lstatSync(out).isSymbolicLink();
      } catch {
        /* not there yet */
      }
      if (linked) throw new Error(`${out} is the live build (a link): run \`npm run build\`, or pass --outDir <a folder of your own>`);
    },
  };
}

/**
 * The engine's doors for areas (web/src/engine/door.ts, '@seamline/web/engine') re-export the whole
 * engine: every area's eagerly loaded register.ts imports from them. Declared free of side effects,
 * so the bundler follows only the re-exports a module uses: a screen re-exported there still loads
 * with the lazily loaded pages that use it, never with the entry (docs/architecture.md 'Doors').
 */
function sideEffectFreeDoors(): Plugin {
  const doors = new Set([fileURLToPath(new URL('./src/engine/door.ts', import.meta.url))]);
  return {
    name: 'seamline-side-effect-free-doors',
    transform(code, id) {
      return doors.has(id) ? { code, map: null, moduleSideEffects: false } : undefined;
    },
  };
}

export default defineConfig({
  root: webDir,
  plugins: [refuseLiveBuild(), react(), sideEffectFreeDoors(), inlineEntryCss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets us measure what a route really loads (e.g. /login ≤ 350 KB gzip).
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // areas/*/web and core/ live outside web/, and are imported as source.
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/files': { target: apiTarget, changeOrigin: true }, // uploaded files (server/src/engine/transfer)
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/files': { target: apiTarget, changeOrigin: true }, // uploaded files (server/src/engine/transfer)
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
