// The Swift harness's files: each region's server configs, swift.conf's storage policies and
// the rings, written only where their content changed (a changed config restarts its process).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HARNESS, LANES, PORTS, PROBE_USER, harnessFor, lanePorts, proxyProcess, type RegionName } from './config';

const STATE = HARNESS.stateDir;
export const SWIFT_CONF = '/etc/swift/swift.conf'; // Swift 2.30 servers read it only from /etc/swift
export const PY = '/usr/bin/python3'; // Debian's python has the swift module; PATH may hold pyenv's
export const REGIONS = Object.keys(HARNESS.regions) as RegionName[];
const regionDir = (r: RegionName): string => path.join(STATE, r === 'RegionOne' ? 'r1' : 'r2');
export const etcDir = (r: RegionName): string => path.join(regionDir(r), 'etc');
/** Where a region's servers keep their databases and objects. */
export const devicesDir = (r: RegionName): string => path.join(regionDir(r), 'srv');
export const confPath = (r: RegionName, server: string): string => path.join(etcDir(r), `${server}-server.conf`);
/** A lane's proxy config: lane 0's is `proxy-server.conf`, lane N's `proxy-lN-server.conf`. */
export const proxyConfPath = (r: RegionName, lane: number): string =>
  confPath(r, proxyProcess(r, lane).slice('r1-'.length));

// ---------------------------------------------------------------- configs

function ini(sections: Record<string, Record<string, string | number | boolean>>): string {
  return (
    Object.entries(sections)
      .map(([name, kv]) => [`[${name}]`, ...Object.entries(kv).map(([k, v]) => `${k} = ${v}`)].join('\n'))
      .join('\n\n') + '\n'
  );
}

function commonDefaults(r: RegionName, port: number, logName: string): Record<string, string | number | boolean> {
  return {
    bind_ip: '127.0.0.1',
    bind_port: port,
    // One process per server: both regions must fit on 2 cores next to the app under test.
    workers: 0,
    user: os.userInfo().username,
    swift_dir: etcDir(r),
    devices: devicesDir(r),
    mount_check: false,
    disable_fallocate: true,
    fallocate_reserve: 0,
    recon_cache_path: path.join(regionDir(r), 'cache'),
    log_name: logName,
    // Swift only logs to syslog; the identity process receives these and writes logs/swift.log.
    log_udp_host: '127.0.0.1',
    log_udp_port: PORTS.syslogUdp,
  };
}

/** A lane's users only: a token asked of another lane's proxy is refused rather than shared. */
function tempauthUsers(lane: number): Record<string, string> {
  const users: Record<string, string> = {};
  for (const u of Object.values(harnessFor(lane).users)) {
    const roles = u.roles as readonly string[];
    const groups = [roles.includes('admin') && '.admin', roles.includes('ResellerAdmin') && '.reseller_admin'];
    users[`user_${u.tenantName}_${u.user}`] = [u.password, ...groups.filter(Boolean)].join(' ');
  }
  const [acct, user] = PROBE_USER.tempauthUser.split(':');
  users[`user_${acct}_${user}`] = `${PROBE_USER.key} .admin`;
  return users;
}

