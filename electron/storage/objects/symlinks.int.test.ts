// Symlinks against the real Swift harness: made with If-None-Match, read back with direct requests
// (the link itself with ?symlink=get, its target through a plain GET), and shown with their target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headObject } from '.';
import type { StorageSession } from '../session';
import { createSymlink } from './symlinks';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import {
  containerName,
  directPath,
  openSession,
  putContainer,
  REGION,
  removeContainer,
} from '../../../testing/electron/transfers-testkit';

describe('symlinks against real Swift', () => {
  let session: StorageSession;
  const container = containerName('links');
  const TARGET = 'reports/Q3 résumé #1.txt';

  beforeAll(async () => {
    session = await openSession();
    await putContainer(container);
    expect((await swiftRequest(REGION, 'PUT', directPath(container, TARGET), { body: 'the numbers' })).status).toBe(
      201,
    );
  });
  afterAll(() => removeContainer(container));

  it('makes a link whose GET reads the target, and shows the target in its details', async () => {
    const link = await createSymlink(session, REGION, {
      container,
      name: 'latest.txt',
      target: { container, name: TARGET },
    });
    expect(link).toMatchObject({ manifest: 'symlink', symlinkTarget: { container, name: TARGET } });
    const itself = await swiftRequest(REGION, 'HEAD', `${directPath(container, 'latest.txt')}?symlink=get`);
    expect(decodeURIComponent(itself.headers.get('x-symlink-target') ?? '')).toBe(`${container}/${TARGET}`);
    expect((await swiftRequest(REGION, 'GET', directPath(container, 'latest.txt'))).text).toBe('the numbers');
    expect((await headObject(session, REGION, container, 'latest.txt')).symlinkTarget).toEqual({
      container,
      name: TARGET,
    });
  });

  it('never replaces an object: a taken name is a conflict, and the object stays', async () => {
    await expect(
      createSymlink(session, REGION, { container, name: TARGET, target: { container, name: 'latest.txt' } }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect((await swiftRequest(REGION, 'GET', directPath(container, TARGET))).text).toBe('the numbers');
  });
});
