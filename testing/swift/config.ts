// Constants shared by the Swift harness, its identity front and the tests.
// Keep the names stable: app tests import HARNESS.

/**
 * The harness's ports, moved as one block when CIRRUS_SWIFT_PORT_BASE (or
 * `npm run swift:start -- --port-base N`) names another lowest port than the
 * default 11311, for a machine where these are taken. A moved harness keeps
 * its state apart (its rings name its ports).
 */
const DEFAULT_LOWEST_PORT = 11311;
const PORT_SPAN = 18082 - DEFAULT_LOWEST_PORT;

// The value is passed in, not defaulted from the environment: `portOffset(undefined)` must mean unset even when
// the shell running the tests has a base of its own.
export function portOffset(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 0;
  const base = Number(raw);
  if (!Number.isInteger(base) || base < 1024 || base + PORT_SPAN > 65535) {
    throw new Error(
      `CIRRUS_SWIFT_PORT_BASE must be a whole number from 1024 to ${65535 - PORT_SPAN} (the harness uses ports from there up to ${PORT_SPAN} above it); got "${raw}"`,
    );
  }
  return base - DEFAULT_LOWEST_PORT;
}

const OFFSET = portOffset(process.env.CIRRUS_SWIFT_PORT_BASE);
const at = (port: number): number => port + OFFSET;

