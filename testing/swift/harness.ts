// Real OpenStack Swift 2.30 test harness: two independent single-replica clusters on
// loopback (RegionOne, RegionTwo), three memcacheds and a Keystone-style identity front,
// plus a proxy per region and a token memcached for each further lane (config.ts LANES).
//
//   npx tsx testing/swift/harness.ts start|stop|status [--clean]
//
// Also importable: startHarness(), stopHarness(), harnessReady().
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANES, PORTS, harnessFor, lanePorts, proxyProcess } from './config';
import { sampleArchivePath, seedDemo } from './demo-seed';
import {
  PY,
  REGIONS,
  SWIFT_CONF,
  buildRings,
  confPath,
  ensureSwiftConf,
  proxyConfPath,
  writeConfigs,
} from './harness-configs';
import { httpOk, memcachedOk, portTaken, probe } from './harness-health';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// Lane 0's names: the harness is one whichever test worker starts it.
const HARNESS = harnessFor(0);
const STATE = HARNESS.stateDir;
const PIDS = path.join(STATE, 'pids');
const LOGS = path.join(STATE, 'logs');
const LOCK = path.join(STATE, 'harness.lock');
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
  const lanes = Array.from({ length: LANES }, (_, lane) => lane);
  const specs: ProcSpec[] = lanes.map((lane) =>
    memcached(lane ? `memcached-shared-l${lane}` : 'memcached-shared', lanePorts(lane).sharedMemcached),
  );
  // What a test worker starting the harness has in its environment (its lane) is not the harness's.
  const env = { ...process.env };
  for (const lane of [
    'TEST_PARALLEL_INDEX',
    'VITEST_POOL_ID',
    'CIRRUS_SWIFT_LANE_BASE',
    'CIRRUS_SWIFT_LANE_PER_WORKER',
  ])
    delete env[lane];
  const swiftEnv = { ...env };
  delete swiftEnv.PYTHONPATH; // Debian's python3 with its own dist-packages only
  delete swiftEnv.PYTHONHOME;
  const swiftServer = (name: string, server: string, conf: string, port: number): ProcSpec => ({
    name,
    cmd: `/usr/bin/swift-${server}-server`,
    args: [conf],
    marker: conf,
    // swift.conf holds the storage policies: a new one restarts every server.
    configs: [conf, SWIFT_CONF],
    env: swiftEnv,
    port,
    ready: () => httpOk(`http://127.0.0.1:${port}/healthcheck`),
  });
  for (const r of REGIONS) {
    const short = r === 'RegionOne' ? 'r1' : 'r2';
    const p = PORTS.regions[r];
    specs.push(memcached(`${short}-memcached`, p.memcached));
    for (const server of ['account', 'container', 'object'] as const) {
      specs.push(swiftServer(`${short}-${server}`, server, confPath(r, server), p[server]));
    }
    for (const lane of lanes) {
      specs.push(swiftServer(proxyProcess(r, lane), 'proxy', proxyConfPath(r, lane), lanePorts(lane).proxy[r]));
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
    env: { ...env, CIRRUS_SWIFT_DIR: STATE, NODE_OPTIONS: '' },
    port: PORTS.identity,
    ready: async () =>
      (await Promise.all(lanes.map((lane) => httpOk(`${harnessFor(lane).identityUrl}/__stats`)))).every(Boolean),
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
export function runningPid(name: string): number | null {
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
