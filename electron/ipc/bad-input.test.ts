// Bad input is answered invalid_input by the IPC schema, before any session is needed: each case
// is also sent fixed, and that one gets as far as "not signed in", so the bad field is the reason.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../shared/contract';
import { MAX_METADATA_ENTRIES } from '../../shared/validation';
import { createHandlers } from './handlers';

const region = 'RegionOne';
const op = { operationId: 'op-1', region };
const file = '/tmp/cirrus-bad-input.bin';
const LONE = ['\uD800', '\uDFFF', 'a\uD83D', '\uDE00b'];

type Case = [label: string, operation: Operation, good: Record<string, unknown>, bad: Record<string, unknown>];

const surrogateCases: Case[] = LONE.flatMap((s): Case[] => [
  ['container', 'getContainer', { region, container: 'c' }, { container: `c${s}` }],
  ['object', 'deleteObject', { region, container: 'c', name: 'o' }, { name: `o${s}` }],
  ['prefix', 'listObjects', { region, container: 'c' }, { prefix: s }],
  ['marker', 'listObjects', { region, container: 'c' }, { marker: s }],
  ['end marker', 'listContainers', { region }, { endMarker: s }],
  ['delimiter', 'listObjects', { region, container: 'c' }, { delimiter: s }],
  [
    'copy source',
    'copyObject',
    { region, from: { container: 'a', name: 'x' }, to: { container: 'b', name: 'y' } },
    { from: { container: 'a', name: `x${s}` } },
  ],
  [
    'copy target',
    'copyObject',
    { region, from: { container: 'a', name: 'x' }, to: { container: 'b', name: 'y' } },
    { to: { container: `b${s}`, name: 'y' } },
  ],
  [
    'bulk item',
    'bulkDelete',
    { region, items: [{ container: 'c', name: 'o' }] },
    {
      items: [
        { container: 'c', name: 'o' },
        { container: 'c', name: s },
      ],
    },
  ],
  [
    'metadata key',
    'changeMetadata',
    { region, target: { kind: 'container', container: 'c' }, set: { k: 'v' } },
    { set: { [`k${s}`]: 'v' } },
  ],
  [
    'metadata value',
    'changeMetadata',
    { region, target: { kind: 'object', container: 'c', name: 'o' }, set: { k: 'v' } },
    { set: { k: `v${s}` } },
  ],
  ['key to delete', 'changeMetadata', { region, target: { kind: 'account' }, remove: ['k'] }, { remove: [`k${s}`] }],
  ['extract prefix', 'extractArchive', { ...op, container: 'c', filePath: file }, { prefix: `p${s}/` }],
  ['preview prefix', 'previewArchive', { region, container: 'c', filePath: file }, { prefix: `p${s}/` }],
  ['upload metadata', 'uploadFile', { ...op, container: 'c', name: 'o', filePath: file }, { metadata: { k: s } }],
]);

/** Every operation that takes a container name, with "c/o" (read by Swift as container c, object o) and NUL. */
const containerCases: Case[] = (
  [
    ['getContainer', { region, container: 'c' }],
    ['createContainer', { region, container: 'c' }],
    ['deleteContainer', { region, container: 'c' }],
    ['setPublicRead', { region, container: 'c', on: true }],
    ['listObjects', { region, container: 'c' }],
    ['headObject', { region, container: 'c', name: 'x' }],
    ['deleteObject', { region, container: 'c', name: 'x' }],
    ['uploadFile', { ...op, container: 'c', name: 'x', filePath: file }],
    ['downloadObject', { ...op, container: 'c', name: 'x', targetDir: '/tmp' }],
    ['extractArchive', { ...op, container: 'c', filePath: file }],
    ['previewArchive', { region, container: 'c', filePath: file }],
  ] as const
).flatMap(([operation, good]): Case[] =>
  ['c/o', 'c/', '/c', 'c\0o'].map((container): Case => [
    `container ${JSON.stringify(container)}`,
    operation,
    good,
    { container },
  ]),
);
/** The same four names as the target of a metadata change. */
const targetContainerCases: Case[] = ['c/o', 'c/', '/c', 'c\0o'].flatMap((container): Case[] => [
  [
    `metadata of container ${JSON.stringify(container)}`,
    'changeMetadata',
    { region, target: { kind: 'container', container: 'c' }, set: { k: 'v' } },
    { target: { kind: 'container', container } },
  ],
  [
    `metadata of an object in ${JSON.stringify(container)}`,
    'changeMetadata',
    { region, target: { kind: 'object', container: 'c', name: 'x' }, remove: ['k'] },
    { target: { kind: 'object', container, name: 'x' } },
  ],
]);
const refContainerCases: Case[] = [
  [
    'copy source container',
    'copyObject',
    { region, from: { container: 'a', name: 'x' }, to: { container: 'b', name: 'y' } },
    { from: { container: 'c/o', name: 'x' } },
  ],
  [
    'copy target container',
    'copyObject',
    { region, from: { container: 'a', name: 'x' }, to: { container: 'b', name: 'y' } },
    { to: { container: 'c/o', name: 'x' } },
  ],
  [
    'bulk container',
    'bulkDelete',
    { region, items: [{ container: 'c' }] },
    { items: [{ container: 'c/o', name: 'x' }] },
  ],
];

