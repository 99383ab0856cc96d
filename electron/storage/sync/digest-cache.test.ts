// The compare's MD5 cache on a real temporary folder: a second look at unchanged files reads none of them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DigestCache, hashPieces, type CacheScope, type PieceHasher, type RemoteFacts } from './digest-cache';
import type { LocalEntry } from './local-walk';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('the sync digest cache', () => {
  let dir: string;
  let cacheDir: string;
  let scope: CacheScope;
  let reads: string[];
  const counting: PieceHasher = (file, sizes, signal) => {
    reads.push(path.basename(file));
    return hashPieces(file, sizes, signal);
  };
  const entryOf = (name: string): LocalEntry => {
    const filePath = path.join(dir, name);
    const stat = fs.statSync(filePath);
    return { name, filePath, size: stat.size, mtimeMs: stat.mtimeMs };
  };
  /** As a compare goes: each file entered in order, hashed in the layouts given, then left; saved at the end. */
  const visit = async (cache: DigestCache, files: Record<string, number[][]>) => {
    const out: Record<string, string[][]> = {};
    for (const [name, layouts] of Object.entries(files)) {
      const entry = entryOf(name);
      cache.enterFile(entry);
      out[name] = [];
      for (const sizes of layouts) out[name].push(await cache.digests(entry, sizes));
      cache.leaveFile(entry);
    }
    cache.save();
    return out;
  };
  const facts = (hash: string, lastModified = 't'): RemoteFacts => ({
    hash,
    lastModified,
    mtime: 5,
    length: 1,
    kind: 'plain',
    pieces: undefined,
  });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-digests-'));
    cacheDir = path.join(dir, '.data');
    scope = { folder: dir, region: 'R', container: 'c', prefix: '' };
    reads = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a second compare of unchanged files reads no file content, from the cache reopened from disk', async () => {
    fs.writeFileSync(path.join(dir, 'a.txt'), 'alpha bytes');
    fs.writeFileSync(path.join(dir, 'b.txt'), 'bravo bytes, more of them');
    fs.utimesSync(path.join(dir, 'a.txt'), 1_700_000_000, 1_700_000_000); // whole seconds: set back exactly below
    const first = await visit(DigestCache.open(cacheDir, scope, counting), { 'a.txt': [[11]], 'b.txt': [[10, 15]] });
    expect(first).toEqual({ 'a.txt': [[md5('alpha bytes')]], 'b.txt': [[md5('bravo byte'), md5('s, more of them')]] });
    expect(reads).toEqual(['a.txt', 'b.txt']);

    // Other content of the same size under the same mtime: an answer of "alpha" proves the file was not read.
    fs.writeFileSync(path.join(dir, 'a.txt'), 'ALPHA BYTES');
    fs.utimesSync(path.join(dir, 'a.txt'), 1_700_000_000, 1_700_000_000);
    reads = [];
    const second = await visit(DigestCache.open(cacheDir, scope, counting), { 'a.txt': [[11]], 'b.txt': [[10, 15]] });
    expect(second).toEqual(first);
    expect(reads).toEqual([]);
    // Nothing changed, so nothing was written: the one file of each side, and no temporary one left.
    expect(
      fs
        .readdirSync(cacheDir)
        .map((f) => f.replace(/-.*/, ''))
        .sort(),
    ).toEqual(['files']);
  });

  it('a new mtime, a new size or another segment layout reads the file again', async () => {
    const a = path.join(dir, 'a.txt');
    fs.writeFileSync(a, 'alpha bytes');
    const cache = DigestCache.open(cacheDir, scope, counting);
    const first = entryOf('a.txt');
    cache.enterFile(first);
    await cache.digests(first, [11]);
    await cache.digests(first, [5, 6]);
    expect(await cache.digests(first, [11])).toEqual([md5('alpha bytes')]);
    expect(cache.knownDigests(first, [{ bytes: 5 }, { bytes: 6 }])).toEqual([md5('alpha'), md5(' bytes')]);
    // The same file looked at again (its record, the one entered), with what it is now.
    const now = (): LocalEntry => ({ ...entryOf('a.txt'), cached: first.cached });
    const later = new Date(first.mtimeMs + 5000);
    fs.utimesSync(a, later, later);
    expect(cache.knownDigests(now(), [{ bytes: 11 }])).toBeUndefined();
    expect(await cache.digests(now(), [11])).toEqual([md5('alpha bytes')]);
    fs.writeFileSync(a, 'alpha bytes!');
    expect(await cache.digests(now(), [12])).toEqual([md5('alpha bytes!')]);
    cache.leaveFile(now());
    cache.save();
    expect(reads).toEqual(['a.txt', 'a.txt', 'a.txt', 'a.txt']);
  });

  it('forgets the files and the in-scope objects a compare did not reach, and keeps the objects outside its prefix', async () => {
    fs.writeFileSync(path.join(dir, 'a.txt'), 'alpha');
    fs.writeFileSync(path.join(dir, 'b.txt'), 'bravo');
    await visit(DigestCache.open(cacheDir, scope, counting), { 'a.txt': [[5]], 'b.txt': [[5]] });
    const all = DigestCache.open(cacheDir, scope, counting);
    for (const name of ['p/x', 'p/y', 'q/z']) {
      all.enterObject(name);
      all.rememberRemote(name, facts(`h-${name}`));
      all.leaveObject(name);
    }
    await visit(all, { 'a.txt': [[5]], 'b.txt': [[5]] });

    // A compare of the prefix p/ that lists only p/x, with b.txt gone from the folder.
    fs.rmSync(path.join(dir, 'b.txt'));
    const underP = DigestCache.open(cacheDir, { ...scope, prefix: 'p/' }, counting);
    underP.enterObject('p/x');
    expect(underP.remote('p/x', 'h-p/x', 't')).toEqual(facts('h-p/x'));
    underP.leaveObject('p/x');
    await visit(underP, { 'a.txt': [[5]] });

    fs.writeFileSync(path.join(dir, 'b.txt'), 'bravo');
    reads = [];
    const again = DigestCache.open(cacheDir, scope, counting);
    const seen: Record<string, RemoteFacts | undefined> = {};
    for (const name of ['p/x', 'p/y', 'q/z']) {
      again.enterObject(name);
      seen[name] = again.remote(name, `h-${name}`, 't');
      again.leaveObject(name);
    }
    await visit(again, { 'a.txt': [[5]], 'b.txt': [[5]] });
    expect(reads).toEqual(['b.txt']);
    expect(seen).toEqual({ 'p/x': facts('h-p/x'), 'p/y': undefined, 'q/z': facts('h-q/z') });
  });

  it('remote facts hold only while the row shows the same hash and time; another folder has its own file', async () => {
    const cache = DigestCache.open(cacheDir, scope, counting);
    cache.enterObject('k');
    cache.rememberRemote('k', facts('h1', 't1'));
    expect(cache.remote('k', 'h1', 't1')).toEqual(facts('h1', 't1'));
    expect(cache.remote('k', 'h2', 't1')).toBeUndefined();
    expect(cache.remote('k', 'h1', 't2')).toBeUndefined();
    cache.leaveObject('k');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'alpha');
    await visit(cache, { 'a.txt': [[5]] });

    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-digests-other-'));
    try {
      fs.writeFileSync(path.join(other, 'a.txt'), 'alpha');
      const elsewhere = DigestCache.open(cacheDir, { ...scope, folder: other }, counting);
      const entry = { ...entryOf('a.txt'), filePath: path.join(other, 'a.txt') };
      elsewhere.enterFile(entry);
      expect(elsewhere.knownDigests(entry, [{ bytes: 5 }])).toBeUndefined();
      elsewhere.leaveFile(entry);
      elsewhere.abandon();
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
  it('reads the MD5 off the line whatever other layouts it keeps, and parses the line of a name with escapes', async () => {
    // A quote and a backslash: the first name's JSON needs unescaping, so its line is parsed.
    const names = ['a"\\.txt', 'p.txt'];
    for (const name of names) fs.writeFileSync(path.join(dir, name), 'payload');
    // p.txt's pieces hashed before the whole of it: its line keeps both layouts.
    await visit(DigestCache.open(cacheDir, scope, counting), { [names[0]!]: [[7]], [names[1]!]: [[3, 4], [7]] });
    reads = [];
    const cache = DigestCache.open(cacheDir, scope, counting);
    const files = names.map(entryOf);
    cache.enterFile(files[0]!);
    const parse = vi.spyOn(JSON, 'parse');
    cache.enterFile(files[1]!);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(files.map((f) => f.knownMd5)).toEqual([md5('payload'), md5('payload')]);
    expect(cache.knownDigests(files[1]!, [{ bytes: 3 }, { bytes: 4 }])).toEqual([md5('pay'), md5('load')]);
    for (const file of files) cache.leaveFile(file);
    cache.save();
    expect(reads).toEqual([]);
  });

  it('puts the MD5 it knows on each file as it is entered, none on a file changed since, whose record goes', async () => {
    fs.writeFileSync(path.join(dir, 'a.txt'), 'alpha');
    fs.writeFileSync(path.join(dir, 'b.txt'), 'bravo');
    fs.writeFileSync(path.join(dir, 'c.txt'), 'charlie');
    await visit(DigestCache.open(cacheDir, scope, counting), { 'a.txt': [[5]], 'b.txt': [[5]], 'c.txt': [[3, 4]] });
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(dir, 'b.txt'), later, later);

    const cache = DigestCache.open(cacheDir, scope, counting);
    const files = ['a.txt', 'b.txt', 'c.txt'].map(entryOf);
    for (const file of files) cache.enterFile(file);
    // c.txt is known only in two pieces: no MD5 of the whole file to put on it, but its pieces are still known.
    expect(files.map((f) => f.knownMd5)).toEqual([md5('alpha'), undefined, undefined]);
    expect(cache.knownDigests(files[2]!, [{ bytes: 3 }, { bytes: 4 }])).toEqual([md5('cha'), md5('rlie')]);
    expect(cache.knownDigests(files[1]!, [{ bytes: 5 }])).toBeUndefined();
    for (const file of files) cache.leaveFile(file);
    cache.save();
    const kept = fs.readdirSync(cacheDir).map((f) => fs.readFileSync(path.join(cacheDir, f), 'utf8'));
    expect(kept.join('')).toContain('"a.txt"');
    expect(kept.join('')).not.toContain('"b.txt"');
    expect(kept.join('')).toContain('"c.txt"');
  });
});
