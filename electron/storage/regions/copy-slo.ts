import { z } from 'zod';
import { StorageError } from '../errors';
import { errorFromResponse, isSuccess } from '../http';
import { COPY_ANSWER_MS, objectError } from '../objects';
import { objectPath, sourceReference } from '../paths';
import type { RegionSide } from './compare';
import { streamPart } from './stream';
import { bareEtag, statusAndId } from '../response-parts';
import { segmentContainerFor, segmentName, deleteAll, ensureSegmentContainer } from '../segments';
import type { StorageSession } from '../session';
import type { CopySessions } from './cluster';

export interface SloCopy {
  source: RegionSide;
  target: RegionSide;
  name: string;
  /** The manifest's Content-Type and metadata, to send with the new manifest. */
  headers: Record<string, string>;
  serverSide: boolean;
  signal?: AbortSignal | undefined;
  onBytes: (loaded: number) => void;
}

// `?multipart-manifest=get` lists each segment as `/container/object` (not URL-encoded) with its MD5 and size.
const segment = z.object({
  name: z.string(),
  bytes: z.number(),
  hash: z.string(),
  range: z.string().optional(),
  sub_slo: z.boolean().optional(),
});

/**
 * A static large object is copied as one: the same segment boundaries, each
 * segment read with a ranged GET of the object and PUT (with its MD5 as ETag)
 * into the target's `<container>_segments` under segments.ts's names, then a
 * manifest. Its segments' MD5s are the source's, so its `slo_etag` (the MD5 of
 * those MD5s) is the source's too, and a comparison sees the two as the same.
 * Copied whole instead, it would be one plain object whose ETag (the MD5 of its
 * bytes) never matches an SLO's, and it would be limited to max_file_size.
 * On one cluster each segment is copied by Swift (X-Copy-From its own segment).
 * A failure removes the segments written so far.
 */
export async function copySlo(sessions: CopySessions, copy: SloCopy): Promise<void> {
  const { source, target, name, signal } = copy;
  const session = sessions.target;
  const what = `"${name}"`;
  const res = await sessions.source.request(source.region, {
    method: 'GET',
    path: objectPath(source.container, name),
    query: { 'multipart-manifest': 'get' },
    signal,
  });
  if (!isSuccess(res)) throw objectError(res, `Reading the manifest of ${what}`, source.container, name);
  const segments = z.array(segment).parse(JSON.parse(res.text));
  if (segments.some((s) => s.range !== undefined || s.sub_slo)) {
    throw new StorageError(
      'invalid_input',
      `${what} is a large object made of byte ranges or of other large objects; Cirrus copies only plain segment lists.`,
    );
  }
  const segContainer = segmentContainerFor(target.container);
  await ensureSegmentContainer(session, target.region, target.container, segContainer, signal, `Copying ${what}`);
  const size = segments.reduce((n, s) => n + s.bytes, 0);
  const stamp = (Date.now() / 1000).toFixed(6);
  const segName = (i: number) => segmentName(name, stamp, size, segments[0]?.bytes ?? 0, i);
  const written: string[] = [];
  try {
    let offset = 0;
    for (const [i, s] of segments.entries()) {
      const to = objectPath(segContainer, segName(i));
      written.push(segName(i));
      const base = offset;
      if (copy.serverSide) await copySegmentInCluster(session, target.region, s, to, `${what} (part ${i + 1})`, signal);
      else {
        await streamPart(sessions, {
          fromRegion: source.region,
          from: objectPath(source.container, name),
          range: { start: offset, length: s.bytes },
          toRegion: target.region,
          to,
          headers: { 'content-type': 'application/octet-stream' },
          etag: s.hash,
          what: `${what} (part ${i + 1} of ${segments.length})`,
          signal,
          onBytes: (n) => copy.onBytes(base + n),
        });
      }
      offset += s.bytes;
      copy.onBytes(offset);
    }
    const manifest = segments.map((s, i) => ({
      path: `/${segContainer}/${segName(i)}`,
      etag: s.hash,
      size_bytes: s.bytes,
    }));
    const put = await session.request(target.region, {
      method: 'PUT',
      path: objectPath(target.container, name),
      query: { 'multipart-manifest': 'put' },
      headers: copy.headers,
      body: JSON.stringify(manifest),
      signal,
    });
    if (!isSuccess(put)) throw errorFromResponse(put, `Copying ${what} (writing the manifest)`);
  } catch (err) {
    await deleteAll(session, target.region, segContainer, written);
    throw err;
  }
}

async function copySegmentInCluster(
  session: StorageSession,
  region: string,
  s: z.infer<typeof segment>,
  to: string,
  what: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const match = /^\/([^/]+)\/(.+)$/s.exec(s.name);
  if (!match) throw new StorageError('server', `Copying ${what} failed: the manifest names "${s.name}".`);
  const res = await session.request(region, {
    method: 'PUT',
    path: to,
    headers: { 'x-copy-from': sourceReference(match[1]!, match[2]!), 'content-length': '0', etag: s.hash },
    timeouts: { headersMs: COPY_ANSWER_MS },
    signal,
  });
  if (!isSuccess(res)) throw errorFromResponse(res, `Copying ${what}`);
  if (bareEtag(res.headers.get('etag')) !== s.hash) {
    throw new StorageError('server', `Copying ${what} failed: the copy does not match its checksum.`, statusAndId(res));
  }
}
