// Object expiry against the real Swift harness: X-Delete-At set, changed and cleared on an object,
// given with an upload and with an extraction; every result read back with direct HEADs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setObjectExpiry } from './metadata';
import { extractArchive } from './archive';
import { headObject } from './objects';
import type { StorageSession } from './session';
import { uploadFile } from './upload';
import { swiftRequest } from '../../testing/swift/swift-direct';
import {
  containerName,
  directPath,
  head,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
} from '../../testing/electron/transfers-testkit';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

describe('object expiry against real Swift', () => {
  let session: StorageSession;
  let work: string;
  const container = containerName('expiry');

  beforeAll(async () => {
    session = await openSession();
    work = tempDir('expiry');
    await putContainer(container);
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('sets, moves and clears X-Delete-At, keeping metadata and the headers a POST drops', async () => {
    const put = await swiftRequest(REGION, 'PUT', directPath(container, 'notes.txt'), {
      body: 'x',
      headers: { 'X-Object-Meta-Team': 'docs', 'Content-Disposition': 'attachment', 'Content-Type': 'text/x-note' },
    });
    expect(put.status).toBe(201);
    expect((await headObject(session, REGION, container, 'notes.txt')).deleteAt).toBeUndefined();

    const first = now() + 3 * DAY;
    const set = await setObjectExpiry(session, REGION, container, 'notes.txt', first);
    expect(set.deleteAt).toBe(new Date(first * 1000).toISOString());
    expect(set.metadata).toEqual({ team: 'docs' });
    let stored = await head(container, 'notes.txt');
    expect(stored.headers.get('x-delete-at')).toBe(String(first));
    expect(stored.headers.get('x-object-meta-team')).toBe('docs');
    expect(stored.headers.get('content-disposition')).toBe('attachment');
    expect(stored.headers.get('content-type')).toBe('text/x-note');
    expect((await headObject(session, REGION, container, 'notes.txt')).deleteAt).toBe(set.deleteAt);

    const later = now() + 10 * DAY;
    await setObjectExpiry(session, REGION, container, 'notes.txt', later);
    expect((await head(container, 'notes.txt')).headers.get('x-delete-at')).toBe(String(later));

    const cleared = await setObjectExpiry(session, REGION, container, 'notes.txt', null);
    expect(cleared.deleteAt).toBeUndefined();
    stored = await head(container, 'notes.txt');
    expect(stored.headers.get('x-delete-at')).toBeNull();
    expect(stored.headers.get('x-object-meta-team')).toBe('docs');
    expect(stored.headers.get('content-disposition')).toBe('attachment');
  });

  it('a time already passed is Swift’s to refuse, and nothing changes', async () => {
    await swiftRequest(REGION, 'PUT', directPath(container, 'past.txt'), { body: 'x' });
    await expect(setObjectExpiry(session, REGION, container, 'past.txt', now() - 60)).rejects.toMatchObject({
      status: 400,
    });
    expect((await head(container, 'past.txt')).headers.get('x-delete-at')).toBeNull();
  });

  it('an upload can carry an expiry', async () => {
    const file = path.join(work, 'upload.txt');
    fs.writeFileSync(file, 'expiring upload\n');
    const at = now() + 2 * DAY;
    await uploadFile(session, REGION, { container, name: 'up/expiring.txt', filePath: file, deleteAt: at });
    await uploadFile(session, REGION, { container, name: 'up/kept.txt', filePath: file });
    expect((await head(container, 'up/expiring.txt')).headers.get('x-delete-at')).toBe(String(at));
    expect((await head(container, 'up/kept.txt')).headers.get('x-delete-at')).toBeNull();
  });

  it('an extraction sends X-Delete-After, and every object made gets an X-Delete-At', async () => {
    const tree = path.join(work, 'tree');
    fs.mkdirSync(path.join(tree, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(tree, 'a.txt'), 'a');
    fs.writeFileSync(path.join(tree, 'sub/b.txt'), 'b');
    const archive = path.join(work, 'batch.tar');
    execFileSync('tar', ['-cf', archive, '-C', tree, '.']);
    const before = now();
    const result = await extractArchive(session, REGION, {
      container,
      prefix: 'batch/',
      filePath: archive,
      deleteAfter: 5 * DAY,
    });
    expect(result.created).toBe(2);
    for (const name of ['batch/a.txt', 'batch/sub/b.txt']) {
      const at = Number((await head(container, name)).headers.get('x-delete-at'));
      expect(at).toBeGreaterThanOrEqual(before + 5 * DAY);
      expect(at).toBeLessThanOrEqual(now() + 5 * DAY + 1);
    }
  });
});
