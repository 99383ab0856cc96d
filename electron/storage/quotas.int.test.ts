// Quotas against the real Swift harness (container_quotas and account_quotas are in the proxy
// pipeline): a container's limits set and cleared in one POST, an upload past the container's
// quota refused with a message that names it, and the account quota set and cleared by the
// harness's reseller admin (reseller:chief, on its own account) and refused to a plain admin.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from './account';
import { StorageError } from './errors';
import { setAccountQuota, setContainerQuota } from './quotas';
import type { StorageSession } from './session';
import { uploadFile } from './upload';
import { openHarnessSession } from '../../testing/electron/harness-session';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';
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
  writeRandomFile,
} from '../../testing/electron/transfers-testkit';

const headers = async (container: string) => (await swiftRequest(REGION, 'HEAD', directPath(container))).headers;

describe('quotas against real Swift', () => {
  let session: StorageSession;
  let work: string;
  const container = containerName('quota');

  beforeAll(async () => {
    session = await openSession();
    work = tempDir('quota');
    await putContainer(container);
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('sets both limits in one POST and answers the container', async () => {
    const c = await setContainerQuota(session, REGION, container, { bytes: MiB, count: 5 });
    expect(c.metadata).toMatchObject({ 'quota-bytes': String(MiB), 'quota-count': '5' });
    const h = await headers(container);
    expect(h.get('x-container-meta-quota-bytes')).toBe(String(MiB));
    expect(h.get('x-container-meta-quota-count')).toBe('5');
  });

  it('refuses an upload past the container quota, naming the quota, and keeps nothing', async () => {
    const file = path.join(work, 'big.bin');
    await writeRandomFile(file, 2 * MiB);
    const err = await uploadFile(session, REGION, { container, name: 'big.bin', filePath: file }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ code: 'limit_exceeded', status: 413 });
    expect((err as StorageError).message).toBe(
      'Uploading "big.bin": The container\'s quota of 1 MiB (1,048,576 bytes) and 5 objects would be exceeded, so Swift refused it.',
    );
    expect(await listObjects(container)).toEqual([]);
  });

  it('lets an upload within the quota through', async () => {
    const file = path.join(work, 'small.bin');
    await writeRandomFile(file, 1000);
    await uploadFile(session, REGION, { container, name: 'small.bin', filePath: file });
    expect(await listObjects(container)).toEqual(['small.bin']);
  });

  it('clears one limit and keeps the other, then clears both', async () => {
    const bytesOnly = await setContainerQuota(session, REGION, container, { bytes: 10 * MiB, count: null });
    expect(bytesOnly.metadata['quota-bytes']).toBe(String(10 * MiB));
    expect(bytesOnly.metadata['quota-count']).toBeUndefined();
    const cleared = await setContainerQuota(session, REGION, container, { bytes: null, count: null });
    expect(cleared.metadata['quota-bytes']).toBeUndefined();
    const h = await headers(container);
    expect(h.get('x-container-meta-quota-bytes')).toBeNull();
    expect(h.get('x-container-meta-quota-count')).toBeNull();
  });

  it('names a missing container', async () => {
    await expect(
      setContainerQuota(session, REGION, containerName('absent'), { bytes: 1, count: null }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('tells a plain admin that only a reseller admin sets the account quota, and changes nothing', async () => {
    const before = (await getAccount(session, REGION)).metadata['quota-bytes'];
    await expect(setAccountQuota(session, REGION, MiB)).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only a reseller admin can set the account’s quota; ask the operator of this Swift service.',
    });
    expect((await getAccount(session, REGION)).metadata['quota-bytes']).toBe(before);
  });
});

describe('the account quota, set by a reseller admin', () => {
  const account = `/v1/${HARNESS.users.reseller.account}`;
  const quotaInSwift = async () =>
    (await swiftRequest(REGION, 'HEAD', account, { who: 'reseller' })).headers.get('x-account-meta-quota-bytes');

  afterAll(async () => {
    await swiftRequest(REGION, 'POST', account, {
      who: 'reseller',
      headers: { 'X-Remove-Account-Meta-Quota-Bytes': 'x' },
    });
  });

  it('sets 10 MB, answers the account with it, and clears it again', async () => {
    const reseller = await openHarnessSession('reseller');
    const set = await setAccountQuota(reseller, REGION, 10_000_000);
    expect(set.metadata['quota-bytes']).toBe('10000000');
    expect(await quotaInSwift()).toBe('10000000');
    const cleared = await setAccountQuota(reseller, REGION, null);
    expect(cleared.metadata['quota-bytes']).toBeUndefined();
    expect(await quotaInSwift()).toBeNull();
  });
});
