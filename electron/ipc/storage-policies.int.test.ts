// A storage policy chosen as the New container dialog sends it: through the handlers, with untrusted
// arguments, against both regions of the real Swift; results read back from Swift directly.
import { afterAll, describe, expect, it } from 'vitest';
import { HARNESS, type RegionName } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { harnessCredentials, uniqueName } from '../../testing/electron/harness-session';
import { createHandlers } from './handlers';

const at = (name: string) => `/v1/${HARNESS.users.admin.account}/${encodeURIComponent(name)}`;
const created: [RegionName, string][] = [];

afterAll(async () => {
  for (const [region, name] of created) await swiftRequest(region, 'DELETE', at(name));
});

const policyInSwift = async (region: RegionName, name: string) =>
  (await swiftRequest(region, 'HEAD', at(name))).headers.get('x-storage-policy');

describe.each(['RegionOne', 'RegionTwo'] as const)('storage policies over IPC in %s', (region) => {
  it('lists the policies, creates in the one chosen, and answers a clash as a conflict error', async () => {
    const handlers = createHandlers();
    expect(await handlers.signIn(harnessCredentials())).toMatchObject({ ok: true });
    expect(await handlers.getLimits({ region })).toMatchObject({
      ok: true,
      value: {
        storagePolicies: [
          { name: 'Policy-0', aliases: ['yellow', 'orange'], isDefault: true },
          { name: 'archive', aliases: [], isDefault: false },
        ],
      },
    });
    const archived = uniqueName('pol-ipc');
    created.push([region, archived]);
    expect(await handlers.createContainer({ region, container: archived, storagePolicy: 'archive' })).toEqual({
      ok: true,
      value: true,
    });
    expect(await policyInSwift(region, archived)).toBe('archive');
    expect(await handlers.getContainer({ region, container: archived })).toMatchObject({
      ok: true,
      value: { storagePolicy: 'archive' },
    });
    expect(await handlers.createContainer({ region, container: archived, storagePolicy: 'Policy-0' })).toMatchObject({
      ok: false,
      error: { code: 'conflict', status: 409, message: expect.stringContaining('already exists with policy archive') },
    });
    expect(await policyInSwift(region, archived)).toBe('archive');
    // The account's figures per policy cross IPC named as /info names them.
    const account = await handlers.getAccount({ region });
    expect(account.ok && (account.value as { policies: { name: string }[] }).policies.map((p) => p.name)).toEqual([
      'Policy-0',
      'archive',
    ]);
  });
});
