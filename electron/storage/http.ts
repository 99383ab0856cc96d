import { StorageError, codeForStatus } from './errors';

export interface HttpRequest {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE' | 'COPY';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal | undefined;
  /** Time allowed for the response headers to arrive. */
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
  requestId: string | undefined;
}

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Lets operators (and our tests, through Swift's proxy log) tell Cirrus's requests apart. */
export const USER_AGENT = 'Cirrus/0.1';
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 200, maxDelayMs: 5_000 };
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** Sends one request and reads the whole (small) body as text; bodies that stream use other paths. */
async function sendOnce(req: HttpRequest): Promise<HttpResponse> {
  const timeout = AbortSignal.timeout(req.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  try {
    const headers = { 'user-agent': USER_AGENT, ...req.headers };
    const res = await fetch(req.url, { method: req.method, headers, body: req.body, signal, redirect: 'manual' });
    const text = req.method === 'HEAD' ? '' : await res.text();
    return { status: res.status, headers: res.headers, text, requestId: res.headers.get('x-trans-id') ?? undefined };
  } catch (err) {
    if (req.signal?.aborted) throw new StorageError('cancelled', 'The operation was cancelled.', { cause: err });
    if (timeout.aborted)
      throw new StorageError('timeout', `No answer from ${new URL(req.url).host} in time.`, { cause: err });
    throw new StorageError('network', `Could not reach ${new URL(req.url).host}: ${describeNetworkError(err)}.`, {
      cause: err,
    });
  }
}

function describeNetworkError(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name could not be resolved';
  if (code === 'ECONNRESET') return 'the connection was reset';
  return cause instanceof Error ? cause.message : 'network error';
}

function retryAfterMs(res: HttpResponse): number | undefined {
  const value = res.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function backoffMs(attempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.random() * ceiling; // full jitter, so parallel clients do not retry in step
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new StorageError('cancelled', 'The operation was cancelled.'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new StorageError('cancelled', 'The operation was cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sends a request, retrying idempotent ones on connection errors and on
 * statuses that mean "try again later". Non-2xx answers are returned, not
 * thrown, so callers can give them their own meaning (404 on delete, say).
 */
export async function send(req: HttpRequest, policy: RetryPolicy = DEFAULT_RETRY): Promise<HttpResponse> {
  const retryable = IDEMPOTENT.has(req.method);
  for (let attempt = 0; ; attempt++) {
    const last = !retryable || attempt >= policy.attempts - 1;
    try {
      const res = await sendOnce(req);
      if (last || !RETRYABLE_STATUS.has(res.status)) return res;
      await sleep(retryAfterMs(res) ?? backoffMs(attempt, policy), req.signal);
    } catch (err) {
      const transient = err instanceof StorageError && (err.code === 'network' || err.code === 'timeout');
      if (last || !transient) throw err;
      await sleep(backoffMs(attempt, policy), req.signal);
    }
  }
}

/** Turns a non-2xx answer into a StorageError with a message a person can act on. */
export function errorFromResponse(res: HttpResponse, what: string): StorageError {
  const code = codeForStatus(res.status);
  const detail = res.text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
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
  const opts: { status: number; requestId?: string } = { status: res.status };
  if (res.requestId) opts.requestId = res.requestId;
  return new StorageError(code, message, opts);
}
