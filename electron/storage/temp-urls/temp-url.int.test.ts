// Temporary URLs against the real Swift harness: keys set, generated and rotated by the code under
// test, read back with direct HEADs; every link is tried with a plain fetch, no token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS, type HarnessUserName, type RegionName } from '../../../testing/swift/config';
import { listAll, swiftRequest } from '../../../testing/swift/swift-direct';
import { getAccount } from '../account';
import { changeMetadata } from '../metadata';
import { getContainer } from '../containers';
import type { StorageSession } from '../session';
import { makeTempUrl, type TempUrlRequest } from './temp-url';
import { rotateTempUrlKeys, setTempUrlKey } from './keys';
import { openHarnessSession, uniqueName } from '../../../testing/electron/harness-session';

const REGION: RegionName = 'RegionOne';
const C = uniqueName('tempurl');
const containerUrl = `/v1/${HARNESS.users.admin.account}/${C}`;
const objectUrl = (name: string) => `${containerUrl}/${name.split('/').map(encodeURIComponent).join('/')}`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const scope = { kind: 'container', container: C } as const;

/** A plain request to a link, as someone without an account would make it. */
const open = (url: string, method = 'GET', body?: string) => fetch(url, { method, ...(body ? { body } : {}) });

describe('temporary URLs against real Swift', () => {
  let session: StorageSession;
  const link = (r: Partial<TempUrlRequest> = {}) =>
    makeTempUrl(session, REGION, {
      container: C,
      target: { kind: 'object', name: 'docs/ü 1.txt' },
      method: 'GET',
      expiresAt: inAnHour(),
      digest: 'sha256',
      keyScope: 'container',
      ...r,
    });

  beforeAll(async () => {
    session = await openHarnessSession();
    expect((await swiftRequest(REGION, 'PUT', containerUrl)).status).toBeLessThan(300);
    for (const [name, body] of [
      ['docs/ü 1.txt', 'one'],
      ['docs/two.txt', 'two'],
      ['other.txt', 'other'],
    ]) {
      expect((await swiftRequest(REGION, 'PUT', objectUrl(name!), { body: body! })).status).toBe(201);
    }
  });

  afterAll(async () => {
    for (const name of await listAll(REGION, containerUrl)) await swiftRequest(REGION, 'DELETE', objectUrl(name));
    await swiftRequest(REGION, 'DELETE', containerUrl);
  });

  it('without a key there is no link; a typed key is stored, and shown only masked', async () => {
    await expect(link()).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('no temporary URL key'),
    });
    const typed = 'typed-key-0123456789-abcd';
    expect(await setTempUrlKey(session, REGION, scope, 1, { kind: 'typed', value: typed })).toEqual({
      first: '••••••••abcd',
      second: null,
    });
    const head = await swiftRequest(REGION, 'HEAD', containerUrl);
    expect(head.headers.get('x-container-meta-temp-url-key')).toBe(typed);
    const container = await getContainer(session, REGION, C);
    expect(container.tempUrlKeys).toEqual({ first: '••••••••abcd', second: null });
    expect(JSON.stringify(container)).not.toContain(typed);
  });

  it('GET links (SHA-256 and SHA-512), HEAD-only and PUT links work without a token; others get 401', async () => {
    for (const digest of ['sha256', 'sha512'] as const) {
      const got = await open((await link({ digest })).url);
      expect(got.status, digest).toBe(200);
      expect(await got.text()).toBe('one');
    }
    const headOnly = (await link({ method: 'HEAD' })).url;
    expect((await open(headOnly, 'HEAD')).status).toBe(200);
    expect((await open(headOnly)).status).toBe(401);
    const put = (await link({ method: 'PUT', target: { kind: 'object', name: 'drop/new.txt' } })).url;
    expect((await open(put, 'PUT', 'uploaded by link')).status).toBe(201);
    expect((await swiftRequest(REGION, 'GET', objectUrl('drop/new.txt'))).text).toBe('uploaded by link');
    // The signature covers the path: the same query on another object is refused.
    expect((await open((await link()).url.replace('docs/%C3%BC%201.txt', 'other.txt'))).status).toBe(401);
  });

  it('a prefix link opens every object under the prefix and nothing else; an IP range is enforced', async () => {
    const { url } = await link({ target: { kind: 'prefix', prefix: 'docs/' } });
    expect(url).toContain('temp_url_prefix=docs%2F');
    // Opened for one object under the prefix: its name goes where the prefix ends.
    const two = await open(url.replace('/docs/?', '/docs/two.txt?'));
    expect(two.status).toBe(200);
    expect(await two.text()).toBe('two');
    expect((await open(url.replace('/docs/?', '/docs/%C3%BC%201.txt?'))).status).toBe(200);
    expect((await open(url.replace('/docs/?', '/other.txt?'))).status).toBe(401);
    const whole = (await link({ target: { kind: 'prefix', prefix: '' } })).url;
    expect((await open(whole.replace(`${C}/?`, `${C}/other.txt?`))).status).toBe(200);

    expect((await open((await link({ ipRange: '127.0.0.0/8' })).url)).status).toBe(200);
    expect((await open((await link({ ipRange: '10.0.0.0/8' })).url)).status).toBe(401);
  });

  it('rotating keeps the links of the replaced key working until the next rotation', async () => {
    const before = (await link()).url;
    const rotated = await rotateTempUrlKeys(session, REGION, scope);
    expect(rotated.second).toBe('••••••••abcd');
    expect(rotated.first).toMatch(/^•{8}[0-9a-f]{4}$/);
    const head = await swiftRequest(REGION, 'HEAD', containerUrl);
    expect(head.headers.get('x-container-meta-temp-url-key')).toMatch(/^[0-9a-f]{64}$/);
    expect(head.headers.get('x-container-meta-temp-url-key-2')).toBe('typed-key-0123456789-abcd');
    expect((await open(before)).status).toBe(200);
    const after = (await link()).url;
    expect(after).not.toBe(before);
    expect((await open(after)).status).toBe(200);

    await rotateTempUrlKeys(session, REGION, scope);
    expect((await open(before)).status).toBe(401);
    expect((await open(after)).status).toBe(200);

    expect(await setTempUrlKey(session, REGION, scope, 2, { kind: 'none' })).toMatchObject({ second: null });
    expect(
      (await swiftRequest(REGION, 'HEAD', containerUrl)).headers.get('x-container-meta-temp-url-key-2'),
    ).toBeNull();
  });

  it('the metadata editor cannot set or remove the keys', async () => {
    for (const change of [{ set: { 'Temp-URL-Key': 'x' } }, { remove: ['temp-url-key-2'] }]) {
      await expect(changeMetadata(session, REGION, { kind: 'container', container: C }, change)).rejects.toMatchObject({
        code: 'invalid_input',
      });
    }
    expect((await getContainer(session, REGION, C)).metadata).toEqual({});
  });
});

