import { describe, expect, it } from 'vitest';
import { chooseContentType, contentTypeFor, DEFAULT_CONTENT_TYPE } from './content-type';

describe('content type from the extension', () => {
  it.each([
    ['photo.JPG', 'image/jpeg'],
    ['dir/report.pdf', 'application/pdf'],
    ['C:\\docs\\notes.txt', 'text/plain; charset=utf-8'],
    ['archive.tar.gz', 'application/gzip'],
    ['data.json', 'application/json'],
  ])('%s → %s', (name, type) => {
    expect(contentTypeFor(name)).toBe(type);
  });

  it.each(['.bashrc', 'README', 'file.unknownext', 'dir.d/file', ''])('knows no type for %j', (name) => {
    expect(contentTypeFor(name)).toBeUndefined();
  });

  it('prefers the explicit type, then the object name, then the local file, then octet-stream', () => {
    expect(chooseContentType('text/x-custom', 'a.png')).toBe('text/x-custom');
    expect(chooseContentType(undefined, 'a.png', '/tmp/upload.pdf')).toBe('image/png');
    expect(chooseContentType(undefined, 'a', '/tmp/upload.pdf')).toBe('application/pdf');
    expect(chooseContentType(undefined, 'a', '/tmp/b')).toBe(DEFAULT_CONTENT_TYPE);
  });
});
