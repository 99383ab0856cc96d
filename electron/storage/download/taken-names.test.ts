import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { numberedName } from '../../../shared/numbered-name';
import { takenLocalNames } from './taken-names';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('numberedName', () => {
  it('numbers before the extension, keeps the folder, and numbers a name without one at its end', () => {
    expect(numberedName('report.pdf', 2)).toBe('report (2).pdf');
    expect(numberedName('docs/a.tar.gz', 3)).toBe('docs/a.tar (3).gz');
    expect(numberedName('README', 2)).toBe('README (2)');
    expect(numberedName('.bashrc', 2)).toBe('.bashrc (2)');
  });
});

describe('takenLocalNames', () => {
  it('names the downloads that would meet a file, with a free numbered name for each', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-taken-'));
    dirs.push(dir);
    for (const f of ['a.txt', 'a (2).txt', 'b']) fs.writeFileSync(path.join(dir, f), 'x');
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.writeFileSync(path.join(dir, 'sub', 'd.txt'), 'x');
    const items = [
      { name: 'docs/a.txt' },
      { name: 'b' },
      { name: 'c.txt' },
      { name: 'x/sub/d.txt', fileName: 'sub/d.txt' },
    ];
    return expect(takenLocalNames(dir, items)).resolves.toEqual([
      { name: 'docs/a.txt', fileName: 'a.txt', freeFileName: 'a (3).txt' },
      { name: 'b', fileName: 'b', freeFileName: 'b (2)' },
      { name: 'x/sub/d.txt', fileName: 'sub/d.txt', freeFileName: 'sub/d (2).txt' },
    ]);
  });

  it('leaves out names this computer cannot hold (skippedLocalNames lists them), answering for the rest', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-taken-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'a.txt'), 'x');
    const items = [{ name: 'x/a/../a.txt', fileName: 'a/../a.txt' }, { name: 'marker/' }, { name: 'a.txt' }];
    return expect(takenLocalNames(dir, items)).resolves.toEqual([
      { name: 'a.txt', fileName: 'a.txt', freeFileName: 'a (2).txt' },
    ]);
  });
});
