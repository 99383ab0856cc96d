// Editing's bad input is answered invalid_input by the IPC schema. The page names an edit by its id
// alone: a path, in any field, is refused before anything runs. Each good request gets as far as
// "not signed in" (starting) or "not being edited" (the others).
import { describe, expect, it } from 'vitest';
import { createHandlers } from './handlers';

const start = { region: 'RegionOne', container: 'docs', name: 'notes.txt' };
const id = '0123456789abcdef';

describe('editing refuses bad input', () => {
  const handlers = createHandlers();

  it.each<[string, Record<string, unknown>]>([
    ['a local path beside the object', { ...start, filePath: '/etc/passwd' }],
    ['a folder to save it in', { ...start, targetDir: '/tmp' }],
    ['a container with a slash', { ...start, container: 'a/b' }],
    ['a name with NUL', { ...start, name: 'notes\0.txt' }],
    ['no name', { region: 'RegionOne', container: 'docs' }],
  ])('startEditing with %s', async (_label, bad) => {
    expect(await handlers.startEditing(start)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    expect(await handlers.startEditing(bad)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it.each<[string, unknown]>([
    ['a path for an id', '../../../etc'],
    ['an id in capitals', '0123456789ABCDEF'],
    ['a short id', '0123'],
    ['a number', 12],
  ])('stopping, retrying or resolving with %s', async (_label, badId) => {
    expect(await handlers.stopEditing({ id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await handlers.stopEditing({ id: badId })).toMatchObject({ error: { code: 'invalid_input' } });
    expect(await handlers.retryEditUpload({ id: badId })).toMatchObject({ error: { code: 'invalid_input' } });
    const resolve = { id: badId, choice: 'replace' };
    expect(await handlers.resolveEditConflict(resolve)).toMatchObject({ error: { code: 'invalid_input' } });
  });

  it('takes only the three answers to a conflict', async () => {
    for (const choice of ['replace', 'keepBoth', 'discard']) {
      expect(await handlers.resolveEditConflict({ id, choice })).toMatchObject({ error: { code: 'not_found' } });
    }
    expect(await handlers.resolveEditConflict({ id, choice: 'overwrite' })).toMatchObject({
      error: { code: 'invalid_input' },
    });
  });
});
