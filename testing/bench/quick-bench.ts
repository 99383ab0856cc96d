/**
 * The bench cannot rot: its quick mode (small sizes, one rep) runs in the
 * integration stage, in two halves (quick-*.int.test.ts in e2e/bench), one
 * per worker and so per lane of the harness, and every row must come out
 * with numbers. No figure is judged: a slow machine must not fail a test.
 * Whole, it took ~106 s of the stage's ~186 s on one worker.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { ROOT } from '../../e2e/bench/options';
import type { RowResult } from '../../e2e/bench/results';

function runQuickBench(outDir: string, groups: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', 'e2e/bench/bench.ts', '--quick', `--only=${groups.join(',')}`, `--out=${outDir}`];
    // The worker's environment goes with it, and with it the worker's lane of the harness.
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Runs the row groups in quick mode; every row in `rows` (in order, no other) has finite numbers for each tool. */
export async function expectQuickRows(groups: readonly string[], rows: readonly string[]): Promise<RowResult[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-bench-test-'));
  try {
    const { code, output } = await runQuickBench(outDir, groups);
    expect(code, output).toBe(0);
    const file = fs.readdirSync(outDir).find((f) => f.endsWith('.json'));
    expect(file, output).toBeDefined();
    const report = JSON.parse(fs.readFileSync(path.join(outDir, file!), 'utf8')) as {
      rows: RowResult[];
      errors: string[];
    };
    expect(report.errors).toEqual([]);
    expect(report.rows.map((r) => r.id)).toEqual(rows);
    for (const row of report.rows) {
      expect(row.tools.Cirrus, row.id).toBeDefined();
      for (const [tool, s] of Object.entries(row.tools)) {
        for (const n of [s.min, s.median, s.max]) expect(Number.isFinite(n), `${row.id} ${tool}`).toBe(true);
      }
    }
    // The table went to stdout.
    expect(output).toContain('Cirrus ÷ tool');
    return report.rows;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
