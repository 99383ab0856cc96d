import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { formatTimeLeft, overallText, percentOf, stateText } from './transferText';
import type { Transfer } from './types';

const extract: Transfer['request'] = {
  kind: 'extract',
  region: 'R',
  container: 'c',
  filePath: '/a.tar.gz',
};
const download: Transfer['request'] = { kind: 'download', region: 'R', container: 'c', name: 'n', targetDir: '/t' };
const base = { request: extract, loaded: 0, total: undefined, state: 'running', error: undefined } as const;

describe('stateText', () => {
  it('says how far a running transfer is', () => {
    expect(stateText({ ...base, loaded: 450, total: 1000 })).toBe('Uploading 45% · 450 B of 1,000 B');
    expect(stateText({ ...base, request: download, loaded: 1, total: 3 })).toBe('Downloading 33% · 1 B of 3 B');
    expect(stateText({ ...base, loaded: 2048 })).toBe('Uploading 2 KiB');
    expect(stateText({ ...base, loaded: 1000, total: 1000 })).toBe('Unpacking…');
  });

  it('says a transfer waits its turn while the files at once are all busy', () => {
    const waiting = { ...base, request: download, queued: true, loaded: 40, total: 100 };
    expect(stateText(waiting)).toBe('Queued: waiting for another transfer to finish');
    expect(stateText({ ...waiting, queued: false })).toBe('Downloading 40% · 40 B of 100 B');
  });

  it('says why a download was skipped, in the person’s words', () => {
    const skipped = {
      ...base,
      request: download,
      state: 'skipped',
      skipped: 'its name has a "." or ".." part',
    } as const;
    expect(stateText(skipped)).toBe('Skipped: its name has a "." or ".." part');
  });

  it('names the final state', () => {
    expect(stateText({ ...base, state: 'done' })).toBe('Done');
    expect(stateText({ ...base, request: download, state: 'cancelled' })).toBe('Cancelled');
    expect(stateText({ ...base, state: 'cancelled' })).toBe('Cancelled: files already unpacked stay in the container');
    const error = new ApiError({ code: 'network', message: 'The connection dropped.' });
    expect(stateText({ ...base, state: 'failed', error })).toBe('Failed: The connection dropped.');
  });
});

describe('stateText for emptying a container', () => {
  const empty = { kind: 'empty', region: 'r', container: 'c', thenDelete: true } as const;
  it('counts objects, not bytes, and says what a cancel leaves', () => {
    const running = { request: empty, state: 'running', loaded: 1200, total: 5000, error: undefined } as const;
    expect(stateText(running)).toBe('Deleting objects: 1,200 of 5,000');
    expect(stateText({ ...running, state: 'cancelled' })).toBe('Cancelled: objects already deleted stay deleted');
  });
});

describe('percentOf', () => {
  it('is whole percent, 100 when done or empty, unknown without a size', () => {
    expect(percentOf({ loaded: 999, total: 1000, state: 'running' })).toBe(99);
    expect(percentOf({ loaded: 0, total: 0, state: 'running' })).toBe(100);
    expect(percentOf({ loaded: 5, total: undefined, state: 'running' })).toBeUndefined();
    expect(percentOf({ loaded: 5, total: undefined, state: 'done' })).toBe(100);
  });
});

describe('speed and time left', () => {
  it('adds bytes of the total, the speed and the time left once the speed is known', () => {
    expect(stateText({ ...base, request: download, loaded: 512 * 1024, total: 1024 * 1024, rate: 128 * 1024 })).toBe(
      'Downloading 50% · 512 KiB of 1 MiB · 128 KiB/s · 4 s left',
    );
    expect(formatTimeLeft(125)).toBe('3 min left');
    expect(formatTimeLeft(3 * 3600 + 61)).toBe('3 h 2 min left');
  });

  it('sums the running transfers for the panel, when there are several of known size', () => {
    const t = (loaded: number, rate: number): Transfer => ({
      id: String(loaded),
      request: download,
      label: 'x',
      state: 'running',
      loaded,
      total: 1000,
      rate,
      error: undefined,
      extract: undefined,
      filePath: undefined,
    });
    expect(overallText([t(250, 100), t(750, 100)])).toBe('Overall 50% · 1,000 B of 2 KiB · 200 B/s · 5 s left');
    expect(overallText([t(250, 100)])).toBeUndefined();
  });
});
