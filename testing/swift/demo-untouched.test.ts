import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', 'output', 'bench-results', '.git']);

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return /\.(test|spec)\.ts$|^(bench|seed|objects-seed)\.ts$/.test(e.name) ? [full] : [];
  });
}

describe('the demo tenant', () => {
  it('is written by no test, journey or bench, so the README login shows only the seeded samples', () => {
    const users = /who:\s*'demo'|users\.demo\b|users\['demo'\]|\bAUTH_demo\b|'demo' as const/;
    const writers = ['e2e', 'electron', 'renderer', 'shared', 'testing', 'build']
      .flatMap((d) => testFiles(path.join(root, d)))
      .filter((file) => !file.endsWith('demo-untouched.test.ts') && users.test(fs.readFileSync(file, 'utf8')));
    expect(writers.map((f) => path.relative(root, f))).toEqual([]);
  });

  it('would notice a test that signs in as the demo user', () => {
    expect(/who:\s*'demo'/.test("signInWithForm(page, who: 'demo')")).toBe(true);
  });
});
