import type { ServiceLimits } from '../../../shared/limits';
import type { RegionCopyResult } from '../../../shared/region-diff';
import { cancelledError } from '../cancel';
import { StorageError } from '../errors';
import { errorFromResponse, isSuccess, type HttpResponse } from '../http';
import { getLimits } from '../info';
import { COPY_ANSWER_MS, manifestKind, objectError, SYMLINK_ITSELF } from '../objects';
import { containerPath, objectPath, sourceReference } from '../paths';
import { copySessionsOf, sameCluster, type CopySessions } from './cluster';
import type { RegionSide } from './compare';
import { copySlo } from './copy-slo';
import { streamPart } from './stream';
import { bareEtag, statusAndId } from '../response-parts';
import type { StorageSession } from '../session';
import { ProgressThrottle, type ProgressListener } from '../transfer-stream';

export interface RegionCopyOptions {
  source: RegionSide;
  target: RegionSide;
  /** `bytes` sizes the progress bar only; each object is read again before it is copied. */
  items: { name: string; bytes: number }[];
  signal?: AbortSignal | undefined;
  onProgress?: ProgressListener;
}

/**
 * Copies the chosen objects from one region to the other, one at a time. An
 * object the target already holds the same (same size and ETag, read again
 * now) is skipped, so running the same copy again after a failure or a
 * cancel resumes it: only what is missing or different is sent. One object
 * failing does not stop the others; cancelling stops the whole copy.
 *
 * Plain objects are streamed (GET into PUT, see regions/stream.ts) with the
 * source's MD5 as `ETag`, so Swift refuses a damaged copy, or, where both
 * regions are one cluster, copied by Swift itself (X-Copy-From). A plain
 * object larger than the target's max_file_size is refused rather than split
 * into segments: as an SLO its ETag would never equal the original's, so no
 * comparison could tell it had been copied, and a re-run would copy it again.
 */
export async function copyBetweenRegions(
  from: StorageSession | CopySessions,
  opts: RegionCopyOptions,
): Promise<RegionCopyResult> {
  const { source, target, signal } = opts;
  const sessions = copySessionsOf(from);
  const serverSide = sameCluster(sessions, source.region, target.region);
  const limits = await getLimits(sessions.target, target.region, signal);
  await ensureContainer(sessions.target, target, signal);
  const progress = new ProgressThrottle(
    opts.onProgress,
    opts.items.reduce((n, i) => n + i.bytes, 0),
  );
  const result: RegionCopyResult = { copied: [], skipped: [], failed: [], serverSide };
  let done = 0;
  for (const item of opts.items) {
    if (signal?.aborted) throw cancelledError();
    try {
      const outcome = await copyOne(sessions, { ...opts, serverSide, limits, name: item.name }, (n) =>
        progress.update(done + n),
      );
      result[outcome].push(item.name);
    } catch (err) {
      if (signal?.aborted) throw cancelledError();
      result.failed.push({ name: item.name, message: err instanceof Error ? err.message : String(err) });
    }
    done += item.bytes;
    progress.update(done);
  }
  progress.finish(done);
  return result;
}

interface One {
  source: RegionSide;
  target: RegionSide;
  name: string;
  serverSide: boolean;
  limits: ServiceLimits;
  signal?: AbortSignal | undefined;
}

