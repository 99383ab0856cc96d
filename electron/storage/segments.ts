import type { ServiceLimits } from '../../shared/limits';
import { StorageError } from './errors';

/** Segment size when a file must be split and the caller did not choose one: parallel enough, few requests. */
export const DEFAULT_SEGMENT_SIZE = 1024 ** 3;

export type UploadPlan = { kind: 'single' } | { kind: 'slo'; segmentSize: number; segmentCount: number };

type SegmentLimits = Pick<ServiceLimits, 'maxFileSize' | 'sloMaxSegments' | 'sloMinSegmentSize'>;

/**
 * How a file of `size` bytes goes up: one PUT if Swift takes it whole (and the
 * caller did not ask for smaller segments), else a static large object whose
 * segments are all `segmentSize` bytes but the last. The segment size is grown
 * to the region's minimum and until the count fits its manifest limit.
 */
export function planUpload(size: number, limits: SegmentLimits, requestedSegmentSize?: number): UploadPlan {
  if (requestedSegmentSize !== undefined && !(Number.isSafeInteger(requestedSegmentSize) && requestedSegmentSize > 0)) {
    throw new StorageError('invalid_input', `The segment size must be a positive whole number of bytes.`);
  }
  const fitsWhole = size <= limits.maxFileSize;
  if (fitsWhole && (requestedSegmentSize === undefined || size <= requestedSegmentSize)) return { kind: 'single' };
  let segmentSize = requestedSegmentSize ?? Math.min(limits.maxFileSize, DEFAULT_SEGMENT_SIZE);
  segmentSize = Math.max(segmentSize, limits.sloMinSegmentSize, Math.ceil(size / limits.sloMaxSegments));
  if (segmentSize > limits.maxFileSize) {
    throw new StorageError(
      'limit_exceeded',
      `The file is ${size} bytes; this region takes at most ${limits.sloMaxSegments} segments of ${limits.maxFileSize} bytes.`,
    );
  }
  const segmentCount = Math.ceil(size / segmentSize);
  if (segmentCount <= 1 && fitsWhole) return { kind: 'single' };
  return { kind: 'slo', segmentSize, segmentCount };
}

/** The container segments go to, as the swift command-line client names it. */
export const segmentContainerFor = (container: string): string => `${container}_segments`;

/**
 * `<name>/slo/<timestamp>/<size>/<segmentSize>/<index>`, the swift client's
 * layout. The timestamp is the upload's start (not the file's mtime, as the
 * client uses): two uploads of the same file then never share segments, so a
 * failed one's clean-up cannot delete what a finished one's manifest points to.
 */
export function segmentName(name: string, timestamp: string, size: number, segmentSize: number, index: number): string {
  return `${segmentPrefix(name, timestamp, size, segmentSize)}${String(index).padStart(8, '0')}`;
}

/** What every segment of one upload's name starts with (and no other upload's). */
export const segmentPrefix = (name: string, timestamp: string, size: number, segmentSize: number): string =>
  `${name}/slo/${timestamp}/${size}/${segmentSize}/`;

/**
 * One segmented upload's layout: a resumed upload must name its segments
 * exactly as its first run did, or it could not find them again.
 */
export interface UploadLayout {
  /** `segmentName`'s timestamp: the first run's start. */
  stamp: string;
  segmentSize: number;
  count: number;
  /** The file's size then: a file that has since changed size cannot resume into these segments. */
  fileSize: number;
}

/** Byte range [start, start + length) of segment `index`. */
export function segmentRange(size: number, segmentSize: number, index: number): { start: number; length: number } {
  const start = index * segmentSize;
  return { start, length: Math.max(0, Math.min(segmentSize, size - start)) };
}
