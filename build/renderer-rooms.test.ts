// The renderer's rooms import one way only (RENDERER_DOORS in eslint.config.js); this proves each rule bites,
// using the project's own config, and that every folder of renderer/src is a room with a rule.
import { ESLint } from 'eslint';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(root, 'renderer/src');
const eslint = new ESLint({ cwd: root });

/** The rule ids lint reports for a file in `room` that imports each of `from`. */
async function ruleIds(file: string, from: string): Promise<string[]> {
  const code = `import { x } from '${from}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const STOPPED = ['no-restricted-imports'];
const rooms = fs
  .readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The first lint loads the config and its plugins (seconds on a busy 2-core machine): a longer wait than Vitest's 5 s.
describe('lint keeps the renderer rooms one-way', { timeout: 60_000 }, () => {
  it('has a rule for every folder of renderer/src: none but shell/ may import the shell', async () => {
    expect(rooms).toEqual(expect.arrayContaining(['ui', 'cache', 'browse', 'shell', 'transfers']));
    for (const room of rooms.filter((r) => r !== 'shell')) {
      expect(await ruleIds(`${room}/Bad.tsx`, '../shell/App'), room).toEqual(STOPPED);
    }
    expect(await ruleIds('shell/Bad.tsx', '../browse/ObjectsPane')).toEqual([]);
  });

  it('opens api.ts, ui/ and cache/ to every room, and keeps ui/ and cache/ below the rest', async () => {
    for (const room of rooms.filter((r) => r !== 'ui' && r !== 'cache')) {
      for (const from of ['../api', '../ui/Dialog', '../cache/queryKeys']) {
        expect(await ruleIds(`${room}/Fine.tsx`, from), `${room} → ${from}`).toEqual([]);
      }
    }
    expect(await ruleIds('ui/Fine.tsx', '../api')).toEqual([]);
    expect(await ruleIds('cache/Fine.ts', '../api')).toEqual([]);
    expect(await ruleIds('ui/Bad.tsx', '../cache/queries')).toEqual(STOPPED);
    expect(await ruleIds('cache/Bad.ts', '../ui/format')).toEqual(STOPPED);
    expect(await ruleIds('cache/Bad.ts', '../transfers/types')).toEqual(STOPPED);
    expect(await ruleIds('api.ts', './cache/queryKeys')).toEqual(STOPPED);
  });

  it('keeps feature rooms apart, except the named exceptions, which go one way', async () => {
    expect(await ruleIds('metadata/Bad.tsx', '../versions/queries')).toEqual(STOPPED);
    expect(await ruleIds('access/Bad.tsx', '../quotas/ContainerQuota')).toEqual(STOPPED);
    expect(await ruleIds('transfers/Bad.tsx', '../objects/queries')).toEqual(STOPPED);
    expect(await ruleIds('temp-urls/Bad.tsx', '../account/AccountDetails')).toEqual(STOPPED);
    expect(await ruleIds('settings/Bad.tsx', '../browse/queries')).toEqual(STOPPED);
    for (const [room, door] of [
      ['profiles', 'auth'],
      ['regions', 'transfers'],
      ['versions', 'transfers'],
    ]) {
      expect(await ruleIds(`${room}/Fine.tsx`, `../${door}/x`), `${room} → ${door}`).toEqual([]);
      expect(await ruleIds(`${door}/Bad.tsx`, `../${room}/x`), `${door} → ${room}`).toEqual(STOPPED);
    }
  });

  it('lets account/, containers/ and objects/ compose features, but not each other or the browser', async () => {
    expect(await ruleIds('containers/Fine.tsx', '../website/ContainerWebsite')).toEqual([]);
    expect(await ruleIds('account/Fine.tsx', '../segments/SegmentsDialog')).toEqual([]);
    expect(await ruleIds('objects/Bad.tsx', '../containers/queries')).toEqual(STOPPED);
    expect(await ruleIds('account/Bad.tsx', '../browse/selection')).toEqual(STOPPED);
    expect(await ruleIds('browse/Fine.tsx', '../objects/RenameDialog')).toEqual([]);
  });

  it('still keeps the process boundary inside a room', async () => {
    expect(await ruleIds('access/Bad.tsx', 'electron')).toEqual(STOPPED);
    expect(await ruleIds('shell/Bad.tsx', 'node:fs')).toEqual(STOPPED);
  });
});

describe('renderer stylesheets', () => {
  it('are named in kebab-case', () => {
    const sheets = fs
      .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.css'))
      .map((file) => path.basename(file));
    expect(sheets.length).toBeGreaterThan(10);
    expect(sheets.filter((name) => !/^[a-z0-9]+(-[a-z0-9]+)*\.css$/.test(name))).toEqual([]);
  });
});
