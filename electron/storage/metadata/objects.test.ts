import { describe, expect, it } from 'vitest';
import { headersToKeep } from './objects';

describe('headersToKeep', () => {
  it('picks the headers an object POST would drop, raw, and nothing else', () => {
    const disposition = Buffer.from("attachment; filename*=UTF-8''Zürich.txt", 'utf8').toString('latin1');
    const headers = new Headers({
      'Content-Type': 'text/plain',
      'Content-Disposition': disposition,
      'Content-Encoding': 'gzip',
      'Cache-Control': 'no-cache',
      'Content-Language': 'de',
      Expires: 'Wed, 21 Oct 2037 07:28:00 GMT',
      'X-Delete-At': '2000000000',
      'X-Object-Manifest': 'segs/big/',
      'X-Object-Meta-A': '1',
      Etag: 'abc',
      'Content-Length': '5',
    });
    expect(headersToKeep(headers)).toEqual({
      'content-disposition': disposition,
      'content-encoding': 'gzip',
      'cache-control': 'no-cache',
      'content-language': 'de',
      expires: 'Wed, 21 Oct 2037 07:28:00 GMT',
      'x-delete-at': '2000000000',
      'x-object-manifest': 'segs/big/',
    });
  });

  it('is empty for a plain object with nothing to keep', () => {
    expect(headersToKeep(new Headers({ 'Content-Type': 'text/plain', Etag: 'abc' }))).toEqual({});
  });
});
