/** The SPA build: sources in web/, output in dist/ (served by the Fastify app), /api proxied in dev. */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: fromRoot('./web'),
  plugins: [react()],
  build: {
    outDir: fromRoot('./dist'),
    emptyOutDir: true,
    sourcemap: false,
    // Minified size of the entry chunk (React, Mantine, Query, Router, date-fns): about 640 kB, 196 kB gzip.
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
