// Time and content survive the round trip on the real Swift harness: a folder (sub-folders, a static large object)
// planned and uploaded as the sync queues it, downloaded into an empty folder the same way, and compared again
// from both folders: the same, everything, including the files' times (X-Object-Meta-Mtime).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planActions } from '../../../shared/sync-plan';
import type { PlannedAction } from '../../../shared/sync';
import {
  containerName,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
  writeRandomFile,
} from '../../../testing/electron/transfers-testkit';
import { downloadObject } from '../download';
import type { StorageSession } from '../session';
import { uploadFile } from '../upload';
import { compareFolder } from './compare';
import { prepareSync } from './prepare';

describe('a sync up, then down into an empty folder, then compare', () => {
  let session: StorageSession;
  let dir: string;
  let up: string;
  let down: string;
  const container = containerName('sync-round-trip');
  const prefix = 'trip/';

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('sync-round-trip');
    up = path.join(dir, 'up');
    down = path.join(dir, 'down');
    fs.mkdirSync(path.join(up, 'a', 'b'), { recursive: true });
    fs.mkdirSync(down);
    fs.writeFileSync(path.join(up, 'top.txt'), 'at the top');
    fs.writeFileSync(path.join(up, 'a', 'b', 'deep.txt'), 'two levels down');
    await writeRandomFile(path.join(up, 'a', 'big.bin'), 2 * MiB + 3, 'round-trip');
    // Times from the past, whole and fractional, that the round trip must keep.
    fs.utimesSync(path.join(up, 'top.txt'), 1_600_000_000, 1_600_000_000.25);
    fs.utimesSync(path.join(up, 'a', 'b', 'deep.txt'), 1_500_000_000, 1_500_000_000);
    await putContainer(container);
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // One cache for every compare here, as the app keeps one.
  const compare = (folder: string) =>
    compareFolder(session, REGION, { container, prefix, folder, excludes: [], cacheDir: path.join(dir, '.cache') });
  /** The plan of a direction, as the page sends it to be checked. */
  async function planned(folder: string, direction: 'upload' | 'download'): Promise<PlannedAction[]> {
    const seen = await compare(folder);
    return planActions(seen.entries, direction, false).map((a) => ({
      name: a.name,
      kind: a.kind as PlannedAction['kind'],
      ...(a.entry.local ? { local: a.entry.local } : {}),
      ...(a.entry.remote ? { remote: { bytes: a.entry.remote.bytes, etag: a.entry.remote.etag } } : {}),
    }));
  }

  it('says the same for everything from either folder', async () => {
    const upActions = await planned(up, 'upload');
    expect(upActions.map((a) => a.name)).toEqual(['a/b/deep.txt', 'a/big.bin', 'top.txt']);
    const ready = await prepareSync(session, REGION, { container, prefix, folder: up, actions: upActions });
    for (const u of ready.uploads) {
      // The large file goes up in segments, as a sync above the transfer settings' threshold sends it.
      const segmentSize = u.name.endsWith('.bin') ? MiB : undefined;
      await uploadFile(session, REGION, { container, name: prefix + u.name, filePath: u.filePath, segmentSize });
    }
    expect((await compare(up)).groups).toMatchObject({
      different: { count: 0 },
      onlyLocal: { count: 0 },
      same: { count: 3 },
    });

    const downActions = await planned(down, 'download');
    const fetch = await prepareSync(session, REGION, { container, prefix, folder: down, actions: downActions });
    for (const d of fetch.downloads) {
      await downloadObject(session, REGION, { container, name: prefix + d.name, targetDir: down, fileName: d.name });
    }
    const after = await compare(down);
    expect(after.entries).toEqual([]);
    expect(after.groups.same).toEqual({ count: 3, bytes: 10 + 15 + 2 * MiB + 3 });
    expect(fs.statSync(path.join(down, 'top.txt')).mtimeMs).toBeCloseTo(1_600_000_000_250, -1);
  });
});