async function copyOne(sessions: CopySessions, one: One, onBytes: (n: number) => void): Promise<'copied' | 'skipped'> {
  const { source, target, name, signal } = one;
  const session = sessions.target;
  const head = await headItself(sessions.source, source, name, signal);
  if (!isSuccess(head)) throw objectError(head, `Reading "${name}" in ${source.region}`, source.container, name);
  const there = await headItself(session, target, name, signal);
  if (isSuccess(there) && sameObject(head.headers, there.headers)) return 'skipped';
  const kind = manifestKind(head.headers);
  const headers = carriedHeaders(head.headers);
  const to = objectPath(target.container, name);
  const what = `"${name}"`;
  if (kind === 'slo') await copySlo(sessions, { ...one, headers, onBytes });
  else if (kind === 'dlo' || kind === 'symlink') {
    // Only the manifest or the link goes across, pointing at the same names in the target region:
    // its segments (or its target) are objects of their own, compared and copied as such.
    const put = await session.request(target.region, {
      method: 'PUT',
      path: to,
      headers: { ...headers, ...linkHeaders(head.headers), 'content-length': '0' },
      body: '',
      signal,
    });
    if (!isSuccess(put)) throw errorFromResponse(put, `Copying ${what}`);
  } else {
    const bytes = Number(head.headers.get('content-length') ?? 0);
    if (bytes > one.limits.maxFileSize) {
      throw new StorageError(
        'limit_exceeded',
        `${what} is ${bytes} bytes; ${target.region} takes at most ${one.limits.maxFileSize} bytes in one object, and Cirrus does not split a plain object into segments.`,
      );
    }
    if (one.serverSide) await copyInCluster(session, one, bareEtag(head.headers.get('etag')));
    else {
      await streamPart(sessions, {
        fromRegion: source.region,
        from: objectPath(source.container, name),
        toRegion: target.region,
        to,
        headers,
        what,
        signal,
        onBytes,
      });
    }
  }
  const after = await headItself(session, target, name, signal);
  if (!isSuccess(after) || !sameObject(head.headers, after.headers, kind === 'dlo')) {
    throw new StorageError(
      'server',
      `Copying ${what} failed: the copy in ${target.region} does not match the original.`,
      statusAndId(after),
    );
  }
  return 'copied';
}

/** X-Copy-From within one cluster: Swift moves the bytes and carries Content-Type and metadata itself. */
async function copyInCluster(session: StorageSession, one: One, etag: string): Promise<void> {
  const res = await session.request(one.target.region, {
    method: 'PUT',
    path: objectPath(one.target.container, one.name),
    headers: { 'x-copy-from': sourceReference(one.source.container, one.name), 'content-length': '0', etag },
    timeouts: { headersMs: COPY_ANSWER_MS },
    signal: one.signal,
  });
  if (!isSuccess(res)) throw errorFromResponse(res, `Copying "${one.name}"`);
}

const headItself = (session: StorageSession, side: RegionSide, name: string, signal: AbortSignal | undefined) =>
  session.request(side.region, {
    method: 'HEAD',
    path: objectPath(side.container, name),
    query: SYMLINK_ITSELF,
    signal,
  });

/**
 * The same object on both sides: the same kind, size and ETag (a large
 * object's HEAD answers its segments' digest, the listing's slo_etag), and a
 * link or manifest pointing at the same name. A DLO's size and ETag come from
 * its segments, which may not have been copied yet, so only its manifest is
 * compared right after copying it.
 */
function sameObject(a: Headers, b: Headers, manifestOnly = false): boolean {
  const kind = manifestKind(a);
  if (kind !== manifestKind(b)) return false;
  if (kind === 'symlink') return a.get('x-symlink-target') === b.get('x-symlink-target');
  if (kind === 'dlo' && a.get('x-object-manifest') !== b.get('x-object-manifest')) return false;
  if (manifestOnly) return true;
  return a.get('content-length') === b.get('content-length') && bareEtag(a.get('etag')) === bareEtag(b.get('etag'));
}

const CARRIED = new Set([
  'content-type',
  'content-disposition',
  'content-encoding',
  'cache-control',
  'content-language',
]);

/** Content-Type, the other browser-facing headers and the user metadata, as Swift sent them (raw bytes kept). */
export function carriedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    const lower = key.toLowerCase();
    if (CARRIED.has(lower) || lower.startsWith('x-object-meta-')) out[lower] = value;
  });
  return out;
}

function linkHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['x-object-manifest', 'x-symlink-target', 'x-symlink-target-account']) {
    const value = headers.get(key);
    if (value !== null) out[key] = value;
  }
  return out;
}

/** The target container, made when it is missing (a comparison shows such a side as empty). */
async function ensureContainer(session: StorageSession, side: RegionSide, signal: AbortSignal | undefined) {
  const path = containerPath(side.container);
  const res: HttpResponse = await session.request(side.region, { method: 'HEAD', path, signal });
  if (isSuccess(res)) return;
  if (res.status !== 404) throw errorFromResponse(res, `Reading "${side.container}" in ${side.region}`);
  const made = await session.request(side.region, { method: 'PUT', path, signal });
  if (!isSuccess(made)) throw errorFromResponse(made, `Creating "${side.container}" in ${side.region}`);
}
