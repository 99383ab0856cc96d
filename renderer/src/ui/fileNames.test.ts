import { describe, expect, it } from 'vitest';
import { archiveFormat, baseName, copyName, uploadName } from './fileNames';

describe('file names', () => {
  it('takes the last segment of local paths on any platform', () => {
    expect(baseName('/home/ann/report.txt')).toBe('report.txt');
    expect(baseName('C:\\Users\\ann\\photo.jpg')).toBe('photo.jpg');
    expect(baseName('/trailing/slash/')).toBe('slash');
    expect(uploadName('docs/2024/', '/tmp/x/a b.txt')).toBe('docs/2024/a b.txt');
    expect(uploadName('', '/tmp/a.txt')).toBe('a.txt');
  });

  it('recognises the archives Swift can extract, and nothing else', () => {
    expect(archiveFormat('site.tar.gz')).toBe('tar.gz');
    expect(archiveFormat('SITE.TGZ')).toBe('tar.gz');
    expect(archiveFormat('logs.tar.bz2')).toBe('tar.bz2');
    expect(archiveFormat('plain.tar')).toBe('tar');
    expect(archiveFormat('notes.gz')).toBeUndefined();
    expect(archiveFormat('tar')).toBeUndefined();
    expect(archiveFormat('report.txt')).toBeUndefined();
  });

  it('names a copy beside the original, keeping the extension', () => {
    expect(copyName('docs/report.txt')).toBe('docs/report copy.txt');
    expect(copyName('README')).toBe('README copy');
    expect(copyName('.env')).toBe('.env copy');
    expect(copyName('a.b/c')).toBe('a.b/c copy');
  });
});
