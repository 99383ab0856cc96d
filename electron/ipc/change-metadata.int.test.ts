// changeMetadata against the real Swift: one request per save (plus the HEAD an object needs),
// every untouched key kept, and saves to one target serialised so none is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cirrusRequests, settledLogSize } from '../../e2e/fixtures/proxy-log';
import type { ObjectInfo } from '../../shared/domain';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { recordedCalls } from '../../testing/electron/handler-calls';
import { harnessCredentials, uniqueName } from '../../testing/electron/harness-session';
import { createHandlers, type Handlers } from './handlers';

const admin = HARNESS.users.admin;
const region = 'RegionOne';
const account = `/v1/${admin.account}`;
const container = uniqueName('meta');
const direct = (method: string, p: string, headers: Record<string, string> = {}) =>
  swiftRequest(region, method, `${account}/${p}`, { headers });

let handlers: Handlers;
const { value } = recordedCalls(() => handlers);

beforeAll(async () => {
  handlers = createHandlers();
  await value('signIn', harnessCredentials());
  await direct('PUT', container, { 'x-container-meta-keep': 'yes' });
  await direct('PUT', `${container}/o`, { 'x-object-meta-keep': 'yes', 'content-disposition': 'inline' });
});

afterAll(async () => {
  await direct('DELETE', `${container}/o`);
  await direct('DELETE', container);
});

/** Cirrus's requests that reached the proxy since `since`, once the log has caught up with `count`. */
async function requestsSince(since: number, count: number) {
  await expect.poll(() => cirrusRequests(region, since).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return cirrusRequests(region, since).map((r) => `${r.method} ${r.path.replace(account, '')}`);
}

describe('changeMetadata', () => {
  it('sets and removes object keys in one HEAD and one POST, keeping the rest', async () => {
    const target = { kind: 'object', container, name: 'o' } as const;
    await value('changeMetadata', { region, target, set: { a: '1', b: '2' } });
    const since = await settledLogSize(region);
    const after = await value<ObjectInfo>('changeMetadata', {
      region,
      target,
      set: { a: 'one', c: '3' },
      remove: ['B'],
    });
    expect(await requestsSince(since, 2)).toEqual([`HEAD /${container}/o`, `POST /${container}/o`]);
    const head = await direct('HEAD', `${container}/o`);
    // What it answers is what Swift now holds, so the UI needs no HEAD of its own.
    expect(after.metadata).toEqual({ keep: 'yes', a: 'one', c: '3' });
    const stored = Date.parse(head.headers.get('last-modified')!);
    expect(Math.abs(Date.parse(after.lastModified) - stored)).toBeLessThanOrEqual(1000);
    const meta = Object.fromEntries(['keep', 'a', 'b', 'c'].map((k) => [k, head.headers.get(`x-object-meta-${k}`)]));
    expect(meta).toEqual({ keep: 'yes', a: 'one', b: null, c: '3' });
    // The header an object POST drops unless resent.
    expect(head.headers.get('content-disposition')).toBe('inline');
  });

  it('changes a container or the account in one POST, no HEAD', async () => {
    const since = await settledLogSize(region);
    await value('changeMetadata', {
      region,
      target: { kind: 'container', container },
      set: { team: 'ops' },
      remove: ['nothing-here'],
    });
    expect(await requestsSince(since, 1)).toEqual([`POST /${container}`]);
    const head = await direct('HEAD', container);
    expect(head.headers.get('x-container-meta-team')).toBe('ops');
    expect(head.headers.get('x-container-meta-keep')).toBe('yes');

    const key = uniqueName('acct');
    const before = await settledLogSize(region);
    await value('changeMetadata', { region, target: { kind: 'account' }, set: { [key]: 'v' } });
    expect(await requestsSince(before, 1)).toEqual(['POST ']);
    await value('changeMetadata', { region, target: { kind: 'account' }, remove: [key] });
    expect((await swiftRequest(region, 'HEAD', account)).headers.get(`x-account-meta-${key}`)).toBeNull();
  });

  it('keeps every key when 12 saves on one object run at once', async () => {
    const target = { kind: 'object', container, name: 'o' } as const;
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
    const answers = await Promise.all(keys.map((k) => handlers.changeMetadata({ region, target, set: { [k]: k } })));
    expect(answers.every((a) => a.ok)).toBe(true);
    const head = await direct('HEAD', `${container}/o`);
    expect(keys.filter((k) => head.headers.get(`x-object-meta-${k}`) === k)).toEqual(keys);
    expect(head.headers.get('x-object-meta-keep')).toBe('yes');
  });
});
