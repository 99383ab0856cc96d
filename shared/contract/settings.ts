/**
 * The IPC requests of the app's own settings: how uploads are split and how
 * many files move at once (read, and saved by the person). The same schema checks the saved file when the
 * main process reads it back (electron/settings/transfer-settings.ts).
 */
import { z } from 'zod';
import { TRANSFER_BOUNDS, type TransferSettings } from '../transfer-settings';

const bytes = (what: string) =>
  z
    .number()
    .int(`The ${what} must be a whole number of bytes.`)
    .min(TRANSFER_BOUNDS.minBytes, `The ${what} must be at least 1 MiB.`)
    .max(TRANSFER_BOUNDS.maxBytes, `The ${what} must be at most 5 GiB.`);

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
};

export const transferSettingsSchema = z.strictObject(transferSettingsFields) satisfies z.ZodType<TransferSettings>;

export const requests = {
  getTransferSettings: z.strictObject({}),
  /** All four at once: what the dialog shows is what is kept. */
  saveTransferSettings: transferSettingsSchema,
} as const;

export interface Responses {
  getTransferSettings: TransferSettings;
  /** The settings as now kept. */
  saveTransferSettings: TransferSettings;
}
