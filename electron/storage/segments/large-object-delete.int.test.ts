// Deleting large objects leaves no orphans, against the real Swift harness,
// on large objects the swift command-line client made (its SLO and its default DLO layout).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import {
  containerName,
  directPath,
  listObjects,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
  swiftCliUpload,
  writeRandomFile,
} from '../../../testing/electron/transfers-testkit';
import { deleteObjectsWithSegments } from './large-object-delete';
import { largeObjectsAmong } from './large-objects';
import type { StorageSession } from '../session';

describe('deleting chosen objects takes the large ones with their segments', () => {
  let session: StorageSession;
  let dir: string;
  const container = containerName('del-large');
  const segments = `${container}_segments`;
  let big: string;

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('del-large');
    await putContainer(container);
    big = path.join(dir, 'big.bin');
    await writeRandomFile(big, 2 * MiB + 5, 'del-large');
    await swiftCliUpload(container, big, 'slo.bin', true);
    await swiftCliUpload(container, big, 'dlo.bin', false);
    // A hand-made DLO over a folder of segments it does not own.
    await swiftRequest(REGION, 'PUT', directPath(segments, 'shared/part1'), { body: 'p1' });
    await swiftRequest(REGION, 'PUT', directPath(container, 'hand'), {
      headers: { 'X-Object-Manifest': `${segments}/shared/` },
      body: '',
    });
    await swiftRequest(REGION, 'PUT', directPath(container, 'plain.txt'), { body: 'plain' });
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds them, says what goes with each, and deletes them with exactly that', async () => {
    const names = ['dlo.bin', 'hand', 'plain.txt', 'slo.bin'];
    const parts = await largeObjectsAmong(session, REGION, container, names);
    expect(parts.map((p) => [p.name, p.kind, p.segments, p.bytes, p.owned])).toEqual([
      ['dlo.bin', 'dlo', 3, 2 * MiB + 5, true],
      ['hand', 'dlo', 0, 0, false],
      ['slo.bin', 'slo', 3, 2 * MiB + 5, true],
    ]);
    expect(parts[0]!.location).toMatch(new RegExp(`^${segments}/dlo\\.bin/\\d+\\.\\d+/${2 * MiB + 5}/${MiB}/$`));
    expect(parts[1]!.location).toBe(`${segments}/shared/`);
    expect(parts[2]!.location).toMatch(
      new RegExp(`^${segments}/slo\\.bin/slo/\\d+\\.\\d+/${2 * MiB + 5}/${MiB}/0000000$`),
    );

    const owned = parts.filter((p) => p.owned).map((p) => p.name);
    const result = await deleteObjectsWithSegments(session, REGION, container, names, owned);

    expect(result).toEqual({ deleted: 4, notFound: 0, errors: [] });
    expect(await listObjects(container)).toEqual([]);
    // The swift client's segments of both are gone; the hand-made DLO's shared folder stays.
    expect(await listObjects(segments)).toEqual(['shared/part1']);
  });

  it('reads a long selection from one listing pass instead of a HEAD per name', async () => {
    const many = Array.from({ length: 70 }, (_, i) => `many/${String(i).padStart(3, '0')}.txt`);
    for (const n of many) await swiftRequest(REGION, 'PUT', directPath(container, n), { body: n });
    await swiftCliUpload(container, big, 'many/050-big.bin', true);
    const names = [...many, 'many/050-big.bin'];

    const parts = await largeObjectsAmong(session, REGION, container, names);

    expect(parts.map((p) => [p.name, p.kind, p.segments])).toEqual([['many/050-big.bin', 'slo', 3]]);
    const result = await deleteObjectsWithSegments(session, REGION, container, names, ['many/050-big.bin']);
    expect(result).toEqual({ deleted: 71, notFound: 0, errors: [] });
    expect(await listObjects(segments, 'many/')).toEqual([]);
  });
});
