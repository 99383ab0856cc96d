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
    'updateContainerMetadata',
    { region, container: 'c', metadata: { k: 'v' } },
    { metadata: { [`k${s}`]: 'v' } },
  ],
  [
    'metadata value',
    'updateObjectMetadata',
    { region, container: 'c', name: 'o', metadata: { k: 'v' } },
    { metadata: { k: `v${s}` } },
  ],
  ['key to delete', 'deleteAccountMetadata', { region, keys: ['k'] }, { keys: [`k${s}`] }],
  ['extract prefix', 'extractArchive', { ...op, container: 'c', filePath: file, format: 'tar' }, { prefix: `p${s}/` }],
  ['preview prefix', 'previewArchive', { region, container: 'c', filePath: file }, { prefix: `p${s}/` }],
  ['upload metadata', 'uploadFile', { ...op, container: 'c', name: 'o', filePath: file }, { metadata: { k: s } }],
]);

/** Every operation that takes a container name, with "c/o" (read by Swift as container c, object o) and NUL. */
const containerCases: Case[] = (
  [
    ['getContainer', { region, container: 'c' }],
    ['createContainer', { region, container: 'c' }],
    ['deleteContainer', { region, container: 'c' }],
    ['updateContainerMetadata', { region, container: 'c', metadata: { k: 'v' } }],
    ['deleteContainerMetadata', { region, container: 'c', keys: ['k'] }],
    ['setPublicRead', { region, container: 'c', on: true }],
    ['listObjects', { region, container: 'c' }],
    ['headObject', { region, container: 'c', name: 'x' }],
    ['deleteObject', { region, container: 'c', name: 'x' }],
    ['updateObjectMetadata', { region, container: 'c', name: 'x', metadata: { k: 'v' } }],
    ['deleteObjectMetadata', { region, container: 'c', name: 'x', keys: ['k'] }],
    ['uploadFile', { ...op, container: 'c', name: 'x', filePath: file }],
    ['downloadObject', { ...op, container: 'c', name: 'x', targetDir: '/tmp' }],
    ['extractArchive', { ...op, container: 'c', filePath: file, format: 'tar' }],
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
  ['key to delete with a space', 'deleteContainerMetadata', { region, container: 'c', keys: ['k'] }, { keys: ['a b'] }],
  [
    'key to delete with CR LF',
    'deleteObjectMetadata',
    { region, container: 'c', name: 'o', keys: ['k'] },
    { keys: ['k\r\nX-Evil: 1'] },
  ],
  ['key to delete, not ASCII', 'deleteAccountMetadata', { region, keys: ['k'] }, { keys: ['clé'] }],
  [
    'metadata key with a space',
    'updateAccountMetadata',
    { region, metadata: { k: 'v' } },
    { metadata: { 'a b': 'v' } },
  ],
  [
    'metadata value with CR LF',
    'updateContainerMetadata',
    { region, container: 'c', metadata: { k: 'v' } },
    { metadata: { k: 'v\r\nX-Evil: 1' } },
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
];

describe('bad input over IPC is invalid_input, never network or unexpected', () => {
  const handlers = createHandlers();
  it.each([...surrogateCases, ...containerCases, ...refContainerCases, ...otherCases])(
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
    const answer = await handlers.updateObjectMetadata({ region, container: 'c', name: 'o', metadata });
    const ms = performance.now() - started;
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!answer.ok && answer.error.message).toContain(
      `20000 metadata entries; at most ${MAX_METADATA_ENTRIES} can be sent at once.`,
    );
    expect(ms).toBeLessThan(2000); // about 20 ms here; it took 7 s signed in before the cap
    const atCap = Object.fromEntries(Array.from({ length: MAX_METADATA_ENTRIES }, (_, i) => [`k${i}`, 'v']));
    expect(await handlers.updateAccountMetadata({ region, metadata: atCap })).toMatchObject({
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
