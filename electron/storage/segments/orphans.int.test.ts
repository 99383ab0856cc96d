// Leftover segments are found and reclaimed, against the real Swift harness, on
// segments the swift command-line client and rclone left (a manifest deleted without its segments,
// an overwrite with --leave-segments) and a `.file-segments` folder. The scan walks a whole account:
// this file works in the second tenant's (the admin's holds the benchmark's 2,000 empty objects, each
// a HEAD when leftovers are there), and every check keeps to its own containers all the same.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS, tempauthUser } from '../../../testing/swift/config';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import type { SegmentGroup } from '../../../shared/segment-groups';
import {
  containerName,
  directPath,
  listObjects,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  swiftCliUpload,
  tempDir,
  writeRandomFile,
} from '../../../testing/electron/transfers-testkit';
import { deleteOrphanSegments } from './orphan-reclaim';
import { scanOrphanSegments } from './orphans';
import type { StorageSession } from '../session';

const SIZE = 2 * MiB + 5;
const C = containerName('orphans');
const SEG = `${C}_segments`;
const D = containerName('orphans-fs');
const V = containerName('orphans-kept');
const mine = new Set([C, SEG, D, V, `${V}_segments`]);
const who = 'other' as const;
const path2 = (container: string, name?: string) => directPath(container, name, who);
const list = (container: string, prefix?: string) => listObjects(container, prefix, who);

/** A manifest deleted alone (no ?multipart-manifest=delete): Swift leaves every segment it had. */
const deleteManifestOnly = async (container: string, name: string) =>
  expect((await swiftRequest(REGION, 'DELETE', path2(container, name), { who })).status).toBe(204);

async function rcloneUpload(container: string, file: string, name: string): Promise<void> {
  const env = {
    ...process.env,
    RCLONE_CONFIG_T_TYPE: 'swift',
    RCLONE_CONFIG_T_AUTH: `${HARNESS.regions[REGION].proxy}/auth/v1.0`,
    RCLONE_CONFIG_T_USER: tempauthUser(who),
    RCLONE_CONFIG_T_KEY: HARNESS.users[who].password,
  };
  await promisify(execFile)('rclone', ['copyto', file, `T:${container}/${name}`, '--swift-chunk-size', '1M'], { env });
}

const put = async (container: string, name: string, body: string, headers: Record<string, string> = {}) =>
  expect((await swiftRequest(REGION, 'PUT', path2(container, name), { body, headers, who })).status).toBe(201);

const row = (g: SegmentGroup) => [g.container, g.madeBy, g.object, g.segments, g.bytes];