describe('account keys against real Swift', () => {
  // A tenant and region no other test signs links with; its keys are put back as they were.
  const who: HarnessUserName = 'files';
  const region: RegionName = 'RegionTwo';
  const account = `/v1/${HARNESS.users[who].account}`;
  const container = uniqueName('tempurl-acct');
  let session: StorageSession;
  let saved: Record<string, string>;

  beforeAll(async () => {
    session = await openHarnessSession(who);
    const head = await swiftRequest(region, 'HEAD', account, { who });
    saved = {};
    for (const key of ['Temp-URL-Key', 'Temp-URL-Key-2']) {
      const value = head.headers.get(`x-account-meta-${key.toLowerCase()}`);
      saved[value === null ? `X-Remove-Account-Meta-${key}` : `X-Account-Meta-${key}`] = value ?? 'x';
    }
    expect((await swiftRequest(region, 'PUT', `${account}/${container}`, { who })).status).toBeLessThan(300);
    expect((await swiftRequest(region, 'PUT', `${account}/${container}/a.txt`, { who, body: 'a' })).status).toBe(201);
  });

  afterAll(async () => {
    await swiftRequest(region, 'POST', account, { who, headers: saved });
    await swiftRequest(region, 'DELETE', `${account}/${container}/a.txt`, { who });
    await swiftRequest(region, 'DELETE', `${account}/${container}`, { who });
  });

  it('a generated account key signs links for any of its containers, and stays out of the metadata', async () => {
    const keys = await setTempUrlKey(session, region, { kind: 'account' }, 1, { kind: 'generated' });
    expect(keys.first).toMatch(/^•{8}[0-9a-f]{4}$/);
    const stored = (await swiftRequest(region, 'HEAD', account, { who })).headers.get('x-account-meta-temp-url-key');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    const seen = await getAccount(session, region);
    expect(Object.keys(seen.metadata).filter((k) => k.startsWith('temp-url'))).toEqual([]);
    expect(JSON.stringify(seen)).not.toContain(stored);
    const { url, expiresAt } = await makeTempUrl(session, region, {
      container,
      target: { kind: 'object', name: 'a.txt' },
      method: 'GET',
      expiresAt: inAnHour(),
      digest: 'sha512',
      keyScope: 'account',
    });
    expect(url.startsWith(`${HARNESS.regions[region].proxy}${account}/${container}/a.txt?`)).toBe(true);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    const got = await open(url);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('a');
  });
});
