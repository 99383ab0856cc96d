// Against real Swift: the pages read ahead by the last name on each page's body are the pages a listing
// by markers gives, names that look like JSON included; each page is asked for once, and before the page
// ahead of it reaches the caller; and it is written to Swift's connection before the page in hand is parsed,
// so a parse that takes its time (10,000 rows take some milliseconds) does not hold it back.
import diagnostics from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addObjectRows, textRow } from '../../../testing/swift/backend-rows';
import type { StorageSession } from '../session';
import { watchListingReads } from '../../../testing/electron/listing-reads';
import { iterateObjects } from './listing';
import { observeRequests, type ObservedRequest } from '../request-observer';
import { objectPagesAhead } from './pages-ahead';
import {
  containerName,
  openSession,
  putContainer,
  REGION,
  removeContainer,
} from '../../../testing/electron/transfers-testkit';

const container = containerName('pages-ahead');
const TRICKY = ['a{b', 'b"}', 'c}{"name":"x"}', 'd\\', 'e ü {', '{"name": "evil"}', 'f/{"subdir":"z"}', '}', '{'];
const names = [...TRICKY, ...Array.from({ length: 30 }, (_, i) => `n/${String(i).padStart(3, '0')}.txt`)];
let session: StorageSession;

beforeAll(async () => {
  await putContainer(container);
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

/** What happens, in order: each listing GET by its marker, and each page the caller receives. */
function record(): string[] {
  const log: string[] = [];
  watchListingReads(session, (marker) => log.push(`ask ${marker}`));
  return log;
}

const flat = async (pages: AsyncGenerator<{ name?: string; subdir?: string }[]>) => {
  const all: (string | undefined)[][] = [];
  for await (const page of pages) all.push(page.map((e) => e.name ?? e.subdir));
  return all;
};

describe('objectPagesAhead', () => {
  it.each([
    ['names', { limit: 4 }],
    ['folders, a delimiter', { limit: 3, delimiter: '/' }],
  ])('gives the pages a listing by markers gives (%s), each asked for once', async (_, opts) => {
    const expected = await flat(iterateObjects(session, REGION, container, opts));
    expect(expected.length).toBeGreaterThan(3);
    const log = record();
    const pages: (string | undefined)[][] = [];
    for await (const page of objectPagesAhead(session, REGION, container, opts)) {
      const names = page.map((e) => ('name' in e ? e.name : e.subdir));
      log.push(`got ${names.at(-1)}`);
      pages.push(names);
    }
    vi.restoreAllMocks();
    expect(pages).toEqual(expected);
    // Every page asked for once, by the last name of the page before it (no guess had to be asked again),
    // and the next page asked for before this one reached the caller.
    const markers = ['', ...expected.map((p) => p.at(-1))];
    expect(log.filter((l) => l.startsWith('ask '))).toEqual(markers.map((m) => `ask ${m}`));
    for (const page of expected) {
      const last = page.at(-1)!;
      expect(log.indexOf(`ask ${last}`), `page ending ${last}`).toBeLessThan(log.indexOf(`got ${last}`));
    }
  });

  it('asks for nothing more once the caller stops, and a Stop ends it as a cancel', async () => {
    const log = record();
    for await (const page of objectPagesAhead(session, REGION, container, { limit: 4 })) {
      log.push(`got ${page.length}`);
      break;
    }
    // The second page was on its way when the caller stopped; no third is asked for.
    await new Promise((r) => setTimeout(r, 200));
    expect(log.filter((l) => l.startsWith('ask '))).toHaveLength(2);
    expect(log.at(-1)).toBe('got 4');

    const stop = new AbortController();
    const pages = objectPagesAhead(session, REGION, container, { limit: 4, signal: stop.signal });
    await pages.next();
    stop.abort();
    await expect(pages.next()).rejects.toMatchObject({ code: 'cancelled' });
    vi.restoreAllMocks();
  });

  it('sends the request for the next page before parsing the page it has', async () => {
    const parses = slowPageParses();
    const listings: ObservedRequest[] = [];
    observeRequests((r) => {
      if (r.method === 'GET' && r.url.includes('format=json')) listings.push(r);
    });
    // When each listing request's headers went onto the wire (a call made is not yet a request sent).
    const written: number[] = [];
    const onWrite = (message: unknown) => {
      const { request } = message as { request: { method: string; path: string } };
      if (request.method === 'GET' && request.path.includes('format=json')) written.push(Date.now());
    };
    diagnostics.subscribe('undici:client:sendHeaders', onWrite);
    let pages = 0;
    // Twelve names (n/000.txt to n/011.txt): three full pages.
    const opts = { limit: 4, prefix: 'n/', endMarker: 'n/012' };
    for await (const page of objectPagesAhead(session, REGION, container, opts)) {
      expect(page).toHaveLength(4);
      pages++;
    }
    observeRequests(undefined);
    diagnostics.unsubscribe('undici:client:sendHeaders', onWrite);
    vi.restoreAllMocks();
    // Three full pages, then the empty one that ends the listing: four requests, four parses (204: none).
    expect(pages).toBe(3);
    expect(listings).toHaveLength(4);
    expect(parses).toHaveLength(3);
    expect(written).toHaveLength(4);
    for (let page = 0; page < 3; page++) {
      // The request for the page after this one was written before this one's parse ended: well within it.
      expect(written[page + 1]! - parses[page]!, `page ${page + 1}`).toBeLessThan(PARSE_MS / 2);
    }
  });
});
