import { STATUS_CODES } from 'node:http';
import type { BulkDeleteResult } from '../../../shared/domain';
import { parseBulkReport, reportError, reportSucceeded, type DeleteReport } from '../bulk-report';
import type { StorageError } from '../errors';
import { errorFromResponse, isSuccess } from '../http';
import { getLimits } from '../info';
import { containerPath, objectPath, sourceReference } from '../paths';
import type { StorageSession } from '../session';

/** An object, or with no `name` a container (which Swift deletes only when empty). */
export interface BulkDeleteItem {
  container: string;
  name?: string | undefined;
}

/** The error for a delete report whose request as a whole failed ("413 …", "400 …"). */
export function bulkStatusError(report: DeleteReport, what: string, requestId?: string): StorageError {
  const done = report.deleted > 0 ? ` ${report.deleted} were deleted before it stopped.` : '';
  return reportError(report, `${what} failed: ${report.body || report.status}.${done}`, requestId);
}

/**
 * Objects before containers, so a container listed with its objects is
 * already empty when its turn comes, whichever request it lands in.
 */
export function orderForDelete(items: BulkDeleteItem[]): BulkDeleteItem[] {
  return [...items.filter((i) => i.name !== undefined), ...items.filter((i) => i.name === undefined)];
}

/** Request bodies of at most `perRequest` URL-encoded `/container/object` lines each. */
export function bulkDeleteBodies(items: BulkDeleteItem[], perRequest: number): string[] {
  const lines = orderForDelete(items).map((i) => sourceReference(i.container, i.name));
  const size = Math.max(1, Math.floor(perRequest));
  const bodies: string[] = [];
  for (let i = 0; i < lines.length; i += size) bodies.push(lines.slice(i, i + size).join('\n'));
  return bodies;
}

const emptyResult = (): BulkDeleteResult => ({ deleted: 0, notFound: 0, errors: [] });

/**
 * Deletes many objects (and containers) with as few requests as the region
 * allows. An SLO listed here loses only its manifest, as in Swift's own bulk
 * delete; use deleteObject for large objects whose segments should go too.
 * `opts.perRequest` lowers the per-request count (the region's limit is the ceiling).
 */
export async function bulkDelete(
  session: StorageSession,
  region: string,
  items: BulkDeleteItem[],
  signal?: AbortSignal,
  opts: { perRequest?: number } = {},
): Promise<BulkDeleteResult> {
  if (items.length === 0) return emptyResult();
  const limits = await getLimits(session, region, signal);
  if (!limits.bulkDelete) return deleteIndividually(session, region, items, signal);
  const perRequest = Math.min(opts.perRequest ?? limits.maxDeletesPerRequest, limits.maxDeletesPerRequest);
  const total = emptyResult();
  for (const body of bulkDeleteBodies(items, perRequest)) {
    const res = await session.request(region, {
      method: 'POST',
      path: '',
      query: { 'bulk-delete': '' },
      headers: { 'content-type': 'text/plain', accept: 'application/json' },
      body,
      signal,
    });
    if (!isSuccess(res)) throw errorFromResponse(res, 'Deleting objects');
    // Swift answers 200 even when deletes failed: the outcome is in the report's own status.
    const outcome = parseBulkReport('delete', res.text, 'Deleting objects');
    // Failed items alone make the status 400 with an empty body; a body means the request itself failed.
    if (!reportSucceeded(outcome) && (outcome.body || outcome.errors.length === 0)) {
      throw bulkStatusError(
        { ...outcome, deleted: total.deleted + outcome.deleted },
        'Deleting objects',
        res.requestId,
      );
    }
    total.deleted += outcome.deleted;
    total.notFound += outcome.notFound;
    total.errors.push(...outcome.errors);
  }
  return total;
}

/** How many single DELETEs run at once when the region has no bulk delete. */
const CONCURRENCY = 4;

async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** The fallback for regions without bulk delete: one DELETE per item, objects first, counted as Swift would. */
export async function deleteIndividually(
  session: StorageSession,
  region: string,
  items: BulkDeleteItem[],
  signal?: AbortSignal,
): Promise<BulkDeleteResult> {
  const result = emptyResult();
  // Every path first: a bad name refuses the whole request before anything is deleted, not half-way.
  const paths = new Map(
    items.map((item) => [
      item,
      item.name === undefined ? containerPath(item.container) : objectPath(item.container, item.name),
    ]),
  );
  const deleteOne = async (item: BulkDeleteItem): Promise<void> => {
    const res = await session.request(region, { method: 'DELETE', path: paths.get(item)!, signal });
    if (isSuccess(res)) result.deleted++;
    else if (res.status === 404) result.notFound++;
    else {
      const readable = item.name === undefined ? `/${item.container}` : `/${item.container}/${item.name}`;
      result.errors.push({ path: readable, status: `${res.status} ${STATUS_CODES[res.status] ?? ''}`.trim() });
    }
  };
  await pool(
    items.filter((i) => i.name !== undefined),
    CONCURRENCY,
    deleteOne,
  );
  await pool(
    items.filter((i) => i.name === undefined),
    CONCURRENCY,
    deleteOne,
  );
  return result;
}
