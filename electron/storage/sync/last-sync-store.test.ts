import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastSyncedOf, recordSynced, type SyncPair } from './last-sync-store';

describe('when a folder and a place in Swift were last synchronized', () => {
  let dir: string;
  let file: string;
  const pair: SyncPair = { region: 'RegionOne', container: 'docs', prefix: 'notes/', folder: '/home/a/notes' };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-last-sync-'));
    file = path.join(dir, 'sync', 'last-sync.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is kept per region, container, prefix and folder; never synchronized: undefined', async () => {
    expect(await lastSyncedOf(file, pair)).toBeUndefined();
    await recordSynced(file, pair, 1_700_000_000.5);
    await recordSynced(file, { ...pair, region: 'RegionTwo' }, 1_700_000_100);
    expect(await lastSyncedOf(file, pair)).toBe(1_700_000_000.5);
    expect(await lastSyncedOf(file, { ...pair, region: 'RegionTwo' })).toBe(1_700_000_100);
    expect(await lastSyncedOf(file, { ...pair, prefix: '' })).toBeUndefined();
    expect(await lastSyncedOf(file, { ...pair, folder: '/home/a/other' })).toBeUndefined();
    await recordSynced(file, pair, 1_700_000_200);
    expect(await lastSyncedOf(file, pair)).toBe(1_700_000_200);
  });

  it('a damaged file, or a value that is no number, is "never"; the next sync writes it afresh', async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"broken');
    expect(await lastSyncedOf(file, pair)).toBeUndefined();
    fs.writeFileSync(file, JSON.stringify({ [JSON.stringify(['RegionOne', 'docs', 'notes/', '/home/a/notes'])]: 'x' }));
    expect(await lastSyncedOf(file, pair)).toBeUndefined();
    await recordSynced(file, pair, 5);
    expect(await lastSyncedOf(file, pair)).toBe(5);
  });

  it('keeps the newest 1,000 pairs, dropping the oldest', async () => {
    const many: Record<string, number> = {};
    for (let i = 0; i < 1000; i++) many[JSON.stringify(['RegionOne', 'c', `p${i}/`, '/f'])] = i + 1;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(many));
    await recordSynced(file, pair, 2000);
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
    expect(Object.keys(kept)).toHaveLength(1000);
    expect(
      await lastSyncedOf(file, { region: 'RegionOne', container: 'c', prefix: 'p0/', folder: '/f' }),
    ).toBeUndefined();
    expect(await lastSyncedOf(file, { region: 'RegionOne', container: 'c', prefix: 'p1/', folder: '/f' })).toBe(2);
    expect(await lastSyncedOf(file, pair)).toBe(2000);
  });
});
