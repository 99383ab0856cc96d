// The process boundaries are kept by lint; this proves the rules bite, using the project's own config.
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

// The first lint loads the config and its plugins (seconds on a busy 2-core machine): a longer wait than Vitest's 5 s.
describe('lint keeps the process boundaries', { timeout: 30_000 }, () => {
  it('stops the renderer importing Electron, Node or main-process code', async () => {
    const ids = await ruleIds(
      'renderer/src/Bad.ts',
      "import fs from 'node:fs';\nimport { ipcRenderer } from 'electron';\nimport { send } from '../../electron/storage/http';\nexport const x = [fs, ipcRenderer, send];\n",
    );
    expect(ids).toEqual(['no-restricted-imports', 'no-restricted-imports', 'no-restricted-imports']);
  });

  it('stops shared/ using Node or the DOM', async () => {
    const ids = await ruleIds(
      'shared/bad.ts',
      "import path from 'node:path';\nexport const y = () => [window.location, path];\n",
    );
    expect(ids).toEqual(['no-restricted-imports', 'no-restricted-globals']);
  });

  it('keeps the storage client free of Electron', async () => {
    expect(
      await ruleIds('electron/storage/bad.ts', "import { app } from 'electron';\nexport const z = app;\n"),
    ).toEqual(['no-restricted-imports']);
  });

  it('keeps the storage client free of Electron under any of its names', async () => {
    expect(
      await ruleIds('electron/storage/bad.ts', "import { app } from 'electron/main';\nexport const z = app;\n"),
    ).toEqual(['no-restricted-imports']);
    expect(
      await ruleIds('electron/ipc/bad.ts', "import { ipcMain } from 'electron/main';\nexport const z = ipcMain;\n"),
    ).toEqual(['no-restricted-imports']);
  });

  it('keeps the storage client below IPC, profiles and the desktop glue', async () => {
    for (const from of ['../ipc/handlers', '../profiles/profile-store', '../desktop/security']) {
      expect(
        await ruleIds('electron/storage/bad.ts', `import { x } from '${from}';\nexport const z = x;\n`),
        from,
      ).toEqual(['no-restricted-imports']);
    }
  });

  it('lets the desktop glue import Electron, and nothing else in electron/', async () => {
    const code = "import { app } from 'electron';\nexport const z = app;\n";
    expect(await ruleIds('electron/desktop/menu.ts', code)).toEqual([]);
    expect(await ruleIds('electron/ipc/dispatch.ts', code)).toEqual(['no-restricted-imports']);
  });

  it('forbids handing URLs or paths to the OS opener anywhere in the main process', async () => {
    const code =
      "import { shell } from 'electron';\nexport const z = (u: string) => [shell.openExternal(u), shell.openPath(u)];\n";
    expect(await ruleIds('electron/desktop/links.ts', code)).toEqual([
      'no-restricted-properties',
      'no-restricted-properties',
    ]);
    // The one exception: the file that opens an edit's own copy may open a path, never a URL.
    expect(await ruleIds('electron/desktop/open-path.ts', code)).toEqual(['no-restricted-properties']);
  });

  it('keeps test and harness code out of everything people run', async () => {
    const imports = [
      "import { HARNESS } from '../../testing/swift/config';",
      "import { fake } from '../testing/fake-electron';",
      "import { kit } from './transfers-testkit';",
      "import { x } from './paths.test';",
    ];
    for (const file of ['electron/storage/bad.ts', 'electron/ipc/bad.ts', 'shared/bad.ts', 'renderer/src/bad.ts']) {
      for (const line of imports) {
        const ids = await ruleIds(file, `${line}\nexport const y = 1;\n`);
        expect(ids, `${file}: ${line}`).toContain('no-restricted-syntax');
      }
    }
    // Tests and the testing folder may, of course.
    expect(await ruleIds('electron/storage/x.int.test.ts', `${imports[0]}\nexport const y = HARNESS;\n`)).toEqual([]);
  });

  it('enters a storage room only through its door, from anywhere outside the room', async () => {
    const past: [string, string][] = [
      ['electron/ipc/operations/bad.ts', '../../storage/objects/head'],
      ['electron/storage/segments/bad.ts', '../objects/listing'],
      ['electron/storage/bad.ts', './upload/part'],
      ['testing/electron/bad.ts', '../../electron/storage/download/temp'],
      ['e2e/bench/bad.ts', '../../electron/storage/regions/stream'],
      ['electron/main.ts', './storage/objects/head'],
      ['electron/desktop/bad.ts', '../storage/local/file'],
    ];
    for (const [file, from] of past) {
      expect(await ruleIds(file, `import { x } from '${from}';\nexport const z = x;\n`), `${file}: ${from}`).toEqual([
        'no-restricted-imports',
      ]);
    }
    const allowed: [string, string][] = [
      ['electron/ipc/operations/bad.ts', '../../storage/objects'],
      ['electron/storage/segments/bad.ts', '../objects'],
      ['electron/storage/objects/bad.ts', './head'],
      ['electron/storage/objects/bad.ts', '../http'],
      // Outside electron/, a folder that merely shares a room's name is no room.
      ['testing/swift/bad.ts', './auth/tokens'],
      ['e2e/fixtures/bad.ts', '../local/files'],
    ];
    for (const [file, from] of allowed) {
      expect(await ruleIds(file, `import { x } from '${from}';\nexport const z = x;\n`), `${file}: ${from}`).toEqual(
        [],
      );
    }
  });

  it('lets main.ts import Electron', async () => {
    expect(await ruleIds('electron/main.ts', "import { app } from 'electron';\nexport const z = app;\n")).toEqual([]);
  });
});
