import { describe, expect, it } from 'vitest';
import { verification } from './download';

const answer = (status: number, headers: Record<string, string>) => ({ status, headers: new Headers(headers) });
const md5 = '0123456789abcdef0123456789abcdef';

describe('what a download can be checked against', () => {
  it('checks length and MD5 of a plain object', () => {
    expect(verification(answer(200, { 'content-length': '12', etag: md5 }))).toEqual({ length: 12, md5 });
  });

  it('checks only the length of a static or dynamic large object, whose ETag is not the content MD5', () => {
    expect(
      verification(answer(200, { 'content-length': '5', etag: `"${md5}"`, 'x-static-large-object': 'True' })),
    ).toEqual({
      length: 5,
      md5: undefined,
    });
    expect(verification(answer(200, { 'content-length': '5', etag: `"${md5}"` }))).toEqual({
      length: 5,
      md5: undefined,
    });
    expect(verification(answer(200, { 'content-length': '5', etag: md5, 'x-object-manifest': 'c/p' }))).toEqual({
      length: 5,
      md5: undefined,
    });
  });

  it('checks only the length of a range', () => {
    expect(verification(answer(206, { 'content-length': '5', etag: md5 }))).toEqual({ length: 5, md5: undefined });
  });

  it('checks length and MD5 of an encoded object too, since its stored bytes are saved as they are', () => {
    expect(verification(answer(200, { 'content-length': '5', etag: md5, 'content-encoding': 'gzip' }))).toEqual({
      length: 5,
      md5,
    });
  });
});
