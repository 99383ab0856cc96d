// Reading real archives made with the system `tar` in temporary folders.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat, formatNote } from './format';
import { memberPath, readArchive, type ArchiveMember } from './read';

let work: string;
/** A folder of files, by relative path. */
function tree(name: string, files: [string, string][]): string {
  const root = path.join(work, name);
  for (const [file, content] of files) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}
const tar = (args: string[]) => execFileSync('tar', args, { cwd: work });
const sorted = (members: ArchiveMember[]) => [...members].sort((a, b) => (a.path < b.path ? -1 : 1));

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-archive-read-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const LONG_DIR = 'd'.repeat(150);
const FILES: [string, string][] = [
  ['top.txt', 'top\n'],
  ['docs/readme.md', '# read me\n'],
  ['docs/deep/er/nested.json', '{}\n'],
  ['ünïcødé/ça va.txt', 'oui\n'],
  [`${LONG_DIR}/${'f'.repeat(150)}.txt`, 'long\n'],
];
const EXPECTED = FILES.map(([p, c]) => ({ path: p, validUtf8: true, bytes: Buffer.byteLength(c) })).sort((a, b) =>
  a.path < b.path ? -1 : 1,
);

describe('readArchive', () => {
  let root: string;
  beforeAll(() => {
    root = tree('files', FILES);
    fs.symlinkSync('top.txt', path.join(root, 'link-to-top'));
    fs.linkSync(path.join(root, 'top.txt'), path.join(root, 'hard-link-to-top'));
    fs.mkdirSync(path.join(root, 'empty-folder'));
  });

  it.each([
    ['GNU tar.gz', 'gnu.tar.gz', ['--format=gnu', '-czf']],
    ['POSIX (pax) tar.gz', 'pax.tgz', ['--format=pax', '-czf']],
    ['tar.bz2', 'b.tar.bz2', ['-cjf']],
    ['plain tar', 'plain.tar', ['-cf']],
  ])('lists only the regular files of a %s, named as Swift names them', async (_what, file, flags) => {
    tar([...flags, file, '-C', root, '.']);
    const format = await detectFormat(path.join(work, file));
    const contents = await readArchive(path.join(work, file), format);
    // The symlink, the hard link and every directory ("./", "docs/", …) are skipped, as bulk.py does.
    expect(sorted(contents.members)).toEqual(EXPECTED);
    expect(contents.skipped).toBe(2 + 7);
  });

  it('reads an old V7 archive, whose headers have no "ustar" magic', async () => {
    const small = tree('v7', [['a/b.txt', 'b']]);
    tar(['--format=v7', '-cf', 'v7.tar', '-C', small, 'a']);
    expect(await detectFormat(path.join(work, 'v7.tar'))).toBe('tar');
    expect((await readArchive(path.join(work, 'v7.tar'), 'tar')).members).toEqual([
      { path: 'a/b.txt', validUtf8: true, bytes: 1 },
    ]);
  });

  it('strips a leading "/" from absolute member names (tar -P keeps them)', async () => {
    const small = tree('abs', [['x/y.txt', 'y']]);
    tar(['-P', '-czf', 'abs.tar.gz', path.join(small, 'x/y.txt')]);
    const { members } = await readArchive(path.join(work, 'abs.tar.gz'), 'tar.gz');
    expect(members).toEqual([{ path: `${small.slice(1)}/x/y.txt`, validUtf8: true, bytes: 1 }]);
  });

  it('flags names that are not UTF-8, in GNU headers and in PAX records alike', async () => {
    const latin1Name = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74]); // "café.txt" in latin1
    const bad = path.join(work, 'bad');
    fs.mkdirSync(bad);
    fs.writeFileSync(Buffer.concat([Buffer.from(`${bad}/`), latin1Name]), 'x');
    fs.writeFileSync(path.join(bad, 'fine.txt'), 'ok');
    for (const fmt of ['gnu', 'pax']) {
      tar([`--format=${fmt}`, '-cf', `bad-${fmt}.tar`, '-C', bad, '.']);
      const { members } = await readArchive(path.join(work, `bad-${fmt}.tar`), 'tar');
      expect(sorted(members)).toEqual([
        { path: 'caf\uFFFD.txt', validUtf8: false, bytes: 1 },
        { path: 'fine.txt', validUtf8: true, bytes: 2 },
      ]);
    }
  });

  it('reads 10,000 members quickly', async () => {
    const many = path.join(work, 'many');
    for (let d = 0; d < 100; d++) {
      fs.mkdirSync(path.join(many, `d${d}`), { recursive: true });
      for (let f = 0; f < 100; f++) fs.writeFileSync(path.join(many, `d${d}`, `f${f}.txt`), `${d}/${f}`);
    }
    tar(['-czf', 'many.tar.gz', '-C', many, '.']);
    const started = performance.now();
    const { members, skipped } = await readArchive(path.join(work, 'many.tar.gz'), 'tar.gz');
    expect(members).toHaveLength(10_000);
    expect(skipped).toBe(101);
    expect(performance.now() - started).toBeLessThan(3000);
  }, 30_000);
});

