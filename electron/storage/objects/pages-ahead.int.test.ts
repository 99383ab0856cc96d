// Against real Swift: the pages read ahead by the last name on each page's body are the pages a listing
// by markers gives, names that look like JSON included; each page is asked for once, and before the page
// ahead of it reaches the caller.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addObjectRows, textRow } from '../../../testing/swift/backend-rows';
import type { StorageSession } from '../session';
import { watchListingReads } from '../../../testing/electron/listing-reads';
import { iterateObjects } from './listing';
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
afterAll(() => removeContainer(container));

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
});
