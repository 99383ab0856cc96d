// Archive extraction against the real Swift harness; archives are built with the system `tar`.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferProgress } from '../../../shared/domain';
import { extractArchive } from './extract';
import type { StorageSession } from '../session';
import {
  containerName,
  listObjects,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  swiftMd5,
  tempDir,
} from '../../../testing/electron/transfers-testkit';

const md5 = (data: Uint8Array | string): string => createHash('md5').update(data).digest('hex');

/** Files (relative path → content) the good archives hold: nested folders and a Unicode name. */
const FILES: Record<string, string> = {
  'top.txt': 'top level\n',
  'docs/readme.md': '# Read me\n',
  'docs/deep/er/nested.json': '{"deep": true}\n',
  'ünïcødé/ça va.txt': 'oui\n',
};

function buildTree(root: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
}

/** `tar` of everything under `root`, members named "./…" plus directory entries, as people make them. */
function tar(root: string, archive: string, flag: '' | 'z' | 'j'): string {
  execFileSync('tar', [`-c${flag}f`, archive, '-C', root, '.']);
  return archive;
}

describe('extractArchive against real Swift', () => {
  let session: StorageSession;
  let work: string;
  let tree: string;
  const container = containerName('extract');

  beforeAll(async () => {
    session = await openSession();
    work = tempDir('extract');
    tree = path.join(work, 'tree');
    buildTree(tree, FILES);
    await putContainer(container);
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('extracts a tar.gz into the container, one object per file, with progress', async () => {
    const archive = tar(tree, path.join(work, 'good.tar.gz'), 'z');
    const events: TransferProgress[] = [];
    const result = await extractArchive(session, REGION, {
      container,
      filePath: archive,
      onProgress: (p) => events.push(p),
    });
    expect(result).toEqual({ created: 4, errors: [], status: '201 Created' });
    expect(events.at(-1)).toEqual({ loaded: fs.statSync(archive).size, total: fs.statSync(archive).size });
    expect(await listObjects(container)).toEqual(Object.keys(FILES).sort());
    expect(await swiftMd5(container, 'ünïcødé/ça va.txt')).toEqual({ md5: md5('oui\n'), bytes: 4 });
  });

  it('extracts under a prefix, and again with the same outcome (objects overwritten, not duplicated)', async () => {
    const archive = tar(tree, path.join(work, 'prefix.tar.gz'), 'z');
    const first = await extractArchive(session, REGION, {
      container,
      prefix: 'imported/2024/',
      filePath: archive,
    });
    const again = await extractArchive(session, REGION, {
      container,
      prefix: 'imported/2024',
      filePath: archive,
    });
    expect(first).toEqual({ created: 4, errors: [], status: '201 Created' });
    expect(again).toEqual(first);
    expect(await listObjects(container, 'imported/')).toEqual(
      Object.keys(FILES)
        .map((f) => `imported/2024/${f}`)
        .sort(),
    );
  });

  it('reads plain tar and tar.bz2 too, by their bytes, whatever their names say', async () => {
    const plain = tar(tree, path.join(work, 'plain.tar'), '');
    const bz2 = tar(tree, path.join(work, 'bzip2-named-as.tgz'), 'j');
    expect((await extractArchive(session, REGION, { container, prefix: 'tar', filePath: plain })).created).toBe(4);
    expect((await extractArchive(session, REGION, { container, prefix: 'bz2', filePath: bz2 })).created).toBe(4);
    expect(await listObjects(container, 'tar/')).toHaveLength(4);
    expect(await listObjects(container, 'bz2/')).toHaveLength(4);
  });

  it('refuses a corrupt archive with invalid_input and creates nothing', async () => {
    const target = containerName('extract-bad');
    await putContainer(target);
    try {
      // gzip's magic bytes, then noise: only Swift, unpacking it, finds out.
      const archive = path.join(work, 'corrupt.tar.gz');
      fs.writeFileSync(archive, Buffer.concat([Buffer.from([0x1f, 0x8b]), randomBytes(2 * 1024 * 1024)]));
      await expect(extractArchive(session, REGION, { container: target, filePath: archive })).rejects.toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/^The archive could not be read: Invalid Tar File/),
      });
      // Noise without any archive's magic bytes is refused before it is sent, whatever its name.
      const noise = path.join(work, 'noise.tar.gz');
      fs.writeFileSync(noise, Buffer.concat([Buffer.from('not an archive\n'), randomBytes(64 * 1024)]));
      await expect(extractArchive(session, REGION, { container: target, filePath: noise })).rejects.toMatchObject({
        code: 'invalid_input',
        message: 'This file is not a readable tar archive (it is neither tar, gzip nor bzip2 data).',
      });
      // A gzip that holds no tar is refused too.
      const notTar = path.join(work, 'not-tar.gz');
      execFileSync('sh', ['-c', `printf 'just text' | gzip > "${notTar}"`]);
      await expect(extractArchive(session, REGION, { container: target, filePath: notTar })).rejects.toMatchObject({
        code: 'invalid_input',
      });
      expect(await listObjects(target)).toEqual([]);
    } finally {
      await removeContainer(target);
    }
  });

  it('reports a member whose name is too long for the region in errors, and creates the others', async () => {
    const target = containerName('extract-long');
    await putContainer(target);
    const longTree = path.join(work, 'long-tree');
    // 5 × 250-byte folders: a path of ~1,270 bytes, over the region's 1,024 (each segment fits the file system).
    const longName = [...Array.from({ length: 5 }, (_, i) => `${i}`.padEnd(250, 'x')), 'file.txt'].join('/');
    buildTree(longTree, { 'ok/one.txt': '1', 'ok/two.txt': '2', [longName]: 'too long' });
    try {
      const archive = tar(longTree, path.join(work, 'long.tar'), '');
      const result = await extractArchive(session, REGION, { container: target, filePath: archive });
      expect(result.created).toBe(2);
      expect(result.status).toBe('400 Bad Request');
      // Swift cuts the reported path to max object + max container name length + 2 (1,282 bytes here).
      expect(result.errors).toEqual([
        { path: `${target}/${longName}`.slice(0, 1024 + 256 + 2), status: '400 Bad Request' },
      ]);
      expect(await listObjects(target)).toEqual(['ok/one.txt', 'ok/two.txt']);
    } finally {
      await removeContainer(target);
    }
  });
});
