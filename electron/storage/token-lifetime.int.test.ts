// Scaled down: long jobs survive the token. "A 30-minute transfer with 5-minute tokens" becomes
// a segmented upload and a large-object download through a slowed link (slow-relay.ts: real Swift, real tokens,
// only the network is slow) while the identity front mints 2-second tokens. Swift's own proxy log then shows
// several tokens, every segment PUT once, no 401, and requests that outlasted a whole token lifetime.
//
// The identity front's token lifetime is global to the shared harness: the short window is kept to the two
// transfers and always closed in a finally.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cirrusLog, settledLogSize } from '../../e2e/fixtures/proxy-log';
import { HARNESS } from '../../testing/swift/config';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';
import { openHarnessSession, uniqueName } from '../../testing/electron/harness-session';
import { startSlowRelay, type SlowRelay } from '../../testing/electron/slow-relay';
import { authenticate, type Credentials } from './auth';
import { createContainer } from './containers';
import { downloadObject } from './download';
import { StorageSession, type Authenticate } from './session';
import { uploadFile } from './upload';

const who = 'files' as const;
const region = 'RegionOne' as const;
const user = HARNESS.users[who];
const account = `/v1/${user.account}`;
const container = uniqueName('token-lifetime');
const MiB = 1024 ** 2;
const TTL_SECONDS = 2;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-token-lifetime-'));
const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');

// v3: its expiry carries milliseconds (v2's `expires` is whole seconds, a large share of a 2-second token).
const credentials: Credentials = {
  authUrl: HARNESS.authUrlV3,
  userName: user.user,
  secret: { kind: 'password', value: user.password },
  tenantName: user.tenantName,
  userDomain: 'Default',
  projectDomain: 'Default',
};

async function tokenLifetime(seconds: number | null): Promise<void> {
  const res = await fetch(`${HARNESS.identityUrl}/__config`, {
    method: 'POST',
    body: JSON.stringify({ tokenTtlSeconds: seconds }),
  });
  expect(await res.json()).toEqual({ tokenTtlSeconds: seconds });
}

let relay: SlowRelay;
/** Two segments that each take 2.5 s to cross the link (longer than a token lives), and a short third. */
const upload = Buffer.concat([Buffer.alloc(MiB, 'first;'), Buffer.alloc(MiB, 'second;'), Buffer.from('third')]);
/** 24 segments of 1 MiB: more than the loopback's socket buffers hold, so Swift is still sending after a stall. */
const large = Buffer.concat(Array.from({ length: 24 }, (_, i) => Buffer.alloc(MiB, `part ${i};`)));

beforeAll(async () => {
  const { hostname, port } = new URL(HARNESS.regions[region].proxy);
  relay = await startSlowRelay({ host: hostname, port: Number(port) });
  fs.writeFileSync(path.join(dir, 'slow-up.bin'), upload);
  fs.writeFileSync(path.join(dir, 'long-get.bin'), large);
  // Made at full speed with a long-lived token, before the short-token window opens.
  const direct = await openHarnessSession(who);
  await createContainer(direct, region, container);
  const made = await uploadFile(direct, region, {
    container,
    name: 'long-get.bin',
    filePath: path.join(dir, 'long-get.bin'),
    segmentSize: MiB,
  });
  expect(made.segments).toBe(24);
});

