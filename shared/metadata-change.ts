/**
 * One metadata edit, the same for an account, a container and an object:
 * keys to set and keys to remove. The renderer previews it with
 * `applyChange`; the main process writes it with the same function.
 */
import type { Metadata } from './domain';

export interface MetadataChange {
  set?: Metadata;
  remove?: string[];
}

/** What a metadata edit is about. */
export type MetadataTarget =
  { kind: 'account' } | { kind: 'container'; container: string } | { kind: 'object'; container: string; name: string };

/**
 * The metadata set as it will stand after `change`: keys in lower case, as
 * Swift keeps them (it ignores their case), every key the change does not
 * name left as it is.
 */
export function applyChange(current: Metadata, change: MetadataChange): Metadata {
  const next: Metadata = {};
  const removed = new Set((change.remove ?? []).map((k) => k.toLowerCase()));
  for (const [key, value] of Object.entries(current))
    if (!removed.has(key.toLowerCase())) next[key.toLowerCase()] = value;
  for (const [key, value] of Object.entries(change.set ?? {})) next[key.toLowerCase()] = value;
  return next;
}

export const isEmptyChange = (change: MetadataChange): boolean =>
  Object.keys(change.set ?? {}).length === 0 && (change.remove ?? []).length === 0;
