/**
 * How uploads are split, how many files move at once and how large an object may be edited in place, as
 * plain rules the main process and the page share: the person's five settings, their bounds and defaults, and the problem
 * with a typed value. The zod schema that guards IPC and the saved file is
 * in contract/settings.ts; the split itself is electron/storage/segments/segments.ts. The bandwidth
 * limits, the rest of the transfer settings, have their rules in bandwidth.ts.
 */
import { NO_BANDWIDTH_LIMITS, type BandwidthLimits } from './bandwidth';
import { parseSize } from './quotas';

/** How uploads are split and how many files move at once. */
export interface SplitSettings {
  /** A file larger than this goes up as a static large object, in segments (bytes). */
  segmentThreshold: number;
  /** Each segment's size but the last's (bytes). */
  segmentSize: number;
  /** Segments sent at once. */
  streams: number;
  /** Uploads and downloads that run at once; the others wait their turn. */
  filesAtOnce: number;
}

/** How large an object "Edit in an editor" downloads into a private copy (bytes); larger ones are refused. */
export interface EditSettings {
  editLimit: number;
}

/** Everything the Transfer settings dialog keeps: the split, the edit size limit and the bandwidth limits. */
export interface TransferSettings extends SplitSettings, EditSettings, BandwidthLimits {}

/** The settings typed as sizes and counts: all but the bandwidth limits (bandwidth.ts reads those). */
export type TypedSettings = SplitSettings & EditSettings;

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/**
 * The bounds a setting may take. 1 MiB: Swift's default `min_segment_size`
 * before it became 1, and below it a segment costs more in requests than it
 * gains; 5 GiB: Swift's default `max_file_size`, the largest a segment can be
 * (a region with a smaller one clamps it, see segments.ts). 16 streams is
 * what upload.ts sends at most.
 */
export const TRANSFER_BOUNDS = {
  minBytes: MiB,
  maxBytes: 5 * GiB,
  minStreams: 1,
  maxStreams: 16,
  minFilesAtOnce: 1,
  maxFilesAtOnce: 32,
} as const;

/**
 * The defaults, chosen by measurement (README, "Transfer settings: the
 * defaults"): a 1 GiB file of random bytes uploaded as an SLO through
 * uploadFile to the local harness (2 vCPUs shared with four other sessions,
 * load average 6–14), each setting in turn, the order reversed every rep, 5
 * reps; median time, and median ratio to a single PUT of the same rep:
 *
 *   segments   1 stream       2 streams      4 streams      8 streams
 *   128 MiB    17.6 s (0.95)  13.6 s (0.86)  12.1 s (0.73)  12.7 s (0.80)
 *   256 MiB    15.3 s (1.17)  11.9 s (0.90)  10.5 s (0.85)  12.7 s (0.92)
 *   single PUT 12.9 s
 *
 * 4 streams was the fastest at both sizes, in this run and over the 13 reps
 * of three runs (ratio 0.73 at 128 MiB, 0.77 at 256 MiB; 8 streams 0.80 and
 * 0.87: the proxy and object server are one process each here, so more than
 * 4 only queue). 256 MiB had the best median time and rank: half the
 * requests of 128 MiB, and still 5 segments, 4 streams busy, for a file just
 * over the 1 GiB threshold. The threshold is the 1 GiB, though
 * splitting paid off at 512 MiB too (0.54–0.62 of a single PUT with 128 MiB
 * segments, 2–4 streams, 3 reps): below it an object stays one object, its
 * ETag the content's MD5 that other tools check, no segment container beside.
 *
 * 10 files at once is what `swift upload` runs by default (its object
 * threads): a folder of 1,000 small files went up in 0.71× its time (README,
 * the bench's folder row), while 1,000 at once would open 1,000 connections.
 */
export const DEFAULT_TRANSFER_SETTINGS: TransferSettings = {
  segmentThreshold: GiB,
  segmentSize: 256 * MiB,
  streams: 4,
  filesAtOnce: 10,
  // Editing copies the whole object to this computer and uploads it whole at each save: past a few
  // hundred MiB that is a download rather than an edit, and an editor rarely opens such a file anyway.
  editLimit: 256 * MiB,
  // No limit unless the person sets one: the transfers go as fast as the link allows.
  ...NO_BANDWIDTH_LIMITS,
};

/** The dialog's five sizes and counts as the person typed them. */
export interface TransferSettingsText {
  segmentThreshold: string;
  segmentSize: string;
  streams: string;
  filesAtOnce: string;
  editLimit: string;
}

/** A size as a field shows it, in the largest binary unit that holds it exactly ("256 MiB"); parseSize reads it back. */
export function sizeFieldText(bytes: number): string {
  for (const [unit, factor] of [
    ['GiB', GiB],
    ['MiB', MiB],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= factor && bytes % factor === 0) return `${bytes / factor} ${unit}`;
  }
  return String(bytes);
}

export const settingsText = (s: TypedSettings): TransferSettingsText => ({
  segmentThreshold: sizeFieldText(s.segmentThreshold),
  segmentSize: sizeFieldText(s.segmentSize),
  streams: String(s.streams),
  filesAtOnce: String(s.filesAtOnce),
  editLimit: sizeFieldText(s.editLimit),
});

/** The problem with a typed size, '' for none. */
export function sizeProblem(text: string, what: string): string {
  const bytes = parseSize(text);
  if (bytes === undefined) return `Enter the ${what} as a size such as 256 MiB, 1 GiB or 1048576.`;
  if (bytes < TRANSFER_BOUNDS.minBytes || bytes > TRANSFER_BOUNDS.maxBytes) {
    return `The ${what} must be between 1 MiB and 5 GiB.`;
  }
  return '';
}

/** The problem with a typed count, '' for none. */
function countProblem(text: string, what: string, min: number, max: number): string {
  const n = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (n >= min && n <= max) return '';
  return `Enter the number of ${what} as a whole number from ${min} to ${max}.`;
}

/** The problem with a typed number of streams, '' for none. */
export const streamsProblem = (text: string): string =>
  countProblem(text, 'streams', TRANSFER_BOUNDS.minStreams, TRANSFER_BOUNDS.maxStreams);

/** The problem with a typed number of files at once, '' for none. */
export const filesAtOnceProblem = (text: string): string =>
  countProblem(text, 'files at once', TRANSFER_BOUNDS.minFilesAtOnce, TRANSFER_BOUNDS.maxFilesAtOnce);

/** Each field's problem ('' for none), and the settings when there is none. */
export function readSettingsText(text: TransferSettingsText): {
  problems: TransferSettingsText;
  settings: TypedSettings | undefined;
} {
  const problems = {
    segmentThreshold: sizeProblem(text.segmentThreshold, 'segment threshold'),
    segmentSize: sizeProblem(text.segmentSize, 'segment size'),
    streams: streamsProblem(text.streams),
    filesAtOnce: filesAtOnceProblem(text.filesAtOnce),
    editLimit: sizeProblem(text.editLimit, 'edit size limit'),
  };
  if (Object.values(problems).some(Boolean)) return { problems, settings: undefined };
  const settings = {
    segmentThreshold: parseSize(text.segmentThreshold) ?? 0,
    segmentSize: parseSize(text.segmentSize) ?? 0,
    streams: Number(text.streams.trim()),
    filesAtOnce: Number(text.filesAtOnce.trim()),
    editLimit: parseSize(text.editLimit) ?? 0,
  };
  return { problems, settings };
}
