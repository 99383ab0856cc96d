import { describe, expect, it } from 'vitest';
import { caseCollisions, localNameProblem, MAX_PATH_BYTES } from './local-names';

const reason = (name: string, folderBytes?: number) =>
  localNameProblem(name, folderBytes === undefined ? {} : { folderBytes })?.reason ?? null;

describe('localNameProblem', () => {
  it('passes names a disk can hold as they are', () => {
    for (const ok of ['a.txt', 'photos/2024/a.jpg', 'Zoë/naïve.txt', '..hidden', 'a..b', '.profile', 'x'.repeat(255)]) {
      expect(localNameProblem(ok)).toBeNull();
    }
  });

  it('refuses "." and ".." parts, with either separator', () => {
    for (const bad of ['a/../b', '../b', '..', '.', 'a/./b', 'a\\..\\b', 'a/..'])
      expect(reason(bad)).toBe('dot_segment');
  });

  it('refuses a folder marker, which is no file', () => {
    for (const bad of ['photos/', 'a/b/', '', 'a\\']) expect(reason(bad)).toBe('folder_marker');
  });

  it('refuses a NUL anywhere', () => {
    expect(reason('a\0b')).toBe('nul');
    expect(reason('dir\0/x')).toBe('nul');
  });

  it('refuses a part longer than 255 bytes of UTF-8, counting bytes, not characters', () => {
    expect(reason('x'.repeat(256))).toBe('name_too_long');
    expect(reason(`ok/${'é'.repeat(128)}`)).toBe('name_too_long'); // 128 characters, 256 bytes
    expect(reason('é'.repeat(127))).toBeNull();
    expect(localNameProblem('x'.repeat(300))?.message).toBe(
      'a part of its name is 300 bytes long; a file or folder name can have at most 255',
    );
  });

  it('refuses a path longer than the system allows, the chosen folder included', () => {
    const deep = Array.from({ length: 20 }, () => 'd'.repeat(200)).join('/'); // 4,019 bytes
    expect(reason(deep)).toBeNull();
    expect(reason(deep, 100)).toBe('path_too_long');
    expect(reason(deep, MAX_PATH_BYTES - 4019 - 1)).toBeNull();
  });

  it('says why in a clause the person reads', () => {
    expect(localNameProblem('a/../b')?.message).toMatch(/"\." or "\.\." part/);
  });
});

describe('caseCollisions', () => {
  it('finds every name of a group that differs only in case', () => {
    const found = caseCollisions(['Report.txt', 'report.TXT', 'other.txt', 'docs/A', 'docs/a', 'Docs/b']);
    expect([...found].sort()).toEqual(['Report.txt', 'docs/A', 'docs/a', 'report.TXT']);
  });

  it('takes accented letters composed two ways for the same, as APFS does', () => {
    expect(caseCollisions(['caf\u00e9', 'CAFE\u0301']).size).toBe(2);
  });

  it('leaves names exactly alike, and a list without such pairs, alone', () => {
    expect(caseCollisions(['a', 'a', 'b']).size).toBe(0);
    expect(caseCollisions([]).size).toBe(0);
  });
});
