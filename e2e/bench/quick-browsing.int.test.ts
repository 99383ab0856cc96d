// The quick bench's browsing rows (the other half: quick-transfers.int.test.ts, in the other worker).
import { describe, it } from 'vitest';
import { expectQuickRows } from '../../testing/bench/quick-bench';

const ROWS = [
  'enumerate',
  'head',
  'save',
  'head-log',
  'save-log',
  'folder',
  'ui-first',
  'ui-scroll',
  'ui-scroll-gets',
  'ui-scroll-frame',
  'ui-save',
  'ui-save-listings',
  'ui-ipc',
  'million-scroll',
  'million-gets',
  'million-frame',
  'million-heap',
];

describe('npm run bench --quick: listing, small calls, folder, UI', () => {
  // Some 50 s on a quiet machine; a loaded two-core one has taken four times as long.
  it('produces every row, each with finite numbers for Cirrus and every peer it ran', async () => {
    await expectQuickRows(['listing', 'small', 'folder', 'ui', 'ui-million'], ROWS);
  }, 360_000);
});
