/**
 * The Chromium host's stand-ins for what Electron gives the main process:
 * file dialogs answered by the test, and a secret cipher in place of the OS
 * keychain (AES-256-GCM with a key that lives only in the test process).
 * `CIRRUS_TEST_SECRET_STORAGE=plain-text|unavailable` makes it behave like a
 * Linux desktop without a keyring, so that journey can be tested too.
 */
import crypto from 'node:crypto';
import type { SecretStorage } from '../../shared/domain';
import type { MainDeps } from '../../electron/ipc/deps';

export interface DialogAnswers {
  /** The answer to the next dialog: paths, or null for "cancelled". */
  next: string[] | null;
}

/** One key for the whole test process, like an OS keychain that outlives each launch of the app. */
const key = crypto.randomBytes(32);

/**
 * `opened` records each file the app hands to the system's default application (editing in place):
 * the journey plays the person's editor by writing the file at that path.
 */
export function testDeps(
  userDataDir: string,
  answers: DialogAnswers,
  env: Record<string, string>,
  opened: string[] = [],
): MainDeps {
  const storage = (env.CIRRUS_TEST_SECRET_STORAGE ?? 'os') as SecretStorage;
  const take = () => {
    const answer = answers.next;
    answers.next = null;
    return answer;
  };
  return {
    dialogs: {
      chooseFolder: async () => take()?.[0] ?? null,
      chooseFiles: async () => take() ?? [],
      chooseSaveFile: async () => take()?.[0] ?? null,
    },
    secrets: {
      storage: () => storage,
      encrypt(plain) {
        const iv = crypto.randomBytes(12);
        const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
        const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
        return Buffer.concat([iv, cipher.getAuthTag(), body]);
      },
      decrypt(data) {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
        decipher.setAuthTag(data.subarray(12, 28));
        return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
      },
    },
    userDataDir,
    openPath: async (filePath) => {
      opened.push(filePath);
      return '';
    },
  };
}
