import type { ExtractResult } from '../../../shared/domain';
import { normalizePrefix } from '../../../shared/folder-prefix';
import { objectNameProblems } from '../../../shared/validation';
import { detectFormat } from './format';
import { parseBulkReport, reportError, reportStatus, reportSucceeded, type ExtractReport } from '../bulk-report';
import { StorageError } from '../errors';
import { errorFromResponse, isSuccess } from '../http';
import { getLimits } from '../info';
import { withLocalFile, type LocalFile } from '../local';
import { containerPath, objectPath } from '../paths';
import { errorDetail } from '../response-parts';
import type { Pace } from '../bandwidth';
import type { StorageSession } from '../session';
import { Meter, ProgressThrottle, type ProgressListener } from '../transfer-stream';
import { assertNoProblems } from '../validate';

export interface ExtractOptions {
  container: string;
  /** Pseudo-folder the archive's members go under (Swift drops a trailing "/"). */
  prefix?: string;
  filePath: string;
  /**
   * Seconds until Swift deletes each object made from the archive: Swift's bulk middleware hands
   * `X-Delete-After` (and `X-Delete-At`) of the extract request to every object it writes.
   */
  deleteAfter?: number | undefined;
  onProgress?: ProgressListener;
  signal?: AbortSignal;
  /** The uploads' bandwidth limit: an archive sent is an upload like any other. */
  pace?: Pace | undefined;
}

/**
 * The outcome as the caller sees it. Per-member failures (a name too long, a
 * quota) make Swift report "400 Bad Request" (or 502) for the whole request
 * even though the other members were created: that is a result to show, not
 * an exception. Only a failure of the archive as a whole (unreadable, empty,
 * not allowed) is thrown.
 */
export function extractOutcome(report: ExtractReport, requestId?: string): ExtractResult {
  const { body, ...result } = report;
  const status = reportStatus(report);
  if (reportSucceeded(report) || (result.errors.length > 0 && status !== 401 && status !== 403)) return result;
  const detail = errorDetail(body, 300);
  // 400 (invalid_input) is the archive itself: unreadable, or no file in it.
  const message =
    status === 400
      ? `The archive could not be read: ${detail || result.status}.`
      : `Extracting the archive failed: ${result.status}${detail ? ` (${detail})` : ''}.`;
  throw reportError(report, message, requestId);
}

/**
 * Uploads a tar archive that Swift unpacks into `container[/prefix]`, one
 * object per file in it: `PUT ?extract-archive=<format>` (Swift ignores the
 * query on a POST and would store the archive itself). The format is read
 * from the file's first bytes, never taken from the caller or the name: Swift
 * opens the stream as the format it is told, so a wrong one fails there.
 */
export async function extractArchive(
  session: StorageSession,
  region: string,
  opts: ExtractOptions,
): Promise<ExtractResult> {
  const limits = await getLimits(session, region, opts.signal);
  if (!limits.bulkUpload) {
    throw new StorageError(
      'invalid_input',
      `The region ${region} does not unpack archives (its /info has no bulk_upload).`,
    );
  }
  const prefix = normalizePrefix(opts.prefix);
  if (prefix) {
    assertNoProblems(objectNameProblems(prefix, limits), `Cannot extract under "${prefix}"`);
  }
  // One descriptor, checked to be a regular file (a named pipe would hang the read); a retry reads it again.
  return withLocalFile(opts.filePath, (file) => sendArchive(session, region, { ...opts, prefix }, file));
}

async function sendArchive(
  session: StorageSession,
  region: string,
  opts: ExtractOptions & { prefix: string },
  file: LocalFile,
): Promise<ExtractResult> {
  const { container, prefix, signal, pace } = opts;
  // Anything that is not tar, gzip or bzip2 is invalid_input here, before a byte is sent.
  const format = await detectFormat(file);
  const size = file.size;
  const progress = new ProgressThrottle(opts.onProgress, size);
  const open = () => {
    // Counted for progress only: Swift answers an extraction with per-member results, no checksum of the archive.
    const meter = new Meter((loaded) => progress.update(loaded), { hash: false });
    progress.update(0);
    return file.stream(0, size - 1, (chunk) => meter.count(chunk), pace && ((want) => pace(want, signal)));
  };
  // PUT is in http.ts's retry set. Repeating an extraction after a dropped
  // connection is harmless: Swift writes the same objects over themselves.
  // (A 200 answer is never retried, and the outcome always comes as a 200.)
  const res = await session.request(region, {
    method: 'PUT',
    path: prefix ? objectPath(container, prefix) : containerPath(container),
    query: { 'extract-archive': format },
    headers: {
      accept: 'application/json',
      'content-length': String(size),
      ...(opts.deleteAfter ? { 'x-delete-after': String(opts.deleteAfter) } : {}),
    },
    body: open,
    signal,
  });
  const what = `Extracting the archive into "${container}"`;
  if (!isSuccess(res)) throw errorFromResponse(res, what);
  progress.finish(size);
  return extractOutcome(parseBulkReport('extract', res.text, what), res.requestId);
}
