// Real OpenStack Swift 2.30 test harness: two independent single-replica clusters on
// loopback (RegionOne, RegionTwo), three memcacheds and a Keystone-style identity front.
//
//   npx tsx testing/swift/harness.ts start|stop|status [--clean]
//
// Also importable: startHarness(), stopHarness(), harnessReady().
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HARNESS, PORTS, PROBE_USER, type RegionName } from './config';
import { sampleArchivePath, seedDemo } from './demo-seed';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const STATE = HARNESS.stateDir;
const PIDS = path.join(STATE, 'pids');
const LOGS = path.join(STATE, 'logs');
const LOCK = path.join(STATE, 'harness.lock');
const SWIFT_CONF = '/etc/swift/swift.conf'; // Swift 2.30 servers read it only from /etc/swift
const PY = '/usr/bin/python3'; // Debian's python has the swift module; PATH may hold pyenv's
const REGIONS = Object.keys(HARNESS.regions) as RegionName[];
const REQUIRED_BINS = [
  'swift-proxy-server',
  'swift-account-server',
  'swift-container-server',
  'swift-object-server',
  'swift-container-updater',
  'memcached',
];

interface ProcSpec {
  name: string;
  cmd: string;
  args: string[];
  /** Substring of /proc/<pid>/cmdline proving a pid is still ours. */
  marker: string;
  /** Files it reads (configs, code): one newer than its pid file restarts it. */
  configs: string[];
  env?: NodeJS.ProcessEnv;
  /** TCP port it listens on: must be free before it starts. */
  port?: number;
  ready: () => Promise<boolean>;
}

export interface StartOptions {
  /** Stop everything and wipe stateDir first. */
  clean?: boolean;
  /** No "ready" line (errors still throw). */
  quiet?: boolean;
  timeoutMs?: number;
}

