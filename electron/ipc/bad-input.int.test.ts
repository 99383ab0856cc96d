// Bad input, signed in against the real Swift: invalid_input (or limit_exceeded for a region limit)
// from the IPC handlers and from the storage client itself, never network or unexpected.
import {
  removeAccountMetadata,
  removeContainerMetadata,
  setContainerMetadata,
  setObjectMetadata,
} from '../../testing/electron/metadata-shorthands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';

import { getContainer } from '../storage/containers';
import { deleteObject, headObject } from '../storage/objects';
import type { StorageSession } from '../storage/session';
import { harnessCredentials, openHarnessSession, uniqueName } from '../../testing/electron/harness-session';
import { createHandlers, type Handlers } from './handlers';

const admin = HARNESS.users.admin;
const region = 'RegionOne';
const c = uniqueName('bad-input');
const account = `/v1/${admin.account}`;
const direct = (method: string, p: string, headers: Record<string, string> = {}) =>
  swiftRequest(region, method, `${account}/${p}`, { headers });
const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));

let handlers: Handlers;
let session: StorageSession;

beforeAll(async () => {
  expect((await direct('PUT', c, { 'X-Container-Meta-Keep': 'yes' })).status).toBe(201);
  expect((await direct('PUT', `${c}/obj`, { 'X-Object-Meta-Keep': 'yes' })).status).toBe(201);
  handlers = createHandlers();
  const signedIn = await handlers.signIn(harnessCredentials());
  expect(signedIn.ok).toBe(true);
  session = await openHarnessSession();
});

afterAll(async () => {
  await direct('DELETE', `${c}/obj`);
  await direct('DELETE', c);
});

describe('bad input against real Swift', () => {
  it('lone surrogates in names: invalid_input, not unexpected', async () => {
    for (const [operation, request] of [
      ['getContainer', { region, container: `${c}\uD800` }],
      ['deleteObject', { region, container: c, name: 'obj\uDC00' }],
      ['listObjects', { region, container: c, prefix: '\uD800' }],
    ] as const)
      expect(await handlers[operation](request), operation).toMatchObject({ error: { code: 'invalid_input' } });
    await expect(getContainer(session, region, `${c}\uD800`)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(deleteObject(session, region, c, 'obj\uDC00')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(headObject(session, region, c, '\uDFFF')).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('keys to delete that are not header names: invalid_input, not network', async () => {
    const bad = ['a b', 'k\r\nX-Evil: 1', 'clé'];
    expect(
      await handlers.changeMetadata({ region, target: { kind: 'container', container: c }, remove: bad }),
    ).toMatchObject({
      error: { code: 'invalid_input' },
    });
    await expect(removeContainerMetadata(session, region, c, bad)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(removeAccountMetadata(session, region, ['a b'])).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(setObjectMetadata(session, region, c, 'obj', { 'a\nb': 'v' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect((await direct('HEAD', c)).headers.get('x-container-meta-keep')).toBe('yes');
  });

  it('20,000 metadata entries: refused by the cap over IPC, and in linear time by the client', async () => {
    let started = performance.now();
    const answer = await handlers.changeMetadata({
      region,
      target: { kind: 'object', container: c, name: 'obj' },
      set: many(20_000),
    });
    const ipcMs = performance.now() - started;
    expect(answer).toMatchObject({
      error: { code: 'invalid_input', message: expect.stringContaining('at most 4096') },
    });
    started = performance.now();
    await expect(setObjectMetadata(session, region, c, 'obj', many(20_000))).rejects.toMatchObject({
      code: 'limit_exceeded',
    });
    await expect(setContainerMetadata(session, region, c, many(20_000))).rejects.toMatchObject({
      code: 'limit_exceeded',
    });
    const clientMs = performance.now() - started;
    console.info(`20,000 entries: IPC ${ipcMs.toFixed(0)} ms, storage client (two calls) ${clientMs.toFixed(0)} ms`);
    // Generous bounds: they took 7 s (IPC) and about 4 s per client call before.
    expect(ipcMs).toBeLessThan(2000);
    expect(clientMs).toBeLessThan(3000);
    expect((await direct('HEAD', `${c}/obj`)).headers.get('x-object-meta-keep')).toBe('yes');
  });
});
