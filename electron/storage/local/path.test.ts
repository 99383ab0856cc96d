import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanSegment, isTempNameFor, localSegments, resolveInside, tempNameFor, truncateSegment } from './path';

const root = fs.realpathSync(os.tmpdir());

/** The file a name would be saved as, relative to the target folder, or the error code. */
function savedAs(name: string, fileName?: string, platform: NodeJS.Platform = 'linux'): string {
  try {
    const target = resolveInside(root, localSegments(name, fileName, platform));
    return path.relative(root, target).split(path.sep).join('/');
  } catch (err) {
    return `!${(err as { code: string }).code}`;
  }
}

describe('localSegments + resolveInside: object names to files inside the target folder', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['photos/2024/a.jpg', 'a.jpg'],
    ['../../escape', 'escape'],
    ['/etc/passwd-x', 'passwd-x'],
    ['a/../../b', 'b'],
    ['C:\\x', 'x'],
    ['a\\..\\b', 'b'],
    ['..\\..\\win', 'win'],
    ['tab\there', 'tab_here'],
    ['..foo', '..foo'],
    ['ünï/çødé.txt', 'çødé.txt'],
  ])('by default saves %j as %j (last segment)', (name, expected) => {
    expect(savedAs(name)).toBe(expected);
  });

  it.each(['..', '.', '/', '', 'a/..', '../', '//', '\\', 'folder/', 'a/./b/.', 'nul\0byte', 'x'.repeat(256)])(
    'refuses %j, whose name this computer cannot hold (shared/local-names.ts), rather than save it as another',
    (name) => {
      expect(savedAs(name)).toBe('!invalid_input');
    },
  );

  it('says which name and why', () => {
    expect(() => localSegments('photos/')).toThrow(
      '"photos/" cannot be saved on this computer: it is a folder marker (its name ends in "/"), not a file',
    );
  });

  it('counts the target folder in the path’s length', () => {
    const deep = Array.from({ length: 20 }, () => 'd'.repeat(200)).join('/');
    expect(localSegments('x', deep, 'linux', '/home/ana')).toHaveLength(20);
    expect(() => localSegments('x', deep, 'linux', `/${'h'.repeat(100)}`)).toThrow(/bytes long; a path can have/);
  });

  it('keeps sub-folders when the caller names a relative path', () => {
    expect(savedAs('photos/2024/a.jpg', '2024/a.jpg')).toBe('2024/a.jpg');
    expect(savedAs('x', '/abs/y')).toBe('abs/y');
    expect(savedAs('x', 'a\\b\\c')).toBe('a/b/c');
    expect(savedAs('x', 'a//b')).toBe('a/b');
  });

  it.each(['../x', 'a/../../x', 'a\\..\\..\\x', '..', './a', 'a/./b'])(
    'refuses an explicit file name with a "." or ".." part: %j',
    (fileName) => {
      expect(savedAs('x', fileName)).toBe('!invalid_input');
    },
  );

  it('makes Windows-only hazards harmless on Windows', () => {
    expect(savedAs('C:\\Windows\\x', undefined, 'win32')).toBe('x');
    expect(savedAs('C:', undefined, 'win32')).toBe('C_');
    expect(savedAs('a/b:c?.txt', undefined, 'win32')).toBe('b_c_.txt');
    expect(savedAs('CON', undefined, 'win32')).toBe('_CON');
    expect(savedAs('lpt1.txt', undefined, 'win32')).toBe('_lpt1.txt');
    expect(savedAs('trailing. . ', undefined, 'win32')).toBe('trailing');
    expect(savedAs('...', undefined, 'win32')).toBe('!invalid_input');
    // On Linux and macOS the same characters are ordinary.
    expect(savedAs('a/b:c?.txt', undefined, 'linux')).toBe('b:c?.txt');
  });

  it('resolveInside refuses anything that is not strictly below the root', () => {
    expect(() => resolveInside(root, ['..', 'x'])).toThrow(/outside/);
    expect(() => resolveInside(root, ['/etc/passwd'])).toThrow(/outside/);
    expect(() => resolveInside(root, ['.'])).toThrow(/outside/);
    expect(resolveInside(root, ['a', 'b'])).toBe(path.join(root, 'a', 'b'));
  });
});

describe('segment clean-up', () => {
  it('cuts long segments to 255 UTF-8 bytes, keeping the extension and whole characters', () => {
    const long = `${'é'.repeat(300)}.tar.gz`;
    const cut = truncateSegment(long);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(255);
    expect(cut.endsWith('é.gz')).toBe(true);
    expect(cut).not.toContain('\uFFFD');
    expect(truncateSegment('short.txt')).toBe('short.txt');
  });

  it('replaces control characters', () => {
    expect(cleanSegment('a\x7fb\x01c', 'linux')).toBe('a_b_c');
  });

  it('names the temporary file as a hidden sibling short enough for any file system', () => {
    const temp = tempNameFor('x'.repeat(255));
    expect(temp).toMatch(/^\.x+\.cirrus-part-[0-9a-f]{12}$/);
    expect(Buffer.byteLength(temp)).toBeLessThanOrEqual(255);
    expect(tempNameFor('a.txt')).not.toBe(tempNameFor('a.txt'));
  });
});

describe('isTempNameFor: a resumed download knows its own partial file', () => {
  it('accepts exactly the names tempNameFor gives for that final name', () => {
    for (const name of ['a.txt', 'x'.repeat(255), 'ü 1.bin']) expect(isTempNameFor(tempNameFor(name), name)).toBe(true);
    expect(isTempNameFor('.a.txt.cirrus-part-0123456789ab', 'a.txt')).toBe(true);
  });

  it('refuses any other name', () => {
    for (const candidate of [
      'a.txt',
      '.a.txt',
      '.b.txt.cirrus-part-0123456789ab',
      '.a.txt.cirrus-part-0123456789',
      '.a.txt.cirrus-part-0123456789AB',
      '.a.txt.cirrus-part-0123456789ab.x',
      'a.txt.cirrus-part-0123456789ab',
      '../.a.txt.cirrus-part-0123456789ab',
      tempNameFor('a.txt.long'),
    ]) {
      expect(isTempNameFor(candidate, 'a.txt'), candidate).toBe(false);
    }
  });
});
