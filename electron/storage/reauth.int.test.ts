// A token Swift forgets mid-session: the next call renews once and is retried, a file body re-opened.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { flushSharedTokenCache } from '../../testing/electron/flush-tokens';
import { openHarnessSession, uniqueName } from '../../testing/electron/harness-session';
import { createContainer } from './containers';
import { uploadFile } from './upload';

const container = uniqueName('reauth');
const objectPath = `/v1/${HARNESS.users.admin.account}/${container}/after-flush.txt`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-reauth-'));

afterAll(async () => {
  await swiftRequest('RegionOne', 'DELETE', objectPath);
  await swiftRequest('RegionOne', 'DELETE', `/v1/${HARNESS.users.admin.account}/${container}`);
  fs.rmSync(dir, { recursive: true, force: true });
});

const tokenRequests = async () =>
  ((await (await fetch(`${HARNESS.identityUrl}/__stats`)).json()) as { tokenRequests: number }).tokenRequests;

describe('re-authentication with a streamed body', () => {
  it('uploads a file after Swift forgot the token: 401, renew, the file sent again from its start', async () => {
    const session = await openHarnessSession();
    await createContainer(session, 'RegionOne', container);
    const file = path.join(dir, 'after-flush.txt');
    fs.writeFileSync(file, 'sent after the token was forgotten\n'.repeat(1000));
    await flushSharedTokenCache();
    const before = await tokenRequests();
    const result = await uploadFile(session, 'RegionOne', { container, name: 'after-flush.txt', filePath: file });
    expect(result.bytes).toBe(fs.statSync(file).size);
    expect(await tokenRequests()).toBe(before + 1);
    const stored = await swiftRequest('RegionOne', 'GET', objectPath);
    expect(stored.text).toBe(fs.readFileSync(file, 'utf8'));
  });
});
