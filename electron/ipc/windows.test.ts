/**
 * Two windows in one main process: each call reaches the state of the window that sent it, a
 * window the app did not open is refused, and closing one signs out that one only.
 */
import { describe, expect, it } from 'vitest';
import { channelOf } from '../../shared/operations';
import type { AccessGrant } from '../storage/auth';
import { createDispatcher } from './dispatch';
import { createAppState } from './handlers';
import { trustedCaller, type Caller } from './trusted-sender';
import { AppWindows } from './windows';

const APP = { protocol: 'app:', host: 'cirrus' };
const caller = (webContentsId: number): Caller => ({ webContentsId, frameUrl: 'app://cirrus/', isMainFrame: true });

/** An identity service that answers every user with a one-region catalog of their own. */
const authenticate = async (credentials: { userName: string }): Promise<AccessGrant> => ({
  token: `token-of-${credentials.userName}`,
  expiresAt: undefined,
  tenantName: credentials.userName,
  regions: [{ name: `Region-${credentials.userName}`, endpoint: `http://127.0.0.1:9/v1/AUTH_${credentials.userName}` }],
});

const DRAG = '0123456789abcdef0123456789abcdef';

function twoWindows() {
  const windows = new AppWindows(createAppState({ authenticate }));
  const dispatcher = createDispatcher(
    (id) => windows.handlersOf(id),
    trustedCaller((id) => windows.has(id), APP),
  );
  windows.open(3, () => undefined);
  windows.open(4, () => undefined);
  const signIn = (id: number, userName: string) =>
    dispatcher.dispatch(channelOf('signIn'), caller(id), {
      authUrl: 'http://127.0.0.1:9/v3',
      userName,
      secret: { kind: 'password', value: 'pw' },
    });
  const session = (id: number) => dispatcher.dispatch(channelOf('getSession'), caller(id), {});
  const offer = (id: number, dragId: string) =>
    dispatcher.dispatch(channelOf('offerWindowDrag'), caller(id), {
      dragId,
      source: { region: 'Region-alice', container: 'c' },
      items: [{ name: 'a', bytes: 1 }],
    });
  return { windows, dispatcher, signIn, session, offer };
}

describe('windows', () => {
  it('sign in on their own: each call sees its own window’s session only', async () => {
    const { windows, signIn, session } = twoWindows();
    expect(await signIn(3, 'alice')).toMatchObject({ ok: true, value: { userName: 'alice' } });
    expect(await session(4)).toEqual({ ok: true, value: null });
    expect(await signIn(4, 'bob')).toMatchObject({ ok: true, value: { userName: 'bob' } });
    expect(await session(3)).toMatchObject({ ok: true, value: { userName: 'alice', tenantName: 'alice' } });
    expect(await session(4)).toMatchObject({ ok: true, value: { userName: 'bob', tenantName: 'bob' } });
    expect(windows.sessionOf(3)).not.toBe(windows.sessionOf(4));
  });

  it('find one another’s drag offers in main, with the session that made them', async () => {
    const { windows, signIn, offer } = twoWindows();
    await signIn(3, 'alice');
    await signIn(4, 'bob');
    expect(await offer(3, DRAG)).toEqual({ ok: true, value: true });
    // The page names the drag by its id only; main finds the window, its session and what it carries.
    const found = windows.stateOf(4)!.findDragOffer(DRAG);
    expect(found?.from.session).toBe(windows.sessionOf(3));
    expect(found?.offer).toMatchObject({
      dragId: DRAG,
      source: { region: 'Region-alice', container: 'c' },
      items: [{ name: 'a', bytes: 1 }],
    });
    expect(windows.stateOf(4)!.findDragOffer('f'.repeat(32))).toBeUndefined();
    windows.close(3);
    expect(windows.stateOf(4)!.findDragOffer(DRAG)).toBeUndefined();
  });

  it('refuse a sender that is not one of the app’s windows, and one that has closed', async () => {
    const { windows, signIn, session, dispatcher } = twoWindows();
    await signIn(3, 'alice');
    expect(await session(5)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await dispatcher.dispatch(channelOf('getSession'), { ...caller(3), isMainFrame: false }, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    windows.close(3);
    expect(windows.has(3)).toBe(false);
    expect(await session(3)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('closing one signs out that one alone and stops what it ran', async () => {
    const { windows, signIn, session } = twoWindows();
    await signIn(3, 'alice');
    await signIn(4, 'bob');
    const closing = windows.stateOf(3)!;
    let stopped: unknown;
    const work = closing.running.run(
      'long',
      (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject((stopped = signal.reason)))),
    );
    windows.close(3);
    await expect(work).rejects.toBeDefined();
    expect(stopped).toBeDefined();
    expect(closing.session).toBeUndefined();
    expect(await session(4)).toMatchObject({ ok: true, value: { userName: 'bob' } });
  });

  it('share what is the app’s: the journal, the slots and the activity log', () => {
    const { windows } = twoWindows();
    const [a, b] = [windows.stateOf(3)!, windows.stateOf(4)!];
    expect(a.journal).toBe(b.journal);
    expect(a.slots).toBe(b.slots);
    expect(a.activity).toBe(b.activity);
    expect(a.deps).toBe(b.deps);
    expect(a.grants).not.toBe(b.grants);
    expect(a.running).not.toBe(b.running);
  });
});
