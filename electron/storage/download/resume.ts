// Continuing a download into the temporary file an earlier attempt left
// (download/partial.ts says how a caller does it).
//
// Conditional requests on Swift 2.30, as tried on the harness (If-Match sent
// with and without the quotes Swift puts around a large object's ETag; both
// match alike):
// - Plain object: If-Match is checked against its ETag (the MD5) on GET and
//   HEAD; a mismatch is 412, even for a range that could not be satisfied.
//   `Range: bytes=N-` is 206 with `Content-Range: bytes N-<last>/<length>`;
//   N at or past the end is 416 with `Content-Range: bytes */<length>`.
// - SLO: the object server checks If-Match against the SLO's own ETag (the
//   quoted MD5 of its segments' MD5s, kept in the manifest's sysmeta, which
//   the slo middleware points it at), not against the manifest's ETag (that is
//   `X-Manifest-Etag`, and If-Match with it is 412). Range and 416 behave as
//   for a plain object, and 412 comes before 416.
// - DLO: the dlo middleware computes the ETag (quoted MD5 of the segments'
//   ETags, only when the listing fits in one page) and checks If-Match against
//   it on GET and HEAD, and Range works across segments. But a range past the
//   end is answered 416 by the middleware before If-Match is looked at: a
//   DLO's 416 says nothing about whether it changed.
// Hence the order here: a HEAD with If-Match first (412: start again from
// zero; 200: the headers the checks need, so the bytes already on disk are
// hashed before any body is open, however long that takes, with no
// connection idling meanwhile), then, unless the file already holds the whole
// object, the ranged GET with If-Match again (the object may change between
// the two); its 416 or 412 or a 200 (range ignored) start again from zero.
import fs from 'node:fs';
import path from 'node:path';
import { expectationFor, type Expectation } from './check';
import { discard, downloadError, RestartFromZero, writePass, type ObjectJob, type Pass } from './pass';
import type { ResumeFrom } from './partial';
import { makeFoldersInside } from './target';
import type { TempFile } from './temp';
import { StorageError } from '../errors';
import type { HttpResponse } from '../http';
import { isTempNameFor } from '../local';

/** Visible ASCII only: an ETag goes into a header as it is. */
const ETAG = /^[\x21-\x7e]{1,256}$/;

/**
 * The real path of the folder the partial file must be in, refusing (before
 * anything is written) a `tempPath` that is not this download's temporary name
 * there: the journal that hands it back is the main process's own, but a
 * resume must never append to, or truncate, any other file.
 */
export async function resumeFolder(
  root: string,
  segments: string[],
  resume: ResumeFrom,
  signal: AbortSignal | undefined,
): Promise<string> {
  const finalName = segments.at(-1) ?? '';
  const refuse = (why: string) =>
    new StorageError('invalid_input', `Cannot continue the download of "${finalName}": ${why}; nothing was written.`);
  if (!ETAG.test(resume.etag)) throw refuse('the ETag it was made from is not one Swift sends');
  const { tempPath } = resume;
  if (!path.isAbsolute(tempPath) || !isTempNameFor(path.basename(tempPath), finalName)) {
    throw refuse(`"${path.basename(tempPath)}" is not its partial file`);
  }
  const folders = segments.slice(0, -1);
  const given = path.dirname(path.resolve(tempPath));
  const wanted = path.join(root, ...folders);
  if (given !== wanted) {
    // The same folder by another path (a symlink inside the target folder), or refused.
    const [a, b] = await Promise.all([given, wanted].map((p) => fs.promises.realpath(p).catch(() => undefined)));
    if (a === undefined || a !== b) throw refuse('its partial file is not in the folder it is saved to');
  }
  // Only folders inside the target are made (a gone folder, whose partial went with it); see makeFoldersInside.
  return makeFoldersInside(root, folders, signal);
}

/** The object's headers if it still has `etag` (HEAD with If-Match), undefined if it changed. */
export async function stillSame(job: ObjectJob, etag: string): Promise<HttpResponse | undefined> {
  const head = await job.request('HEAD', { 'if-match': etag });
  if (head.status === 412) return undefined;
  if (head.status !== 200) throw downloadError(head, job.ref.container, job.ref.name);
  return head;
}

/** `bytes <first>-<last>/<length>` of a 206, or undefined if it is not that. */
export function contentRange(value: string | null): { first: number; last: number; length: number } | undefined {
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec((value ?? '').trim());
  if (!m) return undefined;
  const [first, last, length] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return first <= last && last < length ? { first, last, length } : undefined;
}

/**
 * The rest of the object from byte `from` (`Range: bytes=<from>-` with
 * If-Match). A 206 is used only if it starts exactly there and runs to the
 * end of an object of the expected length; otherwise it is refused, and
 * nothing is appended. 412, 416 and 200 throw RestartFromZero.
 */
export async function restOf(
  job: ObjectJob,
  etag: string,
  from: number,
  length: number | undefined,
): Promise<AsyncIterable<Uint8Array>> {
  const res = await job.request('GET', { range: `bytes=${from}-`, 'if-match': etag });
  if (res.status === 206 && res.body) {
    const range = contentRange(res.headers.get('content-range'));
    const fits = range?.first === from && range.last === range.length - 1;
    if (fits && (length === undefined || range.length === length)) return res.body;
    await discard(res.body);
    const said = res.headers.get('content-range') ?? 'no Content-Range';
    throw new StorageError(
      'server',
      `The service sent another part of "${job.ref.name}" than the one asked for (${said} for bytes ${from}-${length === undefined ? '' : length - 1}); nothing was saved.`,
    );
  }
  if (res.status === 200 && res.body) throw new RestartFromZero(res);
  await discard(res.body);
  if (res.status === 412 || res.status === 416) throw new RestartFromZero();
  throw downloadError(res, job.ref.container, job.ref.name);
}

/**
 * Continues into `temp`, which held the first bytes of the object with
 * `etag`: the pass that completed it, or a RestartFromZero (with the
 * whole-object answer to start from, when one came) when those bytes cannot
 * be continued from: the file is empty or longer than the object, or the
 * object changed. `started` records what the file holds once that is known.
 */
export async function resumed(
  job: ObjectJob,
  temp: TempFile,
  etag: string,
  started: (temp: TempFile, res: HttpResponse, expected: Expectation) => Promise<void>,
): Promise<Pass | RestartFromZero> {
  const have = await temp.size();
  if (have === 0) return new RestartFromZero();
  const head = await stillSame(job, etag);
  if (!head) return new RestartFromZero();
  const expected = await expectationFor(job.session, job.region, job.ref, head, job.signal);
  const { length } = expected;
  if (length !== undefined && have > length) return new RestartFromZero();
  await started(temp, head, expected);
  const rest = have === length ? undefined : () => restOf(job, etag, have, length);
  try {
    return await writePass(job, temp, expected, have, rest);
  } catch (err) {
    if (err instanceof RestartFromZero) return err;
    throw err;
  }
}