describe('unreadable files', () => {
  const file = (name: string, content: Uint8Array | string) => {
    fs.writeFileSync(path.join(work, name), content);
    return path.join(work, name);
  };
  const message = (p: Promise<unknown>) =>
    p.then(
      () => 'resolved',
      (err: Error & { code?: string }) => `${err.code}: ${err.message}`,
    );

  it('says what random bytes, an empty file or a zip are, from their first bytes', async () => {
    const random = Buffer.concat([Buffer.from([0x00, 0x01]), randomBytes(4000)]);
    expect(await message(detectFormat(file('random.tar.gz', random)))).toBe(
      'invalid_input: This file is not a readable tar archive (it is neither tar, gzip nor bzip2 data).',
    );
    expect(await message(detectFormat(file('empty.tar', '')))).toBe(
      'invalid_input: This file is not a readable tar archive (the file is empty).',
    );
    expect(await message(detectFormat(file('z.tgz', Buffer.from('PK\x03\x04rest of a zip'))))).toMatch(
      /it is a zip archive; Swift unpacks only tar, tar\.gz and tar\.bz2/,
    );
    expect(await message(detectFormat(path.join(work, 'missing.tar')))).toMatch(/^not_found: /);
  });

  it('reports damaged gzip data, a truncated archive, and gzip that holds no tar', async () => {
    const damaged = Buffer.concat([Buffer.from([0x1f, 0x8b]), randomBytes(4000)]);
    expect(await message(readArchive(file('damaged.tar.gz', damaged), 'tar.gz'))).toMatch(
      /^invalid_input: This file is not a readable tar archive \(the gzip data is damaged: /,
    );
    const small = tree('trunc', [['a.bin', randomBytes(5000).toString('hex')]]);
    tar(['-cf', 'whole.tar', '-C', small, '.']);
    const truncated = zlib.gzipSync(fs.readFileSync(path.join(work, 'whole.tar')).subarray(0, 3000));
    expect(await message(readArchive(file('truncated.tar.gz', truncated), 'tar.gz'))).toBe(
      'invalid_input: This file is not a readable tar archive (it ends too early: the file is truncated).',
    );
    const cutGzip = fs.readFileSync(path.join(work, 'truncated.tar.gz')).subarray(0, 200);
    expect(await message(readArchive(file('cut.tar.gz', cutGzip), 'tar.gz'))).toMatch(/the file is truncated/);
    const notTar = zlib.gzipSync(Buffer.from('just some text\n'.repeat(100)));
    expect(await message(readArchive(file('text.tar.gz', notTar), 'tar.gz'))).toBe(
      'invalid_input: This file is not a readable tar archive (a member header is damaged, or the content is not tar data).',
    );
  });

  it('reports damaged bzip2 data with what bzip2 said', async () => {
    const damaged = Buffer.concat([Buffer.from('BZh9'), randomBytes(2000)]);
    expect(await message(readArchive(file('damaged.tar.bz2', damaged), 'tar.bz2'))).toMatch(
      /^invalid_input: This file is not a readable tar archive \(the bzip2 data is damaged: .+\)\.$/,
    );
  });
});

describe('formats by name and by content', () => {
  it('notes when the name and the content disagree', () => {
    expect(formatNote('x.tar.gz', 'tar.gz')).toBeUndefined();
    expect(formatNote('x.tar.gz', 'tar.bz2')).toBe(
      'The file is named like a tar.gz archive but its content is tar.bz2; it will be sent as tar.bz2.',
    );
    expect(formatNote('backup.bin', 'tar')).toBe(
      "The file's name has no archive extension; its content is a tar archive.",
    );
  });

  it('detects the content of a misnamed archive from its bytes', async () => {
    const small = tree('misnamed', [['m.txt', 'm']]);
    tar(['-cjf', 'really-bz2.tar.gz', '-C', small, '.']);
    expect(await detectFormat(path.join(work, 'really-bz2.tar.gz'))).toBe('tar.bz2');
  });
});

describe('memberPath', () => {
  const name = (raw: string) => Buffer.from(raw).toString('latin1');
  it('strips one "./" and then every leading "/", like bulk.py', () => {
    expect(memberPath({ name: name('./a/b'), pax: null }).path).toBe('a/b');
    expect(memberPath({ name: name('././a'), pax: null }).path).toBe('./a');
    expect(memberPath({ name: name('.//a'), pax: null }).path).toBe('a');
    expect(memberPath({ name: name('//a'), pax: null }).path).toBe('a');
    expect(memberPath({ name: name('../a'), pax: null }).path).toBe('../a');
  });
  it('prefers a PAX path record and decodes header bytes as UTF-8', () => {
    expect(memberPath({ name: name('short'), pax: { path: './ünï/long' } })).toEqual({
      path: 'ünï/long',
      validUtf8: true,
    });
    expect(memberPath({ name: name('ünï'), pax: null })).toEqual({ path: 'ünï', validUtf8: true });
  });
});
