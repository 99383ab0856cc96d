import type { Metadata } from '../../shared/domain';
import type { MetadataChange } from '../../shared/metadata-change';
import { metadataProblems, removeKeyProblems } from '../../shared/validation';
import { StorageError } from './errors';
import { encodeHeaderValue } from './headers';
import { errorFromResponse, type HttpResponse } from './http';
import { getLimits } from './info';
import { statusAndId } from './response-parts';
import type { StorageSession } from './session';
import { assertNoProblems } from './validate';

/**
 * Checks a change against the region's limits before it is sent. With
 * `after` (an object, whose POST replaces the whole set) the whole set as it
 * will stand is checked; without it (an account or container, whose POST
 * merges) the change alone is, as Swift's proxy itself checks only the
 * metadata a request carries.
 */
export async function assertMetadataFits(
  session: StorageSession,
  region: string,
  change: MetadataChange,
  after: Metadata | undefined,
  what: string,
  signal?: AbortSignal,
): Promise<void> {
  // Keys to remove become header names: one that is not a header name made the HTTP client throw (a "network" error).
  assertNoProblems(removeKeyProblems(change.remove ?? []), what);
  const limits = await getLimits(session, region, signal);
  // Report problems with the keys the person touched by their own spelling. A set of lower-case
  // keys, not a scan of the changed keys per stored key: that was quadratic (20,000 keys took 4 s).
  const changed = new Set(Object.keys(change.set ?? {}).map((key) => key.toLowerCase()));
  const problems = metadataProblems(
    Object.fromEntries([
      ...Object.entries(change.set ?? {}),
      ...Object.entries(after ?? {}).filter(([key]) => !changed.has(key)),
    ]),
    limits,
  );
  assertNoProblems(problems, what);
}

/** Headers for a POST that sets and removes keys of an account or container (which Swift merges). */
export function mergingHeaders(kind: 'Account' | 'Container', change: MetadataChange): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const key of change.remove ?? []) headers[`X-Remove-${kind}-Meta-${key}`] = 'x';
  for (const [key, value] of Object.entries(change.set ?? {}))
    headers[`X-${kind}-Meta-${key}`] = encodeHeaderValue(value);
  return headers;
}

/**
 * The error for a refused account or container metadata POST. Swift checks
 * the merged set itself (verified on 2.30: a container holding 1 key that is
 * sent 90 more answers 400 "Too many metadata items; max 90"), and says so in
 * a 400: that is a limit, in Swift's own words, not bad input.
 */
export function metadataPostError(res: HttpResponse, what: string): StorageError {
  const error = errorFromResponse(res, what);
  if (res.status !== 400 || !/metadata/i.test(res.text)) return error;
  return new StorageError('limit_exceeded', error.message, statusAndId(res));
}