const BASE_USERS = {
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
  demo: {
    // The README's login: no test ever writes here (testing/swift/demo-untouched.test.ts), so a newcomer
    // sees only the samples the harness seeds (demo-seed.ts).
    tenantName: 'demo',
    tenantId: 'b19def8a6cad4fd6e17c8d9e0f1a2b3c',
    user: 'demo',
    userId: 'bf0a9b8c7d6e45c6c748f9a0b1c2d3e4',
    password: 'demo',
    apiKey: 'demo-api-key-0123456789',
    account: 'AUTH_demo',
    roles: ['admin', 'member'],
  },
  reseller: {
    // A reseller admin (tempauth: .reseller_admin, Keystone's ResellerAdmin role): the only kind of
    // user Swift lets set an account's quota (account_quotas); owns its own account for that journey.
    tenantName: 'reseller',
    tenantId: 'c2aef09b7dbe4a07f28d9e0f1a2b3c4d',
    user: 'chief',
    userId: 'c1b0a9d8e7f64d17d859a0b1c2d3e4f5',
    password: 'reselling',
    apiKey: 'chief-api-key-0123456789',
    account: 'AUTH_reseller',
    roles: ['admin', 'member', 'ResellerAdmin'],
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
} as const;

/**
 * Test workers that run side by side each get a lane of the harness: tenants and users of their own
 * (so accounts never meet: quotas, account ACLs, temp URL keys, whole-account listings), a port of the
 * identity front with its own counters and token lifetime, and their own proxy process per region with
 * their own token memcached (so a journey can slow its proxy, read its proxy's log or forget its tokens
 * without touching the other worker). The storage servers behind the proxies are shared.
 *
 * Lane 0 is the harness as a person uses it (the README's ports and names); lane N > 0 adds `-lN` to
 * each tenant, user and account name. The demo tenant is the same in every lane: nothing writes to it.
 */
export const LANES = 4;

/**
 * Lanes a suite runs on, a worker each: `npm test` runs the integration files on lanes 0-1 and the journeys
 * on lanes 2-3 at once (CIRRUS_SWIFT_LANE_BASE=2), so neither waits for the other and their accounts never
 * meet; run alone, either suite takes lanes 0-1.
 */
export const SUITE_LANES = 2;

/**
 * This process's lane: a Playwright worker's parallel index (TEST_PARALLEL_INDEX, from 0), or a Vitest
 * worker's pool id (from 1) where the config asks for it (CIRRUS_SWIFT_LANE_PER_WORKER=1: the integration
 * project, not the unit tests, whose workers never reach Swift), plus CIRRUS_SWIFT_LANE_BASE when two
 * suites share the harness at once. 0 anywhere else. Child processes inherit it with the environment.
 */
export function laneOf(env: NodeJS.ProcessEnv = process.env): number {
  const slot =
    env.TEST_PARALLEL_INDEX !== undefined
      ? Number(env.TEST_PARALLEL_INDEX)
      : env.CIRRUS_SWIFT_LANE_PER_WORKER === '1' && env.VITEST_POOL_ID !== undefined
        ? Number(env.VITEST_POOL_ID) - 1
        : 0;
  const lane = Number(env.CIRRUS_SWIFT_LANE_BASE || 0) + slot;
  if (!Number.isInteger(lane) || lane < 0 || lane >= LANES) {
    throw new Error(
      `This test worker would use lane ${lane} of the Swift harness, which has ${LANES} (testing/swift/config.ts LANES): run at most ${LANES} workers at once, or raise LANES`,
    );
  }
  return lane;
}

const laneSuffix = (lane: number): string => (lane ? `-l${lane}` : '');

/** The ports of a lane's own parts; the storage servers, their caches and the syslog port are shared. */
export function lanePorts(lane: number): {
  identity: number;
  sharedMemcached: number;
  proxy: Record<'RegionOne' | 'RegionTwo', number>;
} {
  return {
    identity: at(15000 + lane),
    sharedMemcached: lane ? at(11320 + lane) : at(11311),
    proxy: { RegionOne: at(18081 - 10 * lane), RegionTwo: at(18082 - 10 * lane) },
  };
}

/** The harness's process name of a lane's proxy (and its tag in Swift's log), e.g. `r1-proxy-l1`. */
export const proxyProcess = (region: 'RegionOne' | 'RegionTwo', lane: number): string =>
  `${region === 'RegionOne' ? 'r1' : 'r2'}-proxy${laneSuffix(lane)}`;

function laneUsers(lane: number): typeof BASE_USERS {
  if (!lane) return BASE_USERS;
  const users = Object.entries(BASE_USERS).map(([key, u]) => [
    key,
    key === 'demo'
      ? u
      : {
          ...u,
          tenantName: `${u.tenantName}${laneSuffix(lane)}`,
          user: `${u.user}${laneSuffix(lane)}`,
          account: `${u.account}${laneSuffix(lane)}`,
        },
  ]);
  // Only the names differ from lane 0's, and no code tells these strings apart by their literal types.
  return Object.fromEntries(users) as typeof BASE_USERS;
}

const STATE_DIR =
  process.env.CIRRUS_SWIFT_DIR ??
  (OFFSET ? `/var/tmp/cirrus-swift-${at(DEFAULT_LOWEST_PORT)}` : '/var/tmp/cirrus-swift');

/** The URLs and users of one lane (HARNESS is this process's). */
export function harnessFor(lane: number) {
  const p = lanePorts(lane);
  const local = (port: number): string => `http://127.0.0.1:${port}`; // ports already moved by `at`
  return {
    lane,
    identityUrl: local(p.identity),
    authUrlV2: `${local(p.identity)}/v2.0`, // POST {authUrlV2}/tokens
    authUrlV3: `${local(p.identity)}/v3`, // POST {authUrlV3}/auth/tokens
    regions: {
      RegionOne: { proxy: local(p.proxy.RegionOne) },
      RegionTwo: { proxy: local(p.proxy.RegionTwo) },
    },
    users: laneUsers(lane),
    stateDir: STATE_DIR,
  };
}

export type Harness = ReturnType<typeof harnessFor>;
export const LANE = laneOf();
export const HARNESS: Harness = harnessFor(LANE);

export type RegionName = keyof typeof HARNESS.regions;
export type HarnessUserName = keyof typeof BASE_USERS;
export type HarnessUser = (typeof BASE_USERS)[HarnessUserName];

/**
 * The ports of lane 0 and of the shared parts, all on 127.0.0.1 (away from well-known ports); each
 * further lane's identity port, token memcached and proxies are at `lanePorts(lane)`.
 */
export const PORTS = {
  identity: at(15000),
  syslogUdp: at(15514), // Swift logs via UDP syslog; the identity process writes them to logs/swift.log
  sharedMemcached: at(11311), // tempauth tokens only, shared by both regions
  regions: {
    RegionOne: { proxy: at(18081), memcached: at(11312), account: at(16010), container: at(16011), object: at(16012) },
    RegionTwo: { proxy: at(18082), memcached: at(11313), account: at(16020), container: at(16021), object: at(16022) },
  },
} as const;

/** tempauth account used only by the harness's own readiness probe (keeps AUTH_test clean). */
export const PROBE_USER = { tempauthUser: 'harness:probe', key: 'probe-key', account: 'AUTH_harness' } as const;

/** Keystone-style domain every user and project lives in. */
export const DEFAULT_DOMAIN = { id: 'default', name: 'Default' } as const;

export function storageUrl(region: RegionName, who: HarnessUserName = 'admin', harness: Harness = HARNESS): string {
  return `${harness.regions[region].proxy}/v1/${harness.users[who].account}`;
}

/** tempauth identity `<tenant>:<user>` for a harness user. */
export function tempauthUser(who: HarnessUserName, harness: Harness = HARNESS): string {
  const u = harness.users[who];
  return `${u.tenantName}:${u.user}`;
}
