// What the manifests and links of an account use, as a scan for leftover segments reads them.
import { errorFromResponse, isSuccess, type HttpResponse } from '../http';
import { StorageError } from '../errors';
import { isVersionLink, manifestKind, symlinkTargetOf } from '../objects';
import { objectPath } from '../paths';
import { dloTarget } from './replaced';
import type { StorageSession } from '../session';
import { readSloManifest, segmentOf } from './slo-manifest';

/**
 * Every object some manifest or symlink of the account names, and every
 * prefix a DLO names (which uses whatever is under it, now or later). A name
 * is "used" when either says so; more references than needed only keep more.
 */
export class SegmentReferences {
  readonly #objects = new Map<string, Set<string>>();
  /** Per container: the DLO prefixes, and their lengths (a name is checked once per length, not per prefix). */
  readonly #prefixes = new Map<string, { all: Set<string>; lengths: Set<number> }>();
  /** Manifests and links themselves: objects people use, never offered as segments. */
  readonly #manifests = new Set<string>();
  manifestsRead = 0;

  useObject(container: string, name: string): void {
    let names = this.#objects.get(container);
    if (!names) this.#objects.set(container, (names = new Set()));
    names.add(name);
  }

  usePrefix(container: string, prefix: string): void {
    let p = this.#prefixes.get(container);
    if (!p) this.#prefixes.set(container, (p = { all: new Set(), lengths: new Set() }));
    p.all.add(prefix);
    p.lengths.add(prefix.length);
  }

  markManifest(container: string, name: string): void {
    this.#manifests.add(`${container}\0${name}`);
  }

  isManifest(container: string, name: string): boolean {
    return this.#manifests.has(`${container}\0${name}`);
  }

  /** Whether some manifest keeps segments in this container. */
  holdsSegments(container: string): boolean {
    return this.#objects.has(container) || this.#prefixes.has(container);
  }

  uses(container: string, name: string): boolean {
    if (this.#objects.get(container)?.has(name)) return true;
    const p = this.#prefixes.get(container);
    if (!p) return false;
    for (const length of p.lengths) if (length <= name.length && p.all.has(name.slice(0, length))) return true;
    return false;
  }
}

/**
 * Reads what an object uses into `refs`, if it is a manifest or a link: asked of
 * every empty object, and of where a tool's manifest would be.
 * A DLO's manifest is an empty object in a listing (Swift lists the manifest,
 * not what it serves), so nothing short of a HEAD tells one from an empty file
 * (`?multipart-manifest=get`: the manifest's own headers, without Swift
 * listing its segments); the HEAD also tells a symlink's target. In a
 * container that keeps versions a name is Swift's link to its current
 * version, which is followed.
 */
export async function readManifestOrLink(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  refs: SegmentReferences,
  signal: AbortSignal | undefined,
): Promise<void> {
  let head = await headManifest(session, region, container, name, true, signal);
  if (head && isVersionLink(head.headers)) head = await headManifest(session, region, container, name, false, signal);
  if (!head) return;
  const kind = manifestKind(head.headers);
  if (kind === 'plain') return;
  refs.markManifest(container, name);
  if (kind === 'slo') return readSloReferences(session, region, container, name, refs, signal);
  if (kind === 'symlink') {
    const target = symlinkTargetOf(head.headers.get('x-symlink-target'));
    if (target) refs.useObject(target.container, target.name);
    return;
  }
  const target = dloTarget(head.headers.get('x-object-manifest') ?? '');
  if (target) refs.usePrefix(target.container, target.prefix);
  refs.manifestsRead++;
}

async function headManifest(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  itself: boolean,
  signal: AbortSignal | undefined,
): Promise<HttpResponse | undefined> {
  const res = await session.request(region, {
    method: 'HEAD',
    path: objectPath(container, name),
    query: { 'multipart-manifest': 'get', ...(itself ? { symlink: 'get' } : {}) },
    signal,
  });
  if (res.status === 404) return undefined; // deleted since the listing: it uses nothing
  if (!isSuccess(res)) throw errorFromResponse(res, `Reading "${name}" in "${container}"`);
  return res;
}

/** Reads the segments an SLO's manifest names into `refs`. One that cannot be read fails the scan: its segments would look unused. */
export async function readSloReferences(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  refs: SegmentReferences,
  signal: AbortSignal | undefined,
): Promise<void> {
  const rows = await readSloManifest(session, region, container, name, signal);
  if (!rows) {
    // Only a manifest that is gone may be passed over.
    if (!(await headManifest(session, region, container, name, false, signal))) return;
    throw new StorageError(
      'server',
      `The manifest of "${name}" in "${container}" could not be read, so no segment can be called unused.`,
    );
  }
  refs.markManifest(container, name);
  refs.manifestsRead++;
  for (const row of rows) {
    const segment = segmentOf(row);
    if (segment) refs.useObject(segment.container, segment.name);
  }
}
