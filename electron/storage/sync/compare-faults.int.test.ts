// Faults during a compare on the real Swift harness: the chosen folder removed while its files are hashed
// must end the compare with a stable code and a message naming what vanished, never a crash.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containerName,
  directPath,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
} from '../../../testing/electron/transfers-testkit';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import { flushSharedTokenCache, tokenRequests } from '../../../testing/electron/flush-tokens';
import type { StorageSession } from '../session';
import { compareFolder } from './compare';
import { hashPieces, type PieceHasher } from './digest-cache';

describe('a compare whose folder disappears, or whose token is forgotten', () => {
  let session: StorageSession;
  let dir: string;
  const container = containerName('sync-faults');
  // Enough pairs that many hashes are queued or running when the folder goes.
  const names = Array.from({ length: 40 }, (_, i) => `sub/f${String(i).padStart(2, '0')}.txt`);

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('sync-faults');
    await putContainer(container);
    const source = path.join(dir, 'source');
    for (const name of names) {
      fs.mkdirSync(path.dirname(path.join(source, name)), { recursive: true });
      fs.writeFileSync(path.join(source, name), `bytes of ${name}`);
    }
    await Promise.all(
      names.map((name) => swiftRequest(REGION, 'PUT', directPath(container, name), { body: `bytes of ${name}` })),
    );
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const copyOf = (label: string) => {
    const folder = path.join(dir, label);
    fs.cpSync(path.join(dir, 'source'), folder, { recursive: true });
    return folder;
  };

  it.each([
    ['the chosen folder', (folder: string) => folder],
    ['a sub-folder', (folder: string) => path.join(folder, 'sub')],
  ])('%s removed while the files are hashed: code not_found, the file named, no stray rejection', async (_, target) => {
    const folder = copyOf(`copy-${Math.random().toString(36).slice(2)}`);
    let removed = false;
    const removing: PieceHasher = async (file, sizes, signal) => {
      if (!removed) {
        removed = true;
        fs.rmSync(target(folder), { recursive: true, force: true });
      }
      return hashPieces(file, sizes, signal);
    };
    const run = compareFolder(session, REGION, {
      container,
      prefix: '',
      folder,
      excludes: [],
      cacheDir: undefined,
      hasher: removing,
    });
    await expect(run).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(new RegExp(`^The file "${folder}/sub/f\\d\\d\\.txt" does not exist`)),
    });
    expect(removed).toBe(true);
  });

  it('the chosen folder gone before the walk: code not_found naming the folder', async () => {
    const folder = path.join(dir, 'never-there');
    await expect(
      compareFolder(session, REGION, {
        container,
        prefix: '',
        folder,
        excludes: [],
        cacheDir: undefined,
      }),
    ).rejects.toMatchObject({ code: 'not_found', message: `The folder "${folder}" does not exist.` });
  });
  it('a token Swift forgets mid-compare is renewed once and the compare finishes', async () => {
    const folder = copyOf('copy-token');
    let flushed = false;
    let renewalsBefore = 0;
    // Flushed from inside the first hash, so the HEADs still queued meet a token Swift no longer knows.
    const flushing: PieceHasher = async (file, sizes, signal) => {
      if (!flushed) {
        flushed = true;
        renewalsBefore = await tokenRequests();
        await flushSharedTokenCache();
      }
      return hashPieces(file, sizes, signal);
    };
    const result = await compareFolder(session, REGION, {
      container,
      prefix: '',
      folder,
      excludes: [],
      cacheDir: undefined,
      hasher: flushing,
    });
    expect(flushed).toBe(true);
    expect(result.groups.same.count).toBe(names.length);
    expect(result.entries).toEqual([]);
    expect(await tokenRequests()).toBe(renewalsBefore + 1);
  });
});
