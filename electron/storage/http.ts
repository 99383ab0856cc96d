import type { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { cancelledError } from './cancel';
import { StorageError, codeForStatus } from './errors';
import { watchRequest, type RequestRegion } from './request-observer';
import { errorDetail, requestIdOf, statusAndId } from './response-parts';
import { backoffMs, DEFAULT_RETRY, mayRetryTimeout, retryAfterMs, sleep, type RetryPolicy } from './retry';

/**
 * A request body: small ones as a string, large ones as a factory that opens
 * a fresh stream, so a retry (or a retry after re-authentication) can send it again.
 */
export type BodySource = string | (() => Readable);

export interface HttpRequest {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE' | 'COPY';
  /**
   * Sent exactly as given, never normalised: an object named `a/../b` must
   * reach Swift as that name, not as `b` (WHATWG URL parsing, and so fetch,
   * would collapse the dot segments, even percent-encoded ones).
   */
  url: string;
  headers?: Record<string, string>;
  body?: BodySource;
  signal?: AbortSignal | undefined;
  /** Hand a 2xx body back unread as a stream (downloads) instead of reading it as text. */
  stream?: boolean;
  /** Overrides DEFAULT_TIMEOUTS for this request (the connect timeout belongs to the shared agent). */
  timeouts?: Partial<Pick<Timeouts, 'headersMs' | 'bodyMs'>> | undefined;
  /** The region it is for, named in the activity log (request-observer.ts); none for identity calls. */
  region?: RequestRegion | undefined;
  /**
   * A POST that may be sent again when its connection fails: asking for a token changes nothing, and a
   * second answer is just another token. Without it a sign-in on a kept-alive connection the server had
   * just closed (its idle timeout meeting ours, likelier on a busy machine) failed with nothing to do.
   */
  repeatable?: true;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The body as text; empty when `stream` was asked for and the answer was 2xx. */
  text: string;
  requestId: string | undefined;
  /** With `stream`, the unread 2xx body. */
  body?: AsyncIterable<Uint8Array>;
}

export type { RetryPolicy } from './retry';
export { sleep } from './retry';

/** How long to wait, per request: for a connection, for the answer's headers, and between two pieces of a body. */
export interface Timeouts {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

/**
 * Why these numbers: Swift's proxy gives up on a silent storage node after
 * its node_timeout (10 s by default) and tries another, and its bulk
 * operations (bulk delete, extract-archive, SLO delete) send a space every
 * 10 s while they work, so 20 s without headers, or 30 s without a byte of
 * body, means a dead connection, not a busy cluster. Calls known to take
 * longer before answering (a server-side copy) ask for more per request.
 * undici does not count the time spent sending a request body (an upload)
 * against headersMs while the server keeps reading it.
 */
export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 20_000, bodyMs: 30_000 };

/** Lets operators (and our tests, through Swift's proxy log) tell Cirrus's requests apart. */
export const USER_AGENT = 'Cirrus/0.1';
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/**
 * The transport is undici's dispatcher API rather than fetch: fetch keeps a
 * copy of a streamed request body for redirects (a 1 GiB upload held 1 GiB),
 * collapses dot segments in paths, and silently decodes Content-Encoding.
 * Idle timeouts rather than one deadline for the whole call: a 1 GiB transfer
 * may take minutes, but a silent connection should not.
 */
const agent = new Agent({
  connect: { timeout: DEFAULT_TIMEOUTS.connectMs },
  headersTimeout: DEFAULT_TIMEOUTS.headersMs,
  bodyTimeout: DEFAULT_TIMEOUTS.bodyMs,
});

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

function errorCode(err: unknown): string {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string') return e.code;
  }
  return '';
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  UND_ERR_SOCKET: 'the connection was closed',
  // undici's names for an answer that stopped before its stated end (Content-Length, or a chunked body's last chunk).
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the connection was closed before the answer was complete',
  // Instead of OpenSSL's own text ("…:SSL routines:tls_validate_record_header:wrong version number:…").
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak HTTPS (TLS) on this port',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed, so it cannot be trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate was issued by an authority this computer does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its TLS certificate was issued by an authority this computer does not trust',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

/** What went wrong with the connection, in words, for a thrown transport or stream error. */
export function transportReason(err: unknown): string {
  const code = errorCode(err);
  if (TIMEOUT_CODES.has(code)) return 'the server stopped answering';
  if (REASONS[code]) return REASONS[code];
  if (err instanceof Error && err.name === 'HTTPParserError') {
    // undici 8 reports a chunked body cut off by `Connection: close` as "Invalid EOF state", without a code.
    return /EOF/i.test(err.message)
      ? 'the connection was closed before the answer was complete'
      : 'the server sent an answer that is not valid HTTP';
  }
  if (/^ERR_SSL_/.test(code)) return 'the secure (TLS) connection failed';
  return err instanceof Error ? err.message : 'network error';
}

/** Maps a thrown transport or stream error to a StorageError a person can act on. */
export function transportError(err: unknown, url: string, signal: AbortSignal | undefined): StorageError {
  if (err instanceof StorageError) return err;
  const host = new URL(url).host;
  if (signal?.aborted) return cancelledError(err);
  if (TIMEOUT_CODES.has(errorCode(err)))
    return new StorageError('timeout', `${host} stopped answering.`, { cause: err });
  const hint = HINTS[errorCode(err)] ?? (isTlsError(err) ? TLS_HINT : undefined);
  return new StorageError('network', `Could not reach ${host}: ${transportReason(err)}.${hint ? ` ${hint}` : ''}`, {
    cause: err,
  });
}

/** What to try, after the reason, for the failures a person can fix from the sign-in form. */
const HINTS: Record<string, string> = {
  ECONNREFUSED: 'Check the port in the address, and that the service is running.',
  ENOTFOUND: 'Check the host name, and your network or VPN.',
  EAI_AGAIN: 'Check the host name, and your network or VPN.',
  ERR_SSL_WRONG_VERSION_NUMBER:
    'If the address is plain HTTP, start it with http:// instead of https:// (or check the port).',
};
const TLS_HINT = 'Check that the address starts with the right scheme (https:// or http://) and port.';

const isTlsError = (err: unknown) => /^ERR_SSL_|^ERR_TLS_|CERT|_SIGNATURE$/.test(errorCode(err));

function openBody(body: BodySource | undefined): string | Readable | undefined {
  return typeof body === 'function' ? body() : body;
}

function splitUrl(url: string): { origin: string; path: string } {
  const match = /^(https?:\/\/[^/?#]+)(\/[^#]*)?$/i.exec(url);
  // The URL is not repeated: it could carry credentials (`http://user:pw@…`).
  if (!match) throw new StorageError('invalid_input', 'The service address is not an http(s) URL.');
  return { origin: match[1]!, path: match[2] ?? '/' };
}

function toHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

async function sendOnce(req: HttpRequest): Promise<HttpResponse> {
  const watch = watchRequest(req);
  let res: Dispatcher.ResponseData;
  try {
    res = await agent.request({
      ...splitUrl(req.url),
      method: req.method,
      headers: { 'user-agent': USER_AGENT, ...req.headers },
      body: openBody(req.body) ?? null,
      signal: req.signal ?? null,
      // undici closes the connection after every HEAD unless told not to (for servers that send a
      // body with one; Swift does not): a compare's HEAD per object then paid a new connection each,
      // a TLS handshake against a real service, and 48 KiB of garbage (10,000 HEADs: +99 MiB RSS).
      ...(req.method === 'HEAD' ? { reset: false } : {}),
      ...(req.timeouts?.headersMs !== undefined ? { headersTimeout: req.timeouts.headersMs } : {}),
      ...(req.timeouts?.bodyMs !== undefined ? { bodyTimeout: req.timeouts.bodyMs } : {}),
    });
  } catch (err) {
    const error = transportError(err, req.url, req.signal);
    watch?.failed(error.code);
    throw error;
  }
  const headers = toHeaders(res.headers);
  const requestId = requestIdOf(headers);
  const status = res.statusCode;
  if (req.stream && status >= 200 && status < 300) {
    watch?.streamed(status, headers, res.body);
    return { status, headers, text: '', requestId, body: res.body };
  }
  try {
    const text = req.method === 'HEAD' ? (await res.body.dump(), '') : await res.body.text();
    watch?.answered(status, headers, receivedBytes(headers, text));
    return { status, headers, text, requestId };
  } catch (err) {
    const error = transportError(err, req.url, req.signal);
    watch?.failed(error.code);
    throw error;
  }
}

/** The body's length as stated, or as read (a chunked answer states none); a HEAD's states the object's. */
function receivedBytes(headers: Headers, text: string): number {
  const stated = headers.get('content-length');
  return text === '' ? 0 : stated !== null ? Number(stated) : Buffer.byteLength(text);
}

/**
 * Sends a request, retrying idempotent ones on connection errors and on
 * statuses that mean "try again later". Non-2xx answers are returned, not
 * thrown, so callers can give them their own meaning (404 on delete, say).
 */
export async function send(req: HttpRequest, policy: RetryPolicy = DEFAULT_RETRY): Promise<HttpResponse> {
  const retryable = IDEMPOTENT.has(req.method) || req.repeatable === true;
  const headersMs = req.timeouts?.headersMs ?? DEFAULT_TIMEOUTS.headersMs;
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    const last = !retryable || attempt >= policy.attempts - 1;
    try {
      const res = await sendOnce(req);
      if (last || !RETRYABLE_STATUS.has(res.status)) return res;
      await sleep(retryAfterMs(res.headers, policy) ?? backoffMs(attempt, policy), req.signal);
    } catch (err) {
      const transient = err instanceof StorageError && (err.code === 'network' || err.code === 'timeout');
      if (last || !transient) throw err;
      const delay = backoffMs(attempt, policy);
      if (err.code === 'timeout' && !mayRetryTimeout(performance.now() - started, delay, headersMs, policy)) throw err;
      await sleep(delay, req.signal);
    }
  }
}

/** True for 2xx. */
export const isSuccess = (res: HttpResponse): boolean => res.status >= 200 && res.status < 300;

/** Turns a non-2xx answer into a StorageError with a message a person can act on. */
export function errorFromResponse(res: HttpResponse, what: string): StorageError {
  const code = codeForStatus(res.status);
  const detail = errorDetail(res.text);
  const reason = {
    auth_failed: 'the service did not accept the credentials',
    forbidden: 'you do not have permission',
    not_found: 'it does not exist',
    conflict: 'it conflicts with the current state',
    limit_exceeded: 'a service limit was exceeded',
    timeout: 'the service took too long',
    server: 'the service had an internal error',
  }[code as string];
  const message = `${what} failed: ${reason ?? `the service answered ${res.status}`}${detail ? ` (${detail})` : ''}.`;
  return new StorageError(code, message, statusAndId(res));
}
