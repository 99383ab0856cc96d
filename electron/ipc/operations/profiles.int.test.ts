// Saved profiles through the IPC handlers, as the renderer calls them, against the real two-region
// Swift; what the session can see is checked against Swift directly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDeps } from '../../../testing/electron/test-deps';
import { HARNESS } from '../../../testing/swift/config';
import { createContainers, swiftRequest } from '../../../testing/swift/swift-direct';
import type { Response } from '../../../shared/contract';
import type { ProfileSummary, SessionInfo } from '../../../shared/domain';
import type { Result } from '../../../shared/errors';
import { PROFILES_FILE } from '../../profiles/profile-store';
import { closedPort } from '../../../testing/electron/closed-port';
import { uniqueName } from '../../../testing/electron/harness-session';
import { recordedCalls } from '../../../testing/electron/handler-calls';
import { createHandlers, type Handlers } from '../handlers';

const who = 'connections' as const;
const user = HARNESS.users[who];
const marker = uniqueName('profile-int');
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-profile-int-'));
let handlers: Handlers;
/** Every answer that crossed back to the "renderer", to check none holds a secret. */
const { call, value, transcript } = recordedCalls(() => handlers);

const profileFields = {
  authUrl: HARNESS.authUrlV2,
  userName: user.user,
  tenantName: user.tenantName,
  secretKind: 'password',
};

beforeAll(async () => {
  handlers = createHandlers({ deps: testDeps(userDataDir, { next: null }, {}) });
  await createContainers('RegionTwo', [marker], 1, who);
});

afterAll(async () => {
  fs.rmSync(userDataDir, { recursive: true, force: true });
  await swiftRequest('RegionTwo', 'DELETE', `/v1/${user.account}/${marker}`, { who });
});

describe('saved connection profiles over IPC', () => {
  let saved: ProfileSummary;

  it('saves a profile with its password and lists it without the password', async () => {
    saved = await value<ProfileSummary>('saveProfile', {
      name: 'Harness v2',
      ...profileFields,
      secret: { kind: 'password', value: user.password },
    });
    expect(saved).toMatchObject({ name: 'Harness v2', authVersion: '2', hasSecret: true });
    const listed = await value<Response<'listProfiles'>>('listProfiles', {});
    expect(listed).toEqual({ profiles: [saved], secretStorage: 'os' });
    expect(fs.readFileSync(path.join(userDataDir, PROFILES_FILE), 'utf8')).not.toContain(user.password);
  });

  it('connects through the saved profile and sees the account in both regions', async () => {
    const session = await value<SessionInfo>('connectProfile', { id: saved.id });
    expect(session).toMatchObject({ userName: user.user, tenantName: user.tenantName });
    expect(session.regions.map((r) => r.name)).toEqual(['RegionOne', 'RegionTwo']);
    const page = await value<Response<'listContainers'>>('listContainers', { region: 'RegionTwo', prefix: marker });
    expect(page.containers.map((c) => c.name)).toEqual([marker]);
    const elsewhere = await value<Response<'listContainers'>>('listContainers', {
      region: 'RegionOne',
      prefix: marker,
    });
    expect(elsewhere.containers).toEqual([]);
  });

  it('remembers the region per profile, also for the next launch', async () => {
    await value('rememberRegion', { id: saved.id, region: 'RegionTwo' });
    const next = createHandlers({ deps: testDeps(userDataDir, { next: null }, {}) });
    const listed = (await next.listProfiles({})) as Result<Response<'listProfiles'>>;
    expect(listed.ok && listed.value.profiles[0]?.lastRegion).toBe('RegionTwo');
  });

  it('asks for the password of a profile without one, and does not keep a password given to connect', async () => {
    const bare = await value<ProfileSummary>('saveProfile', { name: 'Asks every time', ...profileFields });
    expect(bare.hasSecret).toBe(false);
    const missing = await call('connectProfile', { id: bare.id });
    expect(missing).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'Enter the password for Asks every time.' },
    });
    await value('connectProfile', { id: bare.id, secret: { kind: 'password', value: user.password } });
    const listed = await value<Response<'listProfiles'>>('listProfiles', {});
    expect(listed.profiles.find((p) => p.id === bare.id)?.hasSecret).toBe(false);
  });

  it('answers a wrong password and an unreachable URL clearly, and keeps the session that was open', async () => {
    const wrong = await value<ProfileSummary>('saveProfile', {
      name: 'Wrong password',
      ...profileFields,
      secret: { kind: 'password', value: 'not-the-password' },
    });
    const refused = await call('connectProfile', { id: wrong.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'auth_failed' } });
    expect(!refused.ok && refused.error.message).toContain('did not accept these credentials');

    const port = await closedPort();
    const away = await value<ProfileSummary>('saveProfile', {
      name: 'Nobody home',
      ...profileFields,
      authUrl: `http://127.0.0.1:${port}/v2.0`,
      secret: { kind: 'password', value: user.password },
    });
    const unreachable = await call('connectProfile', { id: away.id });
    expect(unreachable).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(!unreachable.ok && unreachable.error.message).toContain(`127.0.0.1:${port}`);

    // The earlier session still works: a failed connect replaces nothing.
    const session = await value<SessionInfo | null>('getSession', {});
    expect(session?.userName).toBe(user.user);
  });

  it('deletes a profile: it is gone from the list and from the file', async () => {
    await value('deleteProfile', { id: saved.id });
    const listed = await value<Response<'listProfiles'>>('listProfiles', {});
    expect(listed.profiles.map((p) => p.name)).not.toContain('Harness v2');
    expect(fs.readFileSync(path.join(userDataDir, PROFILES_FILE), 'utf8')).not.toContain(saved.id);
    expect(await call('connectProfile', { id: saved.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('never answered with a password', () => {
    const wire = JSON.stringify(transcript);
    expect(wire).toContain('RegionTwo');
    expect(wire).not.toContain(user.password);
    expect(wire).not.toContain('not-the-password');
  });
});
