import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SecretStorage } from '../../shared/domain';
import { StorageError } from '../storage/errors';
import { PLAIN_TEXT_REFUSAL, PROFILES_FILE, ProfileStore, type ProfileInput } from './profile-store';
import type { SecretCipher } from './secret-cipher';

/** A reversible stand-in for the keychain: the stored bytes never contain the plain text. */
function fakeCipher(storage: SecretStorage = 'os'): SecretCipher & { kind: SecretStorage } {
  const flip = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a));
  const cipher = {
    kind: storage,
    storage: () => cipher.kind,
    encrypt: (plain: string) => flip(Buffer.from(`sealed:${plain}`)),
    decrypt: (data: Buffer) => {
      const text = flip(data).toString('utf8');
      if (!text.startsWith('sealed:')) throw new Error('bad data');
      return text.slice('sealed:'.length);
    },
  };
  return cipher;
}

const base: ProfileInput = {
  name: 'Production',
  authUrl: 'http://127.0.0.1:15000/v2.0',
  userName: 'keeper',
  tenantName: 'connections',
  secretKind: 'password',
};
const password = { kind: 'password', value: 'hunter2-very-secret' } as const;

let dir: string;
const fileText = () => fs.readFileSync(path.join(dir, PROFILES_FILE), 'utf8');

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-profiles-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function refusal(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

describe('ProfileStore', () => {
  it('starts empty when there is no file', async () => {
    expect(await new ProfileStore(dir, fakeCipher()).list()).toEqual([]);
  });

  it('saves a profile with its secret encrypted, in a 0600 file, and gives it back without the secret', async () => {
    const store = new ProfileStore(dir, fakeCipher());
    const saved = await store.save({ ...base, secret: password });
    expect(saved).toMatchObject({ name: 'Production', authVersion: '2', hasSecret: true, lastRegion: undefined });
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(saved)).not.toContain(password.value);
    expect(fileText()).not.toContain(password.value);
    expect(JSON.parse(fileText()).profiles[0]).toMatchObject({ secretStorage: 'os', secret: expect.any(String) });
    expect(fs.statSync(path.join(dir, PROFILES_FILE)).mode & 0o777).toBe(0o600);
    // No temp file is left behind by the atomic write.
    expect(fs.readdirSync(dir)).toEqual([PROFILES_FILE]);

    expect(await store.list()).toEqual([saved]);
    expect((await store.withSecret(saved.id)).secret).toEqual(password);
    // A second store on the same folder (the next launch) reads the same.
    expect(await new ProfileStore(dir, fakeCipher()).list()).toEqual([saved]);
  });

  it('infers the auth version from the URL and drops v3-only fields for v2', async () => {
    const store = new ProfileStore(dir, fakeCipher());
    const v3 = await store.save({ ...base, name: 'three', authUrl: 'http://h/v3', userDomain: 'Default' });
    expect(v3).toMatchObject({ authVersion: '3', userDomain: 'Default' });
    const v2 = await store.save({ ...base, name: 'two', authVersion: '2', userDomain: 'Default' });
    expect(v2.userDomain).toBeUndefined();
  });

  it('keeps the saved secret when an edit brings none, and forgets it when asked', async () => {
    const store = new ProfileStore(dir, fakeCipher());
    const { id } = await store.save({ ...base, secret: password });
    const renamed = await store.save({ ...base, id, name: 'Renamed' });
    expect(renamed).toMatchObject({ id, name: 'Renamed', hasSecret: true });
    expect((await store.withSecret(id)).secret).toEqual(password);

    const forgotten = await store.save({ ...base, id, name: 'Renamed', forgetSecret: true });
    expect(forgotten.hasSecret).toBe(false);
    expect((await store.withSecret(id)).secret).toBeUndefined();
    expect(JSON.parse(fileText()).profiles[0].secret).toBeUndefined();
  });

  it('drops a saved secret whose kind no longer matches the profile', async () => {
    const store = new ProfileStore(dir, fakeCipher());
    const { id } = await store.save({ ...base, secret: password });
    expect((await store.save({ ...base, id, secretKind: 'apiKey' })).hasSecret).toBe(false);
  });

  it('keeps an application credential id with the profile, not only inside the secret', async () => {
    const store = new ProfileStore(dir, fakeCipher());
    const input: ProfileInput = {
      ...base,
      authVersion: '3',
      secretKind: 'applicationCredential',
      applicationCredentialId: 'ac1',
      secret: { kind: 'applicationCredential', id: 'ignored', value: 's3cr3t' },
    };
    const saved = await store.save(input);
    expect(saved.applicationCredentialId).toBe('ac1');
    await store.save({ ...input, id: saved.id, applicationCredentialId: 'ac2', secret: undefined });
    expect((await store.withSecret(saved.id)).secret).toEqual({
      kind: 'applicationCredential',
      id: 'ac2',
      value: 's3cr3t',
    });
    const v2 = await refusal(store.save({ ...input, name: 'x', authVersion: '2' }));
    expect(v2.code).toBe('invalid_input');
  });

  it('refuses a plain-text secret unless the person agreed, and says why', async () => {
    const store = new ProfileStore(dir, fakeCipher('plain-text'));
    const error = await refusal(store.save({ ...base, secret: password }));
    expect(error.code).toBe('insecure_storage');
    expect(error.message).toBe(PLAIN_TEXT_REFUSAL);
    expect(await store.list()).toEqual([]);

    const saved = await store.save({ ...base, secret: password, allowPlainText: true });
    expect(saved.hasSecret).toBe(true);
    expect(JSON.parse(fileText()).profiles[0].secretStorage).toBe('plain-text');
    // Without a secret, a profile can always be saved.
    expect((await store.save({ ...base, name: 'No secret' })).hasSecret).toBe(false);
  });

  it('never saves a secret where no storage is available, even with consent', async () => {
    const store = new ProfileStore(dir, fakeCipher('unavailable'));
    const error = await refusal(store.save({ ...base, secret: password, allowPlainText: true }));
    expect(error.code).toBe('insecure_storage');
    expect((await store.save(base)).hasSecret).toBe(false);
  });

  it('says clearly when a saved secret cannot be decrypted any more', async () => {
    const cipher = fakeCipher();
    const store = new ProfileStore(dir, cipher);
    const { id } = await store.save({ ...base, secret: password });
    cipher.decrypt = () => {
      throw new Error('keychain changed');
    };
    const error = await refusal(store.withSecret(id));
    expect(error.code).toBe('insecure_storage');
    expect(error.message).toContain('Production');
    expect((await store.get(id)).hasSecret).toBe(true);
  });

  it('refuses a second profile with the same name', async () => {
    const store = new ProfileStore(dir, fakeCipher());
    await store.save(base);
    expect((await refusal(store.save({ ...base, name: 'production' }))).code).toBe('conflict');
  });

  it('deletes a profile with its secret, and a second delete is harmless', async () => {
    const store = new ProfileStore(dir, fakeCipher());
    const kept = await store.save({ ...base, name: 'Kept' });
    const { id } = await store.save({ ...base, secret: password });
    await store.delete(id);
    await store.delete(id);
    expect(await store.list()).toEqual([kept]);
    expect(fileText()).not.toContain(Buffer.from(fakeCipher().encrypt(JSON.stringify(password))).toString('base64'));
    expect((await refusal(store.withSecret(id))).code).toBe('not_found');
    expect((await refusal(store.save({ ...base, id, name: 'Back' }))).code).toBe('not_found');
  });

  it('remembers the last region per profile, across edits', async () => {
    const store = new ProfileStore(dir, fakeCipher());
    const { id } = await store.save(base);
    await store.rememberRegion(id, 'RegionTwo');
    await store.save({ ...base, id, name: 'Edited' });
    expect((await store.get(id)).lastRegion).toBe('RegionTwo');
    expect((await refusal(store.rememberRegion('nope', 'RegionOne'))).code).toBe('not_found');
  });

  it('keeps concurrent changes: each one reads what the previous wrote', async () => {
    const store = new ProfileStore(dir, fakeCipher());
    await Promise.all(Array.from({ length: 8 }, (_, i) => store.save({ ...base, name: `p${i}` })));
    expect((await store.list()).map((p) => p.name).sort()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
  });

  it.each([
    ['not JSON', '{"version":1,"profiles":[', 'not valid JSON'],
    ['the wrong shape', '{"version":1,"profiles":[{"id":3}]}', 'not what Cirrus writes'],
  ])('moves a corrupt file (%s) aside instead of overwriting it, and says where', async (_what, text, why) => {
    fs.writeFileSync(path.join(dir, PROFILES_FILE), text);
    const store = new ProfileStore(dir, fakeCipher());
    const error = await refusal(store.list());
    expect(error.message).toContain(why);
    const [kept] = fs.readdirSync(dir).filter((f) => f.startsWith(`${PROFILES_FILE}.corrupt-`));
    expect(kept).toBeDefined();
    expect(error.message).toContain(kept);
    expect(fs.readFileSync(path.join(dir, kept!), 'utf8')).toBe(text);

    // The next call starts afresh; the kept copy is untouched by later saves.
    expect(await store.list()).toEqual([]);
    await store.save(base);
    expect(fs.readFileSync(path.join(dir, kept!), 'utf8')).toBe(text);
  });

  it('does not overwrite a corrupt file through a save either', async () => {
    fs.writeFileSync(path.join(dir, PROFILES_FILE), 'garbage');
    const store = new ProfileStore(dir, fakeCipher());
    expect((await refusal(store.save(base))).message).toContain('could not read');
    expect(fs.readdirSync(dir).some((f) => f.startsWith(`${PROFILES_FILE}.corrupt-`))).toBe(true);
    expect(fs.existsSync(path.join(dir, PROFILES_FILE))).toBe(false);
  });
});
