/**
 * The bench cannot rot: its quick mode (small sizes, one rep) runs here and
 * every row must come out with numbers. No figure is judged: a slow machine
 * must not fail a test.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './options';
import type { RowResult } from './results';

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
  'enumerate',
  'extract',
  'extract-cpu',
  'extract-peak',
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
];

function runQuickBench(outDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/bench/bench.ts', '--quick', `--out=${outDir}`], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run bench --quick', () => {
  // Some 15 s on a quiet machine; 229 s were seen on two cores at a load of 15, hence the long wait.
  it('produces every row, each with finite numbers for Cirrus and every peer it ran', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-bench-test-'));
    try {
      const { code, output } = await runQuickBench(outDir);
      expect(code, output).toBe(0);
      const file = fs.readdirSync(outDir).find((f) => f.endsWith('.json'));
      expect(file, output).toBeDefined();
      const report = JSON.parse(fs.readFileSync(path.join(outDir, file!), 'utf8')) as {
        rows: RowResult[];
        errors: string[];
      };
      expect(report.errors).toEqual([]);
      expect(report.rows.map((r) => r.id)).toEqual(ROWS);
      for (const row of report.rows) {
        expect(row.tools.Cirrus, row.id).toBeDefined();
        for (const [tool, s] of Object.entries(row.tools)) {
          for (const n of [s.min, s.median, s.max]) expect(Number.isFinite(n), `${row.id} ${tool}`).toBe(true);
        }
      }
      // The download's disk floor ran (dd is in coreutils, so always).
      expect(report.rows.find((r) => r.id === 'download')?.tools.floor).toBeDefined();
      // The table went to stdout.
      expect(output).toContain('Cirrus ÷ tool');
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  }, 360_000);
});
