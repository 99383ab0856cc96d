import type { LargeObjectParts } from '../../../shared/domain';
import { isSuccess } from '../http';
import { manifestKind, iterateObjects } from '../objects';
import { objectPath } from '../paths';
import { dloOwnedSegments, keepsVersions } from './replaced';
import { readSloManifest } from './slo-manifest';
import type { StorageSession } from '../session';

/** Up to this many names are asked about one HEAD each; more are read from one listing pass. */
const HEAD_AT_MOST = 64;
const AT_ONCE = 8;

/**
 * Which of `names` are large objects, and what deleting each takes with it,
 * so the confirmation can say so before anything goes.
 * An SLO's delete (`?multipart-manifest=delete`) takes every segment its
 * manifest names; a DLO's takes only the segments it owns (segments/replaced.ts),
 * and a DLO over a hand-made prefix keeps them (`location` set, nothing owned).
 */
export async function largeObjectsAmong(
  session: StorageSession,
  region: string,
  container: string,
  names: readonly string[],
  signal?: AbortSignal,
): Promise<LargeObjectParts[]> {
  const candidates =
    names.length <= HEAD_AT_MOST ? [...names] : await listedCandidates(session, region, container, names, signal);
  const found: LargeObjectParts[] = [];
  await eachAtOnce(candidates, async (name) => {
    const parts = await partsOf(session, region, container, name, signal);
    if (parts) found.push(parts);
  });
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * From the listing: an SLO shows `slo_etag`; a DLO's manifest is an empty
 * object there (Swift lists the manifest, not its content), so zero-byte
 * rows are asked about one by one. One pass over the names' common prefix.
 */
async function listedCandidates(
  session: StorageSession,
  region: string,
  container: string,
  names: readonly string[],
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const wanted = new Set(names);
  const prefix = commonPrefix(names);
  const out: string[] = [];
  let seen = 0;
  for await (const page of iterateObjects(session, region, container, { prefix, signal })) {
    for (const entry of page) {
      if (!('name' in entry) || !wanted.has(entry.name)) continue;
      seen++;
      if (entry.slo_etag !== undefined || entry.bytes === 0) out.push(entry.name);
    }
    if (seen === wanted.size) break;
  }
  return out;
}

function commonPrefix(names: readonly string[]): string {
  let prefix = names[0] ?? '';
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  // Not in the middle of a surrogate pair: the prefix goes into a URL as UTF-8.
  return /[\uD800-\uDBFF]$/.test(prefix) ? prefix.slice(0, -1) : prefix;
}

async function partsOf(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  signal: AbortSignal | undefined,
): Promise<LargeObjectParts | undefined> {
  const head = await session.request(region, {
    method: 'HEAD',
    path: objectPath(container, name),
    query: { symlink: 'get' },
    signal,
  });
  if (!isSuccess(head)) return undefined;
  const kind = manifestKind(head.headers);
  if (kind !== 'slo' && kind !== 'dlo') return undefined;
  // A delete there leaves a delete marker and keeps the object as a version, which still needs its segments.
  if (await keepsVersions(session, region, container, signal)) return undefined;
  if (kind === 'dlo') {
    const manifest = head.headers.get('x-object-manifest') ?? '';
    const owned = await dloOwnedSegments(session, region, container, name, manifest, signal);
    const location = owned?.location ?? decodedManifest(manifest);
    return { name, kind, segments: owned?.items.length ?? 0, bytes: owned?.bytes ?? 0, location, owned: !!owned };
  }
  // Every segment the manifest names goes with an SLO's delete, wherever it lives.
  const rows = (await readSloManifest(session, region, container, name, signal)) ?? [];
  // Inline `data` rows (Swift 2.28+) are bytes in the manifest itself, not segments.
  const segments = rows.flatMap((r) => ('name' in r ? [r] : []));
  const paths = segments.map((r) => r.name.replace(/^\//, ''));
  return {
    name,
    kind,
    segments: segments.length,
    bytes: segments.reduce((sum, r) => sum + r.bytes, 0),
    location: paths.length ? commonPrefix(paths) : `${container}_segments/${name}/`,
    owned: true,
  };
}

function decodedManifest(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export async function eachAtOnce<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker));
}
