import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  build: {
    outDir: path.resolve(here, '../dist/renderer'),
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: true,
    // Inlined assets would need a looser CSP; keep every asset a file.
    assetsInlineLimit: 0,
    // pdf.js is one ~1.6 MB chunk, loaded only when a PDF is previewed; the start-up chunk stays small.
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      onwarn(warning, warn) {
        // React Query marks its modules "use client" for server-component bundlers; meaningless here.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
