import { describe, expect, it } from 'vitest';
import { OPERATIONS, channelOf } from '../../shared/operations';
import { createDispatcher } from './dispatch';
import { createHandlers } from './handlers';
import { isPageUrl, trustedCaller, type Caller } from './trusted-sender';

const APP = { protocol: 'app:', host: 'cirrus' };

describe('the trust rule', () => {
  it('accepts the URLs Electron gives for our own page', () => {
    expect(isPageUrl('app://cirrus/index.html', APP)).toBe(true);
    expect(isPageUrl('app://cirrus/', APP)).toBe(true);
    expect(isPageUrl('app://cirrus/index.html#/browse?x=1', APP)).toBe(true);
  });

  it('refuses every other origin, and no URL at all', () => {
    for (const url of [
      'app://evil/',
      'app://cirrus.evil/',
      'app://evil.cirrus/',
      'app://cirrus:8080/',
      'app://x@cirrus/',
      'app://x:y@cirrus/',
      'file:///home/me/index.html',
      'http://cirrus/',
      'https://cirrus/index.html',
      'http://cirrus.localhost/',
      'devtools://devtools/bundled/inspector.html',
      'about:blank',
      'null',
      '',
      undefined,
      null,
    ]) {
      expect(isPageUrl(url, APP), String(url)).toBe(false);
    }
  });

  it('documents why origins are not compared: a non-special scheme has the origin "null"', () => {
    expect(new URL('app://cirrus/index.html').origin).toBe('null');
  });

  it('requires one of our windows and its main frame', () => {
    const trusted = trustedCaller((id) => id === 7 || id === 9, APP);
    const ours: Caller = { webContentsId: 7, frameUrl: 'app://cirrus/index.html', isMainFrame: true };
    expect(trusted(ours)).toBe(true);
    expect(trusted({ ...ours, webContentsId: 8 })).toBe(false);
    expect(trusted({ ...ours, webContentsId: 9 })).toBe(true);
    expect(trusted({ ...ours, isMainFrame: false })).toBe(false);
    expect(trusted({ ...ours, frameUrl: undefined })).toBe(false);
    expect(trustedCaller(() => false, APP)(ours)).toBe(false);
  });
});

describe('the dispatcher', () => {
  const ours: Caller = { webContentsId: 1, frameUrl: 'app://cirrus/', isMainFrame: true };
  const dispatcher = createDispatcher(
    createHandlers(),
    trustedCaller((id) => id === 1, APP),
  );

  it('has one channel per operation', () => {
    expect([...dispatcher.channels].sort()).toEqual(OPERATIONS.map(channelOf).sort());
  });

  it('runs the handler for a trusted caller', async () => {
    expect(await dispatcher.dispatch(channelOf('getSession'), ours, {})).toEqual({ ok: true, value: null });
    // The handler's own validation still applies behind the sender check.
    expect(await dispatcher.dispatch(channelOf('getSession'), ours, { extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('refuses untrusted callers and unknown channels without running anything', async () => {
    const forbidden = { ok: false, error: { code: 'forbidden' } };
    for (const caller of [
      { ...ours, webContentsId: 2 },
      { ...ours, isMainFrame: false },
      { ...ours, frameUrl: 'https://evil.example/' },
    ]) {
      expect(await dispatcher.dispatch(channelOf('getSession'), caller, {})).toMatchObject(forbidden);
    }
    expect(await dispatcher.dispatch('cirrus:nope', ours, {})).toMatchObject(forbidden);
    expect(await dispatcher.dispatch('toString', ours, {})).toMatchObject(forbidden);
  });
});
