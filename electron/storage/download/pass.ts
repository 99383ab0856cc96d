// One pass of a download into its temporary file: the object's request, the
// stream through the checks into the file, and the errors a pass ends with.
import { pipeline } from 'node:stream/promises';
import { cancelledError } from '../cancel';
import { completenessError, endedEarly, type Expectation } from './check';
import { damaged } from './partial';
import type { TempFile } from './temp';
import { StorageError } from '../errors';
import { errorFromResponse, transportError, transportReason, type HttpRequest, type HttpResponse } from '../http';
import { objectPath } from '../paths';
import { statusAndId } from '../response-parts';
import type { StorageSession } from '../session';
import type { Pace } from '../bandwidth';
import { Meter, ProgressThrottle, SegmentCheck, type ProgressListener } from '../transfer-stream';

/** The object a download reads, and how it asks for it. */
export interface ObjectJob {
  session: StorageSession;
  region: string;
  ref: { container: string; name: string };
  signal: AbortSignal | undefined;
  onProgress: ProgressListener | undefined;
  /** The downloads' bandwidth limit, asked before each piece is written; none: as fast as it goes. */
  pace: Pace | undefined;
  /** For messages about the connection. */
  url: string;
  /** A GET (streamed) or HEAD of the object, or of its version, with these extra headers. */
  request(method: 'GET' | 'HEAD', headers?: Record<string, string>): Promise<HttpResponse>;
}

export function objectJob(
  session: StorageSession,
  region: string,
  opts: {
    container: string;
    name: string;
    versionId?: string | undefined;
    signal?: AbortSignal | undefined;
    onProgress?: ProgressListener | undefined;
    pace?: Pace | undefined;
    timeouts?: HttpRequest['timeouts'];
  },
): ObjectJob {
  const { container, name, signal } = opts;
  const pathOf = objectPath(container, name);
  return {
    session,
    region,
    ref: { container, name },
    signal,
    onProgress: opts.onProgress,
    pace: opts.pace,
    url: `${session.region(region).endpoint}/${pathOf}`,
    request: (method, headers) =>
      session.request(region, {
        method,
        path: pathOf,
        ...(opts.versionId ? { query: { 'version-id': opts.versionId } } : {}),
        ...(headers ? { headers } : {}),
        signal,
        ...(method === 'GET' ? { stream: true } : {}),
        ...(opts.timeouts ? { timeouts: opts.timeouts } : {}),
      }),
  };
}

/** A pass that completed: the length checked, and the progress to finish once the file is in place. */
export interface Pass {
  loaded: number;
  progress: ProgressThrottle;
}

/** Thrown inside a resumed pass when the rest cannot be appended (the object changed, a range was ignored). */
export class RestartFromZero extends Error {
  /** A whole-object answer already received (a 200 to a ranged GET), to start again with. */
  readonly response: HttpResponse | undefined;
  constructor(response?: HttpResponse) {
    super('The download starts again from its first byte.');
    this.response = response;
  }
}

/**
 * Streams the file's whole content through the checks: the first `from`
 * bytes read back from the temporary file, then whatever `rest` opens (none
 * when the file already holds the whole object), appended. The checks see the
 * object from its first byte, so a resumed download is verified exactly as one
 * made in one go.
 */
export async function writePass(
  job: ObjectJob,
  temp: TempFile,
  expected: Expectation,
  from: number,
  rest: (() => Promise<AsyncIterable<Uint8Array>>) | undefined,
): Promise<Pass> {
  const { name } = job.ref;
  const { signal } = job;
  const progress = new ProgressThrottle(job.onProgress, expected.length);
  // The whole content's MD5 only where there is one to compare (a large object's ETag is not its MD5:
  // its segments are checked one by one instead); on a 5 GiB SLO that is ~6 s of CPU not spent.
  const meter = new Meter((loaded) => progress.update(loaded), { hash: expected.md5 !== undefined });
  const parts = expected.pieces?.length ?? 0;
  const segmentCheck = new SegmentCheck(expected.pieces ?? [], (index) =>
    damaged(
      new StorageError(
        'server',
        `The download of "${name}" arrived damaged (part ${index + 1} of ${parts} does not match its checksum); nothing was saved.`,
      ),
    ),
  );
  let body: AsyncIterable<Uint8Array> | undefined;
  async function* content(): AsyncGenerator<Uint8Array> {
    yield* temp.prefix(from);
    if (rest) yield* (body = await rest());
  }
  try {
    // One stage: the sink counts, hashes and checks each chunk before writing it, and a download from
    // the first byte reads the body itself. Every stage is a hop per 64 KiB chunk (~16,000 per GiB)
    // on a thread that shares two cores with Swift: 1 GiB took ~4.2 s through four, ~3.7 s through one.
    const source = from === 0 && rest ? (body = await rest()) : content();
    const inspect = (chunk: Buffer): Error | undefined => {
      meter.count(chunk);
      return segmentCheck.check(chunk); // nothing to check without pieces
    };
    const { pace } = job;
    await pipeline(source, temp.sink(from, inspect, pace && ((want) => pace(want, signal))), { signal });
  } catch (err) {
    // The generator cannot end while it waits for the network: close the body under it.
    void discard(body);
    if (signal?.aborted) throw cancelledError();
    if (err instanceof RestartFromZero) throw err;
    throw streamError(err, job.url, signal, name, meter.loaded, expected.length);
  }
  const incomplete = completenessError(name, meter.loaded, expected);
  // Too many bytes is damage; too few is a download that may go on.
  if (incomplete) throw incomplete.code === 'server' ? damaged(incomplete) : incomplete;
  if (expected.md5 !== undefined && meter.md5() !== expected.md5) {
    throw damaged(
      new StorageError('server', `The download of "${name}" arrived damaged (checksum mismatch); nothing was saved.`),
    );
  }
  if (signal?.aborted) throw cancelledError();
  return { loaded: meter.loaded, progress };
}

/** Releases the connection of a body we will not read (a no-op once a pipeline has taken it). */
export async function discard(body: AsyncIterable<Uint8Array> | undefined): Promise<void> {
  try {
    await body?.[Symbol.asyncIterator]().return?.();
  } catch {
    // Already read, or already cancelled.
  }
}

export function downloadError(res: HttpResponse, container: string, name: string): StorageError {
  if (res.status === 404) {
    return new StorageError('not_found', `The object "${name}" does not exist in "${container}".`, statusAndId(res));
  }
  return errorFromResponse(res, `Downloading "${name}"`);
}

/**
 * A failure while streaming: our own checks (already StorageErrors), the disk
 * side, or the network side, which, when the length is known, says how far it got.
 */
function streamError(
  err: unknown,
  url: string,
  signal: AbortSignal | undefined,
  name: string,
  loaded: number,
  length: number | undefined,
): StorageError {
  if (err instanceof StorageError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    const full = code === 'ENOSPC' ? 'the disk is full' : 'your disk quota is used up';
    return new StorageError('limit_exceeded', `"${name}" could not be saved: ${full}.`, { cause: err });
  }
  if (code === 'EACCES' || code === 'EPERM')
    return new StorageError('forbidden', `"${name}" could not be saved: Cirrus may not write to that folder.`, {
      cause: err,
    });
  if (code === 'EIO' || code === 'EROFS')
    return new StorageError('unexpected', `Writing "${name}" failed (${code}).`, { cause: err });
  const transport = transportError(err, url, signal);
  if (length === undefined || (transport.code !== 'network' && transport.code !== 'timeout')) return transport;
  const early = endedEarly(name, loaded, length, transportReason(err), transport.code);
  return new StorageError(early.code, early.message, { cause: err });
}
