import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// Dev only: the API server the dev proxy forwards to (never bind 3000 from here, just point at it).
const apiTarget = `http://127.0.0.1:${process.env.SEAMLINE_API_PORT || 3000}`;

export default defineConfig({
  root: webDir,
  plugins: [react(), precompress()],
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
