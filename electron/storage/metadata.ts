import type { Metadata } from '../../shared/domain';
import { metadataProblems } from '../../shared/validation';
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
  const limits = await getLimits(session, region);
  const changed = new Set(Object.keys(change.set ?? {}));
  // Report problems with the keys the person touched by their own spelling.
  const problems = metadataProblems(
    Object.fromEntries([
      ...Object.entries(change.set ?? {}),
      ...Object.entries(after).filter(([key]) => ![...changed].some((c) => c.toLowerCase() === key)),
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
