import { describe, expect, it } from 'vitest';
import { pagesAhead } from './pages-ahead';

/** A listing of `count` pages that records when each is asked for and whether it was ended early. */
function listing(count: number) {
  const log: string[] = [];
  async function* pages(): AsyncGenerator<number> {
    try {
      for (let i = 1; i <= count; i++) {
        log.push(`ask ${i}`);
        await new Promise((r) => setTimeout(r, 1));
        yield i;
      }
    } finally {
      log.push('ended');
    }
  }
  return { log, pages: pages() };
}

describe('pagesAhead', () => {
  it('asks for the next page before the caller has worked on the current one', async () => {
    const { log, pages } = listing(3);
    for await (const page of pagesAhead(pages)) log.push(`work ${page}`);
    // The listing's end, too, is found while the caller works on the last page.
    expect(log).toEqual(['ask 1', 'ask 2', 'work 1', 'ask 3', 'work 2', 'ended', 'work 3']);
  });

  it('ends the listing when the caller stops early, and a failure reaches the caller', async () => {
    const { log, pages } = listing(5);
    for await (const page of pagesAhead(pages)) if (page === 2) break;
    await new Promise((r) => setTimeout(r, 5));
    expect(log.at(-1)).toBe('ended');
    expect(log).not.toContain('ask 4');

    async function* failing(): AsyncGenerator<number> {
      yield 1;
      throw new Error('listing failed');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const page of pagesAhead(failing())) seen.push(page);
      })(),
    ).rejects.toThrow('listing failed');
    expect(seen).toEqual([1]);
  });
});
