// The archive preview against the real Swift harness: what it predicts is
// what Swift's extract-archive then does. Archives are built with the system `tar`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import { LISTED_OVERWRITES, previewArchive } from './preview';
import { extractArchive } from './extract';
import type { StorageSession } from '../session';
import {
  containerName,
  directPath,
  listObjects,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
} from '../../../testing/electron/transfers-testkit';

/** 5 × 210-byte folders: a path over the region's 1,024 bytes (each segment fits the file system). */
const LONG_NAME = [...Array.from({ length: 5 }, (_, i) => `${i}`.padEnd(210, 'x')), 'file.txt'].join('/');
const NOT_UTF8 = Buffer.from('docs/caf\xe9.txt', 'latin1');
const FILES: Record<string, string> = {
  'top.txt': 'top level\n',
  'docs/readme.md': '# Read me\n',
  'docs/deep/er/nested.json': '{"deep": true}\n',
  'ünïcødé/ça va.txt': 'oui\n',
  [LONG_NAME]: 'too long\n',
};

describe('previewArchive against real Swift', () => {
  let session: StorageSession;
  let work: string;
  let archive: string;
  const container = containerName('preview');

  beforeAll(async () => {
    session = await openSession();
    work = tempDir('preview');
    const tree = path.join(work, 'tree');
    for (const [name, content] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(tree, name)), { recursive: true });
      fs.writeFileSync(path.join(tree, name), content);
    }
    fs.writeFileSync(Buffer.concat([Buffer.from(`${tree}/`), NOT_UTF8]), 'non');
    archive = path.join(work, 'upload.tgz');
    execFileSync('tar', ['-czf', archive, '-C', tree, '.']);
    await putContainer(container);
    // One object the archive would replace, and one it would not touch.
    for (const name of ['imports/docs/readme.md', 'imports/docs/other.md']) {
      const res = await swiftRequest(REGION, 'PUT', directPath(container, name), { body: 'old' });
      expect(res.status).toBe(201);
    }
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('previews members, refusals and the overwrite, and Swift then does exactly that', async () => {
    const preview = await previewArchive(session, REGION, { container, prefix: '/imports/', filePath: archive });
    const longObject = `imports/${LONG_NAME}`;
    expect(preview).toMatchObject({
      memberCount: 6,
      totalBytes: Object.values(FILES).reduce((sum, c) => sum + Buffer.byteLength(c), 3),
      rejectedCount: 2,
      overwrites: ['imports/docs/readme.md'],
      overwriteCount: 1,
      overwritesUnchecked: 0,
      formatNote: undefined,
    });
    // "./" and the five folders of the long name, plus docs, docs/deep, docs/deep/er and ünïcødé.
    expect(preview.skippedCount).toBe(1 + 5 + 3 + 1);
    expect(preview.rejected).toEqual(
      expect.arrayContaining([
        {
          name: 'imports/docs/caf\uFFFD.txt',
          reason: 'The name is not valid UTF-8 (Swift answers 412 Precondition Failed).',
        },
        {
          name: longObject,
          reason: `The object name is ${Buffer.byteLength(longObject)} bytes long; this region allows at most 1024 (Swift answers 400 Bad Request).`,
        },
      ]),
    );
    expect(preview.firstMembers.map((m) => m.name).sort()).toEqual(
      [...Object.keys(FILES).map((f) => `imports/${f}`), 'imports/docs/caf\uFFFD.txt'].sort(),
    );

    const result = await extractArchive(session, REGION, {
      container,
      prefix: 'imports',
      filePath: archive,
    });
    expect(result.created).toBe(preview.memberCount - preview.rejectedCount);
    expect(result.errors.map((e) => e.status).sort()).toEqual(['400 Bad Request', '412 Precondition Failed']);
    const accepted = Object.keys(FILES)
      .filter((f) => f !== LONG_NAME)
      .map((f) => `imports/${f}`);
    expect(await listObjects(container, 'imports/')).toEqual([...accepted, 'imports/docs/other.md'].sort());

    // Extracting again would replace every accepted member.
    const again = await previewArchive(session, REGION, { container, prefix: 'imports', filePath: archive });
    expect(again.overwrites).toEqual([...accepted].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    expect(again.overwriteCount).toBe(4);
  });

  it('finds overwrites among unrelated objects, and none in a missing container', async () => {
    const busy = containerName('preview-busy');
    await putContainer(busy);
    try {
      // 60 members named in the archive, between 20 unrelated objects (the harness writes slowly).
      const names = Array.from({ length: 60 }, (_, i) => `a/${String(i).padStart(3, '0')}.txt`);
      const unrelated = Array.from({ length: 20 }, (_, i) => `a/${String(i * 3).padStart(3, '0')}.txt.old/${i}`);
      const lines = [...names, ...unrelated];
      const tarTree = path.join(work, 'busy');
      fs.mkdirSync(path.join(tarTree, 'a'), { recursive: true });
      for (const name of names) fs.writeFileSync(path.join(tarTree, name), 'x');
      const busyArchive = path.join(work, 'busy.tar');
      execFileSync('tar', ['-cf', busyArchive, '-C', tarTree, 'a']);
      const seed = path.join(work, 'seed.tar');
      const seedTree = path.join(work, 'seed');
      for (const name of lines) {
        fs.mkdirSync(path.dirname(path.join(seedTree, name)), { recursive: true });
        fs.writeFileSync(path.join(seedTree, name), '');
      }
      execFileSync('tar', ['-cf', seed, '-C', seedTree, 'a']);
      expect((await extractArchive(session, REGION, { container: busy, filePath: seed })).created).toBe(80);

      const started = performance.now();
      const preview = await previewArchive(session, REGION, { container: busy, filePath: busyArchive });
      expect(preview.overwriteCount).toBe(60);
      expect(preview.overwrites).toEqual(names.slice(0, LISTED_OVERWRITES));
      expect(preview.overwritesUnchecked).toBe(0);
      expect(performance.now() - started).toBeLessThan(5000);
      const missing = await previewArchive(session, REGION, {
        container: containerName('does-not-exist'),
        filePath: busyArchive,
      });
      expect(missing).toMatchObject({ memberCount: 60, overwrites: [], overwriteCount: 0, overwritesUnchecked: 0 });
    } finally {
      await removeContainer(busy);
    }
  });

  it('refuses a prefix Swift would refuse before reading anything', async () => {
    await expect(
      previewArchive(session, REGION, { container, prefix: 'p'.repeat(1100), filePath: archive }),
    ).rejects.toMatchObject({ code: 'limit_exceeded', message: expect.stringMatching(/^Cannot extract under/) });
  });
});
