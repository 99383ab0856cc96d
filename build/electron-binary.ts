import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The Electron binary, if it is on disk. The `electron` package downloads it on
 * first `require`, which cannot work offline, so this looks without requiring:
 * the package's `path.txt` names the executable inside its `dist/` folder.
 */
export function findElectronBinary(): string | undefined {
  let packageDir: string;
  try {
    packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = path.join(packageDir, 'path.txt');
  if (!fs.existsSync(pathFile)) return undefined;
  const executable = fs.readFileSync(pathFile, 'utf8').trim();
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(packageDir, 'dist');
  const binary = path.join(distDir, executable);
  return fs.existsSync(binary) ? binary : undefined;
}

export const ELECTRON_MISSING =
  'The Electron binary is not installed (node_modules/electron has no dist/). Run `npx install-electron` with internet access, then try again.';
