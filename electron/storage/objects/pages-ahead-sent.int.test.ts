// Against real Swift: the next page goes out to Swift before the page in hand is parsed, so a parse that
// takes its time (10,000 rows take some milliseconds) does not hold the next request back. Each parse here
// is held up on purpose, and the request for the page after it must have started before that parse ended.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addObjectRows, textRow } from '../../../testing/swift/backend-rows';
import {
  containerName,
  openSession,
  putContainer,
  REGION,
  removeContainer,
} from '../../../testing/electron/transfers-testkit';
import { observeRequests, type ObservedRequest } from '../request-observer';
import type { StorageSession } from '../session';
import { objectPagesAhead } from './pages-ahead';

/** How long each page's parse is held up. */
const PARSE_MS = 60;

/**
 * Holds up every parse of a listing page's body (a JSON array of rows) by
 * PARSE_MS, as a page of 10,000 rows holds the main thread; answers when each
 * began, in ms since the epoch (as the request observer's times are). Watched
 * through JSON.parse, not by mocking the module: the integration files share
 * one module cache, so a module mock would not reach a module already loaded.
 */
function slowPageParses(): number[] {
  const began: number[] = [];
  const parse = JSON.parse.bind(JSON);
  vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    if (typeof text === 'string' && text.startsWith('[{')) {
      began.push(Date.now());
      const until = performance.now() + PARSE_MS;
      while (performance.now() < until); // a long parse, holding the main thread as one does
    }
    return parse(text, reviver) as unknown;
  });
  return began;
}

const container = containerName('pages-sent');
let session: StorageSession;

beforeAll(async () => {
  await putContainer(container);
  const names = Array.from({ length: 12 }, (_, i) => `n-${String(i).padStart(2, '0')}`);
  await addObjectRows(
    REGION,
    'admin',
    container,
    names.map((name) => textRow(name, name)),
  );
  session = await openSession();
});
afterAll(async () => {
  observeRequests(undefined);
  await removeContainer(container);
});

describe('objectPagesAhead', () => {
  it('sends the request for the next page before parsing the page it has', async () => {
    const parses = slowPageParses();
    const listings: ObservedRequest[] = [];
    observeRequests((r) => {
      if (r.method === 'GET' && r.url.includes('format=json')) listings.push(r);
    });
    let pages = 0;
    for await (const page of objectPagesAhead(session, REGION, container, { limit: 4 })) {
      expect(page).toHaveLength(4);
      pages++;
    }
    observeRequests(undefined);
    vi.restoreAllMocks();
    // Three full pages, then the empty one that ends the listing: four requests, four parses (204: none).
    expect(pages).toBe(3);
    expect(listings).toHaveLength(4);
    expect(parses).toHaveLength(3);
    listings.sort((a, b) => a.startedAt - b.startedAt);
    for (let page = 0; page < 3; page++) {
      // The request for the page after this one started before this one's parse ended: well within it.
      expect(listings[page + 1]!.startedAt - parses[page]!, `page ${page + 1}`).toBeLessThan(PARSE_MS / 2);
    }
  });
});
