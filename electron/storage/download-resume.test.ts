import { describe, expect, it } from 'vitest';
import { contentRange } from './download-resume';

describe('contentRange: what part a 206 says it holds', () => {
  it('reads the one form Swift sends for a single range', () => {
    expect(contentRange('bytes 1000000-2999999/3000000')).toEqual({ first: 1000000, last: 2999999, length: 3000000 });
    expect(contentRange(' bytes 0-0/1 ')).toEqual({ first: 0, last: 0, length: 1 });
  });

  it('refuses anything it cannot rely on', () => {
    for (const value of [
      null,
      '',
      'bytes */3000000',
      'bytes 5-4/10',
      'bytes 0-10/10',
      'bytes 0-9/*',
      'items 0-9/10',
      'bytes 0-9/10, 20-29/30',
      'bytes -1-9/10',
    ]) {
      expect(contentRange(value), String(value)).toBeUndefined();
    }
  });
});
