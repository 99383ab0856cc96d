// Bad input to the activity log's requests is invalid_input; the page cannot name a file to save to.
import { describe, expect, it } from 'vitest';
import { createHandlers } from './handlers';

const cases: [operation: 'listActivity' | 'clearActivity' | 'saveActivity', bad: Record<string, unknown>][] = [
  ['listActivity', { after: -1 }],
  ['listActivity', { after: 1.5 }],
  ['listActivity', { after: '3' }],
  ['listActivity', { limit: 0 }],
  ['listActivity', { limit: 1001 }],
  ['clearActivity', { all: true }],
  ['saveActivity', { status: '6xx' }],
  ['saveActivity', { text: 'x'.repeat(1001) }],
  ['saveActivity', { path: '/tmp/activity.txt' }],
  ['saveActivity', { file: '/home/someone/.bashrc' }],
];

describe('bad input to the activity requests is invalid_input', () => {
  const handlers = createHandlers();

  it.each(cases)('%s with %j', async (operation, bad) => {
    expect(await handlers[operation](bad)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining(`Invalid request for ${operation}`) },
    });
  });

  it('answers a good request, and a save with no dialog answer writes nothing', async () => {
    expect(await handlers.listActivity({ after: 0, limit: 10 })).toMatchObject({ ok: true, value: { entries: [] } });
    expect(await handlers.saveActivity({ text: 'tx', status: '4xx' })).toEqual({ ok: true, value: null });
  });
});
