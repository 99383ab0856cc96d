// An SLO's manifest as Swift keeps it, for the code that needs the segments it names.
import { z } from 'zod';
import { isSuccess } from '../http';
import { objectPath } from '../paths';
import type { StorageSession } from '../session';

/**
 * A row of `?multipart-manifest=get`: a segment, its path as the uploader wrote it
 * (`/container/object`, not URL-encoded) and size; or inline `data` (Swift 2.28+),
 * bytes in the manifest itself with no object behind them.
 */
const ROW = z.object({ name: z.string(), bytes: z.number().int().nonnegative() }).or(z.object({ data: z.string() }));
export type SloManifestRow = z.infer<typeof ROW>;

/** The manifest's rows; undefined when Swift answers something else (the object is gone, or no manifest). */
export async function readSloManifest(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  signal: AbortSignal | undefined,
): Promise<SloManifestRow[] | undefined> {
  const res = await session.request(region, {
    method: 'GET',
    path: objectPath(container, name),
    query: { 'multipart-manifest': 'get' },
    headers: { accept: 'application/json' },
    signal,
  });
  if (!isSuccess(res)) return undefined;
  try {
    const parsed = z.array(ROW).safeParse(JSON.parse(res.text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // not JSON: not a manifest
  }
}

/** A segment row's path as container and object; undefined for inline data or a path without both. */
export function segmentOf(row: SloManifestRow): { container: string; name: string } | undefined {
  if (!('name' in row)) return undefined;
  const path = row.name.replace(/^\//, '');
  const slash = path.indexOf('/');
  return slash > 0 ? { container: path.slice(0, slash), name: path.slice(slash + 1) } : undefined;
}
