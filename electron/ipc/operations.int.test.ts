// Every operation of the IPC contract, called as the renderer would (through the handlers, with
// untrusted arguments), against the real two-region Swift; results are read back from Swift directly.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest, swiftToken } from '../../testing/swift/swift-direct';
import type { EventPayloads } from '../../shared/contract';
import type { ListingColumns } from '../../shared/listing-columns';
import { dialogPerson } from '../../testing/electron/dialog-person';
import { harnessCredentials, uniqueName } from '../../testing/electron/harness-session';
import { recordedCalls } from '../../testing/electron/handler-calls';
import { createHandlers, type Handlers } from './handlers';

const admin = HARNESS.users.admin;
const region = 'RegionOne';
const container = uniqueName('ipc');
const account = `/v1/${admin.account}`;
const direct = (method: string, p: string, headers: Record<string, string> = {}) =>
  swiftRequest(region, method, `${account}/${p}`, { headers });

let handlers: Handlers;
/** Local paths are chosen in the app's dialogs first, as a person would (path-grants.ts). */
const person = dialogPerson();
const events: EventPayloads['progress'][] = [];
const { call, value, transcript } = recordedCalls(() => handlers);
let cancelOnFirstProgress: string | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-ipc-'));

function writeFile(name: string, bytes: number): string {
  const file = path.join(tmp, name);
  const block = Buffer.alloc(Math.min(bytes, 1 << 20), 'cirrus-');
  const fd = fs.openSync(file, 'w');
  for (let written = 0; written < bytes; written += block.length)
    fs.writeSync(fd, block, 0, Math.min(block.length, bytes - written));
  fs.closeSync(fd);
  return file;
}

beforeAll(async () => {
  handlers = createHandlers({
    deps: person.deps,
    emit: (_event, payload) => {
      if (!('operationId' in payload)) return; // progress only
      events.push(payload);
      if (payload.operationId === cancelOnFirstProgress) {
        cancelOnFirstProgress = undefined;
        void handlers.cancel({ operationId: payload.operationId });
      }
    },
  });
  await value('signIn', harnessCredentials());
});

afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  const listing = await direct('GET', `${container}?format=json`);
  if (listing.status === 200) {
    for (const o of JSON.parse(listing.text) as { name: string }[])
      await direct('DELETE', `${container}/${encodeURIComponent(o.name)}`);
  }
  await direct('DELETE', container);
});

