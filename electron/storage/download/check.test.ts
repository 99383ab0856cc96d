import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { completenessError, parseSloManifest, rangeLength } from './check';

const md5 = (data: string): string => createHash('md5').update(data).digest('hex');

describe('what a large object download is checked against', () => {
  it('reads a manifest as Swift 2.30 returns it: plain, ranged, inline data and nested segments', () => {
    // Rows copied from a `?multipart-manifest=get` answer of the harness (names shortened).
    const manifest = JSON.stringify([
      { name: '/c/seg/0', bytes: 1048576, hash: '7202826a7791073fe2787f0c94603278', content_type: 'text/plain' },
      { name: '/c/seg/1', bytes: 1048576, hash: '96767d2b46489f3520698a6df536dc4c', range: '10-1048575' },
      { data: Buffer.from('inline!').toString('base64') },
      { name: '/c/sub', bytes: 2000, hash: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', sub_slo: true },
      { name: '/c/seg/2', bytes: 4, hash: '"7AEA2552DFE7EB84B9443B6FC9BA6E01"' },
    ]);
    expect(parseSloManifest(manifest)).toEqual([
      { bytes: 1048576, md5: '7202826a7791073fe2787f0c94603278' },
      { bytes: 1048566, md5: undefined },
      { bytes: 7, md5: md5('inline!') },
      { bytes: 2000, md5: undefined },
      { bytes: 4, md5: '7aea2552dfe7eb84b9443b6fc9ba6e01' },
    ]);
  });

  it('refuses a manifest it cannot read, with a server error', () => {
    expect(() => parseSloManifest('<html>')).toThrow(expect.objectContaining({ code: 'server' }));
    expect(() => parseSloManifest(JSON.stringify([{ name: '/c/x', bytes: 5, hash: 'h', range: 'soon' }]))).toThrow(
      expect.objectContaining({ code: 'server' }),
    );
  });

  it('measures ranges of every form, clamped to the segment', () => {
    expect(rangeLength('0-9', 100)).toBe(10);
    expect(rangeLength('90-200', 100)).toBe(10);
    expect(rangeLength('40-', 100)).toBe(60);
    expect(rangeLength('-30', 100)).toBe(30);
    expect(rangeLength('-300', 100)).toBe(100);
    expect(rangeLength('9-3', 100)).toBeUndefined();
    expect(rangeLength('-', 100)).toBeUndefined();
  });

  it('tells an early end (network) from too many bytes (server) from a complete download', () => {
    const expected = { length: 10, md5: undefined, pieces: undefined };
    expect(completenessError('o', 4, expected)).toMatchObject({
      code: 'network',
      message: 'The download of "o" ended early (4 of 10 bytes); nothing was saved.',
    });
    expect(completenessError('o', 11, expected)).toMatchObject({ code: 'server' });
    expect(completenessError('o', 10, expected)).toBeUndefined();
    expect(completenessError('o', 10, { ...expected, length: undefined })).toBeUndefined();
  });
});
