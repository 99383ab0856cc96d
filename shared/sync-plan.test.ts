import { describe, expect, it } from 'vitest';
import type { SyncEntry } from './sync';
import { planActions } from './sync-plan';

const remote = (mtime: number | undefined, lastModified = '2026-01-01T00:00:00.000000') => ({
  bytes: 4,
  etag: 'e',
  lastModified,
  mtime,
});
const entries: SyncEntry[] = [
  { name: 'here.txt', kind: 'onlyLocal', local: { bytes: 3, mtime: 100 } },
  { name: 'there.txt', kind: 'onlyRemote', remote: remote(undefined) },
  { name: 'mine-newer.txt', kind: 'different', why: 'content', local: { bytes: 4, mtime: 5000 }, remote: remote(1000) },
  { name: 'theirs-newer.txt', kind: 'different', why: 'size', local: { bytes: 2, mtime: 1000 }, remote: remote(5000) },
];
const summary = (actions: ReturnType<typeof planActions>) => actions.map((a) => `${a.kind} ${a.name}`);

describe('a sync plan', () => {
  it('upload sends what is only here and every difference, and touches nothing only in Swift', () => {
    expect(summary(planActions(entries, 'upload', true))).toEqual([
      'upload here.txt',
      'upload mine-newer.txt',
      'upload theirs-newer.txt',
    ]);
    expect(planActions(entries, 'upload', false)[0]).toMatchObject({ reason: 'only on this computer', bytes: 3 });
  });

  it('download mirrors it; a mirror deletes the extras only when "also delete" is ticked', () => {
    expect(summary(planActions(entries, 'download', true))).toEqual([
      'download there.txt',
      'download mine-newer.txt',
      'download theirs-newer.txt',
    ]);
    expect(summary(planActions(entries, 'mirrorUp', false))).not.toContain('deleteRemote there.txt');
    expect(summary(planActions(entries, 'mirrorUp', true))).toContain('deleteRemote there.txt');
    expect(summary(planActions(entries, 'mirrorDown', true))).toContain('deleteLocal here.txt');
  });

  it('both ways: the newer wins by mtime; changed on both sides since the last sync, or neither newer, is a conflict', () => {
    expect(summary(planActions(entries, 'both', false))).toEqual([
      'upload here.txt',
      'download there.txt',
      'upload mine-newer.txt',
      'download theirs-newer.txt',
    ]);
    const both = planActions(entries, 'both', false, 500);
    expect(both.filter((a) => a.kind === 'conflict').map((a) => a.name)).toEqual([
      'mine-newer.txt',
      'theirs-newer.txt',
    ]);
    const tie: SyncEntry = {
      name: 't',
      kind: 'different',
      why: 'content',
      local: { bytes: 4, mtime: 1000.5 },
      remote: remote(1000),
    };
    expect(planActions([tie], 'both', false)[0]).toMatchObject({
      kind: 'conflict',
      reason: 'content differs, and neither is newer: not decided',
    });
    // No recorded mtime: Swift's Last-Modified (UTC) stands for the object's time.
    const old: SyncEntry = {
      name: 'o',
      kind: 'different',
      why: 'content',
      local: { bytes: 4, mtime: 2e9 },
      remote: remote(undefined, '2020-01-01T00:00:00.000000'),
    };
    expect(planActions([old], 'both', false)[0]!.kind).toBe('upload');
  });
});
