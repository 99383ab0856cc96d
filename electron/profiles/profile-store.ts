/**
 * Saved connection profiles, kept in `<userDataDir>/profiles.json`. Plain
 * Node: the secret is encrypted by a SecretCipher (Electron's safeStorage in
 * the app), so this file never holds a password in clear unless the person
 * agreed to plain text on a system without a keychain.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ProfileSummary, SecretStorage } from '../../shared/domain';
import { URL_CREDENTIALS_MESSAGE, withoutUrlCredentials } from '../../shared/auth-url';
import { inferAuthVersion, urlHasCredentials, type AuthVersion, type Secret } from '../storage/auth';
import { StorageError } from '../storage/errors';
import type { SecretCipher } from './secret-cipher';

export const PROFILES_FILE = 'profiles.json';

export const PLAIN_TEXT_REFUSAL =
  'This system has no keychain Cirrus can use; the password would be stored unencrypted. ' +
  'Save it anyway, or leave it unsaved and type it when you connect.';
export const NO_STORAGE_REFUSAL =
  'This system offers Cirrus no way to keep a password. Leave it unsaved and type it when you connect.';

type SecretKind = Secret['kind'];

/** How a sentence names each kind of secret. */
export const SECRET_NOUNS: Record<SecretKind, string> = {
  password: 'password',
  apiKey: 'API key',
  applicationCredential: 'application credential secret',
};

/** What a caller may change about a profile (the saveProfile request, minus transport details). */
export interface ProfileInput {
  id?: string | undefined;
  name: string;
  authUrl: string;
  authVersion?: AuthVersion | undefined;
  userName: string;
  tenantName?: string | undefined;
  tenantId?: string | undefined;
  userDomain?: string | undefined;
  projectDomain?: string | undefined;
  secretKind: SecretKind;
  applicationCredentialId?: string | undefined;
  secret?: Secret | undefined;
  forgetSecret?: boolean | undefined;
  allowPlainText?: boolean | undefined;
}

const optional = z.string().optional();
const storedProfile = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  // Profiles saved before URL credentials were refused may hold some: never shown, dropped on the next save.
  authUrl: z.string().min(1).transform(withoutUrlCredentials),
  authVersion: z.enum(['1', '2', '3']),
  userName: z.string(),
  tenantName: optional,
  tenantId: optional,
  userDomain: optional,
  projectDomain: optional,
  secretKind: z.enum(['password', 'apiKey', 'applicationCredential']),
  applicationCredentialId: optional,
  /** base64 of cipher.encrypt(JSON of the Secret). */
  secret: optional,
  /** How the secret was kept when it was saved. */
  secretStorage: z.enum(['os', 'plain-text']).optional(),
  lastRegion: optional,
});
const profilesFile = z.object({ version: z.literal(1), profiles: z.array(storedProfile) });

type StoredProfile = z.infer<typeof storedProfile>;

const secretSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('password'), value: z.string() }),
  z.object({ kind: z.literal('apiKey'), value: z.string() }),
  z.object({ kind: z.literal('applicationCredential'), id: z.string(), value: z.string() }),
]);

const blankToUndefined = (text: string | undefined): string | undefined => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
};

function summary(p: StoredProfile): ProfileSummary {
  return {
    id: p.id,
    name: p.name,
    authUrl: p.authUrl,
    authVersion: p.authVersion,
    userName: p.userName,
    tenantName: p.tenantName,
    tenantId: p.tenantId,
    userDomain: p.userDomain,
    projectDomain: p.projectDomain,
    secretKind: p.secretKind,
    applicationCredentialId: p.applicationCredentialId,
    hasSecret: p.secret !== undefined,
    lastRegion: p.lastRegion,
  };
}

/** A profile's non-secret fields and its saved secret, for signing in. */
export interface ProfileWithSecret {
  profile: ProfileSummary;
  /** Undefined when none is saved. */
  secret: Secret | undefined;
}