describe('leftover segments are found and reclaimed, and nothing a manifest uses is touched', () => {
  let session: StorageSession;
  let dir: string;
  let kept: string[];

  beforeAll(async () => {
    session = await openSession(who);
    dir = tempDir('orphans');
    const big = path.join(dir, 'big.bin');
    const other = path.join(dir, 'other.bin');
    await writeRandomFile(big, SIZE, 'orphans');
    await writeRandomFile(other, 3 * MiB + 1, 'orphans-2');
    for (const c of [C, D, V]) await putContainer(c, who);
    const upload = (c: string, file: string, name: string, slo: boolean, extra: string[] = []) =>
      swiftCliUpload(c, file, name, slo, { extra, who });

    await upload(C, big, 'slo-gone.bin', true);
    await deleteManifestOnly(C, 'slo-gone.bin');
    await upload(C, big, 'dlo-gone.bin', false);
    await deleteManifestOnly(C, 'dlo-gone.bin');
    // Replaced by a file of another size with --leave-segments: the first upload's 3 segments are left.
    await upload(C, big, 'over.bin', true);
    await upload(C, other, 'over.bin', true, ['--leave-segments']);
    await rcloneUpload(C, big, 'rc.bin');
    await deleteManifestOnly(C, 'rc.bin');
    // Still used: an SLO, a DLO, a hand-made DLO over a folder of its own, and a symlink to a segment.
    await upload(C, big, 'kept.bin', true);
    await upload(C, big, 'kept-dlo.bin', false);
    await put(SEG, 'shared/part1', 'p1');
    await put(C, 'hand', '', { 'X-Object-Manifest': `${SEG}/shared/` });
    await put(SEG, 'linked/part', 'l');
    await put(C, 'link', '', { 'X-Symlink-Target': `${SEG}/linked/part` });
    await put(SEG, 'loose-note.txt', 'nobody uses this');

    // rclone's and Cyberduck's folder in the container itself: one upload left, one in use.
    await put(D, '.file-segments/movie.mkv/2024-05-01-120000-abc/00000000', 'a'.repeat(1000));
    await put(D, '.file-segments/movie.mkv/2024-05-01-120000-abc/00000001', 'b'.repeat(500));
    await put(D, '.file-segments/live.mkv/2024-05-01-130000-def/00000000', 'c'.repeat(10));
    await put(D, 'live.mkv', '', { 'X-Object-Manifest': `${D}/.file-segments/live.mkv/2024-05-01-130000-def/` });

    // Left in the segment container of a container that keeps versions: found, never offered.
    await upload(V, big, 'old.bin', true);
    await deleteManifestOnly(V, 'old.bin');
    const history = await swiftRequest(REGION, 'POST', path2(V), { who, headers: { 'X-History-Location': `${V}-h` } });
    expect(history.status).toBe(204);
    kept = [...(await list(SEG, 'kept.bin/')), ...(await list(SEG, 'kept-dlo.bin/'))];
    expect(kept).toHaveLength(6);
  });

  afterAll(async () => {
    for (const c of [C, D, V]) await removeContainer(c, who);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds exactly the leftovers, grouped by upload, with their counts and bytes', async () => {
    const seen: string[] = [];
    const scan = await scanOrphanSegments(session, REGION, {
      onProgress: (p) => seen.push(`${p.loaded}/${p.total} ${p.unit}`),
    });
    const groups = scan.groups.filter((g) => mine.has(g.container));

    expect(groups.map(row)).toEqual([
      [D, 'file-segments', undefined, 2, 1500],
      [SEG, 'dlo', 'dlo-gone.bin', 3, SIZE],
      [SEG, 'unknown', undefined, 1, 16],
      [SEG, 'slo', 'over.bin', 3, SIZE],
      [SEG, 'rclone', 'rc.bin', 3, SIZE],
      [SEG, 'slo', 'slo-gone.bin', 3, SIZE],
    ]);
    expect(groups[2]!.prefix).toBe('loose-note.txt');
    expect(groups[3]!.prefix).toMatch(/^over\.bin\/slo\/\d+\.\d+\/2097157\/1048576\/$/);
    expect(groups[0]!.prefix).toBe('.file-segments/movie.mkv/2024-05-01-120000-abc/');
    expect(groups.every((g) => g.inUse === 0)).toBe(true);
    expect(scan.kept.filter((g) => mine.has(g.container)).map(row)).toEqual([
      [`${V}_segments`, 'slo', 'old.bin', 3, SIZE],
    ]);
    // Progress counted the containers listed, then the empty objects asked about (here 3 manifests and a link).
    expect(seen).toContain(`${scan.containers}/${scan.containers} containers`);
    expect(seen.at(-1)).toMatch(/^(\d+)\/\1 objects$/);
    expect(scan.containers).toBeGreaterThanOrEqual(mine.size);
  });

  it('deletes exactly the chosen groups, after checking them again, and leaves what is in use', async () => {
    const scan = await scanOrphanSegments(session, REGION);
    const chosen = scan.groups.filter((g) => mine.has(g.container));
    const dlo = chosen.find((g) => g.object === 'dlo-gone.bin')!;
    // Between the scan and the delete, a new manifest starts using one group: it must be kept.
    await put(C, 'dlo-back.bin', '', { 'X-Object-Manifest': `${SEG}/${dlo.prefix}` });
    const refs = [
      ...chosen.map(({ container, prefix }) => ({ container, prefix })),
      // Names the renderer might send that are no leftovers: a used upload, a person's object, a versioned container's.
      { container: SEG, prefix: kept[0]!.replace(/\d+$/, '') },
      { container: C, prefix: 'kept.bin' },
      ...scan.kept.filter((g) => mine.has(g.container)).map(({ container, prefix }) => ({ container, prefix })),
    ];
    const units: string[] = [];

    const report = await deleteOrphanSegments(session, REGION, refs, { onProgress: (p) => units.push(p.unit) });

    expect(report).toMatchObject({ deleted: 3 + 1 + 3 + 3 + 2, notFound: 0, errors: [] });
    expect(report.bytes).toBe(3 * SIZE + 16 + 1500);
    expect(report.skipped.map((s) => [s.container, s.reason.split(':')[0]])).toEqual([
      [SEG, 'nothing unused is left there'],
      [SEG, 'nothing unused is left there'],
      [C, 'nothing unused is left there'],
      [`${V}_segments`, 'its container keeps versions'],
    ]);
    expect(units[0]).toBe('containers');
    expect(units.at(-1)).toBe('segments');

    // Swift's own listings: only what something uses is left.
    const left = await list(SEG);
    expect(left.filter((n) => !n.startsWith('over.bin/'))).toEqual(
      [...kept, 'linked/part', 'shared/part1', ...(await list(SEG, dlo.prefix))].sort(),
    );
    expect(await list(SEG, dlo.prefix)).toHaveLength(3);
    expect(await list(SEG, 'over.bin/')).toHaveLength(4); // the new upload's
    expect(await list(D)).toEqual(['.file-segments/live.mkv/2024-05-01-130000-def/00000000', 'live.mkv']);
    expect(await list(`${V}_segments`)).toHaveLength(3);
    const again = await scanOrphanSegments(session, REGION);
    expect(again.groups.filter((g) => mine.has(g.container))).toEqual([]);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const scan = scanOrphanSegments(session, REGION, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(scan).rejects.toMatchObject({ code: 'cancelled' });
  });
});
