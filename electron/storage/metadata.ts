import type { Metadata } from '../../shared/domain';
import { metadataProblems, removeKeyProblems } from '../../shared/validation';
import { encodeHeaderValue } from './headers';
import { getLimits } from './info';
import type { StorageSession } from './session';
import { assertNoProblems } from './validate';

export interface MetadataChange {
  set?: Metadata;
  remove?: string[];
}

/** The metadata set as it will stand after `change`: keys in lower case, as Swift keeps them. */
export function applyChange(current: Metadata, change: MetadataChange): Metadata {
  const next: Metadata = {};
  const removed = new Set((change.remove ?? []).map((k) => k.toLowerCase()));
  for (const [key, value] of Object.entries(current))
    if (!removed.has(key.toLowerCase())) next[key.toLowerCase()] = value;
  for (const [key, value] of Object.entries(change.set ?? {})) next[key.toLowerCase()] = value;
  return next;
}

/**
 * Checks the whole set as it will stand, not just the change: Swift limits the
 * count and total size of everything stored, and rejects the lot on overflow.
 */
export async function assertMetadataFits(
  session: StorageSession,
  region: string,
  change: MetadataChange,
  after: Metadata,
  what: string,
): Promise<void> {
  // Keys to remove become header names: one that is not a header name made the HTTP client throw (a "network" error).
  assertNoProblems(removeKeyProblems(change.remove ?? []), what);
  const limits = await getLimits(session, region);
  // Report problems with the keys the person touched by their own spelling. A set of lower-case
  // keys, not a scan of the changed keys per stored key: that was quadratic (20,000 keys took 4 s).
  const changed = new Set(Object.keys(change.set ?? {}).map((key) => key.toLowerCase()));
  const problems = metadataProblems(
    Object.fromEntries([
      ...Object.entries(change.set ?? {}),
      ...Object.entries(after).filter(([key]) => !changed.has(key)),
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
