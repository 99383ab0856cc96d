import type { SecretStorage } from '../../shared/domain';

/**
 * Encrypts saved secrets. In the app this is Electron's safeStorage (the OS
 * keychain); it is an interface so the profile store stays plain Node code.
 */
export interface SecretCipher {
  storage(): SecretStorage;
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}