const otherCases: Case[] = [
  [
    'key to delete with a space',
    'changeMetadata',
    { region, target: { kind: 'container', container: 'c' }, remove: ['k'] },
    { remove: ['a b'] },
  ],
  [
    'key to delete with CR LF',
    'changeMetadata',
    { region, target: { kind: 'object', container: 'c', name: 'o' }, remove: ['k'] },
    { remove: ['k\r\nX-Evil: 1'] },
  ],
  [
    'key to delete, not ASCII',
    'changeMetadata',
    { region, target: { kind: 'account' }, remove: ['k'] },
    { remove: ['clé'] },
  ],
  [
    'metadata key with a space',
    'changeMetadata',
    { region, target: { kind: 'account' }, set: { k: 'v' } },
    { set: { 'a b': 'v' } },
  ],
  [
    'metadata value with CR LF',
    'changeMetadata',
    { region, target: { kind: 'container', container: 'c' }, set: { k: 'v' } },
    { set: { k: 'v\r\nX-Evil: 1' } },
  ],
  [
    'a change with nothing to set or remove',
    'changeMetadata',
    { region, target: { kind: 'account' }, set: { k: 'v' } },
    { set: {} },
  ],
  [
    'content type with CR LF',
    'uploadFile',
    { ...op, container: 'c', name: 'o', filePath: file, contentType: 'text/plain' },
    { contentType: 'text/plain\r\nX-Evil: 1' },
  ],
  [
    'content type with NUL',
    'uploadFile',
    { ...op, container: 'c', name: 'o', filePath: file },
    { contentType: 'text/\0plain' },
  ],
  ['object name with NUL', 'headObject', { region, container: 'c', name: 'o' }, { name: 'o\0' }],
  ...[1.5, 0, -60, 10_000_000_000, '2000000000'].map((deleteAt): Case => [
    `expiry ${JSON.stringify(deleteAt)}`,
    'setObjectExpiry',
    { region, container: 'c', name: 'o', deleteAt: 2_000_000_000 },
    { deleteAt },
  ]),
  [
    'expiry left out',
    'setObjectExpiry',
    { region, container: 'c', name: 'o', deleteAt: null },
    { deleteAt: undefined },
  ],
  [
    'upload expiry in the past century',
    'uploadFile',
    { ...op, container: 'c', name: 'o', filePath: file, deleteAt: 2_000_000_000 },
    { deleteAt: -1 },
  ],
  ...(
    [
      ['link IP range with host bits', { ipRange: '10.1.2.3/8' }],
      ['link IP range that is a name', { ipRange: 'localhost' }],
      ['link method DELETE', { method: 'DELETE' }],
      ['link digest md5', { digest: 'md5' }],
      ['link key of another scope', { keyScope: 'user' }],
      ['link prefix with NUL', { target: { kind: 'prefix', prefix: 'a\0' } }],
      ['link container with "/"', { container: 'c/o' }],
    ] as const
  ).map(([label, bad]): Case => [
    label,
    'makeTempUrl',
    {
      region,
      container: 'c',
      target: { kind: 'object', name: 'o' },
      method: 'GET',
      expiresAt: 2_000_000_000,
      digest: 'sha256',
      keyScope: 'container',
    },
    bad,
  ]),
  [
    'temp URL key slot 3',
    'setTempUrlKey',
    { region, scope: { kind: 'account' }, slot: 1, key: { kind: 'generated' } },
    { slot: 3 },
  ],
  [
    'empty typed temp URL key',
    'setTempUrlKey',
    { region, scope: { kind: 'account' }, slot: 2, key: { kind: 'none' } },
    { key: { kind: 'typed', value: '' } },
  ],
  [
    'temp URL keys of container "c/o"',
    'rotateTempUrlKeys',
    { region, scope: { kind: 'account' } },
    { scope: { kind: 'container', container: 'c/o' } },
  ],
  [
    'a link to a container with "/"',
    'createSymlink',
    { region, container: 'c', name: 'link', target: { container: 'c', name: 'o' } },
    { target: { container: 'c/o', name: 'x' } },
  ],
  [
    'a header value with a line break',
    'setObjectHeaders',
    { region, container: 'c', name: 'o', headers: { 'cache-control': 'no-store' } },
    { headers: { 'cache-control': 'no-store\r\nX-Evil: 1' } },
  ],
  [
    'a header Cirrus does not edit',
    'setObjectHeaders',
    { region, container: 'c', name: 'o', headers: { 'cache-control': 'no-store' } },
    { headers: { 'x-object-manifest': 'c/seg' } },
  ],
  [
    'no header at all',
    'setObjectHeaders',
    { region, container: 'c', name: 'o', headers: { 'cache-control': 'no-store' } },
    { headers: {} },
  ],
  [
    'a referrer in a write ACL',
    'setContainerAcls',
    { region, container: 'c', read: '', write: 'AUTH_a' },
    { write: '.r:*' },
  ],
  [
    'a read ACL grant with a space',
    'setContainerAcls',
    { region, container: 'c', read: '.r:*', write: '' },
    { read: '.r:*,AUTH_a b' },
  ],
  [
    'version id that is a path',
    'restoreObjectVersion',
    { region, container: 'c', name: 'o', versionId: '1795615744.12330' },
    { versionId: '../o?multipart-manifest=delete' },
  ],
  [
    'version id with a query',
    'deleteObjectVersion',
    { region, container: 'c', name: 'o', versionId: '1795615744.12330' },
    { versionId: '1795615744.12330&x=1' },
  ],
  [
    'legacy versions location with "/"',
    'setContainerVersioning',
    { region, container: 'c', change: { kind: 'current', enabled: true } },
    { change: { kind: 'legacy', mode: 'stack', location: 'a/b' } },
  ],
  [
    'versioning mode "both"',
    'setContainerVersioning',
    { region, container: 'c', change: { kind: 'legacyOff' } },
    { change: { kind: 'legacy', mode: 'both', location: 'arch' } },
  ],
  ...(
    [
      ['negative quota bytes', { bytes: -1 }],
      ['fractional quota count', { count: 1.5 }],
      ['quota bytes as text', { bytes: '10 MB' }],
      ['quota past the exact numbers', { bytes: Number.MAX_SAFE_INTEGER + 2 }],
      ['quota count left out', { count: undefined }],
      ['quota of container "c/o"', { container: 'c/o' }],
    ] as const
  ).map(([label, bad]): Case => [
    label,
    'setContainerQuota',
    { region, container: 'c', bytes: 1000, count: null },
    bad,
  ]),
  [
    'download of a version id that is text',
    'downloadObject',
    { ...op, container: 'c', name: 'o', targetDir: '/tmp' },
    { versionId: 'latest' },
  ],
  [
    'extract expiry of 0 seconds',
    'extractArchive',
    { ...op, container: 'c', filePath: file, deleteAfter: 86_400 },
    { deleteAfter: 0 },
  ],
];

