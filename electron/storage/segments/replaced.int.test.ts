// Replacing a large object leaves no orphans, against the real Swift harness.
// The large objects being replaced are made by the swift command-line client itself, so the
// clean-up is proven on the layout other tools write, not only on Cirrus's own.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import {
  containerName,
  directPath,
  listObjects,
  md5File,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  swiftMd5,
  tempDir,
  swiftCliUpload,
  writeRandomFile,
} from '../../../testing/electron/transfers-testkit';
import type { StorageSession } from '../session';
import { uploadFile } from '../upload';

describe('replacing a large object deletes the segments it owned', () => {
  let session: StorageSession;
  let dir: string;
  const container = containerName('replace');
  const segments = `${container}_segments`;
  let big: string;
  let small: string;

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('replace');
    await putContainer(container);
    big = path.join(dir, 'big.bin');
    small = path.join(dir, 'small.txt');
    await writeRandomFile(big, 3 * MiB + 17, 'replace');
    fs.writeFileSync(small, 'the new, small content\n');
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an SLO the swift client wrote, replaced by a small file: its 4 segments go once the new object is in place', async () => {
    await swiftCliUpload(container, big, 'slo.bin', true);
    expect(await listObjects(segments, 'slo.bin/')).toHaveLength(4);

    await uploadFile(session, REGION, { container, name: 'slo.bin', filePath: small, replaces: true });

    expect(await listObjects(segments, 'slo.bin/')).toEqual([]);
    expect((await swiftMd5(container, 'slo.bin')).md5).toBe(await md5File(small));
  });

  it('a DLO the swift client wrote, replaced by Cirrus as an SLO: only the new segments are left', async () => {
    await swiftCliUpload(container, big, 'dlo.bin', false);
    const before = await listObjects(segments, 'dlo.bin/');
    expect(before).toHaveLength(4);

    const result = await uploadFile(session, REGION, {
      container,
      name: 'dlo.bin',
      filePath: big,
      segmentSize: 2 * MiB,
      replaces: true,
    });

    const after = await listObjects(segments, 'dlo.bin/');
    expect(result.segments).toBe(2);
    expect(after).toHaveLength(2);
    expect(after.every((n) => n.startsWith('dlo.bin/slo/'))).toBe(true);
    expect(after.some((n) => before.includes(n))).toBe(false);
    expect((await swiftMd5(container, 'dlo.bin')).md5).toBe(await md5File(big));
  });

  it('without the person choosing to replace (replaces unset), the old segments are not touched', async () => {
    await swiftCliUpload(container, big, 'kept.bin', true);
    await uploadFile(session, REGION, { container, name: 'kept.bin', filePath: small });
    expect(await listObjects(segments, 'kept.bin/')).toHaveLength(4);
  });

  it("a hand-made DLO over a whole folder of segments is not this object's to clean: nothing is deleted", async () => {
    // Segments under "hand/" that a person made and pointed a manifest at; other objects may use them.
    for (const n of ['hand/a', 'hand/b']) {
      expect((await swiftRequest(REGION, 'PUT', directPath(segments, n), { body: n })).status).toBe(201);
    }
    const manifest = await swiftRequest(REGION, 'PUT', directPath(container, 'hand'), {
      headers: { 'X-Object-Manifest': `${segments}/hand/` },
      body: '',
    });
    expect(manifest.status).toBe(201);

    await uploadFile(session, REGION, { container, name: 'hand', filePath: small, replaces: true });

    expect(await listObjects(segments, 'hand/')).toEqual(['hand/a', 'hand/b']);
  });

  it('in a container that keeps versions, the old version keeps its segments', async () => {
    const versioned = containerName('replace-versions');
    await putContainer(versioned);
    try {
      const on = await swiftRequest(REGION, 'POST', directPath(versioned), {
        headers: { 'X-Versions-Enabled': 'true' },
      });
      expect(on.status).toBe(204);
      await uploadFile(session, REGION, { container: versioned, name: 'v.bin', filePath: big, segmentSize: MiB });
      const before = await listObjects(`${versioned}_segments`, 'v.bin/');
      expect(before).toHaveLength(4);

      await uploadFile(session, REGION, { container: versioned, name: 'v.bin', filePath: small, replaces: true });

      expect(await listObjects(`${versioned}_segments`, 'v.bin/')).toEqual(before);
    } finally {
      await swiftRequest(REGION, 'POST', directPath(versioned), { headers: { 'X-Versions-Enabled': 'false' } });
      await removeVersioned(versioned);
    }
  });
});

/** A versioned container's objects live in its hidden versions container; deleting through ?versions empties both. */
async function removeVersioned(container: string): Promise<void> {
  const listing = await swiftRequest(REGION, 'GET', `${directPath(container)}?versions&format=json`);
  const rows = JSON.parse(listing.text) as { name: string; version_id: string }[];
  for (const r of rows) {
    await swiftRequest(REGION, 'DELETE', `${directPath(container, r.name)}?version-id=${r.version_id}`);
  }
  await removeContainer(container);
}
