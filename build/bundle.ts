/**
 * Builds the three bundles with Vite: the renderer (a web page), the main
 * process (Node, CommonJS for Electron) and the preload (one self-contained
 * CommonJS file, because a sandboxed preload can only `require('electron')`).
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (dir: string) => path.join(root, 'dist', dir);
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

function nodeBundle(entry: string, outDir: string, fileName: string, external: string[]): InlineConfig {
  return {
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: true,
      ssr: entry,
      rollupOptions: { external, output: { format: 'cjs', entryFileNames: fileName } },
    },
    ssr: { noExternal: true },
  };
}

export async function bundle(): Promise<void> {
  await build({ configFile: path.join(root, 'renderer/vite.config.ts'), logLevel: 'warn' });
  await build(nodeBundle('electron/main.ts', out('main'), 'main.cjs', ['electron', ...nodeBuiltins]));
  await build(nodeBundle('electron/preload.ts', out('preload'), 'preload.cjs', ['electron']));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundle();
  console.log(`Built renderer, main and preload into ${path.join(root, 'dist')}`);
}
