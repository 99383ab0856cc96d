/** `npm start`: build, then launch Electron on the built main process, or say in one line why not. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from './bundle';
import { ELECTRON_MISSING, findElectronBinary } from './electron-binary';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const binary = findElectronBinary();
if (!binary) {
  console.error(ELECTRON_MISSING);
  process.exit(1);
}
await bundle();
const child = spawn(binary, [root, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
