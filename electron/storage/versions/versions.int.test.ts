// Object versioning against the real Swift harness (allow_object_versioning is on): the container's
// mode switched, an object's versions listed, restored, downloaded and deleted by id; every result
// read back with direct requests to Swift.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeMetadata } from '../metadata';
import { downloadObject } from '../download';
import { headObject } from '../objects';
import type { StorageSession } from '../session';
import { deleteObjectVersion, listObjectVersions, restoreObjectVersion, setContainerVersioning } from './versions';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import {
  containerName,
  directPath,
  openSession,
  putContainer,
  REGION,
  tempDir,
} from '../../../testing/electron/transfers-testkit';

const put = async (container: string, name: string, body: string) =>
  expect((await swiftRequest(REGION, 'PUT', directPath(container, name), { body })).status).toBe(201);
const get = (container: string, name: string) => swiftRequest(REGION, 'GET', directPath(container, name));

/** Every version of every object goes first: Swift keeps a versioned container until they are gone. */
async function removeVersioned(container: string): Promise<void> {
  const listing = await swiftRequest(REGION, 'GET', `${directPath(container)}?versions&format=json`);
  const rows = listing.status === 200 ? (JSON.parse(listing.text) as { name: string; version_id: string }[]) : [];
  for (const row of rows) {
    await swiftRequest(REGION, 'DELETE', `${directPath(container, row.name)}?version-id=${row.version_id}`);
  }
  await swiftRequest(REGION, 'DELETE', directPath(container));
}

