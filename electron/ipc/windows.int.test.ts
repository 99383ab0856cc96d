/**
 * Two windows in one main process against real Swift: each signs in to its own account (admin in
 * RegionOne, another account in RegionTwo), each sees only its own account, and objects dragged
 * from one window's grid and dropped on the other arrive through the region copy: read with the
 * first window's session, written with the second's, streamed, MD5-checked, a large object as
 * segments. Every check of what landed is made through Swift directly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelOf } from '../../shared/operations';
import type { RegionCopyResult } from '../../shared/region-diff';
import { harnessCredentials } from '../../testing/electron/harness-session';
import {
  containerName,
  directPath,
  MiB,
  openSession,
  removeContainer,
  tempDir,
  writeRandomFile,
} from '../../testing/electron/transfers-testkit';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { HARNESS, type HarnessUserName, type RegionName } from '../../testing/swift/config';
import { uploadFile } from '../storage/upload';
import { createDispatcher } from './dispatch';
import { createAppState } from './handlers';
import { trustedCaller } from './trusted-sender';
import { AppWindows } from './windows';

const APP = { protocol: 'app:', host: 'cirrus' };
const DRAG = 'feedc0de'.repeat(4);
const [FIRST, SECOND] = [1, 2];
// This worker's lane of the harness names its own users (testing/swift/config.ts).
const { admin, other } = HARNESS.users;

describe('two windows, two accounts, one main process', () => {
  const source = containerName('windows-from');
  const target = containerName('windows-to');
  const windows = new AppWindows(createAppState());
  const events: Record<number, string[]> = { [FIRST]: [], [SECOND]: [] };
  const dispatcher = createDispatcher(
    (id) => windows.handlersOf(id),
    trustedCaller((id) => windows.has(id), APP),
  );
  const call = (window: number, operation: string, request: unknown) =>
    dispatcher.dispatch(
      channelOf(operation as never),
      { webContentsId: window, frameUrl: 'app://cirrus/', isMainFrame: true },
      request,
    );
  const swift = (region: RegionName, who: HarnessUserName, method: string, container: string, name?: string) =>
    swiftRequest(region, method, directPath(container, name, who), { who });
  let work: string;

  beforeAll(async () => {
    work = tempDir('windows');
    for (const window of [FIRST, SECOND]) windows.open(window, (event) => events[window]!.push(event));
    expect((await swift('RegionOne', 'admin', 'PUT', source)).status).toBe(201);
    const put = await swiftRequest('RegionOne', 'PUT', directPath(source, 'notes/a.txt'), {
      body: 'from the first window',
      headers: { 'Content-Type': 'text/x-notes', 'X-Object-Meta-Colour': 'blue' },
    });
    expect(put.status).toBe(201);
    const file = path.join(work, 'big.bin');
    await writeRandomFile(file, 2 * MiB + 5);
    await uploadFile(await openSession(), 'RegionOne', {
      container: source,
      name: 'big.bin',
      filePath: file,
      segmentSize: MiB,
    });
  });

  afterAll(async () => {
    await removeContainer(source);
    for (const c of [target, `${target}_segments`]) {
      const list = await swift('RegionTwo', 'other', 'GET', c);
      for (const name of list.status === 200 ? list.text.split('\n').filter(Boolean) : [])
        await swift('RegionTwo', 'other', 'DELETE', c, name);
      await swift('RegionTwo', 'other', 'DELETE', c);
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('signs each window in to its own account; neither sees the other’s', async () => {
    expect(await call(FIRST, 'signIn', harnessCredentials('admin'))).toMatchObject({
      ok: true,
      value: { userName: admin.user },
    });
    expect(await call(SECOND, 'signIn', harnessCredentials('other'))).toMatchObject({
      ok: true,
      value: { userName: other.user },
    });
    const names = async (window: number) => {
      const res = (await call(window, 'listContainers', { region: 'RegionOne', prefix: source })) as {
        ok: true;
        value: { containers: { name: string }[] };
      };
      return res.value.containers.map((c) => c.name);
    };
    expect(await names(FIRST)).toContain(source);
    expect(await names(SECOND)).toEqual([]);
  });

  it('copies a drop from the first window into the second window’s account and region, checked by Swift', async () => {
    const items = [
      { name: 'notes/a.txt', bytes: 21 },
      { name: 'big.bin', bytes: 2 * MiB + 5 },
    ];
    expect(
      await call(FIRST, 'offerWindowDrag', { dragId: DRAG, source: { region: 'RegionOne', container: source }, items }),
    ).toEqual({ ok: true, value: true });
    const dropped = (await call(SECOND, 'copyWindowDrop', {
      operationId: 'drop-1',
      dragId: DRAG,
      target: { region: 'RegionTwo', container: target },
    })) as { ok: boolean; value: RegionCopyResult };
    expect(dropped).toMatchObject({
      ok: true,
      value: { copied: ['notes/a.txt', 'big.bin'], failed: [], serverSide: false },
    });
    // Progress went to the window the objects were dropped on.
    expect(events[SECOND]).toContain('progress');
    expect(events[FIRST]).not.toContain('progress');

    const [from, to] = [
      await swift('RegionOne', 'admin', 'HEAD', source, 'notes/a.txt'),
      await swift('RegionTwo', 'other', 'HEAD', target, 'notes/a.txt'),
    ];
    expect(to.status).toBe(200);
    expect(to.headers.get('etag')).toBe(from.headers.get('etag'));
    expect(to.headers.get('content-type')).toBe('text/x-notes');
    expect(to.headers.get('x-object-meta-colour')).toBe('blue');
    // The large object arrived as one: its segments in the target account, its ETag the original's.
    const [bigFrom, bigTo] = [
      await swift('RegionOne', 'admin', 'HEAD', source, 'big.bin'),
      await swift('RegionTwo', 'other', 'HEAD', target, 'big.bin'),
    ];
    expect(bigTo.headers.get('x-static-large-object')).toBe('True');
    expect(bigTo.headers.get('etag')).toBe(bigFrom.headers.get('etag'));
    expect(bigTo.headers.get('content-length')).toBe(String(2 * MiB + 5));
    const segments = await swift('RegionTwo', 'other', 'GET', `${target}_segments`);
    expect(segments.text.split('\n').filter(Boolean)).toHaveLength(3);
    // Nothing reached the first window's own account in RegionTwo.
    expect((await swift('RegionTwo', 'admin', 'HEAD', target)).status).toBe(404);
  });

  it('refuses a drop on the window it came from, from one signed in again since, and from one that has closed', async () => {
    await call(FIRST, 'offerWindowDrag', {
      dragId: DRAG,
      source: { region: 'RegionOne', container: source },
      items: [{ name: 'notes/a.txt', bytes: 21 }],
    });
    const drop = (window: number) =>
      call(window, 'copyWindowDrop', {
        operationId: `drop-${window}-again`,
        dragId: DRAG,
        target: { region: 'RegionTwo', container: target },
      });
    expect(await drop(FIRST)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // Signed in again since the drag, the first window's names may be other objects: refused.
    expect(await call(FIRST, 'signIn', harnessCredentials('admin'))).toMatchObject({ ok: true });
    expect(await drop(SECOND)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    windows.close(FIRST);
    expect(await drop(SECOND)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    // The second window is still signed in, to its own account.
    expect(await call(SECOND, 'getSession', {})).toMatchObject({ ok: true, value: { userName: other.user } });
  });
});
