import { describe, expect, it } from 'vitest';
import { activityLine, activityText, matchesActivity, statusClassOf, type ActivityEntry } from './activity';

const entry: ActivityEntry = {
  seq: 7,
  at: Date.UTC(2026, 10, 28, 10, 0, 0, 5),
  region: 'RegionOne',
  host: '127.0.0.1:8081',
  method: 'HEAD',
  account: 'AUTH_test',
  container: 'gone',
  status: 404,
  sent: 0,
  received: 0,
  ms: 3.4,
  requestId: 'txabc-123',
};

describe('activity entries', () => {
  it('fall in a status class; no answer is "failed"', () => {
    expect([200, 304, 404, 503].map((status) => statusClassOf({ status }))).toEqual(['2xx', '3xx', '4xx', '5xx']);
    expect(statusClassOf({})).toBe('failed');
  });

  it('match a filter by status class and by text anywhere in the line, ignoring case', () => {
    expect(matchesActivity(entry, {})).toBe(true);
    expect(matchesActivity(entry, { status: '4xx' })).toBe(true);
    expect(matchesActivity(entry, { status: '2xx' })).toBe(false);
    expect(matchesActivity(entry, { text: 'TXABC' })).toBe(true);
    expect(matchesActivity(entry, { text: 'gone', status: '4xx' })).toBe(true);
    expect(matchesActivity(entry, { text: 'other' })).toBe(false);
  });

  it('read as one tab-separated line, a name never breaking it', () => {
    expect(activityLine(entry)).toBe(
      '2026-11-28T10:00:00.005Z\tRegionOne\tHEAD\tgone\t404\t0\t0\t3\ttxabc-123\t127.0.0.1:8081',
    );
    const odd = activityLine({ ...entry, object: 'a\tb\nc' });
    expect(odd.split('\t')).toHaveLength(10);
    expect(odd).toContain('gone/a\\tb\\nc');
    expect(activityText([entry]).split('\n')[0]).toBe(
      'time\tregion\tmethod\ttarget\tstatus\tsent\treceived\tms\trequest id\thost',
    );
  });
});
