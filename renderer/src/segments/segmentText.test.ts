import { describe, expect, it } from 'vitest';
import type { SegmentGroup } from '../../../shared/segment-groups';
import { progressText, recentGroups, reportLines, totals } from './segmentText';

const running = (
  what: 'scan' | 'delete',
  loaded: number,
  total: number,
  unit: 'containers' | 'objects' | 'segments',
) => ({
  what,
  operationId: 'x',
  progress: { operationId: 'x', loaded, total, unit },
});

const group = (over: Partial<SegmentGroup>): SegmentGroup => ({
  container: 'c_segments',
  prefix: 'a/slo/1.5/10/5/',
  madeBy: 'slo',
  object: 'a',
  segments: 2,
  bytes: 10,
  lastModified: '2026-01-01T00:00:00.000000Z',
  inUse: 0,
  ...over,
});

describe('the Segments view in words', () => {
  it('says what a scan and a delete are doing', () => {
    expect(progressText({ what: 'scan', operationId: 'x', progress: undefined })).toBe('Listing the containers…');
    expect(progressText(running('scan', 3, 12, 'containers'))).toBe('Scanned 3 of 12 containers…');
    expect(progressText(running('scan', 40, 2005, 'objects'))).toBe(
      'Asked about 40 of 2,005 empty objects (a DLO’s manifest looks like one)…',
    );
    expect(progressText(running('delete', 1, 1, 'containers'))).toBe('Checking again: 1 of 1 container…');
    expect(progressText(running('delete', 40, 120, 'segments'))).toBe('Deleted 40 of 120 segments…');
  });

  it('adds up groups and finds those written lately', () => {
    const groups = [group({}), group({ prefix: 'b/', bytes: 5, segments: 1, lastModified: '2026-01-01T11:30:00Z' })];
    expect(totals(groups)).toEqual({ segments: 3, bytes: 15 });
    expect(recentGroups(groups, Date.parse('2026-01-01T12:00:00Z')).map((g) => g.prefix)).toEqual(['b/']);
  });

  it('reports what a delete did, kept and could not do', () => {
    expect(
      reportLines({
        deleted: 9,
        bytes: 3 * 1024 ** 2,
        notFound: 1,
        skipped: [{ container: 'c_segments', prefix: 'd/', reason: 'a manifest uses these segments now' }],
        errors: [{ path: '/c_segments/e/1', status: '503 Service Unavailable' }],
      }),
    ).toEqual([
      'Deleted 9 segments (3 MiB).',
      '1 segment had already gone.',
      'Kept c_segments/d/: a manifest uses these segments now.',
      '1 segment could not be deleted: /c_segments/e/1 (503 Service Unavailable).',
    ]);
  });
});
