import type { Region } from '../../../shared/domain';

export type AuthVersion = '1' | '2' | '3';

export type Secret =
  | { kind: 'password'; value: string }
  | { kind: 'apiKey'; value: string }
  /** A Keystone v3 application credential: its id and secret. */
  | { kind: 'applicationCredential'; id: string; value: string };

export interface Credentials {
  authUrl: string;
  /** Inferred from the URL when absent (`…/v3` → 3, `…/v1.0` → 1, else 2). */
  authVersion?: AuthVersion | undefined;
  userName: string;
  secret: Secret;
  /** Keystone v2 tenant / v3 project. */
  tenantName?: string | undefined;
  tenantId?: string | undefined;
  /** Keystone v3 domains; "Default" when absent. */
  userDomain?: string | undefined;
  projectDomain?: string | undefined;
}

export interface AccessGrant {
  token: string;
  expiresAt: Date | undefined;
  tenantName: string | undefined;
  regions: Region[];
}
