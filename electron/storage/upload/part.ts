// One PUT of a byte range of a local file, streamed from disk and hashed on the way: a whole small object or one segment.
import { createHash } from 'node:crypto';
import type { HttpResponse } from '../http';
import type { LocalFile } from '../local';
import type { StorageSession } from '../session';
import type { Pace } from '../bandwidth';
import { Meter } from '../transfer-stream';
import { fileChangedError } from './errors';

export interface PartRequest {
  path: string;
  /** The object it is (a part of), for messages. */
  name: string;
  file: LocalFile;
  start: number;
  length: number;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
  /** Bytes of this part read so far by the request (restarts at 0 if the request is sent again). */
  onBytes: (loaded: number) => void;
  /** The uploads' bandwidth limit, asked before each read of the file; none: as fast as it goes. */
  pace?: Pace | undefined;
}

export interface PartResult {
  res: HttpResponse;
  /** MD5 of the bytes actually sent in the attempt that got this answer. */
  md5: string;
  sent: number;
}

/**
 * PUTs a byte range of the file, streamed from disk. The body is a factory, so
 * a retry or a re-authentication opens the file again; each opening gets its
 * own meter, and the answer is checked against the last one.
 */
export async function putPart(session: StorageSession, region: string, part: PartRequest): Promise<PartResult> {
  let meter: Meter | undefined;
  const open = () => {
    const opened = new Meter(part.onBytes);
    meter = opened;
    part.onBytes(0);
    // The file's stream counts and hashes each chunk as it reads it: no second stage for every
    // chunk to pass through (a 1 GiB upload is 4,096 chunks of 256 KiB). A read error destroys
    // the stream the request is reading, which fails the request.
    const { pace, signal } = part;
    return part.file.stream(
      part.start,
      part.start + part.length - 1,
      (chunk) => opened.count(chunk),
      pace && ((want) => pace(want, signal)),
    );
  };
  let res: HttpResponse;
  try {
    res = await session.request(region, {
      method: 'PUT',
      path: part.path,
      headers: { ...part.headers, 'content-length': String(part.length) },
      body: part.length > 0 ? open : '',
      signal: part.signal,
    });
  } catch (err) {
    throw (shortOrLong(err) && fileChangedError(part.file.path, part.name, err)) || err;
  }
  if (part.length === 0) return { res, md5: createHash('md5').digest('hex'), sent: 0 };
  return { res, md5: meter?.md5() ?? '', sent: meter?.loaded ?? 0 };
}

/** undici refuses to send fewer or more bytes than Content-Length: the file was changed under us. */
function shortOrLong(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH') return true;
  }
  return false;
}