const log = (msg: string): void => void process.stderr.write(`${msg}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const regionDir = (r: RegionName): string => path.join(STATE, r === 'RegionOne' ? 'r1' : 'r2');
const etcDir = (r: RegionName): string => path.join(regionDir(r), 'etc');
const confPath = (r: RegionName, server: string): string => path.join(etcDir(r), `${server}-server.conf`);

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
    devices: path.join(regionDir(r), 'srv'),
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

function tempauthUsers(): Record<string, string> {
  const users: Record<string, string> = {};
  for (const u of Object.values(HARNESS.users)) {
    const roles = u.roles as readonly string[];
    const groups = [roles.includes('admin') && '.admin', roles.includes('ResellerAdmin') && '.reseller_admin'];
    users[`user_${u.tenantName}_${u.user}`] = [u.password, ...groups.filter(Boolean)].join(' ');
  }
  const [acct, user] = PROBE_USER.tempauthUser.split(':');
  users[`user_${acct}_${user}`] = `${PROBE_USER.key} .admin`;
  return users;
}

function regionConfigs(r: RegionName): Map<string, string> {
  const p = PORTS.regions[r];
  const short = r === 'RegionOne' ? 'r1' : 'r2';
  const regionCache = {
    use: 'egg:swift#memcache',
    memcache_servers: `127.0.0.1:${p.memcached}`,
    memcache_max_connections: 4,
  };
  const files = new Map<string, string>();
  files.set(
    confPath(r, 'proxy'),
    ini({
      DEFAULT: { ...commonDefaults(r, p.proxy, `${short}-proxy`), expose_info: true },
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
        ...tempauthUsers(),
        allow_overrides: true,
        storage_url_scheme: 'default',
      },
      'filter:cache': regionCache,
      'filter:shared-cache': { ...regionCache, memcache_servers: `127.0.0.1:${PORTS.sharedMemcached}` },
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
    }),
  );
  for (const server of ['account', 'container', 'object'] as const) {
    const sections: Record<string, Record<string, string | number | boolean>> = {
      DEFAULT: commonDefaults(r, p[server], `${short}-${server}`),
      'pipeline:main': { pipeline: `healthcheck ${server}-server` },
      [`app:${server}-server`]: { use: `egg:swift#${server}` },
      'filter:healthcheck': { use: 'egg:swift#healthcheck' },
    };
    // Account stats (object count, bytes) only move when the container-updater runs.
    // Read by container_updater_loop.py. Failed reports suppress an account for
    // account_suppression_time (default 60 s): too long for tests.
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
function writeConfigs(): void {
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

function ensureSwiftConf(): void {
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
function buildRings(): void {
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

// ---------------------------------------------------------------- processes

function tsxLoader(): string {
  // Resolve tsx from this package so the identity process works from any cwd.
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

function procSpecs(): ProcSpec[] {
  const user = os.userInfo().username;
  const memcached = (name: string, port: number): ProcSpec => ({
    name,
    cmd: '/usr/bin/memcached',
    args: ['-l', '127.0.0.1', '-p', String(port), '-U', '0', '-m', '64', '-u', user],
    marker: `-p ${port} `,
    configs: [],
    port,
    ready: () => memcachedOk(port),
  });
  const specs: ProcSpec[] = [memcached('memcached-shared', PORTS.sharedMemcached)];
  const swiftEnv = { ...process.env };
  delete swiftEnv.PYTHONPATH; // Debian's python3 with its own dist-packages only
  delete swiftEnv.PYTHONHOME;
  for (const r of REGIONS) {
    const short = r === 'RegionOne' ? 'r1' : 'r2';
    const p = PORTS.regions[r];
    specs.push(memcached(`${short}-memcached`, p.memcached));
    for (const server of ['account', 'container', 'object', 'proxy'] as const) {
      const conf = confPath(r, server);
      specs.push({
        name: `${short}-${server}`,
        cmd: `/usr/bin/swift-${server}-server`,
        args: [conf],
        marker: conf,
        // swift.conf holds the storage policies: a new one restarts every server.
        configs: [conf, SWIFT_CONF],
        env: swiftEnv,
        port: p[server],
        ready: () => httpOk(`http://127.0.0.1:${p[server]}/healthcheck`),
      });
    }
    const conf = confPath(r, 'container');
    specs.push({
      name: `${short}-container-updater`,
      cmd: PY,
      args: [path.join(HERE, 'container_updater_loop.py'), conf],
      marker: `container_updater_loop.py ${conf}`,
      configs: [conf, path.join(HERE, 'container_updater_loop.py')],
      env: swiftEnv,
      ready: async () => true,
    });
  }
  const identity = path.join(HERE, 'identity.ts');
  specs.push({
    name: 'identity',
    cmd: process.execPath,
    args: ['--import', tsxLoader(), identity],
    marker: identity,
    configs: [identity, path.join(HERE, 'config.ts')],
    env: { ...process.env, CIRRUS_SWIFT_DIR: STATE, NODE_OPTIONS: '' },
    port: PORTS.identity,
    ready: () => httpOk(`${HARNESS.identityUrl}/__stats`),
  });
  return specs;
}

function cmdlineOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (/\) [ZX] /.test(stat)) return null; // zombie: already exited
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return null;
  }
}

interface PidRecord {
  name: string;
  pid: number;
  marker: string;
}

function readPid(name: string): PidRecord | null {
  try {
    const [pid, marker] = fs.readFileSync(path.join(PIDS, `${name}.pid`), 'utf8').split('\n');
    return { name, pid: Number(pid), marker: marker ?? '' };
  } catch {
    return null;
  }
}

/** pid of our running process `name`, or null (the pid file is only trusted while
 * /proc/<pid>/cmdline still carries the marker recorded with it). */
function runningPid(name: string): number | null {
  const rec = readPid(name);
  if (!rec || !rec.pid || !rec.marker) return null;
  const cmd = cmdlineOf(rec.pid);
  return cmd !== null && cmd.includes(rec.marker) ? rec.pid : null;
}

function spawnProc(spec: ProcSpec): void {
  const out = fs.openSync(path.join(LOGS, `${spec.name}.log`), 'a');
  try {
    fs.writeSync(out, `--- ${new Date().toISOString()} starting ${spec.cmd} ${spec.args.join(' ')}\n`);
    const child = spawn(spec.cmd, spec.args, {
      detached: true, // own session: survives the CLI, and stop can signal the group
      stdio: ['ignore', out, out],
      env: spec.env ?? process.env,
      cwd: STATE,
    });
    child.on('error', (err) => log(`swift harness: ${spec.name}: ${err.message}`));
    child.unref();
    if (!child.pid) throw new Error(`could not start ${spec.cmd}`);
    fs.writeFileSync(path.join(PIDS, `${spec.name}.pid`), `${child.pid}\n${spec.marker}\n`);
  } finally {
    fs.closeSync(out);
  }
}

function isStale(spec: ProcSpec): boolean {
  const rec = readPid(spec.name);
  if (!rec || rec.marker !== spec.marker) return true;
  const started = fs.statSync(path.join(PIDS, `${spec.name}.pid`)).mtimeMs;
  return spec.configs.some((f) => fs.statSync(f).mtimeMs > started);
}

async function stopPid(rec: PidRecord): Promise<boolean> {
  const alive = (): boolean => (cmdlineOf(rec.pid) ?? '').includes(rec.marker);
  const signal = (sig: NodeJS.Signals): void => {
    // The whole group too (each process leads its own session): nothing left behind.
    for (const target of [-rec.pid, rec.pid]) {
      try {
        process.kill(target, sig);
      } catch {
        /* already gone */
      }
    }
  };
  let stopped = false;
  if (rec.marker && alive()) {
    signal('SIGTERM');
    for (let i = 0; i < 50 && alive(); i++) await sleep(100);
    if (alive()) signal('SIGKILL');
    for (let i = 0; i < 20 && alive(); i++) await sleep(100);
    stopped = true;
  }
  fs.rmSync(path.join(PIDS, `${rec.name}.pid`), { force: true });
  return stopped;
}

// ---------------------------------------------------------------- health

async function httpOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

async function portTaken(port: number): Promise<boolean> {
  // A just-stopped server may still hold it for a moment.
  for (let i = 0; i < 20; i++) {
    const taken = await new Promise<boolean>((resolve) => {
      const sock = net.connect({ host: '127.0.0.1', port });
      const done = (v: boolean): void => {
        sock.destroy();
        resolve(v);
      };
      sock.on('connect', () => done(true));
      sock.on('error', () => done(false));
      sock.setTimeout(1000, () => done(true));
    });
    if (!taken) return false;
    await sleep(100);
  }
  return true;
}

function memcachedOk(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    let buf = '';
    const done = (ok: boolean): void => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(1000, () => done(false));
    sock.on('error', () => done(false));
    sock.on('connect', () => sock.write('version\r\n'));
    sock.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('\r\n')) done(buf.startsWith('VERSION'));
    });
  });
}

