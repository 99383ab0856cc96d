/**
 * Which objects look like segments, and which upload each belongs to, from
 * the names the common tools write (pure: no calls). An upload's group is its
 * segments' names up to the segment number.
 *
 * - the swift client and Cirrus, in `<c>_segments`: `<object>/slo/<timestamp>/<size>/<segment size>/<n>`
 *   for an SLO, `<object>/<timestamp>/<size>/<segment size>/<n>` for the client's default DLO
 *   (segments.ts, segments/replaced.ts);
 * - rclone up to 1.63, in `<c>_segments`: `<object>/<timestamp>/<size>/<n>` (a DLO); later versions
 *   `<object>/<YYYY-MM-DD-hhmmss>-<random>/<n>`, in `<c>_segments` or a `.file-segments/` folder at the
 *   container's root; Cyberduck, a `.file-segments/` folder beside the file.
 */
import type { SegmentMaker } from '../../../shared/segment-groups';

export interface SegmentLayout {
  prefix: string;
  madeBy: SegmentMaker;
  object: string | undefined;
}

// Timestamps as the tools write them, with a fraction ("%f", toFixed(6), "%.9f"): dated folders such as
// `2024/05/01/00000001` have none.
const NUMBER = String.raw`\d+\.\d+`;
const KNOWN: [SegmentMaker, RegExp][] = [
  ['slo', new RegExp(String.raw`^((.+)/slo/${NUMBER}/\d+/\d+/)\d+$`, 's')],
  ['dlo', new RegExp(String.raw`^((.+)/${NUMBER}/\d+/\d+/)\d+$`, 's')],
  ['rclone', new RegExp(String.raw`^((.+)/${NUMBER}/\d+/)\d{8}$`, 's')],
  ['rclone', /^((.+)\/\d{4}-\d\d-\d\d-\d{6}-[^/]+\/)\d{8}$/s],
];
const FILE_SEGMENTS = /^((?:.*\/)?\.file-segments\/(.+)\/)[^/]+$/s;

export const isSegmentContainer = (container: string): boolean => container.endsWith('_segments');

/** The container whose large objects a segment container serves: `c` for `c_segments`, else itself. */
export const servedContainer = (container: string): string =>
  isSegmentContainer(container) ? container.slice(0, -'_segments'.length) : container;

/** The upload a name belongs to when a tool's layout says so, wherever it lives; else undefined. */
export function knownLayout(name: string): SegmentLayout | undefined {
  const inFolder = FILE_SEGMENTS.exec(name);
  if (inFolder) return { prefix: inFolder[1]!, madeBy: 'file-segments', object: undefined };
  for (const [madeBy, pattern] of KNOWN) {
    const m = pattern.exec(name);
    if (m) return { prefix: m[1]!, madeBy, object: m[2] };
  }
  return undefined;
}

/**
 * The group of an object in a segment container that no layout names: its
 * folder (the name up to its last "/"), or the name itself when it has none.
 */
export function segmentLayout(container: string, name: string): SegmentLayout | undefined {
  const known = knownLayout(name);
  if (known || !isSegmentContainer(container)) return known;
  const slash = name.lastIndexOf('/');
  return { prefix: slash >= 0 ? name.slice(0, slash + 1) : name, madeBy: 'unknown', object: undefined };
}

/**
 * Whether an object with that layout may be offered at all: anything in a
 * `_segments` container or a `.file-segments/` folder; elsewhere only a tool's
 * layout in a container that some manifest keeps segments in (the swift
 * client's `--segment-container`), never a person's files that merely look alike.
 */
export function mayBeSegment(container: string, layout: SegmentLayout, holdsSegments: boolean): boolean {
  return isSegmentContainer(container) || layout.madeBy === 'file-segments' || holdsSegments;
}
