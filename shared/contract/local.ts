/**
 * The IPC requests of the person's own files: the OS dialogs and a dropped
 * file are the only ways a local path becomes one the renderer may name
 * (electron/ipc/path-grants.ts), which downloads would meet a file already
 * in a chosen folder, and which have names this computer cannot hold.
 */
import { z } from 'zod';
import type { LocalNameReason } from '../local-names';
import { localPath, name } from './fields';

/** Downloads into one folder: each object's name, and the path under the folder when not its last segment. */
const downloadItems = z
  .array(z.strictObject({ name, fileName: z.string().min(1).max(4096).optional() }))
  .min(1)
  .max(100_000);

export const requests = {
  chooseFolder: z.strictObject({ title: z.string().max(200).optional() }),
  chooseFiles: z.strictObject({ title: z.string().max(200).optional() }),
  takenLocalNames: z.strictObject({ targetDir: localPath, items: downloadItems }),
  /** Which of these downloads would be skipped because this computer cannot hold their names, and why. */
  skippedLocalNames: z.strictObject({ targetDir: localPath, items: downloadItems }),
  /** Preload only (not on window.cirrus): the path of a file the person dropped, from webUtils. */
  grantDroppedFile: z.strictObject({ path: localPath }),
} as const;

export interface Responses {
  /** The chosen folder, or null when the person cancelled. */
  chooseFolder: string | null;
  /** The chosen files; empty when the person cancelled. */
  chooseFiles: string[];
  /** The downloads into `targetDir` that would meet a file already there (asked before they start). */
  takenLocalNames: { name: string; fileName: string; freeFileName: string | undefined }[];
  /** Skipped, never saved under another name (shared/local-names.ts); `message` is a clause: "its name …". */
  skippedLocalNames: { name: string; fileName: string; reason: LocalNameReason; message: string }[];
  grantDroppedFile: true;
}
