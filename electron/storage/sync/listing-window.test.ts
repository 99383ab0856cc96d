import { describe, expect, it } from 'vitest';
import { listingWindow } from './prepare';

describe('the listing window a batch of a sync plan is checked in', () => {
  it('starts just before the first name and ends just after the last, in Swift order', () => {
    expect(listingWindow('p/', ['m.txt', 'b.txt', 'x😀', 'x\uE000'])).toEqual({
      marker: 'p/b.tx',
      endMarker: 'p/x😀\u{10FFFF}',
    });
  });

  it('a one-letter first name with no prefix lists from the start; no names, no window', () => {
    expect(listingWindow('', ['a', 'b'])).toEqual({ endMarker: 'b\u{10FFFF}' });
    expect(listingWindow('', [])).toEqual({});
    // The marker drops a whole character, never half of a surrogate pair.
    expect(listingWindow('', ['😀z', '😀'])).toEqual({ endMarker: '😀z\u{10FFFF}' });
  });
});
