import { describe, expect, it } from 'vitest';
import { knownLayout, mayBeSegment, segmentLayout, servedContainer } from './layouts';
import { segmentName } from './segments';

describe('which upload a segment belongs to', () => {
  it('reads the swift client’s and Cirrus’s SLO layout (the one segments.ts writes)', () => {
    const name = segmentName('dir/big.iso', '1795637540.852063', 2_200_000, 1_048_576, 2);
    expect(knownLayout(name)).toEqual({
      prefix: 'dir/big.iso/slo/1795637540.852063/2200000/1048576/',
      madeBy: 'slo',
      object: 'dir/big.iso',
    });
  });

  it('reads the swift client’s DLO layout, whose timestamp is the file’s mtime', () => {
    expect(knownLayout('dlo.bin/1795637540.852063/2200000/1048576/00000001')).toEqual({
      prefix: 'dlo.bin/1795637540.852063/2200000/1048576/',
      madeBy: 'dlo',
      object: 'dlo.bin',
    });
  });

  it('reads rclone’s two layouts', () => {
    expect(knownLayout('photos/x.mkv/1700000000.123456789/9000000/00000003')).toEqual({
      prefix: 'photos/x.mkv/1700000000.123456789/9000000/',
      madeBy: 'rclone',
      object: 'photos/x.mkv',
    });
    expect(knownLayout('x.mkv/2024-05-01-120000-Ab9_zQ/00000000')).toMatchObject({
      prefix: 'x.mkv/2024-05-01-120000-Ab9_zQ/',
      madeBy: 'rclone',
    });
  });

  it('groups a .file-segments folder by the folder a segment is in, at the root or beside the file', () => {
    expect(knownLayout('.file-segments/x.mkv/2024-05-01-120000-Ab9/00000001')).toEqual({
      prefix: '.file-segments/x.mkv/2024-05-01-120000-Ab9/',
      madeBy: 'file-segments',
      object: undefined,
    });
    expect(knownLayout('dir/.file-segments/name/1/00000001')?.prefix).toBe('dir/.file-segments/name/1/');
    expect(knownLayout('.file-segments/alone')).toBeUndefined();
    expect(knownLayout('my.file-segments/a/1')).toBeUndefined();
  });

  it('does not take a person’s files for segments', () => {
    for (const name of [
      'photo.jpg',
      'a/b/c.txt',
      '2024/05/01/00000001',
      '2024/05/01/12/00000001',
      'x/slo/y/1/2/3',
      'x/1.5/2/3',
    ])
      expect(knownLayout(name)).toBeUndefined();
  });

  it('groups anything else in a segment container by its folder, or alone', () => {
    expect(segmentLayout('c_segments', 'shared/part1')).toEqual({
      prefix: 'shared/',
      madeBy: 'unknown',
      object: undefined,
    });
    expect(segmentLayout('c_segments', 'loose')).toEqual({ prefix: 'loose', madeBy: 'unknown', object: undefined });
    expect(segmentLayout('c', 'shared/part1')).toBeUndefined();
    // A timestamp without a fraction is no tool's, but in a segment container its folder is still its group.
    expect(segmentLayout('c_segments', 'a/1700000000/10/5/00000000')?.prefix).toBe('a/1700000000/10/5/');
  });

  it('offers a tool’s layout outside a segment container only where some manifest keeps segments', () => {
    const layout = knownLayout('dlo.bin/1795637540.852063/2200000/1048576/00000001')!;
    expect(mayBeSegment('c_segments', layout, false)).toBe(true);
    expect(mayBeSegment('media', layout, false)).toBe(false);
    expect(mayBeSegment('media', layout, true)).toBe(true);
    expect(mayBeSegment('media', knownLayout('.file-segments/a/b/00000001')!, false)).toBe(true);
  });

  it('knows which container a segment container serves', () => {
    expect(servedContainer('docs_segments')).toBe('docs');
    expect(servedContainer('docs')).toBe('docs');
  });
});
