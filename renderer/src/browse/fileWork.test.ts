import { describe, expect, it } from 'vitest';
import { archiveFormat, baseName, copyName, relativeName, uploadName } from './fileNames';
import { modeOf, NOTHING_PICKED, pick, pickAll } from './multiSelect';

describe('file names', () => {
  it('takes the last segment of local paths on any platform', () => {
    expect(baseName('/home/ann/report.txt')).toBe('report.txt');
    expect(baseName('C:\\Users\\ann\\photo.jpg')).toBe('photo.jpg');
    expect(baseName('/trailing/slash/')).toBe('slash');
    expect(uploadName('docs/2024/', '/tmp/x/a b.txt')).toBe('docs/2024/a b.txt');
    expect(uploadName('', '/tmp/a.txt')).toBe('a.txt');
  });

  it('recognises the archives Swift can extract, and nothing else', () => {
    expect(archiveFormat('site.tar.gz')).toBe('tar.gz');
    expect(archiveFormat('SITE.TGZ')).toBe('tar.gz');
    expect(archiveFormat('logs.tar.bz2')).toBe('tar.bz2');
    expect(archiveFormat('plain.tar')).toBe('tar');
    expect(archiveFormat('notes.gz')).toBeUndefined();
    expect(archiveFormat('tar')).toBeUndefined();
    expect(archiveFormat('report.txt')).toBeUndefined();
  });

  it('names a copy beside the original, keeping the extension', () => {
    expect(copyName('docs/report.txt')).toBe('docs/report copy.txt');
    expect(copyName('README')).toBe('README copy');
    expect(copyName('.env')).toBe('.env copy');
    expect(copyName('a.b/c')).toBe('a.b/c copy');
  });

  it('shows names relative to the folder', () => {
    expect(relativeName('docs/', 'docs/a.txt')).toBe('a.txt');
    expect(relativeName('', 'a.txt')).toBe('a.txt');
  });
});

describe('multi-select', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];

  it('a click picks one; Ctrl-click adds and removes', () => {
    let state = pick(NOTHING_PICKED, order, 'b', 'only');
    expect([...state.names]).toEqual(['b']);
    state = pick(state, order, 'd', 'toggle');
    expect([...state.names].sort()).toEqual(['b', 'd']);
    state = pick(state, order, 'b', 'toggle');
    expect([...state.names]).toEqual(['d']);
  });

  it('Shift-click picks the range from the last click, either way', () => {
    const start = pick(NOTHING_PICKED, order, 'd', 'only');
    expect([...pick(start, order, 'b', 'range').names]).toEqual(['b', 'c', 'd']);
    expect([...pick(start, order, 'e', 'range').names]).toEqual(['d', 'e']);
    expect([...pick(NOTHING_PICKED, order, 'c', 'range').names]).toEqual(['c']);
  });

  it('picks everything loaded', () => {
    expect(pickAll(order).names.size).toBe(5);
  });

  it('reads the modifier keys', () => {
    expect(modeOf({ shiftKey: false, ctrlKey: false, metaKey: false })).toBe('only');
    expect(modeOf({ shiftKey: false, ctrlKey: true, metaKey: false })).toBe('toggle');
    expect(modeOf({ shiftKey: false, ctrlKey: false, metaKey: true })).toBe('toggle');
    expect(modeOf({ shiftKey: true, ctrlKey: true, metaKey: false })).toBe('range');
  });
});
