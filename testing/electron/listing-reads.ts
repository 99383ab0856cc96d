import { vi } from 'vitest';
import type { HttpResponse } from '../../electron/storage/http';
import type { StorageRequest, StorageSession } from '../../electron/storage/session';

/**
 * Calls `seen` with the marker of every listing GET `session` sends from now on ('' for the first page).
 * The requests still go to Swift; `vi.restoreAllMocks()` stops the watching.
 */
export function watchListingReads(session: StorageSession, seen: (marker: string) => void): void {
  const request = session.request.bind(session);
  vi.spyOn(session, 'request').mockImplementation((region: string, req: StorageRequest): Promise<HttpResponse> => {
    if (req.method === 'GET' && req.query?.format === 'json') seen(String(req.query.marker ?? ''));
    return request(region, req);
  });
}
