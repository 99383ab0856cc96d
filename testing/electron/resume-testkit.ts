// Set-up for the resumed-download tests: the `files` tenant's containers, and
// a session that records what Cirrus asked Swift for and can hold a download's
// body mid-way, as a stalled network would, so a test can pause it at a known
// byte. The bytes themselves always come from the real Swift.
import { HARNESS } from '../swift/config';
import { listAll, swiftRequest } from '../swift/swift-direct';
import type { HttpResponse } from '../../electron/storage/http';
import type { StorageRequest, StorageSession } from '../../electron/storage/session';
import { REGION } from './transfers-testkit';

export const WHO = 'files' as const;
export const FILES_ACCOUNT = `/v1/${HARNESS.users[WHO].account}`;

export const filesPath = (container: string, name?: string): string =>
  `${FILES_ACCOUNT}/${encodeURIComponent(container)}${name === undefined ? '' : `/${name.split('/').map(encodeURIComponent).join('/')}`}`;

export async function putFilesObject(container: string, name: string, body: Uint8Array | string): Promise<string> {
  const res = await swiftRequest(REGION, 'PUT', filesPath(container, name), { body, who: WHO });
  if (res.status !== 201) throw new Error(`PUT ${container}/${name}: ${res.status}`);
  return res.headers.get('etag') ?? '';
}

export async function putFilesContainer(container: string): Promise<void> {
  const res = await swiftRequest(REGION, 'PUT', filesPath(container), { who: WHO });
  if (res.status >= 300) throw new Error(`PUT ${container}: ${res.status}`);
}

/** Deletes the containers and everything in them, manifests first so nothing points nowhere. */
export async function removeFilesContainers(...containers: string[]): Promise<void> {
  for (const c of containers) {
    for (const name of (await listAll(REGION, filesPath(c), WHO)).reverse()) {
      await swiftRequest(REGION, 'DELETE', filesPath(c, name), { who: WHO });
    }
    await swiftRequest(REGION, 'DELETE', filesPath(c), { who: WHO });
  }
}

export interface Sent {
  method: string;
  /** Below the account, as the storage client sent it. */
  path: string;
  query: StorageRequest['query'];
  headers: Record<string, string>;
  status: number;
}

export interface Watched {
  session: StorageSession;
  /** Every request, with the status it got. */
  sent: Sent[];
  /** Settles once a held body has passed its bytes. */
  held: Promise<void>;
}

/**
 * `session`, recording each request; with `hold`, the first plain GET of
 * `hold.path` passes `hold.after` bytes and then waits, as a stalled network
 * would, until the download is cancelled.
 */
export function watched(session: StorageSession, hold?: { path: string; after: number }): Watched {
  const sent: Sent[] = [];
  let onHeld = () => {};
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  let holding = hold;
  const request = async (region: string, req: StorageRequest): Promise<HttpResponse> => {
    const res = await session.request(region, req);
    sent.push({ method: req.method, path: req.path, query: req.query, headers: req.headers ?? {}, status: res.status });
    if (holding && res.body && req.method === 'GET' && req.path === holding.path && !req.query) {
      res.body = heldAfter(res.body, holding.after, req.signal, onHeld);
      holding = undefined;
    }
    return res;
  };
  // The session's own methods run on the session itself (its fields are private).
  const proxy = new Proxy(session, {
    get(target, prop) {
      if (prop === 'request') return request;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { session: proxy, sent, held };
}

async function* heldAfter(
  body: AsyncIterable<Uint8Array>,
  after: number,
  signal: AbortSignal | undefined,
  onHeld: () => void,
): AsyncGenerator<Uint8Array> {
  const it = body[Symbol.asyncIterator]();
  try {
    for (let passed = 0; passed < after;) {
      const next = await it.next();
      if (next.done) return;
      const take = Math.min(next.value.length, after - passed);
      passed += take;
      yield next.value.subarray(0, take);
    }
    onHeld();
    await new Promise<void>((resolve) => {
      if (!signal || signal.aborted) return resolve();
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
    throw new Error('The held body was cancelled.');
  } finally {
    await it.return?.();
  }
}