describe('object versioning against real Swift', () => {
  let session: StorageSession;
  let work: string;
  const container = containerName('versions');
  const legacy = containerName('legacy');

  beforeAll(async () => {
    session = await openSession();
    work = tempDir('versions');
    await putContainer(container);
    await putContainer(legacy);
  });

  afterAll(async () => {
    await removeVersioned(container);
    await swiftRequest(REGION, 'DELETE', directPath(legacy));
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('turns versioning on and off, as X-Versions-Enabled in Swift', async () => {
    const on = await setContainerVersioning(session, REGION, container, { kind: 'current', enabled: true });
    expect(on.versioning).toEqual({ enabled: true, legacy: undefined });
    const headers = (await swiftRequest(REGION, 'HEAD', directPath(container))).headers;
    expect(headers.get('x-versions-enabled')).toBe('True');
  });

  it('lists an object’s versions newest first, and only that name’s', async () => {
    await put(container, 'doc.txt', 'one');
    await put(container, 'doc.txt', 'two');
    await put(container, 'doc.txt.bak', 'other name, same prefix');
    const { versions, more } = await listObjectVersions(session, REGION, container, 'doc.txt');
    expect(more).toBe(false);
    expect(versions.map((v) => [v.bytes, v.isLatest, v.deleteMarker])).toEqual([
      [3, true, false],
      [3, false, false],
    ]);
    expect(versions[0]!.lastModified > versions[1]!.lastModified).toBe(true);
  });

  it('shows a versioned object as its current version, not as Swift’s link to it, and saves its metadata', async () => {
    const info = await headObject(session, REGION, container, 'doc.txt');
    expect(info).toMatchObject({ bytes: 3, manifest: 'plain', etag: createHash('md5').update('two').digest('hex') });
    const saved = await changeMetadata(
      session,
      REGION,
      { kind: 'object', container, name: 'doc.txt' },
      { set: { team: 'docs' } },
    );
    expect(saved?.metadata).toEqual({ team: 'docs' });
    const head = await swiftRequest(REGION, 'HEAD', directPath(container, 'doc.txt'));
    expect([
      head.status,
      head.headers.get('x-object-meta-team'),
      await get(container, 'doc.txt').then((r) => r.text),
    ]).toEqual([200, 'docs', 'two']);
  });

  it('downloads an older version, restores it as the current one, and keeps every version', async () => {
    const [, first] = (await listObjectVersions(session, REGION, container, 'doc.txt')).versions;
    const saved = await downloadObject(session, REGION, {
      container,
      name: 'doc.txt',
      targetDir: work,
      versionId: first!.versionId,
    });
    expect(fs.readFileSync(path.join(work, 'doc.txt'), 'utf8')).toBe('one');
    expect(saved.bytes).toBe(3);

    await restoreObjectVersion(session, REGION, { container, name: 'doc.txt', versionId: first!.versionId });
    expect((await get(container, 'doc.txt')).text).toBe('one');
    const after = (await listObjectVersions(session, REGION, container, 'doc.txt')).versions;
    expect(after).toHaveLength(2);
    expect(after.find((v) => v.isLatest)?.versionId).toBe(first!.versionId);
  });

  it('shows a delete as a marker; deleting the marker brings nothing back, restoring a version does', async () => {
    expect((await swiftRequest(REGION, 'DELETE', directPath(container, 'doc.txt'))).status).toBe(204);
    expect((await get(container, 'doc.txt')).status).toBe(404);
    const [marker] = (await listObjectVersions(session, REGION, container, 'doc.txt')).versions;
    expect(marker).toMatchObject({ deleteMarker: true, isLatest: true, bytes: 0 });

    await deleteObjectVersion(session, REGION, { container, name: 'doc.txt', versionId: marker!.versionId });
    const left = (await listObjectVersions(session, REGION, container, 'doc.txt')).versions;
    expect(left.some((v) => v.deleteMarker)).toBe(false);
    // Swift does not promote the version before a deleted one: the name reads as deleted until one is restored.
    expect((await get(container, 'doc.txt')).status).toBe(404);
    const one = left.find((v) => v.etag === createHash('md5').update('one').digest('hex'))!;
    await restoreObjectVersion(session, REGION, { container, name: 'doc.txt', versionId: one.versionId });
    expect((await get(container, 'doc.txt')).text).toBe('one');
  });

  it('deletes one version for good; a version already gone is no error', async () => {
    const before = (await listObjectVersions(session, REGION, container, 'doc.txt')).versions;
    const old = before.find((v) => !v.isLatest)!;
    await deleteObjectVersion(session, REGION, { container, name: 'doc.txt', versionId: old.versionId });
    await deleteObjectVersion(session, REGION, { container, name: 'doc.txt', versionId: old.versionId });
    const after = (await listObjectVersions(session, REGION, container, 'doc.txt')).versions;
    expect(after.map((v) => v.versionId)).toEqual(before.filter((v) => v !== old).map((v) => v.versionId));
  });

  it('suspends versioning (X-Versions-Enabled: False) and keeps the old versions', async () => {
    const off = await setContainerVersioning(session, REGION, container, { kind: 'current', enabled: false });
    expect(off.versioning.enabled).toBe(false);
    expect((await listObjectVersions(session, REGION, container, 'doc.txt')).versions.length).toBeGreaterThan(0);
  });

  it('sets, switches and clears a legacy location, and Swift refuses the current mode beside it', async () => {
    const stack = await setContainerVersioning(session, REGION, legacy, {
      kind: 'legacy',
      mode: 'stack',
      location: `${legacy}-archive`,
    });
    expect(stack.versioning.legacy).toEqual({ mode: 'stack', location: `${legacy}-archive` });
    const history = await setContainerVersioning(session, REGION, legacy, {
      kind: 'legacy',
      mode: 'history',
      location: `${legacy}-archive`,
    });
    expect(history.versioning.legacy).toEqual({ mode: 'history', location: `${legacy}-archive` });
    const headers = (await swiftRequest(REGION, 'HEAD', directPath(legacy))).headers;
    expect([headers.get('x-history-location'), headers.get('x-versions-location')]).toEqual([
      `${legacy}-archive`,
      null,
    ]);

    await expect(
      setContainerVersioning(session, REGION, legacy, { kind: 'current', enabled: true }),
    ).rejects.toMatchObject({ message: expect.stringContaining('legacy versioned writes') });

    const cleared = await setContainerVersioning(session, REGION, legacy, { kind: 'legacyOff' });
    expect(cleared.versioning).toEqual({ enabled: undefined, legacy: undefined });
  });
});
