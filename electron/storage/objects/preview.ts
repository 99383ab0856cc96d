/**
 * Reads what a preview shows, in the main process: at most the preview's
 * limit is asked for (a Range request) and read, whatever the object's size,
 * so a preview never holds a big object in memory.
 */
import {
  PREVIEW_MAX_BYTES,
  PREVIEW_TEXT_BYTES,
  previewKindOf,
  wholeLimitOf,
  type ObjectPreview,
} from '../../../shared/object-preview';
import { isSuccess } from '../http';
import { objectError } from './head';
import { objectPath } from '../paths';
import type { StorageSession } from '../session';

/** The object's size from a ranged answer ("bytes 0-99/1234"), or from a whole one. */
function totalSize(headers: Headers): number {
  const range = /\/(\d+)$/.exec(headers.get('content-range') ?? '');
  return Number(range?.[1] ?? headers.get('content-length') ?? 0);
}

async function readUpTo(body: AsyncIterable<Uint8Array> | undefined, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body ?? []) {
    chunks.push(Buffer.from(chunk));
    size += chunk.byteLength;
    // Leaving the loop closes the body: nothing past the limit is read.
    if (size >= limit) break;
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

export async function previewObject(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  signal?: AbortSignal,
): Promise<ObjectPreview> {
  // One request: the first bytes up to the largest limit tell the type and the size; an image or a PDF over its limit stops there.
  const res = await session.request(region, {
    method: 'GET',
    path: objectPath(container, name),
    headers: { range: `bytes=0-${PREVIEW_MAX_BYTES - 1}` },
    stream: true,
    signal,
  });
  // 416: an empty object has no first byte to range over.
  if (res.status === 416) return { kind: 'text', contentType: '', bytes: 0, text: '', truncated: false };
  if (!isSuccess(res)) throw objectError(res, `Previewing "${name}"`, container, name);
  const contentType = res.headers.get('content-type') ?? '';
  const bytes = totalSize(res.headers);
  const kind = previewKindOf(contentType);
  if (kind === 'unsupported') {
    await readUpTo(res.body, 0);
    return { kind, contentType, bytes };
  }
  if (kind === 'image' || kind === 'pdf') {
    const limit = wholeLimitOf(kind);
    if (bytes > limit) {
      await readUpTo(res.body, 0);
      return { kind: 'tooLarge', contentType, bytes, limit };
    }
    const data = await readUpTo(res.body, limit);
    if (kind === 'pdf') return { kind, contentType, bytes, base64: data.toString('base64') };
    const mediaType = contentType.split(';')[0]?.trim() ?? 'application/octet-stream';
    return { kind, contentType, bytes, dataUrl: `data:${mediaType};base64,${data.toString('base64')}` };
  }
  const data = await readUpTo(res.body, PREVIEW_TEXT_BYTES);
  // A character cut at the limit becomes U+FFFD; the rest reads as UTF-8 (the web's default, Swift's for names).
  const text = new TextDecoder('utf-8').decode(data);
  return { kind, contentType, bytes, text, truncated: bytes > data.byteLength };
}
