import { describe, expect, it } from 'vitest';
import { ARCHIVE_EXTENSIONS, ARCHIVE_FORMATS, formatFromName } from './archive-formats';

describe('formatFromName', () => {
  it('reads the format a name or path claims, whatever its case', () => {
    expect(formatFromName('/a/b.TAR.GZ')).toBe('tar.gz');
    expect(formatFromName('SITE.TGZ')).toBe('tar.gz');
    expect(formatFromName('old.taz')).toBe('tar.gz');
    expect(formatFromName('logs.tar.bz2')).toBe('tar.bz2');
    expect(formatFromName('b.tbz2')).toBe('tar.bz2');
    expect(formatFromName('b.tbz')).toBe('tar.bz2');
    expect(formatFromName('b.tb2')).toBe('tar.bz2');
    expect(formatFromName('plain.tar')).toBe('tar');
  });

  it('claims nothing for other names, a bare "tar" included', () => {
    for (const name of ['notes.gz', 'tar', 'report.txt', 'b.zip', 'x.tar.xz', 'a.tar.gz.part']) {
      expect(formatFromName(name), name).toBeUndefined();
    }
  });

  it('maps every ending to a format Swift unpacks', () => {
    expect(new Set(Object.values(ARCHIVE_EXTENSIONS))).toEqual(new Set(ARCHIVE_FORMATS));
  });
});
