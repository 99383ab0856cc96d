/**
 * One place that hears of every HTTP request the storage client sends (http.ts calls it once per
 * attempt, retries included), so the activity log (electron/activity/) can record them without the
 * storage client knowing of it. It hands over the URL as sent and the request id, and never a header's
 * value or a body: what it is given cannot leak a token or a password. The URL itself may hold a
 * secret (a temporary URL's signature); the observer scrubs it before keeping anything.
 */
import { requestIdOf } from './response-parts';

/** The region a request is for: its name, and the endpoint its paths (account/container/object) are below. */
export interface RequestRegion {
  name: string;
  endpoint: string;
}

/** What is known of one request once it has ended. */
export interface ObservedRequest {
  method: string;
  /** As sent: the observer must scrub it (query signatures, credentials in the authority). */
  url: string;
  region: RequestRegion | undefined;
  /** When it started, in ms since the epoch. */
  startedAt: number;
  durationMs: number;
  /** The HTTP status; undefined when no answer came (then `errorCode` says why). */
  status: number | undefined;
  errorCode: string | undefined;
  /** Body bytes sent and received, where known (a streamed body of unstated length is not counted). */
  sentBytes: number | undefined;
  receivedBytes: number | undefined;
  requestId: string | undefined;
}

export type RequestObserver = (request: ObservedRequest) => void;

let observer: RequestObserver | undefined;

/** Sets the one observer of every request (the main process's activity log); undefined stops observing. */
export function observeRequests(next: RequestObserver | undefined): void {
  observer = next;
}

/** How one request ends, told by http.ts. */
export interface RequestWatch {
  answered(status: number, headers: Headers, receivedBytes: number): void;
  failed(errorCode: string): void;
  /** A 2xx body handed to the caller unread: the request ends when that stream closes. */
  streamed(status: number, headers: Headers, body: unknown): void;
}

interface WatchedRequest {
  method: string;
  url: string;
  region?: RequestRegion | undefined;
  headers?: Record<string, string> | undefined;
  body?: unknown;
}

/** Starts watching a request; undefined (nothing to do, nothing measured) when no one observes. */
export function watchRequest(req: WatchedRequest): RequestWatch | undefined {
  const notify = observer;
  if (!notify) return undefined;
  const startedAt = Date.now();
  const started = performance.now();
  const sentBytes = bodyBytes(req);
  const end = (outcome: Pick<ObservedRequest, 'status' | 'errorCode' | 'receivedBytes' | 'requestId'>) => {
    const request = { method: req.method, url: req.url, region: req.region, startedAt, sentBytes, ...outcome };
    try {
      notify({ ...request, durationMs: performance.now() - started });
    } catch {
      // The log must never fail a request.
    }
  };
  return {
    answered: (status, headers, receivedBytes) =>
      end({ status, errorCode: undefined, receivedBytes, requestId: requestIdOf(headers) }),
    failed: (errorCode) => end({ status: undefined, errorCode, receivedBytes: undefined, requestId: undefined }),
    streamed(status, headers, body) {
      const requestId = requestIdOf(headers);
      const stated = headers.get('content-length');
      if (!isClosable(body)) return end({ status, errorCode: undefined, receivedBytes: undefined, requestId });
      // Listening for 'close' leaves the stream's flow alone; only a body read to its end counts its length.
      body.once('close', () =>
        end({
          status,
          errorCode: body.readableEnded ? undefined : 'incomplete',
          receivedBytes: body.readableEnded && stated !== null ? Number(stated) : undefined,
          requestId,
        }),
      );
    },
  };
}

function bodyBytes(req: WatchedRequest): number | undefined {
  if (typeof req.body === 'string') return Buffer.byteLength(req.body);
  if (req.body === undefined) return 0;
  const stated = Object.entries(req.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-length')?.[1];
  return stated === undefined ? undefined : Number(stated);
}

interface Closable {
  once(event: 'close', listener: () => void): unknown;
  readonly readableEnded: boolean;
}
const isClosable = (body: unknown): body is Closable =>
  typeof body === 'object' && body !== null && 'once' in body && 'readableEnded' in body;
