/**
 * The IPC requests of saved connection profiles: the renderer sees names and
 * non-secret fields; a secret travels only towards the main process, which
 * keeps it in the OS keychain (or nowhere).
 */
import { z } from 'zod';
import type { ProfileSummary, SecretStorage, SessionInfo } from '../domain';
import { cancellable, connectionFields, optionalText, region, secret } from './fields';

const profileId = z.string().min(1).max(64);

export const requests = {
  listProfiles: z.strictObject({}),
  saveProfile: z.strictObject({
    /** Absent for a new profile. */
    id: profileId.optional(),
    name: z.string().trim().min(1).max(128),
    ...connectionFields,
    secretKind: z.enum(['password', 'apiKey', 'applicationCredential']),
    applicationCredentialId: optionalText,
    /** A new secret to keep; absent keeps the saved one (or none). */
    secret: secret.optional(),
    /** Forget the saved secret. */
    forgetSecret: z.boolean().optional(),
    /** The person agreed to keep the secret in plain text where the OS offers nothing better. */
    allowPlainText: z.boolean().optional(),
  }),
  deleteProfile: z.strictObject({ id: profileId }),
  /** Signs in with a saved profile; `secret` when none is saved (it is then not kept). */
  connectProfile: z.strictObject({ ...cancellable, id: profileId, secret: secret.optional() }),
  rememberRegion: z.strictObject({ id: profileId, region }),
} as const;

export interface Responses {
  listProfiles: { profiles: ProfileSummary[]; secretStorage: SecretStorage };
  saveProfile: ProfileSummary;
  deleteProfile: true;
  connectProfile: SessionInfo;
  rememberRegion: true;
}
