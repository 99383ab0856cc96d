/**
 * The IPC requests of the person's own files: the OS dialogs and a dropped
 * file are the only ways a local path becomes one the renderer may name
 * (electron/ipc/path-grants.ts), and which downloads would meet a file
 * already in a chosen folder.
 */
import { z } from 'zod';
import { localPath, name } from './fields';

export const requests = {
  chooseFolder: z.strictObject({ title: z.string().max(200).optional() }),
  chooseFiles: z.strictObject({ title: z.string().max(200).optional() }),
  takenLocalNames: z.strictObject({
    targetDir: localPath,
    items: z
      .array(z.strictObject({ name, fileName: z.string().min(1).max(4096).optional() }))
      .min(1)
      .max(100_000),
  }),
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
  grantDroppedFile: true;
}