describe('bad input over IPC is invalid_input, never network or unexpected', () => {
  const handlers = createHandlers();
  it.each([...surrogateCases, ...containerCases, ...targetContainerCases, ...refContainerCases, ...otherCases])(
    '%s: %s',
    async (_label, operation, good, bad) => {
      expect(await handlers[operation](good)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
      const answer = await handlers[operation]({ ...good, ...bad });
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    },
  );

  it('says which field and why', async () => {
    const answer = await handlers.deleteObject({ region, container: 'c/o', name: 'x' });
    expect(!answer.ok && answer.error.message).toContain('container: A container name cannot contain "/".');
  });

  it('refuses 20,000 metadata entries by the cap, at once', async () => {
    const metadata = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 'v']));
    const started = performance.now();
    const target = { kind: 'object', container: 'c', name: 'o' } as const;
    const answer = await handlers.changeMetadata({ region, target, set: metadata });
    const ms = performance.now() - started;
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!answer.ok && answer.error.message).toContain(
      `20000 metadata entries; at most ${MAX_METADATA_ENTRIES} can be sent at once.`,
    );
    expect(ms).toBeLessThan(2000); // about 20 ms here; it took 7 s signed in before the cap
    const atCap = Object.fromEntries(Array.from({ length: MAX_METADATA_ENTRIES }, (_, i) => [`k${i}`, 'v']));
    expect(await handlers.changeMetadata({ region, target: { kind: 'account' }, set: atCap })).toMatchObject({
      error: { code: 'not_signed_in' },
    });
  });

  it.each(['signIn', 'saveProfile'] as const)(
    '%s refuses an auth URL with a password, without echoing it',
    async (operation) => {
      const secretInUrl = 'pw-in-the-url-77';
      const request = {
        name: 'P',
        authUrl: `http://keeper:${secretInUrl}@127.0.0.1:15000/v2.0`,
        userName: 'keeper',
        secretKind: 'password',
        secret: { kind: 'password', value: 'p' },
      };
      const { name: _name, secretKind: _kind, ...signInRequest } = request;
      const answer = await handlers[operation](operation === 'signIn' ? signInRequest : request);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(JSON.stringify(answer)).not.toContain(secretInUrl);
      expect(!answer.ok && answer.error.message).toContain(
        'authUrl: The auth URL must not contain a user name or password',
      );
    },
  );
});
