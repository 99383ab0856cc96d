// The part of a download that outlives a failure: what a caller (the
// transfer journal) is told about a partial file, and how it hands one back.
//
// How a caller pauses and resumes a download:
//
// 1. Call `downloadObject` with `onStarted` and `keepPartial`. `onStarted`
//    fires each time the download starts writing into its temporary file,
//    before the first byte: on a first attempt once the file exists, on a
//    resume, and again (with the new ETag and size) when a resume has to start
//    over because the object changed. Record `{ tempPath, etag }` with the
//    download, so that even if the app is killed, the partial file can be
//    found again. The temporary file sits beside the final one under a hidden
//    name (`.<name>.cirrus-part-<hex>`).
// 2. Pause = abort the signal. The download then fails with `cancelled`, but
//    first calls `keepPartial` with how many bytes the file holds, synced to
//    disk. Any other failure (network, timeout, a full disk, a refused
//    request, the final name taken meanwhile) keeps the file the same way,
//    except when the bytes are known to be wrong (a checksum or length that
//    does not match): then the file is deleted and `keepPartial` is not called.
// 3. Resume = call `downloadObject` again with the same container, name,
//    targetDir, fileName (and versionId) and `resume: { tempPath, etag }`. It
//    asks Swift whether the object still has that ETag (HEAD with If-Match),
//    reads the bytes already on disk back through the same checks as a
//    download from scratch (length, MD5, each large-object segment), fetches
//    only the rest (`Range: bytes=<length>-`, again with If-Match) and
//    renames the file into place. If the object changed, it starts again from
//    zero in the same file; if the file is gone, it starts from zero under
//    that name. A `tempPath` that is not this download's temporary name in
//    its folder is refused (`invalid_input`) before anything is written.
//    Failures before the partial file is opened (the final name taken without
//    `overwrite`, a refused `tempPath`, a missing target folder) leave it
//    untouched and do not call `keepPartial`. After a success there is
//    nothing left to clean up; after another failure `keepPartial` reports
//    the new state. Progress counts the whole file: the part already on disk
//    is read back (quickly) before the rest arrives. After a crash the file
//    is taken as it is on disk (nothing reported its length): a tail the
//    crash left wrong fails the checks, where Swift gives a checksum (a plain
//    object's MD5, a large object's segments), and the file is deleted.
// 4. To give up, `discardPartial(partial)` deletes the file, and nothing else.
//
// An object Swift serves without an ETag (a DLO of more than one listing
// page) cannot be resumed safely: neither callback fires and a failure
// deletes the temporary file, as it does without `keepPartial`.
import fs from 'node:fs';
import path from 'node:path';
import type { Held, TempFile } from './temp';
import { StorageError } from '../errors';
import { isTempNameFor } from '../local';

/** A temporary file that holds the first `bytes` of an object, kept for a later resume. */
export interface PartialDownload {
  /** The hidden temporary file, in the same folder as `finalPath`. */
  tempPath: string;
  /** Where the download is to end up (its folder's real path). */
  finalPath: string;
  /** The object's ETag as Swift sent it (quoted for a large object); pass it back in `resume`. */
  etag: string;
  /** Bytes at the start of the file, written and synced to disk. */
  bytes: number;
  /** The object's full length; undefined if not known (a resume that failed before asking Swift). */
  size: number | undefined;
  /** The object's Last-Modified, as Swift sent it. */
  lastModified?: string;
}

/** Reported once the temporary file exists, before this attempt writes to it. */
export type PartialStart = Pick<PartialDownload, 'tempPath' | 'finalPath' | 'etag' | 'size'>;

/** A partial download to continue: both as `keepPartial` (or `onStarted`) reported them. */
export interface ResumeFrom {
  tempPath: string;
  etag: string;
}

/** The options `downloadObject` takes for pausing and resuming (see the top of this file). */
export interface PartialOptions {
  /** Keep the temporary file of a failed or cancelled download, and say what it holds. */
  keepPartial?: (partial: PartialDownload) => void | Promise<void>;
  /** The temporary file exists: record it, so a partial is found again even after a crash. */
  onStarted?: (start: PartialStart) => void | Promise<void>;
  /** Continue into this temporary file instead of starting a new one. */
  resume?: ResumeFrom;
}

/** Errors whose bytes are known wrong: their partial file is of no use to a resume. */
const DAMAGE = new WeakSet<Error>();

export function damaged<E extends Error>(err: E): E {
  DAMAGE.add(err);
  return err;
}

export const startOf = (temp: TempFile, finalPath: string, held: Held & { etag: string }): PartialStart => ({
  tempPath: temp.path,
  finalPath,
  etag: held.etag,
  size: held.size,
});

/**
 * After a failure: keeps the temporary file and reports it when the caller
 * asked to and its bytes are worth resuming from; otherwise deletes it. A
 * `keepPartial` that fails (a journal that could not be written) would leave
 * a file nobody knows of, so the file is deleted then too.
 */
export async function leavePartial(
  temp: TempFile,
  failure: unknown,
  finalPath: string,
  keepPartial: PartialOptions['keepPartial'],
): Promise<void> {
  const { etag, size, lastModified } = temp.held;
  const worth = keepPartial && etag !== undefined && !(failure instanceof Error && DAMAGE.has(failure));
  if (!worth) return temp.remove();
  try {
    const bytes = await temp.close();
    await keepPartial({
      tempPath: temp.path,
      finalPath,
      etag,
      bytes,
      size,
      ...(lastModified !== undefined ? { lastModified } : {}),
    });
  } catch {
    await temp.remove();
  }
}

/**
 * Deletes a kept partial file the caller gives up on: only a file (not a
 * link, not a folder) under this download's temporary name beside its final
 * path, so a journal gone wrong cannot delete anything else. Already gone is fine.
 */
export async function discardPartial(partial: Pick<PartialDownload, 'tempPath' | 'finalPath'>): Promise<void> {
  const { tempPath, finalPath } = partial;
  const ours =
    path.isAbsolute(tempPath) &&
    path.dirname(tempPath) === path.dirname(finalPath) &&
    isTempNameFor(path.basename(tempPath), path.basename(finalPath));
  if (!ours) throw new StorageError('invalid_input', `"${path.basename(tempPath)}" is not a partial download.`);
  const stat = await fs.promises.lstat(tempPath).catch(() => undefined);
  if (!stat) return;
  if (!stat.isFile())
    throw new StorageError('invalid_input', `"${path.basename(tempPath)}" is not a partial download.`);
  await fs.promises.rm(tempPath, { force: true });
}
