// The quick bench's transfer and sync rows (the other half: quick-browsing.int.test.ts, in the other worker).
import { describe, expect, it } from 'vitest';
import { expectQuickRows } from '../../testing/bench/quick-bench';

const ROWS = [
  'upload',
  'download',
  'upload-growth',
  'download-growth',
  'upload-peak',
  'download-peak',
  'upload-cpu',
  'upload-swift-cpu',
  'download-cpu',
  'download-swift-cpu',
  'seg-upload',
  'seg-download',
  'seg-upload-growth',
  'seg-download-growth',
  'seg-upload-peak',
  'seg-download-peak',
  'extract',
  'extract-cpu',
  'extract-peak',
  'limited-upload',
  'limited-upload-ratio',
  'limited-upload-growth',
  'limited-download',
  'limited-download-ratio',
  'limited-download-growth',
  'sync-compare-cold',
  'sync-compare-warm',
  'sync-changes',
  'sync-compare-growth',
  'scale-compare-cold',
  'scale-compare-growth',
  'scale-compare-warm',
  'scale-differences-growth',
];

describe('npm run bench --quick: transfers, segmented, extract, bandwidth, sync, sync at scale', () => {
  // Some 50 s on a quiet machine; a loaded two-core one has taken four times as long.
  it('produces every row, each with finite numbers for Cirrus and every peer it ran', async () => {
    const rows = await expectQuickRows(['transfers', 'segmented', 'extract', 'bandwidth', 'sync', 'sync-scale'], ROWS);
    // The download's disk floor ran (dd is in coreutils, so always).
    expect(rows.find((r) => r.id === 'download')?.tools.floor).toBeDefined();
  }, 360_000);
});
