// Against real Swift: the page read ahead is the one a fresh read gives, it saves the scroll a
// request of its own, and a change made through the session between two pages is never hidden.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bulkCreate } from '../../../e2e/fixtures/objects-seed';
import { addObjectRows, textRow } from '../../../testing/swift/backend-rows';
import { listObjectsReadingAhead } from './listing-read-ahead';
import { deleteObject } from '.';
import { listObjects } from './listing';
import type { StorageSession } from '../session';
import { watchListingReads } from '../../../testing/electron/listing-reads';
import {
  containerName,
  openSession,
  putContainer,
  REGION,
  removeContainer,
} from '../../../testing/electron/transfers-testkit';

const container = containerName('read-ahead');
// Pages of 100 read ahead here (the app starts at READ_AHEAD_FROM): 450 names make four full pages and a short one.
const FROM = 100;
const names = Array.from({ length: 4 * FROM + 50 }, (_, i) => `n-${String(i).padStart(4, '0')}`);
let session: StorageSession;

/** The one name the tests delete; the others are only listed. */
const DELETED = 'n-0350';

beforeAll(async () => {
  await putContainer(container);
  // Listed, never opened: rows of the listing alone (testing/swift/backend-rows.ts). Stored, the 450 made this
  // file take 17.7 s of a full run; 11.8-13.4 s as rows. The name deleted is stored, as a delete reads it first.
  await addObjectRows(
    REGION,
    'admin',
    container,
    names.filter((n) => n !== DELETED).map((n) => textRow(n, n)),
  );
  await bulkCreate(REGION, 'admin', container, [DELETED]);
  session = await openSession();
});
afterAll(() => removeContainer(container));

/** The markers of the listing GETs the session sends from now on ('' for the first page). */
function listingReads(): string[] {
  const markers: string[] = [];
  watchListingReads(session, (marker) => markers.push(marker));
  return markers;
}

const namesOf = (entries: { name?: string; subdir?: string }[]) => entries.map((e) => e.name ?? e.subdir);

describe('listObjectsReadingAhead', () => {
  it('reads the next page while the current one is shown, once a forward scroll has gone on for three pages', async () => {
    const reads = listingReads();
    const limit = FROM;
    const page = (marker?: string) => listObjectsReadingAhead(session, REGION, container, { limit, marker }, FROM);
    const first = await page();
    const second = await page(first.nextMarker);
    // Two pages: nothing read that was not asked for (a jump, or "Load all" after one page, stops here).
    expect(reads).toEqual(['', 'n-0099']);
    const third = await page(second.nextMarker);
    // The third page in a row: the fourth is read ahead at once.
    expect(reads).toEqual(['', 'n-0099', 'n-0199', 'n-0299']);
    const fourth = await page(third.nextMarker);
    // The fourth cost no read of its own; the fifth is on its way.
    expect(reads).toEqual(['', 'n-0099', 'n-0199', 'n-0299', 'n-0399']);
    const fresh = await listObjects(session, REGION, container, { limit, marker: third.nextMarker });
    expect(namesOf(fourth.entries)).toEqual(namesOf(fresh.entries));
    expect(namesOf(fourth.entries)).toEqual(names.slice(3 * limit, 4 * limit));
    const fifth = await page(fourth.nextMarker);
    // A short page is the last: nothing more is read ahead.
    expect(namesOf(fifth.entries)).toEqual(names.slice(4 * limit));
    expect(reads).toEqual(['', 'n-0099', 'n-0199', 'n-0299', 'n-0399', 'n-0299']);
    vi.restoreAllMocks();
  });

  it('never hands over a page read before a change this session made to the container', async () => {
    const limit = FROM;
    const page = (marker?: string) => listObjectsReadingAhead(session, REGION, container, { limit, marker }, FROM);
    const third = await page((await page((await page()).nextMarker)).nextMarker);
    await deleteObject(session, REGION, container, DELETED);
    const reads = listingReads();
    const fourth = await page(third.nextMarker);
    // Read again, not taken from before the delete.
    expect(reads[0]).toBe('n-0299');
    expect(namesOf(fourth.entries)).not.toContain(DELETED);
    expect(fourth.entries).toHaveLength(limit);
    vi.restoreAllMocks();
  });

  it('reads nothing ahead backwards (the End key), however long the run', async () => {
    const reads = listingReads();
    const page = (marker?: string) =>
      listObjectsReadingAhead(session, REGION, container, { limit: FROM, marker, reverse: true }, FROM);
    await page((await page((await page()).nextMarker)).nextMarker);
    expect(reads).toHaveLength(3);
    vi.restoreAllMocks();
  });

  it('reads nothing ahead of a small page (a folder glanced at, the grid first page)', async () => {
    const reads = listingReads();
    const page = await listObjectsReadingAhead(session, REGION, container, { limit: FROM - 1 }, FROM);
    expect(page.entries).toHaveLength(FROM - 1);
    expect(reads).toEqual(['']);
    vi.restoreAllMocks();
  });
});