describe('every IPC operation against real Swift', () => {
  it('reads the region limits from /info', async () => {
    const limits = await value<{ maxFileSize: number; bulkUpload: boolean; tempUrl: unknown }>('getLimits', { region });
    expect(limits.maxFileSize).toBeGreaterThan(0);
    expect(limits.bulkUpload).toBe(true);
    // The harness allows sha1, sha256 and sha512: SHA-1 is not offered beside the stronger two.
    expect(limits.tempUrl).toEqual({ methods: ['GET', 'PUT', 'HEAD'], digests: ['sha256', 'sha512'] });
  });

  it('container lifecycle: create, read, metadata, public read', async () => {
    expect(await value('createContainer', { region, container })).toBe(true);
    const target = { kind: 'container', container } as const;
    expect(await value('changeMetadata', { region, target, set: { Team: 'ops', Tier: 'gold' } })).toBeNull();
    expect(await value('changeMetadata', { region, target, remove: ['tier'] })).toBeNull();
    expect(await value('setPublicRead', { region, container, on: true })).toMatchObject({ anybodyRead: true });
    expect(await value('getContainer', { region, container })).toMatchObject({
      metadata: { team: 'ops' },
      anybodyRead: true,
    });
    const head = await direct('HEAD', container);
    expect([
      head.headers.get('x-container-meta-team'),
      head.headers.get('x-container-meta-tier'),
      head.headers.get('x-container-read'),
    ]).toEqual(['ops', null, '.r:*,.rlistings']);
    expect(await value('setPublicRead', { region, container, on: false })).toMatchObject({ anybodyRead: false });
    const listed = await value<{ containers: { name: string }[] }>('listContainers', { region, prefix: container });
    expect(listed.containers.map((c) => c.name)).toEqual([container]);
  });

  it('uploads with progress events, then lists, heads, edits metadata, copies, downloads and deletes', async () => {
    const file = writeFile('report.csv', 3 * 1024 * 1024 + 17);
    await person.chooseFiles(handlers, [file]);
    const uploaded = await value<{ bytes: number }>('uploadFile', {
      operationId: 'up-1',
      region,
      container,
      name: 'docs/report.csv',
      filePath: file,
      metadata: { a: '1', b: '2', c: '3' },
    });
    expect(uploaded.bytes).toBe(fs.statSync(file).size);
    const progress = events.filter((e) => e.operationId === 'up-1');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ loaded: uploaded.bytes, total: uploaded.bytes });
    const head = await direct('HEAD', `${container}/docs/report.csv`);
    expect([head.headers.get('content-length'), head.headers.get('content-type')]).toEqual([
      String(uploaded.bytes),
      'text/csv; charset=utf-8',
    ]);

    const folders = await value<ListingColumns>('listObjects', { region, container, delimiter: '/' });
    expect(folders).toMatchObject({ names: ['docs/'], bytes: [-1], modified: [null] });
    // Without the delimiter, the object itself: its size, its type and Swift's time, as the page gets them.
    const flat = await value<ListingColumns>('listObjects', { region, container });
    expect(flat.names).toEqual(['docs/report.csv']);
    expect(flat.bytes).toEqual([uploaded.bytes]);
    // Swift's listing writes the type without the space its HEAD keeps.
    expect(flat.contentTypes[flat.types[0]!]).toBe('text/csv;charset=utf-8');
    expect(Math.abs(flat.modified[0]! - Date.parse(head.headers.get('last-modified')!))).toBeLessThan(1000);
    expect(await value('headObject', { region, container, name: 'docs/report.csv' })).toMatchObject({
      bytes: uploaded.bytes,
      manifest: 'plain',
    });

    const report = { kind: 'object', container, name: 'docs/report.csv' } as const;
    // One save that removes one key and changes another: one HEAD and one POST.
    expect(
      await value('changeMetadata', { region, target: report, set: { a: 'changed' }, remove: ['b'] }),
    ).toMatchObject({
      metadata: { a: 'changed', c: '3' },
    });
    const meta = await direct('HEAD', `${container}/docs/report.csv`);
    expect(['a', 'b', 'c'].map((k) => meta.headers.get(`x-object-meta-${k}`))).toEqual(['changed', null, '3']);

    expect(
      await value('copyObject', {
        region,
        from: { container, name: 'docs/report.csv' },
        to: { container, name: 'copy.csv' },
      }),
    ).toBe(true);
    expect((await direct('HEAD', `${container}/copy.csv`)).headers.get('x-object-meta-c')).toBe('3');

    const target = fs.mkdtempSync(path.join(tmp, 'dl-'));
    await person.chooseFolder(handlers, target);
    const downloaded = await value<{ filePath: string }>('downloadObject', {
      operationId: 'dl-1',
      region,
      container,
      name: 'copy.csv',
      targetDir: target,
    });
    expect(fs.readFileSync(downloaded.filePath).equals(fs.readFileSync(file))).toBe(true);
    expect(events.some((e) => e.operationId === 'dl-1')).toBe(true);

    expect(await value('bulkDelete', { region, items: [{ container, name: 'copy.csv' }] })).toMatchObject({
      deleted: 1,
    });
    expect(await value('deleteObject', { region, container, name: 'docs/report.csv' })).toBe(true);
    expect(await call('deleteObject', { region, container, name: 'docs/report.csv' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', status: 404 },
    });
    expect((await direct('GET', `${container}?format=json`)).text).toBe('[]');
  });

  it('extracts a tar.gz into the container with PUT ?extract-archive', async () => {
    const src = fs.mkdtempSync(path.join(tmp, 'tar-'));
    fs.mkdirSync(path.join(src, 'photos'));
    fs.writeFileSync(path.join(src, 'photos/one.txt'), 'one');
    fs.writeFileSync(path.join(src, 'two.txt'), 'two');
    const archive = path.join(tmp, 'bundle.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', src, 'photos/one.txt', 'two.txt']);
    await person.chooseFiles(handlers, [archive]);
    const result = await value('extractArchive', {
      operationId: 'x-1',
      region,
      container,
      prefix: 'unpacked',
      filePath: archive,
    });
    expect(result).toEqual({ created: 2, errors: [], status: '201 Created' });
    const listing = JSON.parse((await direct('GET', `${container}?format=json&prefix=unpacked/`)).text) as {
      name: string;
    }[];
    expect(listing.map((o) => o.name)).toEqual(['unpacked/photos/one.txt', 'unpacked/two.txt']);
  });

  it('cancels a running upload by its operation id, leaving nothing in Swift', async () => {
    const file = writeFile('big.bin', 96 * 1024 * 1024);
    await person.chooseFiles(handlers, [file]);
    cancelOnFirstProgress = 'up-cancel';
    const result = await call('uploadFile', {
      operationId: 'up-cancel',
      region,
      container,
      name: 'big.bin',
      filePath: file,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect((await direct('HEAD', `${container}/big.bin`)).status).toBe(404);
  }, 60_000);

  it('account metadata: update and delete keys', async () => {
    const key = `ipc-${Date.now().toString(36)}`;
    expect(await value('changeMetadata', { region, target: { kind: 'account' }, set: { [key]: 'v' } })).toBeNull();
    expect((await value<{ metadata: Record<string, string> }>('getAccount', { region })).metadata[key]).toBe('v');
    expect(await value('changeMetadata', { region, target: { kind: 'account' }, remove: [key] })).toBeNull();
    expect((await swiftRequest(region, 'HEAD', account)).headers.get(`x-account-meta-${key}`)).toBeNull();
  });

  it('a non-empty container is a conflict; emptied, it deletes', async () => {
    expect(await call('deleteContainer', { region, container })).toMatchObject({
      ok: false,
      error: { code: 'conflict', status: 409 },
    });
    const listing = JSON.parse((await direct('GET', `${container}?format=json`)).text) as { name: string }[];
    await value('bulkDelete', { region, items: listing.map((o) => ({ container, name: o.name })) });
    expect(await value('deleteContainer', { region, container })).toBe(true);
    expect((await direct('HEAD', container)).status).toBe(404);
  });

  it('nothing any operation answered holds the token or the password', async () => {
    const { token } = await swiftToken(region);
    const wire = JSON.stringify(transcript) + JSON.stringify(events);
    expect(transcript.length).toBeGreaterThan(20);
    expect(wire).not.toContain(token);
    expect(wire).not.toContain(admin.password);
  });
});
