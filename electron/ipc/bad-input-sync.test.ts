// Bad input to comparing a local folder and preparing a sync is answered invalid_input by the IPC schema; each
// case sent fixed gets as far as the path grant, which refuses a folder the person never chose (forbidden).
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../shared/contract';
import { createHandlers } from './handlers';

const compare = {
  operationId: 'cf-1',
  region: 'RegionOne',
  container: 'c',
  folder: '/home/someone/photos',
  excludes: [],
};
const prepare = {
  operationId: 'ps-1',
  region: 'RegionOne',
  container: 'c',
  folder: '/home/someone/photos',
  actions: [{ name: 'a.txt', kind: 'upload', local: { bytes: 3, mtime: 1.5 } }],
};

const place = { region: 'RegionOne', container: 'c', folder: '/home/someone/photos' };
const synced = { ...place, at: 1_700_000_000 };

type Case = [label: string, operation: Operation, good: Record<string, unknown>, bad: Record<string, unknown>];

const cases: Case[] = [
  ['no operation id', 'compareFolder', compare, { operationId: undefined }],
  ['a relative folder', 'compareFolder', compare, { folder: 'photos' }],
  ['no exclusions list', 'compareFolder', compare, { excludes: undefined }],
  ['an exclusion that is not text', 'compareFolder', compare, { excludes: [7] }],
  ['a container with "/"', 'compareFolder', compare, { container: 'a/b' }],
  ['a prefix with a lone surrogate', 'compareFolder', compare, { prefix: 'p\uD800' }],
  ['an unknown field', 'compareFolder', compare, { recursive: false }],
  ['no actions', 'prepareSync', prepare, { actions: [] }],
  ['an unknown action', 'prepareSync', prepare, { actions: [{ name: 'a', kind: 'chmod' }] }],
  ['an action without a name', 'prepareSync', prepare, { actions: [{ kind: 'upload' }] }],
  [
    'a negative size seen',
    'prepareSync',
    prepare,
    { actions: [{ name: 'a', kind: 'upload', local: { bytes: -1, mtime: 1 } }] },
  ],
  [
    'a time that is no number',
    'prepareSync',
    prepare,
    { actions: [{ name: 'a', kind: 'upload', local: { bytes: 1, mtime: 'x' } }] },
  ],
  [
    'an extra field on an action',
    'prepareSync',
    prepare,
    { actions: [{ name: 'a', kind: 'upload', path: '/etc/passwd' }] },
  ],
  ['a relative folder', 'prepareSync', prepare, { folder: '../..' }],
  ['a relative folder', 'lastSynced', place, { folder: 'photos' }],
  ['an unknown field', 'lastSynced', place, { at: 1 }],
  ['a time that is no number', 'recordSynced', synced, { at: '2026' }],
  ['a time of zero', 'recordSynced', synced, { at: 0 }],
  ['no container', 'recordSynced', synced, { container: undefined }],
];

describe('bad input to the saved exclusion patterns is invalid_input', () => {
  const handlers = createHandlers();
  it.each([
    ['an empty profile id', { profileId: '' }],
    ['a profile id that is not text', { profileId: 3 }],
    ['patterns that are no list', { profileId: 'p', patterns: '*.tmp' }],
    ['a pattern over 1,000 characters', { profileId: 'p', patterns: ['x'.repeat(1001)] }],
  ])('%s', async (_label, request) => {
    const operation = 'patterns' in request ? 'saveSyncExcludes' : 'getSyncExcludes';
    expect(await handlers[operation](request as never)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('bad input to the sync requests is invalid_input, never network or unexpected', () => {
  const handlers = createHandlers();
  it.each(cases)('%s (%s)', async (_label, operation, good, bad) => {
    expect(await handlers[operation](good)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const answer = await handlers[operation]({ ...good, ...bad });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe("a page of a comparison's differences is read only by an id this window's compare gave", () => {
  const handlers = createHandlers();
  const page = { comparison: '3b241101-e2bb-4255-8caf-4136c566a962', offset: 0 };
  it.each([
    ['a path for an id', { comparison: '../../etc/passwd' }],
    ['no id', { comparison: undefined }],
    ['a negative offset', { offset: -1 }],
    ['an offset that is no whole number', { offset: 1.5 }],
    ['an unknown field', { file: '/tmp/x.jsonl' }],
  ])('%s is invalid_input', async (_label, bad) => {
    const answer = await handlers.differencesPage({ ...page, ...bad } as never);
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
  it('letting go of a path, or of nothing, is invalid_input', async () => {
    for (const bad of [{ comparison: '/tmp/x.jsonl' }, {}, { comparison: page.comparison, offset: 0 }])
      expect(await handlers.discardDifferences(bad as never)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
  });
  it('an id no compare gave is not_found, with what to do', async () => {
    expect(await handlers.differencesPage(page)).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringContaining('Compare again') },
    });
  });
});
