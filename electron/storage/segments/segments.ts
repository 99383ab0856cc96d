import type { ServiceLimits } from '../../../shared/limits';
import { DEFAULT_TRANSFER_SETTINGS } from '../../../shared/transfer-settings';
import { StorageError } from '../errors';

/** A file larger than this goes up in segments, unless the caller sets its own threshold (see shared/transfer-settings.ts). */
export const SEGMENTED_THRESHOLD = DEFAULT_TRANSFER_SETTINGS.segmentThreshold;
/** Segment size when a file is split and the caller did not choose one. */
export const DEFAULT_SEGMENT_SIZE = DEFAULT_TRANSFER_SETTINGS.segmentSize;

export type UploadPlan = { kind: 'single' } | { kind: 'slo'; segmentSize: number; segmentCount: number };

type SegmentLimits = Pick<ServiceLimits, 'maxFileSize' | 'sloMaxSegments' | 'sloMinSegmentSize'>;

export interface SplitOptions {
  /**
   * Files larger than this many bytes are split. Default: the segment size when
   * only that is given (a caller naming a segment size wants any file it does
   * not hold whole split), else SEGMENTED_THRESHOLD. Never above the region's
   * `max_file_size`: Swift takes nothing larger in one PUT.
   */
  threshold?: number | undefined;
  /** Bytes per segment (the last may be shorter); default DEFAULT_SEGMENT_SIZE. */
  segmentSize?: number | undefined;
}

const checkBytes = (value: number | undefined, what: string): void => {
  if (value !== undefined && !(Number.isSafeInteger(value) && value > 0)) {
    throw new StorageError('invalid_input', `The ${what} must be a positive whole number of bytes.`);
  }
};

/**
 * How a file of `size` bytes goes up: one PUT if it is not above the threshold,
 * else a static large object whose segments are all `segmentSize` bytes but the
 * last. The segment size is kept within the region's largest object, grown to
 * its minimum segment and until the count fits its manifest limit; a file one
 * segment holds goes up whole after all (a manifest of one segment gains nothing).
 */
export function planUpload(size: number, limits: SegmentLimits, options: SplitOptions = {}): UploadPlan {
  checkBytes(options.threshold, 'segment threshold');
  checkBytes(options.segmentSize, 'segment size');
  const threshold = Math.min(options.threshold ?? options.segmentSize ?? SEGMENTED_THRESHOLD, limits.maxFileSize);
  if (size <= threshold) return { kind: 'single' };
  const wanted = Math.min(options.segmentSize ?? DEFAULT_SEGMENT_SIZE, limits.maxFileSize);
  const segmentSize = Math.max(wanted, limits.sloMinSegmentSize, Math.ceil(size / limits.sloMaxSegments));
  if (segmentSize > limits.maxFileSize) {
    throw new StorageError(
      'limit_exceeded',
      `The file is ${size} bytes; this region takes at most ${limits.sloMaxSegments} segments of ${limits.maxFileSize} bytes.`,
    );
  }
  const segmentCount = Math.ceil(size / segmentSize);
  if (segmentCount <= 1) return { kind: 'single' };
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