afterAll(async () => {
  await relay.close();
  for (const c of [container, `${container}_segments`]) {
    for (const name of await listAll(region, `${account}/${c}`, who))
      await swiftRequest(region, 'DELETE', `${account}/${c}/${encodeURIComponent(name)}`, { who });
    await swiftRequest(region, 'DELETE', `${account}/${c}`, { who });
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The identity front's catalog, with RegionOne reached through the slow link. */
const throughRelay: Authenticate = async (c, signal) => {
  const grant = await authenticate(c, signal);
  const proxy = HARNESS.regions[region].proxy;
  return { ...grant, regions: grant.regions.map((r) => ({ ...r, endpoint: r.endpoint.replace(proxy, relay.origin) })) };
};

describe('transfers that outlive their token', () => {
  it('a slow segmented upload and a stalled large download finish on 2-second tokens, nothing re-sent', async () => {
    const since = await settledLogSize(region);
    const segments = `${account}/${container}_segments/slow-up.bin/`;
    let uploaded: Awaited<ReturnType<typeof uploadFile>>;
    let downloaded: Awaited<ReturnType<typeof downloadObject>>;
    await tokenLifetime(TTL_SECONDS);
    try {
      const session = await StorageSession.open(credentials, throughRelay);
      relay.up.rate = 0.4 * MiB;
      uploaded = await uploadFile(session, region, {
        container,
        name: 'slow-up.bin',
        filePath: path.join(dir, 'slow-up.bin'),
        threshold: MiB,
        segmentSize: MiB,
        concurrency: 1,
      });
      relay.up.rate = Infinity;
      // The link stops for longer than a token lives once the download's first MiB has passed.
      relay.down.stallAfter(MiB, (TTL_SECONDS + 1) * 1000);
      downloaded = await downloadObject(session, region, {
        container,
        name: 'long-get.bin',
        targetDir: dir,
        fileName: 'downloaded.bin',
      });
    } finally {
      relay.up.rate = Infinity;
      await tokenLifetime(null);
    }

    const parts = [upload.subarray(0, MiB), upload.subarray(MiB, 2 * MiB), upload.subarray(2 * MiB)];
    expect(uploaded).toEqual({ etag: md5(parts.map(md5).join('')), bytes: upload.length, segments: 3 });
    const head = await swiftRequest(region, 'HEAD', `${account}/${container}/slow-up.bin`, { who });
    expect([head.headers.get('x-static-large-object'), head.headers.get('etag')]).toEqual([
      'True',
      `"${uploaded.etag}"`,
    ]);
    expect(downloaded.bytes).toBe(large.length);
    expect(md5(fs.readFileSync(path.join(dir, 'downloaded.bin')))).toBe(md5(large));

    await settledLogSize(region);
    const sent = cirrusLog(region, since).filter((r) => r.path.startsWith(`${account}/${container}`));
    // No request was refused for its token, so none was sent again after a renewal.
    expect(sent.filter((r) => r.status === 401)).toEqual([]);
    const segmentPuts = sent.filter((r) => r.method === 'PUT' && r.path.startsWith(segments));
    expect(segmentPuts.map((r) => r.path)).toEqual(
      [0, 1, 2].map((i) => expect.stringMatching(new RegExp(`/0000000${i}$`))),
    );
    expect(segmentPuts.map((r) => r.status)).toEqual([201, 201, 201]);
    // The two 1 MiB segments each took longer than a token's whole life: they ended after the token they started with.
    for (const put of segmentPuts.slice(0, 2)) expect(put.end - put.start).toBeGreaterThan(TTL_SECONDS);
    const manifest = sent.filter((r) => r.method === 'PUT' && r.path === `${account}/${container}/slow-up.bin`);
    expect(manifest.map((r) => r.status)).toEqual([201]);
    // Renewed ahead of expiry, between requests: each segment went with a token of its own.
    const tokens = new Set([...segmentPuts, ...manifest].map((r) => r.token));
    expect(tokens.size).toBeGreaterThanOrEqual(3);

    // The download: one GET, started with a valid token, that Swift went on serving after that token expired
    // (a GET is authorised once, when it starts; SLO segments are fetched under that authorisation).
    // (The other GET of that name reads its manifest, `?multipart-manifest=get`, to check each segment's MD5.)
    const gets = sent.filter(
      (r) =>
        r.method === 'GET' && r.path === `${account}/${container}/long-get.bin` && !r.query.has('multipart-manifest'),
    );
    expect(gets.map((r) => r.status)).toEqual([200]);
    expect(gets[0]!.end - gets[0]!.start).toBeGreaterThan(TTL_SECONDS);
  }, 60_000);
});
