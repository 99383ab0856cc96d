// The Segments view's sentences, apart from its components so they can be tested as text.
import { RECENT_MS, type SegmentGroup, type SegmentReclaim } from '../../../shared/segment-groups';
import { formatBytes, formatCount, formatCountOf } from '../ui/format';
import type { Running } from './useSegmentWork';

const NOUNS = { containers: 'container', objects: 'empty object', segments: 'segment' } as const;

const ofTotal = (loaded: number, total: number | undefined, unit: keyof typeof NOUNS) =>
  total === undefined
    ? formatCountOf(loaded, NOUNS[unit])
    : `${formatCount(loaded)} of ${formatCountOf(total, NOUNS[unit])}`;

/** What the running scan or delete is doing, in a sentence. */
export function progressText({ what, progress }: Running): string {
  if (!progress) return what === 'scan' ? 'Listing the containers…' : 'Checking again that nothing uses them…';
  const { loaded, total, unit = 'containers' } = progress;
  const counted = ofTotal(loaded, total, unit);
  if (unit === 'segments') return `Deleted ${counted}…`;
  if (what === 'delete') return `Checking again: ${counted}…`;
  return unit === 'objects' ? `Asked about ${counted} (a DLO’s manifest looks like one)…` : `Scanned ${counted}…`;
}

/** A progress event as a percentage, when it has a total. */
export const percentOf = (running: Running): number | undefined => {
  const total = running.progress?.total;
  return total ? Math.min(100, Math.floor(((running.progress?.loaded ?? 0) / total) * 100)) : undefined;
};

export const totals = (groups: readonly SegmentGroup[]) => ({
  segments: groups.reduce((n, g) => n + g.segments, 0),
  bytes: groups.reduce((n, g) => n + g.bytes, 0),
});

/** Groups whose newest segment was written within RECENT_MS of `now`: maybe an upload still under way. */
export const recentGroups = (groups: readonly SegmentGroup[], now: number): SegmentGroup[] =>
  groups.filter((g) => now - Date.parse(g.lastModified) < RECENT_MS);

/** What a delete did, in sentences: the deleted, the kept (with why), the failed. */
export function reportLines(report: SegmentReclaim): string[] {
  const lines = [`Deleted ${formatCountOf(report.deleted, 'segment')} (${formatBytes(report.bytes)}).`];
  if (report.notFound > 0) lines.push(`${formatCountOf(report.notFound, 'segment')} had already gone.`);
  for (const s of report.skipped) lines.push(`Kept ${s.container}/${s.prefix}: ${s.reason}.`);
  if (report.errors.length > 0) {
    const first = report.errors.slice(0, 3).map((e) => `${e.path} (${e.status})`);
    lines.push(`${formatCountOf(report.errors.length, 'segment')} could not be deleted: ${first.join(', ')}.`);
  }
  return lines;
}
