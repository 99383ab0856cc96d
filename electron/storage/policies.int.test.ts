// Storage policies against the real two-region Swift harness (Policy-0, the default, aliased
// yellow and orange, and archive, in both regions); every result is read back from Swift directly.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS, type RegionName } from '../../testing/swift/config';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';
import { openHarnessSession, uniqueName } from '../../testing/electron/harness-session';
import { MiB, tempDir, writeRandomFile } from '../../testing/electron/transfers-testkit';
import { getAccount } from './account';
import { createContainer, getContainer } from './containers';
import { getLimits } from './info';
import type { StorageSession } from './session';
import { uploadFile } from './upload';

const account = `/v1/${HARNESS.users.admin.account}`;
const at = (name: string) => `${account}/${encodeURIComponent(name)}`;

let session: StorageSession;
let dir: string;
const created: [RegionName, string][] = [];

beforeAll(async () => {
  session = await openHarnessSession();
  dir = tempDir('policies');
});

afterAll(async () => {
  for (const [region, name] of created) {
    for (const object of await listAll(region, at(name))) {
      await swiftRequest(region, 'DELETE', `${at(name)}/${object.split('/').map(encodeURIComponent).join('/')}`);
    }
    await swiftRequest(region, 'DELETE', at(name));
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const policyInSwift = async (region: RegionName, name: string) =>
  (await swiftRequest(region, 'HEAD', at(name))).headers.get('x-storage-policy');

describe.each(['RegionOne', 'RegionTwo'] as const)('storage policies in %s', (region) => {
  const name = (label: string) => {
    const n = uniqueName(`pol-${label}`);
    created.push([region, n], [region, `${n}_segments`]);
    return n;
  };

  it('reads the policies from /info: names, aliases, the default', async () => {
    const { storagePolicies } = await getLimits(session, region);
    expect(storagePolicies).toEqual([
      { name: 'Policy-0', aliases: ['yellow', 'orange'], isDefault: true },
      { name: 'archive', aliases: [], isDefault: false },
    ]);
  });

  it('creates a container in the policy asked for (by name or alias), and the default when none is named', async () => {
    const archived = name('archive');
    expect(await createContainer(session, region, archived, { policy: 'archive' })).toBe(true);
    expect(await policyInSwift(region, archived)).toBe('archive');
    expect((await getContainer(session, region, archived)).storagePolicy).toBe('archive');

    // An alias is sent as the name /info gives it; Swift would take either.
    const aliased = name('yellow');
    expect(await createContainer(session, region, aliased, { policy: 'YELLOW' })).toBe(true);
    expect(await policyInSwift(region, aliased)).toBe('Policy-0');

    const plain = name('plain');
    expect(await createContainer(session, region, plain)).toBe(true);
    expect((await getContainer(session, region, plain)).storagePolicy).toBe('Policy-0');
  });

  it('names the policy a container already has when asked for another, and changes nothing', async () => {
    const archived = name('clash');
    expect(await createContainer(session, region, archived, { policy: 'archive' })).toBe(true);
    const before = (await swiftRequest(region, 'HEAD', at(archived))).headers.get('x-put-timestamp');

    await expect(createContainer(session, region, archived, { policy: 'Policy-0' })).rejects.toMatchObject({
      code: 'conflict',
      status: 409,
      message: `A container named "${archived}" already exists with policy archive; a container's policy cannot be changed. Nothing was changed.`,
    });
    const after = await swiftRequest(region, 'HEAD', at(archived));
    expect(after.headers.get('x-storage-policy')).toBe('archive');
    expect(after.headers.get('x-put-timestamp')).toBe(before);
    // The same policy again is Swift's 202: it existed.
    expect(await createContainer(session, region, archived, { policy: 'archive' })).toBe(false);
  });

  it('refuses a policy the region does not offer before sending', async () => {
    const nowhere = name('nowhere');
    await expect(createContainer(session, region, nowhere, { policy: 'gold' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: `Cannot create the container "${nowhere}": this region has no storage policy "gold" (it offers Policy-0, archive).`,
    });
    expect((await swiftRequest(region, 'HEAD', at(nowhere))).status).toBe(404);
  });

  it("shows the account's figures per policy, named as /info names them, as Swift's account HEAD has them", async () => {
    const archived = name('usage');
    expect(await createContainer(session, region, archived, { policy: 'archive' })).toBe(true);
    const put = await swiftRequest(region, 'PUT', `${at(archived)}/seed`, { body: 'x'.repeat(1234) });
    expect(put.status).toBe(201);
    // The container updater reports to the account within a few seconds; until then the figures lag.
    await expect
      .poll(
        async () => {
          const [mine, direct] = await Promise.all([
            getAccount(session, region),
            swiftRequest(region, 'HEAD', account).then((r) => r.headers),
          ]);
          const archive = mine.policies.find((p) => p.name === 'archive');
          return {
            names: mine.policies.map((p) => p.name).slice(0, 2),
            stable:
              archive !== undefined &&
              // Swift title-cases the name in the header: "archive" arrives as "Archive".
              archive.bytesUsed === Number(direct.get('x-account-storage-policy-archive-bytes-used')) &&
              archive.containerCount === Number(direct.get('x-account-storage-policy-archive-container-count')),
            holdsMine: archive !== undefined && archive.containerCount >= 1 && archive.bytesUsed >= 1234,
          };
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual({ names: ['Policy-0', 'archive'], stable: true, holdsMine: true });
  });

  it("puts a large object's segments in a container of the same policy", async () => {
    const archived = name('large');
    expect(await createContainer(session, region, archived, { policy: 'archive' })).toBe(true);
    const file = path.join(dir, `${region}-large.bin`);
    await writeRandomFile(file, 2 * MiB + 100, 'policies');
    const result = await uploadFile(session, region, {
      container: archived,
      name: 'large.bin',
      filePath: file,
      segmentSize: MiB,
    });
    expect(result.segments).toBe(3);
    expect(await policyInSwift(region, `${archived}_segments`)).toBe('archive');
    expect(await listAll(region, at(`${archived}_segments`))).toHaveLength(3);
  });
});
