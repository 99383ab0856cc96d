// Constants shared by the Swift harness, its identity front and the tests.
// Keep the names stable: app tests import HARNESS.

export const HARNESS = {
  identityUrl: 'http://127.0.0.1:15000',
  authUrlV2: 'http://127.0.0.1:15000/v2.0', // POST {authUrlV2}/tokens
  authUrlV3: 'http://127.0.0.1:15000/v3', // POST {authUrlV3}/auth/tokens
  regions: {
    RegionOne: { proxy: 'http://127.0.0.1:18081' },
    RegionTwo: { proxy: 'http://127.0.0.1:18082' },
  },
  users: {
    admin: {
      tenantName: 'test',
      tenantId: '4a2c7e1f9b3d4e6f8a0b1c2d3e4f5a6b',
      user: 'tester',
      userId: '9f1e2d3c4b5a49788766554433221100',
      password: 'testing',
      apiKey: 'tester-api-key-0123456789',
      account: 'AUTH_test',
      roles: ['admin', 'member'],
      // Keystone v3 application credential (scoped to the tenant above).
      applicationCredential: {
        id: 'ac0000000000000000000000000000a1',
        name: 'cirrus-e2e',
        secret: 'app-cred-secret-tester',
      },
    },
    other: {
      tenantName: 'test2',
      tenantId: '5b3d8f2a0c4e4f708b1c2d3e4f5a6b7c',
      user: 'tester2',
      userId: '8e0d1c2b3a4948677655443322110099',
      password: 'testing2',
      apiKey: 'tester2-api-key-0123456789',
      account: 'AUTH_test2',
      roles: ['admin', 'member'],
    },
    journey: {
      // Owned by the Playwright journeys, which put its account into a known state before each run.
      tenantName: 'journey',
      tenantId: '6c4e9a3b1d5f4a819c2d3e4f5a6b7c8d',
      user: 'walker',
      userId: '6a5b4c3d2e1f40718293a4b5c6d7e8f9',
      password: 'walking',
      apiKey: 'walker-api-key-0123456789',
      account: 'AUTH_journey',
      roles: ['admin', 'member'],
    },
    connections: {
      // Owned by the Playwright journeys of one feature, which put its account into a known state first.
      tenantName: 'connections',
      tenantId: '7d5fab4c2e6f4b92ad3e4f5a6b7c8d9e',
      user: 'keeper',
      userId: '7b6c5d4e3f2a41829304b5c6d7e8f9a0',
      password: 'keeping',
      apiKey: 'keeper-api-key-0123456789',
      account: 'AUTH_connections',
      roles: ['admin', 'member'],
    },
    browse: {
      // Owned by the Playwright journeys of one feature, which put its account into a known state first.
      tenantName: 'browse',
      tenantId: '8e6abc5d3f7a4ca3be4f5a6b7c8d9e0f',
      user: 'rover',
      userId: '8c7d6e5f4a3b42939415c6d7e8f9a0b1',
      password: 'roving',
      apiKey: 'rover-api-key-0123456789',
      account: 'AUTH_browse',
      roles: ['admin', 'member'],
    },
    meta: {
      // Owned by the Playwright journeys of one feature, which put its account into a known state first.
      tenantName: 'meta',
      tenantId: '9f7bcd6e4a8b4db4cf5a6b7c8d9e0f1a',
      user: 'scribe',
      userId: '9d8e7f6a5b4c43a4a526d7e8f9a0b1c2',
      password: 'scribing',
      apiKey: 'scribe-api-key-0123456789',
      account: 'AUTH_meta',
      roles: ['admin', 'member'],
    },
    files: {
      // Owned by the Playwright journeys of one feature, which put its account into a known state first.
      tenantName: 'files',
      tenantId: 'a08cde7f5b9c4ec5d06b7c8d9e0f1a2b',
      user: 'porter',
      userId: 'ae9f8a7b6c5d44b5b637e8f9a0b1c2d3',
      password: 'porting',
      apiKey: 'porter-api-key-0123456789',
      account: 'AUTH_files',
      roles: ['admin', 'member'],
    },
    readonly: {
      // Same tenant as admin but not a Swift account admin (tempauth: no .admin):
      // it only sees what container ACLs grant it.
      tenantName: 'test',
      tenantId: '4a2c7e1f9b3d4e6f8a0b1c2d3e4f5a6b',
      user: 'tester3',
      userId: '7d9c0b1a2f3e48566544332211009988',
      password: 'testing3',
      apiKey: 'tester3-api-key-0123456789',
      account: 'AUTH_test',
      roles: ['reader'],
    },
  },
  stateDir: process.env.CIRRUS_SWIFT_DIR ?? '/var/tmp/cirrus-swift',
} as const;

export type RegionName = keyof typeof HARNESS.regions;
export type HarnessUserName = keyof typeof HARNESS.users;
export type HarnessUser = (typeof HARNESS.users)[HarnessUserName];

/** Every port the harness binds, all on 127.0.0.1 (away from well-known ports). */
export const PORTS = {
  identity: 15000,
  syslogUdp: 15514, // Swift logs via UDP syslog; the identity process writes them to logs/swift.log
  sharedMemcached: 11311, // tempauth tokens only, shared by both regions
  regions: {
    RegionOne: { proxy: 18081, memcached: 11312, account: 16010, container: 16011, object: 16012 },
    RegionTwo: { proxy: 18082, memcached: 11313, account: 16020, container: 16021, object: 16022 },
  },
} as const;

/** tempauth account used only by the harness's own readiness probe (keeps AUTH_test clean). */
export const PROBE_USER = { tempauthUser: 'harness:probe', key: 'probe-key', account: 'AUTH_harness' } as const;

/** Keystone-style domain every user and project lives in. */
export const DEFAULT_DOMAIN = { id: 'default', name: 'Default' } as const;

export function storageUrl(region: RegionName, who: HarnessUserName = 'admin'): string {
  return `${HARNESS.regions[region].proxy}/v1/${HARNESS.users[who].account}`;
}

/** tempauth identity `<tenant>:<user>` for a harness user. */
export function tempauthUser(who: HarnessUserName): string {
  const u = HARNESS.users[who];
  return `${u.tenantName}:${u.user}`;
}
