import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM_PRELOAD = path.join(root, 'dist/e2e/chromium-preload.js');

/** Bundles the real electron/preload.ts for Chromium, with `electron` swapped for the shim. */
export async function buildChromiumPreload(): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias: { electron: path.join(root, 'e2e/chromium/electron-shim.ts') } },
    build: {
      outDir: path.dirname(CHROMIUM_PRELOAD),
      emptyOutDir: true,
      minify: false,
      lib: {
        entry: path.join(root, 'electron/preload.ts'),
        formats: ['iife'],
        name: 'cirrusPreload',
        fileName: () => path.basename(CHROMIUM_PRELOAD),
      },
    },
  });
}
