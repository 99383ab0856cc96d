/**
 * How uploads are split, as plain rules the main process and the page share:
 * the person's three settings, their bounds and defaults, and the problem
 * with a typed value. The zod schema that guards IPC and the saved file is
 * in contract-settings.ts; the split itself is electron/storage/segments.ts.
 */
import { parseSize } from './quotas';

export interface TransferSettings {
  /** A file larger than this goes up as a static large object, in segments (bytes). */
  segmentThreshold: number;
  /** Each segment's size but the last's (bytes). */
  segmentSize: number;
  /** Segments sent at once. */
  streams: number;
}

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
} as const;

/**
 * The defaults, chosen by measurement (README, "Transfer settings"): a 1 GiB
 * file uploaded as an SLO through uploadFile against the local two-core
 * harness, median of 3 interleaved runs. Filled in below from those figures.
 */
export const DEFAULT_TRANSFER_SETTINGS: TransferSettings = {
  segmentThreshold: GiB,
  segmentSize: 256 * MiB,
  streams: 4,
};

/** The dialog's three fields as the person typed them. */
export interface TransferSettingsText {
  segmentThreshold: string;
  segmentSize: string;
  streams: string;
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

export const settingsText = (s: TransferSettings): TransferSettingsText => ({
  segmentThreshold: sizeFieldText(s.segmentThreshold),
  segmentSize: sizeFieldText(s.segmentSize),
  streams: String(s.streams),
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

/** The problem with a typed number of streams, '' for none. */
export function streamsProblem(text: string): string {
  const n = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (n >= TRANSFER_BOUNDS.minStreams && n <= TRANSFER_BOUNDS.maxStreams) return '';
  return `Enter the number of streams as a whole number from ${TRANSFER_BOUNDS.minStreams} to ${TRANSFER_BOUNDS.maxStreams}.`;
}

/** Each field's problem ('' for none), and the settings when there is none. */
export function readSettingsText(text: TransferSettingsText): {
  problems: TransferSettingsText;
  settings: TransferSettings | undefined;
} {
  const problems = {
    segmentThreshold: sizeProblem(text.segmentThreshold, 'segment threshold'),
    segmentSize: sizeProblem(text.segmentSize, 'segment size'),
    streams: streamsProblem(text.streams),
  };
  if (problems.segmentThreshold || problems.segmentSize || problems.streams) return { problems, settings: undefined };
  const settings = {
    segmentThreshold: parseSize(text.segmentThreshold) ?? 0,
    segmentSize: parseSize(text.segmentSize) ?? 0,
    streams: Number(text.streams.trim()),
  };
  return { problems, settings };
}
