import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXCLUDES } from '../../../shared/sync';
import { saveSyncExcludes, syncExcludesOf } from './excludes-store';

describe('exclusion patterns saved per connection profile', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-excludes-'));
    file = path.join(dir, 'sync', 'excludes.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('each profile keeps its own; one never saved, or an unreadable file, gets the defaults', async () => {
    expect(await syncExcludesOf(file, 'work')).toEqual(DEFAULT_EXCLUDES);
    await saveSyncExcludes(file, 'work', ['*.log']);
    await saveSyncExcludes(file, undefined, []);
    expect(await syncExcludesOf(file, 'work')).toEqual(['*.log']);
    expect(await syncExcludesOf(file, undefined)).toEqual([]);
    expect(await syncExcludesOf(file, 'home')).toEqual(DEFAULT_EXCLUDES);
    fs.writeFileSync(file, '[1,2');
    expect(await syncExcludesOf(file, 'work')).toEqual(DEFAULT_EXCLUDES);
  });
});
