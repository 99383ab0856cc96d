import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CONTENT_SECURITY_POLICY } from './security';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const plain = (status: number, text: string): Response =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** Percent-decodes a URL path; undefined when the encoding is malformed (`%E0%A4%A`) or hides a NUL. */
function decodePath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  return decoded.includes('\0') ? undefined : decoded;
}

/**
 * Answers a request for the built renderer from `root` (an absolute, real
 * path): the file with its type, the CSP and nosniff; 400 for a malformed
 * path, 404 for anything outside `root` or missing. Never throws: the app
 * protocol (electron/desktop/app-protocol.ts) and the Chromium test host
 * both serve the page through this, so what the journeys load is served the
 * way the app serves it.
 */
export async function rendererResponse(root: string, pathname: string): Promise<Response> {
  const decoded = decodePath(pathname === '/' || pathname === '' ? '/index.html' : pathname);
  if (decoded === undefined) return plain(400, 'Bad request');
  const file = path.resolve(root, `.${decoded}`);
  if (!file.startsWith(root + path.sep)) return plain(404, 'Not found');
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch {
    return plain(404, 'Not found');
  }
  const stat = await handle.stat().catch(() => undefined);
  if (!stat?.isFile()) {
    await handle.close();
    return plain(404, 'Not found');
  }
  const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': String(stat.size),
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  });
}