export class ProfileStore {
  readonly #file: string;
  readonly #cipher: SecretCipher;
  /** Every change is a read-modify-write of the whole file: one at a time. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(dir: string, cipher: SecretCipher) {
    this.#file = path.join(dir, PROFILES_FILE);
    this.#cipher = cipher;
  }

  storage(): SecretStorage {
    return this.#cipher.storage();
  }

  list(): Promise<ProfileSummary[]> {
    return this.#serial(async () => (await this.#read()).map(summary));
  }

  save(input: ProfileInput): Promise<ProfileSummary> {
    return this.#serial(async () => {
      const profiles = await this.#read();
      const index = input.id === undefined ? -1 : profiles.findIndex((p) => p.id === input.id);
      if (input.id !== undefined && index < 0) throw gone();
      const previous = index >= 0 ? profiles[index] : undefined;
      const next = this.#build(input, previous, profiles);
      if (index >= 0) profiles[index] = next;
      else profiles.push(next);
      await this.#write(profiles);
      return summary(next);
    });
  }

  /** Removes a profile and its secret; removing one that is already gone is not an error. */
  delete(id: string): Promise<void> {
    return this.#serial(async () => {
      const profiles = await this.#read();
      const rest = profiles.filter((p) => p.id !== id);
      if (rest.length !== profiles.length) await this.#write(rest);
    });
  }

  rememberRegion(id: string, region: string): Promise<void> {
    return this.#serial(async () => {
      const profiles = await this.#read();
      const profile = profiles.find((p) => p.id === id);
      if (!profile) throw gone();
      if (profile.lastRegion === region) return;
      profile.lastRegion = region;
      await this.#write(profiles);
    });
  }

  get(id: string): Promise<ProfileSummary> {
    return this.#serial(async () => {
      const profile = (await this.#read()).find((p) => p.id === id);
      if (!profile) throw gone();
      return summary(profile);
    });
  }

  /** The profile and its decrypted secret; stays in the main process. */
  withSecret(id: string): Promise<ProfileWithSecret> {
    return this.#serial(async () => {
      const profile = (await this.#read()).find((p) => p.id === id);
      if (!profile) throw gone();
      return { profile: summary(profile), secret: profile.secret ? this.#decrypt(profile) : undefined };
    });
  }

  #build(input: ProfileInput, previous: StoredProfile | undefined, all: StoredProfile[]): StoredProfile {
    const name = input.name.trim();
    if (!name) throw new StorageError('invalid_input', 'Give the connection a name.');
    const clash = all.find((p) => p.id !== previous?.id && p.name.toLowerCase() === name.toLowerCase());
    if (clash) throw new StorageError('conflict', `A connection named “${clash.name}” already exists.`);

    const authUrl = input.authUrl.trim();
    if (urlHasCredentials(authUrl)) throw new StorageError('invalid_input', URL_CREDENTIALS_MESSAGE);
    const authVersion = input.authVersion ?? inferAuthVersion(authUrl);
    const kind = input.secretKind;
    if (kind === 'applicationCredential' && authVersion !== '3') {
      throw new StorageError('invalid_input', 'Application credentials need Keystone v3; choose auth version v3.');
    }
    if (input.secret && input.secret.kind !== kind) {
      throw new StorageError('invalid_input', 'The secret given is not of the secret type chosen.');
    }
    const credentialId =
      kind === 'applicationCredential'
        ? blankToUndefined(input.applicationCredentialId ?? (input.secret?.kind === kind ? input.secret.id : undefined))
        : undefined;
    if (kind === 'applicationCredential' && !credentialId) {
      throw new StorageError('invalid_input', 'Enter the application credential ID.');
    }
    const userName = input.userName.trim();
    if (!userName && kind !== 'applicationCredential') throw new StorageError('invalid_input', 'Enter a user name.');

    const profile: StoredProfile = {
      id: previous?.id ?? crypto.randomUUID(),
      name,
      authUrl,
      authVersion,
      userName,
      tenantName: blankToUndefined(input.tenantName),
      tenantId: blankToUndefined(input.tenantId),
      userDomain: authVersion === '3' ? blankToUndefined(input.userDomain) : undefined,
      projectDomain: authVersion === '3' ? blankToUndefined(input.projectDomain) : undefined,
      secretKind: kind,
      applicationCredentialId: credentialId,
      lastRegion: previous?.lastRegion,
    };
    if (input.secret) {
      const secret: Secret =
        input.secret.kind === 'applicationCredential' ? { ...input.secret, id: credentialId ?? '' } : input.secret;
      Object.assign(profile, this.#encrypt(secret, input.allowPlainText === true));
    } else if (!input.forgetSecret && previous?.secret && previous.secretKind === kind) {
      // A secret of another kind would be sent as the wrong thing; only a same-kind one is kept.
      profile.secret = previous.secret;
      profile.secretStorage = previous.secretStorage;
    }
    return profile;
  }

  #encrypt(secret: Secret, allowPlainText: boolean): Pick<StoredProfile, 'secret' | 'secretStorage'> {
    const storage = this.#cipher.storage();
    if (storage === 'unavailable') throw new StorageError('insecure_storage', NO_STORAGE_REFUSAL);
    if (storage === 'plain-text' && !allowPlainText) throw new StorageError('insecure_storage', PLAIN_TEXT_REFUSAL);
    let sealed: Buffer;
    try {
      sealed = this.#cipher.encrypt(JSON.stringify(secret));
    } catch (err) {
      throw new StorageError('insecure_storage', 'The system keychain refused to encrypt the password.', {
        cause: err,
      });
    }
    return { secret: sealed.toString('base64'), secretStorage: storage };
  }

  #decrypt(profile: StoredProfile): Secret {
    try {
      const secret = secretSchema.parse(JSON.parse(this.#cipher.decrypt(Buffer.from(profile.secret ?? '', 'base64'))));
      // The credential id is not secret and may have been edited since the secret was saved.
      return secret.kind === 'applicationCredential'
        ? { ...secret, id: profile.applicationCredentialId ?? '' }
        : secret;
    } catch (err) {
      throw new StorageError(
        'insecure_storage',
        `Cirrus could not decrypt the saved ${SECRET_NOUNS[profile.secretKind]} of “${profile.name}” ` +
          '(the system keychain may have changed). ' +
          'Type it when you connect, or edit the connection to save it again.',
        { cause: err },
      );
    }
  }

  async #read(): Promise<StoredProfile[]> {
    let text: string;
    try {
      text = await fs.readFile(this.#file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new StorageError('unexpected', `Cirrus could not read its saved connections (${this.#file}).`, {
        cause: err,
      });
    }
    let problem: string;
    try {
      const parsed = profilesFile.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data.profiles;
      problem = 'its contents are not what Cirrus writes';
    } catch {
      problem = 'it is not valid JSON';
    }
    // Never overwrite what the person may want back: move it aside and say where it went.
    const kept = `${this.#file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.rename(this.#file, kept);
    throw new StorageError(
      'unexpected',
      `Cirrus could not read its saved connections: ${problem}. The file was kept as ${kept}; ` +
        'the list of connections starts empty.',
    );
  }

  async #write(profiles: StoredProfile[]): Promise<void> {
    const dir = path.dirname(this.#file);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const temp = path.join(dir, `.${PROFILES_FILE}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    const body = JSON.stringify({ version: 1, profiles }, null, 2) + '\n';
    try {
      const handle = await fs.open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(body, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      // A rename replaces the file whole: a crash leaves either the old list or the new one.
      await fs.rename(temp, this.#file);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw new StorageError('unexpected', `Cirrus could not save its connections (${this.#file}).`, { cause: err });
    }
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

const gone = () => new StorageError('not_found', 'That connection no longer exists.');
