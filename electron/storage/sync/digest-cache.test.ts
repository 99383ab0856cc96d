// The compare's MD5 cache on a real temporary folder: a second look at unchanged files reads none of them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DigestCache, hashPieces, type PieceHasher } from './digest-cache';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('the sync digest cache', () => {
  let dir: string;
  let cacheFile: string;
  let reads: string[];
  const counting: PieceHasher = (file, sizes, signal) => {
    reads.push(path.basename(file));
    return hashPieces(file, sizes, signal);
  };
  const statOf = (file: string) => fs.statSync(file);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-digests-'));
    cacheFile = path.join(dir, 'data', 'digests.json');
    reads = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a second compare of unchanged files reads no file content, even from a cache reopened from disk', async () => {
    const a = path.join(dir, 'a.txt');
    const b = path.join(dir, 'b.txt');
    fs.writeFileSync(a, 'alpha bytes');
    fs.writeFileSync(b, 'bravo bytes, more of them');
    fs.utimesSync(a, 1_700_000_000, 1_700_000_000); // whole seconds: utimes sets them back exactly below
    const first = await DigestCache.open(cacheFile, counting);
    expect(await first.digests(a, statOf(a), [11])).toEqual([md5('alpha bytes')]);
    expect(await first.digests(b, statOf(b), [10, 15])).toEqual([md5('bravo byte'), md5('s, more of them')]);
    await first.save();
    expect(reads).toEqual(['a.txt', 'b.txt']);

    // The same bytes' worth of other content under the same size and mtime: an answer from the
    // cache still says "alpha", which proves the file was not read.
    fs.writeFileSync(a, 'ALPHA BYTES');
    fs.utimesSync(a, 1_700_000_000, 1_700_000_000);
    reads = [];
    const second = await DigestCache.open(cacheFile, counting);
    expect(await second.digests(a, statOf(a), [11])).toEqual([md5('alpha bytes')]);
    expect(await second.digests(b, statOf(b), [10, 15])).toEqual([md5('bravo byte'), md5('s, more of them')]);
    expect(reads).toEqual([]);
  });

  it('a new mtime, a new size or another segment layout reads the file again', async () => {
    const a = path.join(dir, 'a.txt');
    fs.writeFileSync(a, 'alpha bytes');
    const cache = await DigestCache.open(cacheFile, counting);
    await cache.digests(a, statOf(a), [11]);
    await cache.digests(a, statOf(a), [5, 6]);
    const later = new Date(statOf(a).mtimeMs + 5000);
    fs.utimesSync(a, later, later);
    expect(await cache.digests(a, statOf(a), [11])).toEqual([md5('alpha bytes')]);
    fs.writeFileSync(a, 'alpha bytes!');
    expect(await cache.digests(a, statOf(a), [12])).toEqual([md5('alpha bytes!')]);
    expect(reads).toEqual(['a.txt', 'a.txt', 'a.txt', 'a.txt']);
  });

  it('forgets the files of the folder and the objects of the scope a compare no longer saw, nothing else', async () => {
    const a = path.join(dir, 'a.txt');
    const b = path.join(dir, 'b.txt');
    fs.writeFileSync(a, 'alpha');
    fs.writeFileSync(b, 'bravo');
    const cache = await DigestCache.open(cacheFile, counting);
    await cache.digests(a, statOf(a), [5]);
    await cache.digests(b, statOf(b), [5]);
    const facts = {
      hash: 'h',
      lastModified: 't',
      mtime: undefined,
      length: 1,
      kind: 'plain' as const,
      pieces: undefined,
    };
    for (const key of ['R\nc\np/x', 'R\nc\np/y', 'R\nc\nq/z']) cache.rememberRemote(key, facts);
    cache.forgetOthers(dir, new Set([a]), 'R\nc\np/', new Set(['R\nc\np/x']));
    await cache.save();
    reads = [];
    const again = await DigestCache.open(cacheFile, counting);
    await again.digests(a, statOf(a), [5]);
    await again.digests(b, statOf(b), [5]);
    expect(reads).toEqual(['b.txt']);
    expect(again.remote('R\nc\np/x', 'h', 't')).toEqual(facts);
    expect(again.remote('R\nc\np/y', 'h', 't')).toBeUndefined();
    expect(again.remote('R\nc\nq/z', 'h', 't')).toEqual(facts);
  });

  it('a damaged cache file is an empty cache, and remote facts hold only while the row is unchanged', async () => {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, '{not json');
    const cache = await DigestCache.open(cacheFile, counting);
    const facts = { hash: 'h1', lastModified: 't1', mtime: 5, length: 3, kind: 'plain' as const, pieces: undefined };
    cache.rememberRemote('k', facts);
    await cache.save();
    const again = await DigestCache.open(cacheFile, counting);
    expect(again.remote('k', 'h1', 't1')).toEqual(facts);
    expect(again.remote('k', 'h2', 't1')).toBeUndefined();
    expect(again.remote('k', 'h1', 't2')).toBeUndefined();
  });
});
