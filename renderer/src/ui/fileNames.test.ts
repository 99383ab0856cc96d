import { describe, expect, it } from 'vitest';
import { baseName, copyName, uploadName } from './fileNames';

describe('file names', () => {
  it('takes the last segment of local paths on any platform', () => {
    expect(baseName('/home/ann/report.txt')).toBe('report.txt');
    expect(baseName('C:\\Users\\ann\\photo.jpg')).toBe('photo.jpg');
    expect(baseName('/trailing/slash/')).toBe('slash');
    expect(uploadName('docs/2024/', '/tmp/x/a b.txt')).toBe('docs/2024/a b.txt');
    expect(uploadName('', '/tmp/a.txt')).toBe('a.txt');
  });

  it('names a copy beside the original, keeping the extension', () => {
    expect(copyName('docs/report.txt')).toBe('docs/report copy.txt');
    expect(copyName('README')).toBe('README copy');
    expect(copyName('.env')).toBe('.env copy');
    expect(copyName('a.b/c')).toBe('a.b/c copy');
  });
});
