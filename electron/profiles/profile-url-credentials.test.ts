import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILES_FILE, ProfileStore } from './profile-store';
import type { SecretCipher } from './secret-cipher';

const PASSWORD = 'url-secret-4b1d';
const cipher: SecretCipher = {
  storage: () => 'os',
  encrypt: (plain) => Buffer.from(plain).reverse(),
  decrypt: (data) => Buffer.from(data).reverse().toString('utf8'),
};

let dir: string;
const file = () => path.join(dir, PROFILES_FILE);
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-profile-url-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('profiles never keep a password that was typed into the auth URL', () => {
  it('refuses to save such a URL, says why without repeating it, and writes nothing', async () => {
    const store = new ProfileStore(dir, cipher);
    const refused = await store
      .save({
        name: 'Leaky',
        authUrl: `  http://keeper:${PASSWORD}@127.0.0.1:15000/v2.0`,
        userName: 'keeper',
        secretKind: 'password',
      })
      .then(
        () => undefined,
        (err: unknown) => err as { code: string; message: string },
      );
    expect(refused).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('user:password@') });
    expect(refused?.message).not.toContain(PASSWORD);
    expect(fs.existsSync(file())).toBe(false);
  });

  it('strips one saved before the rule from what it shows, and from the file on the next save', async () => {
    const legacy = {
      id: 'p1',
      name: 'Old',
      authUrl: `http://keeper:${PASSWORD}@127.0.0.1:15000/v2.0`,
      authVersion: '2',
      userName: 'keeper',
      secretKind: 'password',
    };
    fs.writeFileSync(file(), JSON.stringify({ version: 1, profiles: [legacy] }));
    const store = new ProfileStore(dir, cipher);
    const [shown] = await store.list();
    expect(shown?.authUrl).toBe('http://127.0.0.1:15000/v2.0');
    await store.rememberRegion('p1', 'RegionOne');
    expect(fs.readFileSync(file(), 'utf8')).not.toContain(PASSWORD);
  });
});
