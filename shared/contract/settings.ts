/**
 * The IPC requests of the app's own settings: how uploads are split, how
 * many files move at once and the bandwidth limits (read, and saved by the person). The same schema checks the saved file when the
 * main process reads it back (electron/settings/transfer-settings.ts).
 */
import { z } from 'zod';
import { BANDWIDTH_BOUNDS, minuteOf, TIME_OF_DAY } from '../bandwidth';
import { TRANSFER_BOUNDS, type TransferSettings } from '../transfer-settings';

const bytes = (what: string) =>
  z
    .number()
    .int(`The ${what} must be a whole number of bytes.`)
    .min(TRANSFER_BOUNDS.minBytes, `The ${what} must be at least 1 MiB.`)
    .max(TRANSFER_BOUNDS.maxBytes, `The ${what} must be at most 5 GiB.`);

/** Bytes per second for all transfers of one direction together, or null for no limit. */
const rate = (what: string) =>
  z
    .number()
    .int(`The ${what} must be a whole number of bytes per second.`)
    .min(BANDWIDTH_BOUNDS.min, `The ${what} must be at least 16 KiB/s.`)
    .max(BANDWIDTH_BOUNDS.max, `The ${what} must be at most 10 GiB/s.`)
    .nullable();

const timeOfDay = (what: string) =>
  z.string().regex(TIME_OF_DAY, `The ${what} must be a time of day such as 22:00.`).nullable();

export const transferSettingsFields = {
  segmentThreshold: bytes('segment threshold'),
  segmentSize: bytes('segment size'),
  streams: z
    .number()
    .int('The number of streams must be a whole number.')
    .min(TRANSFER_BOUNDS.minStreams, `At least ${TRANSFER_BOUNDS.minStreams} stream.`)
    .max(TRANSFER_BOUNDS.maxStreams, `At most ${TRANSFER_BOUNDS.maxStreams} streams.`),
  filesAtOnce: z
    .number()
    .int('The number of files at once must be a whole number.')
    .min(TRANSFER_BOUNDS.minFilesAtOnce, `At least ${TRANSFER_BOUNDS.minFilesAtOnce} file at once.`)
    .max(TRANSFER_BOUNDS.maxFilesAtOnce, `At most ${TRANSFER_BOUNDS.maxFilesAtOnce} files at once.`),
  editLimit: bytes('edit size limit'),
  uploadLimit: rate('upload limit'),
  downloadLimit: rate('download limit'),
  limitFrom: timeOfDay('start of the limit'),
  limitTo: timeOfDay('end of the limit'),
};

/** A window has both ends or none, and they differ (from 22:00 to 22:00 would be no time, or all of it). */
export const windowRule = (s: Pick<TransferSettings, 'limitFrom' | 'limitTo'>): boolean =>
  (s.limitFrom === null) === (s.limitTo === null) &&
  (s.limitFrom === null || minuteOf(s.limitFrom) !== minuteOf(s.limitTo ?? ''));

export const transferSettingsSchema = z.strictObject(transferSettingsFields).refine(windowRule, {
  message: 'The limit needs both times of day, and they must differ, or neither.',
  path: ['limitTo'],
}) satisfies z.ZodType<TransferSettings>;

export const requests = {
  getTransferSettings: z.strictObject({}),
  /** All of them at once: what the dialog shows is what is kept. */
  saveTransferSettings: transferSettingsSchema,
} as const;

export interface Responses {
  getTransferSettings: TransferSettings;
  /** The settings as now kept. */
  saveTransferSettings: TransferSettings;
}
