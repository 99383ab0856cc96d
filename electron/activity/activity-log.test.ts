// The ring keeps the last entries in order, bounded, and readers see what was evicted or cleared.
import { describe, expect, it } from 'vitest';
import { ACTIVITY_CAPACITY } from '../../shared/activity';
import { ActivityLog } from './activity-log';

const entry = (n: number) => ({ at: n, region: 'RegionOne', host: 'h:1', method: 'GET', ms: n });
const seqs = (log: ActivityLog, after = 0, limit = 1000) => log.since(after, limit).map((e) => e.seq);

describe('the activity log', () => {
  it('numbers entries from 1 and reads them after a seq, a page at a time', () => {
    const log = new ActivityLog(10);
    for (let n = 0; n < 5; n++) log.append(entry(n));
    expect(seqs(log)).toEqual([1, 2, 3, 4, 5]);
    expect(seqs(log, 3)).toEqual([4, 5]);
    expect(seqs(log, 0, 2)).toEqual([1, 2]);
    expect(seqs(log, 5)).toEqual([]);
    expect([log.first, log.next]).toEqual([1, 6]);
  });

  it('keeps only the last `capacity` entries, the oldest making way', () => {
    const log = new ActivityLog(4);
    for (let n = 0; n < 11; n++) log.append(entry(n));
    expect(seqs(log)).toEqual([8, 9, 10, 11]);
    expect(log.all().map((e) => e.at)).toEqual([7, 8, 9, 10]);
    expect([log.first, log.next]).toEqual([8, 12]);
    // A reader that last saw seq 2 gets what is still held, and `first` tells it what it missed.
    expect(seqs(log, 2)).toEqual([8, 9, 10, 11]);
  });

  it('holds 10,000 by default, and appending stays constant time past it', () => {
    const log = new ActivityLog();
    const total = ACTIVITY_CAPACITY * 5;
    for (let n = 0; n < total; n++) log.append(entry(n));
    expect(log.all()).toHaveLength(ACTIVITY_CAPACITY);
    expect(log.first).toBe(total - ACTIVITY_CAPACITY + 1);
    expect(log.all().at(-1)?.seq).toBe(total);
  });

  it('clears without reusing seqs', () => {
    const log = new ActivityLog(4);
    for (let n = 0; n < 3; n++) log.append(entry(n));
    log.clear();
    expect(log.all()).toEqual([]);
    expect([log.first, log.next]).toEqual([4, 4]);
    log.append(entry(9));
    expect(seqs(log, 3)).toEqual([4]);
  });
});
