import { describe, expect, it } from 'vitest';
import { markerAfter, parseObjectListing } from './listing';

describe('parseObjectListing', () => {
  it('keeps objects and pseudo-folders in order and drops fields Cirrus does not show', () => {
    const body = JSON.stringify([
      { subdir: 'a/' },
      {
        name: 'sym',
        hash: 'd41d8cd98f00b204e9800998ecf8427e',
        bytes: 0,
        content_type: 'application/symlink',
        last_modified: '2026-11-21T20:29:02.626780',
        symlink_path: '/v1/AUTH_test/c/o',
      },
    ]);
    expect(parseObjectListing(body)).toEqual([
      { subdir: 'a/' },
      {
        name: 'sym',
        hash: 'd41d8cd98f00b204e9800998ecf8427e',
        bytes: 0,
        content_type: 'application/symlink',
        last_modified: '2026-11-21T20:29:02.626780',
      },
    ]);
  });

  it('reads an empty body as an empty page and refuses what is not a listing', () => {
    expect(parseObjectListing('')).toEqual([]);
    expect(() => parseObjectListing('{"error":1}')).toThrow();
    expect(() => parseObjectListing('[{"name":"x"}]')).toThrow(/row 0/);
    const row = { name: 'x', hash: 'h', bytes: 1, content_type: 't', last_modified: 'm' };
    expect(() => parseObjectListing(JSON.stringify([row, { ...row, bytes: '1' }]))).toThrow(/row 1/);
    expect(() => parseObjectListing(JSON.stringify([row, null]))).toThrow(/row 1/);
    expect(() => parseObjectListing(JSON.stringify([{ ...row, slo_etag: 5 }]))).toThrow(/row 0/);
    expect(() => parseObjectListing(JSON.stringify([{ subdir: 7 }]))).toThrow(/row 0/);
  });

  it("keeps a static large object's slo_etag", () => {
    const row = { name: 'big', hash: 'h', bytes: 9, content_type: 't', last_modified: 'm', slo_etag: '"abc"' };
    expect(parseObjectListing(JSON.stringify([row]))).toEqual([row]);
  });
});

describe('markerAfter', () => {
  it('is the last name or pseudo-folder, and undefined for an empty page', () => {
    const obj = { name: 'b', hash: '', bytes: 0, content_type: '', last_modified: '' };
    expect(markerAfter([{ subdir: 'a/' }, obj])).toBe('b');
    expect(markerAfter([obj, { subdir: 'c/' }])).toBe('c/');
    expect(markerAfter([])).toBeUndefined();
  });
});