/** End-to-end probe on the private AUTH_harness account: a token from RegionOne must work
 * on both regions (shared token cache), and PUT container + HEAD account must succeed. */
async function probe(): Promise<string | null> {
  try {
    const one = HARNESS.regions.RegionOne.proxy;
    const auth = await fetch(`${one}/auth/v1.0`, {
      headers: { 'X-Auth-User': PROBE_USER.tempauthUser, 'X-Auth-Key': PROBE_USER.key },
      signal: AbortSignal.timeout(5000),
    });
    const token = auth.headers.get('x-auth-token');
    if (!auth.ok || !token) return `auth on RegionOne answered ${auth.status}`;
    for (const r of REGIONS) {
      const base = `${HARNESS.regions[r].proxy}/v1/${PROBE_USER.account}`;
      const headers = { 'X-Auth-Token': token };
      const put = await fetch(`${base}/probe`, { method: 'PUT', headers, signal: AbortSignal.timeout(10000) });
      if (put.status !== 201 && put.status !== 202) return `${r}: PUT container answered ${put.status}`;
      const head = await fetch(base, { method: 'HEAD', headers, signal: AbortSignal.timeout(5000) });
      if (!head.ok) return `${r}: HEAD account answered ${head.status}`;
      const info = await fetch(`${HARNESS.regions[r].proxy}/info`, { signal: AbortSignal.timeout(5000) });
      if (!info.ok) return `${r}: GET /info answered ${info.status}`;
      await info.arrayBuffer();
    }
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** True when every process answers and the end-to-end probe passes. */
export async function harnessReady(): Promise<boolean> {
  if (!fs.existsSync(PIDS)) return false;
  const specs = procSpecs();
  if (specs.some((s) => runningPid(s.name) === null)) return false;
  const oks = await Promise.all(specs.map((s) => s.ready()));
  return oks.every(Boolean) && (await probe()) === null;
}

// ---------------------------------------------------------------- start / stop

function binariesInstalled(): boolean {
  return REQUIRED_BINS.every((b) => fs.existsSync(`/usr/bin/${b}`));
}

function ensureInstalled(): void {
  if (binariesInstalled()) return;
  if (process.getuid?.() !== 0)
    throw new Error('OpenStack Swift is not installed: run `sudo bash testing/swift/install.sh`');
  const res = spawnSync('bash', [path.join(HERE, 'install.sh')], { stdio: 'inherit' });
  if (res.status !== 0 || !binariesInstalled()) throw new Error('testing/swift/install.sh failed');
}

/** Serialises start/stop across processes (parallel vitest workers all call startHarness). */
async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(STATE, { recursive: true });
  for (let waited = 0; ; waited += 100) {
    try {
      fs.writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const holder = Number(fs.readFileSync(LOCK, { encoding: 'utf8', flag: 'a+' }) || 0);
      if (!holder || cmdlineOf(holder) === null)
        fs.rmSync(LOCK, { force: true }); // stale
      else if (waited > 180_000) throw new Error(`swift harness lock ${LOCK} held by pid ${holder}`);
      await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK, { force: true });
  }
}

function logTail(name: string, lines = 15): string {
  try {
    return fs
      .readFileSync(path.join(LOGS, `${name}.log`), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .join('\n');
  } catch {
    return '(no log)';
  }
}

async function stopAll(): Promise<number> {
  if (!fs.existsSync(PIDS)) return 0;
  const recs = fs
    .readdirSync(PIDS)
    .filter((f) => f.endsWith('.pid'))
    .map((f) => readPid(f.slice(0, -4)))
    .filter((r): r is PidRecord => r !== null);
  const stopped = await Promise.all(recs.map(stopPid));
  return stopped.filter(Boolean).length;
}

export async function startHarness(opts: StartOptions = {}): Promise<void> {
  // A second checkout (a git worktree) can use the harness another one started: its own file
  // paths would otherwise look like changed configs and restart processes under the other's tests.
  if (process.env.CIRRUS_SHARED_HARNESS === '1') {
    if (await harnessReady()) return;
    throw new Error('CIRRUS_SHARED_HARNESS=1 but no harness is running: start one with `npm run swift:start`');
  }
  const t0 = Date.now();
  ensureInstalled();
  await withLock(async () => {
    if (opts.clean) {
      await stopAll();
      for (const entry of fs.readdirSync(STATE)) {
        if (path.join(STATE, entry) !== LOCK) fs.rmSync(path.join(STATE, entry), { recursive: true, force: true });
      }
    }
    for (const d of [PIDS, LOGS]) fs.mkdirSync(d, { recursive: true });
    ensureSwiftConf();
    writeConfigs();
    buildRings();
    const specs = procSpecs();
    let started = 0;
    for (const spec of specs) {
      if (runningPid(spec.name) !== null) {
        if (!isStale(spec)) continue;
        await stopPid(readPid(spec.name)!); // its config or code changed since it started
      }
      // Swift servers retry a taken port for 30 s while a stranger answers our health checks.
      if (spec.port && (await portTaken(spec.port))) {
        throw new Error(
          `swift harness: port ${spec.port} (${spec.name}) is taken by a process this harness did not start (no live pid file in ${PIDS}); stop it or free the port`,
        );
      }
      spawnProc(spec);
      started++;
    }
    const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
    let pending = specs;
    let probeError: string | null = 'not run';
    while (Date.now() < deadline) {
      const dead = pending.find((s) => runningPid(s.name) === null);
      if (dead)
        throw new Error(
          `swift harness: ${dead.name} exited; ${path.join(LOGS, dead.name)}.log:\n${logTail(dead.name)}`,
        );
      const oks = await Promise.all(pending.map((s) => s.ready()));
      pending = pending.filter((_, i) => !oks[i]);
      if (!pending.length && (probeError = await probe()) === null) break;
      await sleep(200);
    }
    if (pending.length)
      throw new Error(
        `swift harness: not ready after timeout: ${pending.map((s) => s.name).join(', ')} (logs in ${LOGS})`,
      );
    if (probeError) throw new Error(`swift harness: probe failed: ${probeError} (see ${path.join(LOGS, 'swift.log')})`);
    await seedDemo();
    if (!opts.quiet) {
      const what = started ? `started ${started}/${specs.length} processes` : 'already running';
      log(
        `demo login: ${HARNESS.authUrlV2}, user demo, password demo, tenant demo; archive to drop: ${sampleArchivePath()}`,
      );
      log(
        `swift harness ready (${what}, ${((Date.now() - t0) / 1000).toFixed(1)} s): auth ${HARNESS.authUrlV2} | ${HARNESS.authUrlV3}, RegionOne ${HARNESS.regions.RegionOne.proxy}, RegionTwo ${HARNESS.regions.RegionTwo.proxy}, state ${STATE}`,
      );
    }
  });
}

export async function stopHarness(): Promise<number> {
  return withLock(stopAll);
}

async function status(): Promise<boolean> {
  let allUp = true;
  for (const spec of procSpecs()) {
    const pid = runningPid(spec.name);
    const ok = pid !== null && (await spec.ready());
    allUp &&= ok;
    let rss = '';
    if (pid !== null) {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) rss = ` rss ${Math.round(Number(m[1]) / 1024)} MiB`;
    }
    log(
      `${spec.name.padEnd(22)} ${pid === null ? 'stopped' : `pid ${pid}${rss}`}${pid !== null && !ok ? ' NOT READY' : ''}`,
    );
  }
  const probeError = allUp ? await probe() : 'processes down';
  log(probeError === null ? `swift harness: ready (${HARNESS.authUrlV2})` : `swift harness: not ready (${probeError})`);
  return probeError === null;
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  const clean = rest.includes('--clean');
  if (cmd === 'start') {
    await startHarness({ clean });
    return 0;
  }
  if (cmd === 'stop') {
    const n = await stopHarness();
    if (clean) fs.rmSync(STATE, { recursive: true, force: true });
    log(`swift harness stopped (${n} processes)${clean ? `, ${STATE} wiped` : ''}`);
    return 0;
  }
  if (cmd === 'status') return (await status()) ? 0 : 1;
  log('usage: tsx testing/swift/harness.ts start|stop|status [--clean] [--port-base N]');
  return 2;
}

/**
 * `--port-base N` is CIRRUS_SWIFT_PORT_BASE=N: config.ts reads the ports when
 * it loads, before any argument is seen, so the flag re-runs this script with
 * the variable set.
 */
function withPortBaseFlag(argv: string[]): number | undefined {
  const at = argv.findIndex((a) => a === '--port-base' || a.startsWith('--port-base='));
  if (at < 0) return undefined;
  const value = argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  const rest = argv.filter((_, i) => i !== at && !(i === at + 1 && !argv[at]!.includes('=')));
  const res = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, ...rest], {
    stdio: 'inherit',
    env: { ...process.env, CIRRUS_SWIFT_PORT_BASE: value ?? '' },
  });
  return res.status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const flagged = withPortBaseFlag(process.argv.slice(2));
  if (flagged !== undefined) process.exit(flagged);
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      log(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
