import { describe, expect, it } from 'vitest';
import { manifestKind, objectInfoFromHeaders } from './head';

describe('manifestKind', () => {
  it('tells plain objects, SLOs, DLOs and symlinks apart by their headers', () => {
    expect(manifestKind(new Headers({ etag: 'abc' }))).toBe('plain');
    expect(manifestKind(new Headers({ 'X-Static-Large-Object': 'True' }))).toBe('slo');
    expect(manifestKind(new Headers({ 'X-Static-Large-Object': 'false' }))).toBe('plain');
    expect(manifestKind(new Headers({ 'X-Object-Manifest': 'segs/file/' }))).toBe('dlo');
    expect(manifestKind(new Headers({ 'X-Symlink-Target': 'c/o' }))).toBe('symlink');
  });

  it('calls a symlink a symlink even when Swift also reports its SLO target', () => {
    expect(manifestKind(new Headers({ 'X-Symlink-Target': 'c/slo', 'X-Static-Large-Object': 'True' }))).toBe('symlink');
  });
});

describe('objectInfoFromHeaders', () => {
  it('reads size, unquoted etag, type, ISO time and UTF-8 metadata with lower-case keys', () => {
    const headers = new Headers({
      'Content-Length': '6',
      Etag: '"a9e079f0c00bf1bc4d84444e42dc83d7"',
      'Content-Type': 'text/plain; charset=utf-8',
      'Last-Modified': 'Sat, 21 Nov 2026 20:29:01 GMT',
      'X-Object-Meta-City': Buffer.from('Zürich ☁', 'utf8').toString('latin1'),
      'X-Object-Meta-UPPER': 'yes',
      'X-Static-Large-Object': 'True',
    });
    expect(objectInfoFromHeaders('c', 'a b', headers)).toEqual({
      container: 'c',
      name: 'a b',
      bytes: 6,
      etag: 'a9e079f0c00bf1bc4d84444e42dc83d7',
      contentType: 'text/plain; charset=utf-8',
      lastModified: '2026-11-21T20:29:01.000Z',
      metadata: { city: 'Zürich ☁', upper: 'yes' },
      manifest: 'slo',
    });
  });

  it('keeps an unquoted etag as it is and survives missing headers', () => {
    const info = objectInfoFromHeaders('c', 'o', new Headers({ etag: 'd41d8cd98f00b204e9800998ecf8427e' }));
    expect(info).toMatchObject({
      etag: 'd41d8cd98f00b204e9800998ecf8427e',
      bytes: 0,
      contentType: '',
      lastModified: '',
    });
  });
});
