// The compare cache's sorted record files on a real temporary folder: read and rewritten in one pass, in order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SortedRecords } from './sorted-records';

describe('sorted record files', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-records-'));
    file = path.join(dir, 'cache', 'records.jsonl');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Every name entered with its value, in order, and the file written. */
  const write = (records: [string, unknown][], inScope = () => true) => {
    const store = new SortedRecords<unknown>(file, 'scope', inScope);
    for (const [name, value] of records) {
      const entry = store.enter(name);
      // Values are objects, as the cache's are: a number n is kept as { v: n }.
      store.set(entry, typeof value === 'object' ? value : { v: value });
      store.leave(entry);
    }
    store.finish();
  };
  /** The values kept for `names`, entered in order, then finished. */
  const read = (names: string[], inScope: (name: string) => boolean = () => true, of = 'scope') => {
    const store = new SortedRecords<unknown>(file, of, inScope);
    const values = names.map((name) => {
      const entry = store.enter(name);
      const value = store.valueOf(entry) as { v?: unknown } | undefined;
      store.leave(entry);
      return value && 'v' in value ? value.v : value;
    });
    store.finish();
    return values;
  };
  const leftover = () => fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp'));

  it('keeps values across runs, names in any script or with a newline, past many chunks', () => {
    // Some 600 KiB of records: the reader's 256 KiB chunks end inside lines and inside "ü".
    const names = Array.from({ length: 6000 }, (_, i) => `dir-ü/${String(i).padStart(5, '0')}\n${'x'.repeat(60)}`);
    write(names.map((n, i) => [n, { i }]));
    expect(read(names)).toEqual(names.map((_, i) => ({ i })));
    expect(leftover()).toEqual([]);
  });

  it('a change late in a long file keeps every record before it as it was, copied, and the rest written', () => {
    const names = Array.from({ length: 6000 }, (_, i) => `f-${String(i).padStart(5, '0')}-${'y'.repeat(60)}`);
    write(names.map((n, i) => [n, i]));
    const store = new SortedRecords<{ v: number }>(file, 'scope', () => true);
    names.forEach((name, i) => {
      const entry = store.enter(name);
      if (i === 5000) store.set(entry, { v: -1 });
      // One whose record no longer holds: dropped.
      if (i === 5500) store.set(entry, undefined);
      store.leave(entry);
    });
    store.finish();
    expect(read(names)).toEqual(names.map((_, i) => (i === 5000 ? -1 : i === 5500 ? undefined : i)));
    expect(leftover()).toEqual([]);
  });

  it('settles out of order but writes in order; an unchanged run leaves the file as it was', () => {
    const store = new SortedRecords<{ v: number }>(file, 'scope', () => true);
    const [a, b, c] = ['a', 'b', 'c'].map((n) => store.enter(n));
    store.set(c!, { v: 3 });
    store.leave(c!);
    store.set(a!, { v: 1 });
    store.leave(a!);
    expect(store.get('a')).toBeUndefined(); // written, so no longer held
    expect(store.get('b')).toBe(b); // b holds c back
    store.set(b!, { v: 2 });
    store.leave(b!);
    store.finish();
    const before = fs.statSync(file);
    expect(read(['a', 'b', 'c'])).toEqual([1, 2, 3]);
    const after = fs.statSync(file);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  it('drops what a run passes in its scope, keeps what is outside it, and removes a file left empty', () => {
    write([
      ['o/1', 1],
      ['p/1', 2],
      ['p/2', 3],
      ['q/1', 4],
    ]);
    const underP = (name: string) => name.startsWith('p/');
    expect(read(['p/2'], underP)).toEqual([3]);
    expect(read(['o/1', 'p/1', 'p/2', 'q/1'])).toEqual([1, undefined, 3, 4]);
    expect(read([])).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('another scope’s file, a damaged line or a cut-short end is not trusted, and a run cut short keeps the old file', () => {
    write([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(read(['a'], () => false, 'another scope')).toEqual([undefined]);
    write([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('["b",{"v":2}]', '{damaged'));
    expect(read(['a', 'b', 'c'])).toEqual([1, undefined, undefined]);

    write([
      ['a', 1],
      ['b', 2],
    ]);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/\n$/, ''));
    expect(read(['a', 'b'])).toEqual([1, undefined]);

    write([['a', 1]]);
    const kept = fs.readFileSync(file, 'utf8');
    const store = new SortedRecords<{ v: number }>(file, 'scope', () => true);
    store.set(store.enter('z'), { v: 9 });
    store.abandon();
    expect(fs.readFileSync(file, 'utf8')).toBe(kept);
    expect(leftover()).toEqual([]);
  });

  it('once abandoned, a late change (a judge still running when the compare failed) writes nothing', () => {
    write([['a', 1]]);
    const kept = fs.readFileSync(file, 'utf8');
    const store = new SortedRecords<{ v: number }>(file, 'scope', () => true);
    const a = store.enter('a');
    const b = store.enter('b');
    store.abandon();
    store.set(a, { v: 5 });
    store.leave(a);
    store.set(b, { v: 6 });
    store.leave(b);
    store.finish();
    expect(fs.readFileSync(file, 'utf8')).toBe(kept);
    expect(leftover()).toEqual([]);
  });

  it('a well-formed line whose value is not an object is damage: it and the rest are dropped', () => {
    write([
      ['a', { n: 1 }],
      ['b', { n: 2 }],
      ['c', { n: 3 }],
    ]);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('["b",{"n":2}]', '["b",null]'));
    expect(read(['a', 'b', 'c'])).toEqual([{ n: 1 }, undefined, undefined]);
  });

  it('a value is parsed only when asked for; one that does not parse then is none, and is not written back', () => {
    write([
      ['a', { n: 1 }],
      ['b', { n: 2 }],
      ['c', { n: 3 }],
    ]);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('["b",{"n":2}]', '["b",{"n":}]'));
    const parse = vi.spyOn(JSON, 'parse');
    const store = new SortedRecords<{ n: number }>(file, 'scope', () => true);
    const entries = ['a', 'b', 'c'].map((name) => store.enter(name));
    expect(parse).not.toHaveBeenCalled();
    expect(entries.map((e) => store.valueOf(e))).toEqual([{ n: 1 }, undefined, { n: 3 }]);
    parse.mockRestore();
    for (const entry of entries) store.leave(entry);
    store.finish();
    expect(read(['a', 'b', 'c'])).toEqual([{ n: 1 }, undefined, { n: 3 }]);
    expect(fs.readFileSync(file, 'utf8')).not.toContain('"b"');
  });

  it('with no file, holds the window in memory and writes nothing', () => {
    const store = new SortedRecords<number>(undefined, 'scope', () => true);
    const entry = store.enter('a');
    store.set(entry, 1);
    expect(store.get('a')?.value).toBe(1);
    store.leave(entry);
    store.finish();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
  it('a shed value is read again from its line when asked for, and written back as it was', () => {
    const names = ['a', 'b', 'c', 'd'];
    write(names.map((n, i) => [n, { i, more: [`x${i}`] }]));
    const before = fs.readFileSync(file, 'utf8');
    const store = new SortedRecords<{ i: number; more: string[] }>(file, 'scope', () => true);
    const entries = names.map((name) => store.enter(name));
    for (const entry of entries) store.shed(entry);
    expect(entries.map((e) => e.value)).toEqual([undefined, undefined, undefined, undefined]);
    expect(entries.map((e) => store.valueOf(e))).toEqual(names.map((_, i) => ({ i, more: [`x${i}`] })));
    // A change after a shed: "b" holds the new value, "c" is dropped, "a" and "d" are written back as they were.
    store.set(entries[1]!, { i: -1, more: [] });
    store.set(entries[2]!, undefined);
    expect(store.valueOf(entries[1]!)).toEqual({ i: -1, more: [] });
    expect(store.valueOf(entries[2]!)).toBeUndefined();
    for (const entry of entries) store.leave(entry);
    store.finish();
    expect(read(names)).toEqual([{ i: 0, more: ['x0'] }, { i: -1, more: [] }, undefined, { i: 3, more: ['x3'] }]);
    const lines = (text: string) => text.split('\n');
    expect(lines(fs.readFileSync(file, 'utf8'))[1]).toBe(lines(before)[1]);

    // Nothing to read again for a record the file did not hold: a shed leaves it as it is.
    const fresh = new SortedRecords<{ i: number }>(undefined, 'scope', () => true);
    const none = fresh.enter('z');
    fresh.set(none, { i: 9 });
    fresh.shed(none);
    expect(fresh.valueOf(none)).toEqual({ i: 9 });
  });
  it('kept without names (each caller holding its entries), writes the same and answers no lookup by name', () => {
    write([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const store = new SortedRecords<{ v: number }>(file, 'scope', () => true, false);
    const entries = ['a', 'b', 'c'].map((name) => store.enter(name));
    expect(() => store.get('a')).toThrow(/by name/);
    store.set(entries[1]!, { v: 20 });
    for (const entry of [...entries].reverse()) store.leave(entry);
    store.finish();
    expect(read(['a', 'b', 'c'])).toEqual([1, 20, 3]);
  });
});
