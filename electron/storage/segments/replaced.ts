import type { BulkDeleteItem } from '../objects';
import { bulkDelete, iterateObjects } from '../objects';
import { isSuccess } from '../http';
import { containerPath, objectPath } from '../paths';
import { segmentContainerFor } from './segments';
import { readSloManifest } from './slo-manifest';
import type { StorageSession } from '../session';

/**
 * The segments an object owns: the ones that become orphans, billed and
 * invisible, once the object is replaced or deleted (rclone #1737, Cyberduck
 * #13281). "Owns" is narrow on purpose, so nothing another object still uses
 * is ever deleted:
 * - only segments in the layout the swift client and Cirrus write for exactly
 *   this name, `<container>_segments/<name>/[slo/]<timestamp>/<size>/<segment size>/<n>`
 *   (hand-made manifests and segments shared by several manifests are left alone);
 * - nothing while the container keeps versions, because the old version is
 *   kept and still points at them.
 */
export interface OwnedSegments {
  kind: 'slo' | 'dlo';
  /** Where they are, as a person reads it: `<segment container>/<prefix>`. */
  location: string;
  items: BulkDeleteItem[];
  bytes: number;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LAYOUT_TAIL = String.raw`\d+(?:\.\d+)?/\d+/\d+/`;

/** What the object under `name` owns in segments now, or undefined when it owns none (a plain object, or absent). */
export async function ownedSegments(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  signal?: AbortSignal,
): Promise<OwnedSegments | undefined> {
  // ?symlink=get: a symlink's target's segments belong to the target, never to the link.
  const head = await session.request(region, {
    method: 'HEAD',
    path: objectPath(container, name),
    query: { symlink: 'get' },
    signal,
  });
  if (!isSuccess(head)) return undefined;
  const slo = (head.headers.get('x-static-large-object') ?? '').toLowerCase() === 'true';
  const dlo = head.headers.get('x-object-manifest');
  if (!slo && dlo === null) return undefined;
  if (await keepsVersions(session, region, container, signal)) return undefined;
  const segContainer = segmentContainerFor(container);
  if (slo) return sloSegments(session, region, container, name, segContainer, signal);
  return dloOwnedSegments(session, region, container, name, dlo ?? '', signal);
}

/**
 * The segments a DLO owns, for a caller that has already HEADed it
 * (`manifest`: its X-Object-Manifest) and checked that its container keeps no versions.
 */
export function dloOwnedSegments(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  manifest: string,
  signal?: AbortSignal,
): Promise<OwnedSegments | undefined> {
  return dloSegments(session, region, manifest, name, segmentContainerFor(container), signal);
}

/** Whether the container keeps old versions (either mode): then an object's old segments are still in use. */
export async function keepsVersions(
  session: StorageSession,
  region: string,
  container: string,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const res = await session.request(region, { method: 'HEAD', path: containerPath(container), signal });
  if (!isSuccess(res)) return true; // cannot tell: keep everything
  const h = res.headers;
  return (
    (h.get('x-versions-enabled') ?? '').toLowerCase() === 'true' ||
    h.has('x-versions-location') ||
    h.has('x-history-location')
  );
}

async function sloSegments(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  segContainer: string,
  signal: AbortSignal | undefined,
): Promise<OwnedSegments | undefined> {
  const rows = await readSloManifest(session, region, container, name, signal);
  if (!rows) return undefined;
  // Swift keeps each segment's path as the uploader wrote it, `/container/object`, not URL-encoded.
  const own = new RegExp(`^/${escapeRe(segContainer)}/(${escapeRe(name)}/(?:slo/)?${LAYOUT_TAIL}\\d+)$`, 's');
  const items: BulkDeleteItem[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (!('name' in row)) continue; // inline data: no object behind it
    const m = own.exec(row.name);
    if (!m) continue;
    items.push({ container: segContainer, name: m[1] });
    bytes += row.bytes;
  }
  return items.length ? { kind: 'slo', location: `${segContainer}/${name}/`, items, bytes } : undefined;
}

/**
 * Where a DLO's segments are, from its X-Object-Manifest (`container/prefix`);
 * undefined when the value names no container.
 */
export function dloTarget(manifest: string): { container: string; prefix: string } | undefined {
  let value = manifest;
  try {
    value = decodeURIComponent(manifest); // Swift decodes it before splitting at the first '/' (dlo.py)
  } catch {
    // not percent-encoded after all
  }
  const slash = value.indexOf('/');
  return slash > 0 ? { container: value.slice(0, slash), prefix: value.slice(slash + 1) } : undefined;
}

async function dloSegments(
  session: StorageSession,
  region: string,
  manifest: string,
  name: string,
  segContainer: string,
  signal: AbortSignal | undefined,
): Promise<OwnedSegments | undefined> {
  const target = dloTarget(manifest);
  // A DLO is every object under its prefix: only the swift client's exact per-upload prefix is
  // this object's own (a hand-made "name/" would sweep up other uploads' segments too).
  if (target?.container !== segContainer) return undefined;
  const { prefix } = target;
  if (!new RegExp(`^${escapeRe(name)}/${LAYOUT_TAIL}$`, 's').test(prefix)) return undefined;
  const items: BulkDeleteItem[] = [];
  let bytes = 0;
  for await (const page of iterateObjects(session, region, segContainer, { prefix, signal })) {
    for (const entry of page) {
      if (!('name' in entry)) continue;
      items.push({ container: segContainer, name: entry.name });
      bytes += entry.bytes;
    }
  }
  return items.length ? { kind: 'dlo', location: `${segContainer}/${prefix}`, items, bytes } : undefined;
}

/**
 * Deletes segments an object no longer uses (`keep`: `/container/object`
 * paths its new manifest names). Best effort and after the new object is in
 * place: a failure here leaves orphans (the Segments view finds them), never
 * a broken object.
 */
export async function deleteSegments(
  session: StorageSession,
  region: string,
  owned: OwnedSegments,
  keep: ReadonlySet<string> = new Set(),
): Promise<number> {
  const items = owned.items.filter((i) => !keep.has(`/${i.container}/${i.name ?? ''}`));
  if (!items.length) return 0;
  try {
    const done = await bulkDelete(session, region, items);
    return done.deleted + done.notFound; // already gone is gone
  } catch {
    return 0;
  }
}
