// Small files are how a newcomer finds a feature's pieces: no source or test file may grow past what one
// screenful of scrolling reads. The house aims at ~370 lines; 380 leaves room for a comment, not a feature.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 380;

function trackedSources(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.css', '*.mjs'], { cwd: root });
  return out.toString('utf8').split('\0').filter(Boolean);
}

it(`keeps every tracked source, test and style file at ${MAX_LINES} lines or fewer`, () => {
  const files = trackedSources();
  expect(files.length).toBeGreaterThan(300);
  const long = files
    .filter((file) => fs.existsSync(path.join(root, file)))
    .map((file) => ({ file, lines: fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  expect(long).toEqual([]);
});
