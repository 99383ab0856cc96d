import path from 'node:path';
import { parseSwiftMtime } from '../../../shared/mtime';
import { expectationFor, type Expectation } from './check';
import { leavePartial, startOf, type PartialOptions, type ResumeFrom } from './partial';
import { discard, downloadError, objectJob, RestartFromZero, writePass, type Pass } from './pass';
import { resumed, resumeFolder } from './resume';
import { assertFree, localError, makeFoldersInside, moveIntoPlace, realFolder } from './target';
import { TempFile } from './temp';
import type { HttpRequest, HttpResponse } from '../http';
import { localSegments, resolveInside } from '../local';
import type { StorageSession } from '../session';
import type { Pace } from '../bandwidth';
import type { ProgressListener } from '../transfer-stream';

export { verification, type Verification } from './check';
export {
  discardPartial,
  type PartialDownload,
  type PartialOptions,
  type PartialStart,
  type ResumeFrom,
} from './partial';

/** See download/partial.ts for `keepPartial`, `onStarted` and `resume`: pausing and resuming. */
export interface DownloadOptions extends PartialOptions {
  container: string;
  name: string;
  /** An existing folder; nothing is ever written outside it. */
  targetDir: string;
  /**
   * Where to save, relative to `targetDir`; `/` makes sub-folders. Default:
   * the last segment of the object name (see local/path.ts for the rule).
   */
  fileName?: string;
  onProgress?: ProgressListener;
  signal?: AbortSignal;
  /** Replace an existing file of that name (else: a `conflict` error, so the UI can ask). */
  overwrite?: boolean;
  /**
   * An older version (`?version-id`). The length and segment checks read the
   * current object and compare ETags, so they only apply when they match.
   */
  versionId?: string | undefined;
  /** The downloads' bandwidth limit (storage/bandwidth.ts: `bandwidth.download.take`); none: as fast as it goes. */
  pace?: Pace | undefined;
  /** Other waits than http.ts's defaults for the object's GET (tests use short ones). */
  timeouts?: HttpRequest['timeouts'];
}

export interface DownloadResult {
  filePath: string;
  bytes: number;
}

/**
 * Streams an object into a hidden temporary file beside its final place,
 * checks it (its length, known before the first byte is written, see
 * download/check.ts; the MD5 where the ETag is one; a large object's
 * segments one by one), syncs it to disk and only then renames it: the final
 * name never holds a partial or damaged file, and a failed download leaves
 * no temporary file either, unless `keepPartial` asks to keep it for a resume.
 */
export async function downloadObject(
  session: StorageSession,
  region: string,
  opts: DownloadOptions,
): Promise<DownloadResult> {
  const root = await realFolder(opts.targetDir);
  const segments = localSegments(opts.name, opts.fileName, process.platform, root);
  const finalPath = resolveInside(root, segments);
  await assertFree(finalPath, opts.overwrite === true);
  const job = objectJob(session, region, opts);
  const finalName = path.basename(finalPath);
  /** The temporary file, once there is one, and the final path in its folder's real path. */
  const at: { temp?: TempFile; savePath: string; mtime?: number | undefined } = { savePath: finalPath };

  /** The temporary file now holds (or will, from its first byte) what `res` serves: tell the caller. */
  const started = async (temp: TempFile, res: HttpResponse, expected: Expectation) => {
    const etag = res.headers.get('etag')?.trim() || undefined;
    temp.held = { etag, size: expected.length, lastModified: res.headers.get('last-modified') ?? undefined };
    at.mtime = parseSwiftMtime(res.headers.get('x-object-meta-mtime'));
    if (etag !== undefined) await opts.onStarted?.(startOf(temp, at.savePath, { ...temp.held, etag }));
  };
  /** A download from the first byte: into a new temporary file, or the resumed one emptied. */
  const fromZero = async (given?: HttpResponse): Promise<[TempFile, Pass]> => {
    const res = given ?? (await job.request('GET'));
    try {
      if (!res.body) throw downloadError(res, opts.container, opts.name);
      const expected = await expectationFor(session, region, job.ref, res, opts.signal);
      let temp = at.temp;
      if (temp) {
        await temp.truncate();
      } else {
        // From here on, the folder's real path: a symlink swapped in meanwhile cannot redirect the rename.
        const dir = await makeFoldersInside(root, segments.slice(0, -1), opts.signal);
        at.savePath = path.join(dir, finalName);
        temp = at.temp = await TempFile.create(dir, finalName);
      }
      await started(temp, res, expected);
      const body = res.body;
      return [temp, await writePass(job, temp, expected, 0, () => Promise.resolve(body))];
    } catch (err) {
      await discard(res.body);
      throw err;
    }
  };
  /** Into the temporary file an earlier attempt left (see download/resume.ts). */
  const resume = async (from: ResumeFrom): Promise<[TempFile, Pass]> => {
    const dir = await resumeFolder(root, segments, from, opts.signal);
    at.savePath = path.join(dir, finalName);
    const temp = (at.temp = await TempFile.reopen(path.join(dir, path.basename(from.tempPath))));
    temp.held = { etag: from.etag, size: undefined, lastModified: undefined };
    const pass = await resumed(job, temp, from.etag, started);
    return pass instanceof RestartFromZero ? fromZero(pass.response) : [temp, pass];
  };

  try {
    const [temp, { loaded, progress }] = opts.resume ? await resume(opts.resume) : await fromZero();
    if (at.mtime !== undefined) await keepSwiftMtime(temp, at.mtime);
    // The last sync is where a disk that filled up late (delayed allocation) says so.
    await temp.close().catch((err: unknown) => {
      throw localError(err, `Saving "${finalName}"`);
    });
    await moveIntoPlace(temp.path, at.savePath, opts.overwrite === true);
    progress.finish(loaded);
    return { filePath: at.savePath, bytes: loaded };
  } catch (err) {
    if (at.temp) await leavePartial(at.temp, err, at.savePath, opts.keepPartial);
    throw err;
  }
}

/**
 * The file gets the time the object's `X-Object-Meta-Mtime` says (shared/mtime.ts), as
 * `swift download` does, before it has its name, so it never shows another. Without the key
 * (or with one that is no number) the file keeps the time it was written, as the swift CLI
 * leaves it: Last-Modified is when Swift received the bytes, not when anyone changed them, and
 * dating the file by it would make a file that came from elsewhere look older than it is.
 * A file system that refuses the time (FAT's range, a share) costs the time, not the download.
 */
async function keepSwiftMtime(temp: TempFile, seconds: number): Promise<void> {
  await temp.setTimes(seconds).catch(() => undefined);
}