function proxyConfig(r: RegionName, lane: number): string {
  const p = PORTS.regions[r];
  const regionCache = {
    use: 'egg:swift#memcache',
    memcache_servers: `127.0.0.1:${p.memcached}`,
    memcache_max_connections: 4,
  };
  const tokenCache = `127.0.0.1:${lanePorts(lane).sharedMemcached}`;
  return ini({
    DEFAULT: { ...commonDefaults(r, lanePorts(lane).proxy[r], proxyProcess(r, lane)), expose_info: true },
    'pipeline:main': {
      // `cache` (region) sets env['swift.cache'] for everything; `shared-cache` swaps in the
      // token memcached just for tempauth (so a token works in both regions); `region-cache`
      // swaps back, because account/container info cache keys carry no cluster name and a
      // shared info cache would leak one region's containers into the other.
      pipeline:
        'catch_errors gatekeeper healthcheck proxy-logging cache listing_formats container_sync bulk tempurl ratelimit shared-cache tempauth region-cache staticweb copy container-quotas account-quotas slo dlo versioned_writes symlink proxy-logging proxy-server',
    },
    'app:proxy-server': { use: 'egg:swift#proxy', account_autocreate: true, allow_account_management: true },
    'filter:tempauth': {
      use: 'egg:swift#tempauth',
      ...tempauthUsers(lane),
      allow_overrides: true,
      storage_url_scheme: 'default',
    },
    'filter:cache': regionCache,
    // The lane's own token memcached: a lane that forgets its tokens leaves the others' alone.
    'filter:shared-cache': { ...regionCache, memcache_servers: tokenCache },
    'filter:region-cache': regionCache,
    'filter:catch_errors': { use: 'egg:swift#catch_errors' },
    'filter:gatekeeper': { use: 'egg:swift#gatekeeper' },
    'filter:healthcheck': { use: 'egg:swift#healthcheck' },
    'filter:proxy-logging': { use: 'egg:swift#proxy_logging' },
    'filter:listing_formats': { use: 'egg:swift#listing_formats' },
    'filter:container_sync': { use: 'egg:swift#container_sync' },
    // Swift's defaults, spelled out: extract-archive/bulk-delete tests depend on them.
    'filter:bulk': {
      use: 'egg:swift#bulk',
      max_containers_per_extraction: 10000,
      max_failed_extractions: 1000,
      max_deletes_per_request: 10000,
      max_failed_deletes: 1000,
      yield_frequency: 10,
      delete_concurrency: 2,
    },
    'filter:tempurl': { use: 'egg:swift#tempurl' },
    // After auth, as Swift's docs ask: serves a container's Web-Index/Web-Listings to anonymous readers.
    'filter:staticweb': { use: 'egg:swift#staticweb' },
    'filter:ratelimit': { use: 'egg:swift#ratelimit' },
    'filter:copy': { use: 'egg:swift#copy' },
    'filter:container-quotas': { use: 'egg:swift#container_quotas' },
    'filter:account-quotas': { use: 'egg:swift#account_quotas' },
    'filter:slo': { use: 'egg:swift#slo' },
    'filter:dlo': { use: 'egg:swift#dlo' },
    'filter:versioned_writes': {
      use: 'egg:swift#versioned_writes',
      allow_versioned_writes: true,
      allow_object_versioning: true,
    },
    'filter:symlink': { use: 'egg:swift#symlink' },
  });
}

function regionConfigs(r: RegionName): Map<string, string> {
  const p = PORTS.regions[r];
  const short = r === 'RegionOne' ? 'r1' : 'r2';
  const files = new Map<string, string>();
  for (let lane = 0; lane < LANES; lane++) files.set(proxyConfPath(r, lane), proxyConfig(r, lane));
  for (const server of ['account', 'container', 'object'] as const) {
    const sections: Record<string, Record<string, string | number | boolean>> = {
      DEFAULT: commonDefaults(r, p[server], `${short}-${server}`),
      'pipeline:main': { pipeline: `healthcheck ${server}-server` },
      // The tests read only the proxies' access lines; the backends' own lines were over half the log,
      // each one formatted by Python and carried over syslog to the identity process.
      [`app:${server}-server`]: { use: `egg:swift#${server}`, log_requests: false },
      'filter:healthcheck': { use: 'egg:swift#healthcheck' },
    };
    // Account stats (object count, bytes) only move when the container-updater runs.
    // Read by container_updater_loop.py. Failed reports suppress an account for
    // account_suppression_time (default 60 s): too long for tests.
    // An object's PUT or DELETE tells its container at once, or, past this timeout, leaves the update in
    // async_pending for an object-updater, which the harness does not run. With the suite's lanes at work
    // the container server could take over the default 1 s, and the listing then kept a deleted name
    // (or lacked an uploaded one) for good: a journey saw zebra.txt back in the grid after its delete.
    if (server === 'object') sections[`app:${server}-server`]!.container_update_timeout = 30;
    if (server === 'container') {
      sections['container-updater'] = {
        interval: 2,
        account_suppression_time: 5,
        log_name: `${short}-container-updater`,
      };
    }
    files.set(confPath(r, server), ini(sections));
  }
  return files;
}

