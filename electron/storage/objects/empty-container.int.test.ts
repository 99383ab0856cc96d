// Emptying a container in the main process, against the real Swift: page by page, with progress,
// then the container itself; cancelled, it stops and what is left stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS } from '../../../testing/swift/config';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import { openHarnessSession, uniqueName } from '../../../testing/electron/harness-session';
import { emptyContainer } from './empty-container';
import type { StorageSession } from '../session';

const region = 'RegionOne';
const account = `/v1/${HARNESS.users.admin.account}`;
const direct = (method: string, p: string, body?: string) =>
  swiftRequest(region, method, `${account}/${p}`, body === undefined ? {} : { body });

let session: StorageSession;
const made: string[] = [];

async function containerWith(count: number): Promise<string> {
  const name = uniqueName('empty');
  made.push(name);
  await direct('PUT', name);
  for (let i = 0; i < count; i++) await direct('PUT', `${name}/dir/o-${String(i).padStart(3, '0')}`, `${i}`);
  return name;
}

beforeAll(async () => {
  session = await openHarnessSession();
});

afterAll(async () => {
  // Whatever a test left (the cancelled one leaves 7 objects).
  for (const name of made) await emptyContainer(session, region, name, { thenDelete: true }).catch(() => undefined);
});

describe('emptyContainer', () => {
  it('deletes every object page by page, reports progress, then deletes the container', async () => {
    const name = await containerWith(20);
    const progress: [number, number | undefined][] = [];
    const result = await emptyContainer(session, region, name, {
      thenDelete: true,
      pageSize: 7,
      onProgress: (p) => progress.push([p.loaded, p.total]),
    });
    expect(result).toEqual({ deleted: 20, notFound: 0, containerDeleted: true });
    expect(progress).toEqual([
      [0, 20],
      [7, 20],
      [14, 20],
      [20, 20],
    ]);
    expect((await direct('HEAD', name)).status).toBe(404);
  });

  it('keeps the container when asked to only empty it', async () => {
    const name = await containerWith(3);
    expect(await emptyContainer(session, region, name, { thenDelete: false })).toEqual({
      deleted: 3,
      notFound: 0,
      containerDeleted: false,
    });
    expect((await direct('HEAD', name)).status).toBe(204);
  });

  it('stops when cancelled: what was deleted stays deleted, the rest and the container stay', async () => {
    const name = await containerWith(12);
    const controller = new AbortController();
    const run = emptyContainer(session, region, name, {
      thenDelete: true,
      pageSize: 5,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.loaded >= 5) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    const listing = JSON.parse((await direct('GET', `${name}?format=json`)).text) as unknown[];
    expect(listing).toHaveLength(7);
  });
});
