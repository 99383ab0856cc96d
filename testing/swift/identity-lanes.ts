// The identity front's state for each lane of the harness (config.ts LANES): the lane's users and
// URLs, its token memcached, its /__stats counters and its token lifetime. Every identity-*.ts file
// works on one of these; identity.ts serves each on the lane's own port.
import {
  LANES,
  harnessFor,
  lanePorts,
  type Harness,
  type HarnessUser,
  type HarnessUserName,
  type RegionName,
} from './config';

export type UserEntry = [HarnessUserName, HarnessUser];
const envTtl = Number(process.env.CIRRUS_IDENTITY_TOKEN_TTL_SECONDS);

/** One lane's users, URLs, token memcached, counters and token lifetime. */
export interface Lane {
  harness: Harness;
  users: UserEntry[];
  tokenMemcached: number;
  stats: { tokenRequests: number; v2: number; v3: number; failed: number };
  tokenTtlSeconds: number | null;
}

export const LANE_STATE: Lane[] = Array.from({ length: LANES }, (_, lane) => {
  const harness = harnessFor(lane);
  return {
    harness,
    users: Object.entries(harness.users) as UserEntry[],
    tokenMemcached: lanePorts(lane).sharedMemcached,
    stats: { tokenRequests: 0, v2: 0, v3: 0, failed: 0 },
    tokenTtlSeconds: envTtl > 0 ? envTtl : null,
  };
});
export const REGIONS = Object.keys(LANE_STATE[0]!.harness.regions) as RegionName[];
