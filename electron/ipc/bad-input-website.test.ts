// The website request's bad input is answered invalid_input by the IPC schema, before any session is
// needed: each case is also sent fixed, and that one gets as far as "not signed in".
import { describe, expect, it } from 'vitest';
import { createHandlers } from './handlers';

const good = { region: 'RegionOne', container: 'site', change: { index: 'index.html' } };

const cases: [label: string, bad: Record<string, unknown>][] = [
  ['no setting to change', { change: {} }],
  ['an unknown setting', { change: { index: 'index.html', webMode: 'true' } }],
  ['an origin with a path', { change: { allowOrigin: 'https://a.example/' } }],
  ['origins separated by commas', { change: { allowOrigin: 'https://a.example,https://b.example' } }],
  ['a max age in words', { change: { maxAge: 'ten minutes' } }],
  ['a header name with a colon', { change: { exposeHeaders: 'X-Color:' } }],
  ['an index with a leading slash', { change: { index: '/index.html' } }],
  ['a control character', { change: { error: 'error.html\r\nX-Evil: 1' } }],
  ['listings as text', { change: { listings: 'true' } }],
  ['a container with a slash', { container: 'a/b' }],
];

describe('setContainerWebsite refuses bad input', () => {
  const handlers = createHandlers();
  it.each(cases)('%s', async (_label, bad) => {
    expect(await handlers.setContainerWebsite(good)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    expect(await handlers.setContainerWebsite({ ...good, ...bad })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('says which setting and why', async () => {
    const answer = await handlers.setContainerWebsite({ ...good, change: { allowOrigin: 'https://A.example' } });
    expect(!answer.ok && answer.error.message).toContain('browsers send it in lower case, https://a.example.');
  });

  it('takes removals and the listings switch alone', async () => {
    const change = { index: null, allowOrigin: null, listings: false };
    expect(await handlers.setContainerWebsite({ ...good, change })).toMatchObject({
      error: { code: 'not_signed_in' },
    });
  });
});