/** Writes configs whose content changed (mtime tells running processes to restart). */
export function writeConfigs(): void {
  for (const r of REGIONS) {
    for (const d of ['etc', 'cache', 'srv/d1']) fs.mkdirSync(path.join(regionDir(r), d), { recursive: true });
    for (const [file, text] of regionConfigs(r)) {
      const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
      if (old !== text) fs.writeFileSync(file, text);
    }
  }
}

/** A second storage policy, so the app's policy choice at container creation has something to choose. */
const SECOND_POLICY = { index: 1, name: 'archive' } as const;

export function ensureSwiftConf(): void {
  const second = `\n[storage-policy:${SECOND_POLICY.index}]\nname = ${SECOND_POLICY.name}\n`;
  try {
    if (!fs.existsSync(SWIFT_CONF)) {
      fs.mkdirSync(path.dirname(SWIFT_CONF), { recursive: true });
      fs.writeFileSync(
        SWIFT_CONF,
        ini({
          'swift-hash': { swift_hash_path_suffix: 'cirrus-e2e', swift_hash_path_prefix: 'cirrus-e2e' },
          'storage-policy:0': { name: 'Policy-0', default: 'yes' },
        }) + second,
      );
      return;
    }
    // Debian's swift package ships one with policy 0 only; the servers read it only from /etc/swift.
    const text = fs.readFileSync(SWIFT_CONF, 'utf8');
    if (!new RegExp(`^\\s*\\[storage-policy:${SECOND_POLICY.index}\\]`, 'm').test(text)) {
      fs.appendFileSync(SWIFT_CONF, second);
    }
  } catch (err) {
    throw new Error(
      `${SWIFT_CONF} is missing a second storage policy and cannot be written (${(err as Error).message}); run: sudo bash testing/swift/install.sh`,
    );
  }
}

/** Storage policy indexes in swift.conf: each needs its own object ring. */
function policyIndexes(): number[] {
  const text = fs.readFileSync(SWIFT_CONF, 'utf8');
  const idx = [...text.matchAll(/^\s*\[storage-policy:(\d+)\]/gm)].map((m) => Number(m[1]));
  return idx.length ? idx : [0];
}

/** Builds missing rings (part power 6, 1 replica, 1 device) in one python run: the
 * swift-ring-builder CLI costs ~0.7 s of imports per call, 18 calls for two regions. */
export function buildRings(): void {
  const jobs: Array<[string, number]> = [];
  for (const r of REGIONS) {
    const p = PORTS.regions[r];
    const rings: Array<[string, number]> = [
      ['account', p.account],
      ['container', p.container],
    ];
    for (const i of policyIndexes()) rings.push([i === 0 ? 'object' : `object-${i}`, p.object]);
    for (const [name, port] of rings) {
      if (!fs.existsSync(path.join(etcDir(r), `${name}.ring.gz`))) jobs.push([path.join(etcDir(r), name), port]);
    }
  }
  if (!jobs.length) return;
  const script = `
import json, sys
from swift.common.ring import RingBuilder
for base, port in json.loads(sys.argv[1]):
    b = RingBuilder(6, 1, 1)
    b.add_dev({'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': port, 'device': 'd1', 'weight': 1})
    b.rebalance()
    b.get_ring().save(base + '.ring.gz')
    b.save(base + '.builder')
`;
  const res = spawnSync(PY, ['-c', script, JSON.stringify(jobs)], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`building swift rings failed: ${res.stderr || res.error?.message}`);
}
