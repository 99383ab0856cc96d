/**
 * Starts the worker for one operation and waits for its measurement. The
 * worker is bundled first, as build/bundle.ts bundles the app's main process,
 * so the process measured holds the app's code and not a TypeScript loader
 * (tsx alone adds some 50 MiB of RSS and half a second of start-up).
 */
import { builtinModules } from 'node:module';
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { Op, OpResult } from './ops';
import { ROOT } from './options';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts');
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

let bundled: string | undefined;

/** Bundles worker.ts into `outDir` (once per run); answers the bundle's path. */
export async function bundleWorker(outDir: string): Promise<string> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: false,
      target: 'node22',
      minify: false,
      ssr: WORKER,
      rollupOptions: { external: nodeBuiltins, output: { format: 'es', entryFileNames: 'bench-worker.mjs' } },
    },
    ssr: { noExternal: true },
  });
  bundled = path.join(outDir, 'bench-worker.mjs');
  return bundled;
}

export function runWorker(op: Op): Promise<OpResult> {
  if (!bundled) throw new Error('bundleWorker() first');
  const script = bundled;
  return new Promise((resolve, reject) => {
    const child = fork(script, [JSON.stringify(op)], { execArgv: [], stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    let result: OpResult | undefined;
    const err: Buffer[] = [];
    child.stderr!.on('data', (b: Buffer) => err.push(b));
    child.on('message', (m) => (result = m as OpResult));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (result && code === 0) return resolve(result);
      const tail = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-5).join('\n');
      reject(new Error(`bench worker "${op.kind}" exited ${code}${tail ? `:\n${tail}` : ''}`));
    });
  });
}
