// Real OpenStack Swift 2.30 test harness: two independent single-replica clusters on
// loopback (RegionOne, RegionTwo), three memcacheds and a Keystone-style identity front,
// plus a proxy per region and a token memcached for each further lane (config.ts LANES).
//
//   npx tsx testing/swift/harness.ts start|stop|status [--clean]
//
// Also importable: startHarness(), stopHarness(), harnessReady().
//
// The parts: harness-processes.ts (what runs), harness-pids.ts (pid files, spawn, stop),
// harness-configs.ts (Swift configs, rings), harness-health.ts (readiness checks and probe).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { harnessFor } from './config';
import { sampleArchivePath, seedDemo } from './demo-seed';
import { buildRings, ensureSwiftConf, writeConfigs } from './harness-configs';
import { portTaken, probe } from './harness-health';
import {
  LOGS,
  PIDS,
  STATE,
  cmdlineOf,
  isStale,
  logTail,
  readPid,
  runningPid,
  spawnProc,
  stopAll,
  stopPid,
} from './harness-pids';
import { procSpecs } from './harness-processes';

export { runningPid } from './harness-pids';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// Lane 0's names: the harness is one whichever test worker starts it.
const HARNESS = harnessFor(0);
const LOCK = path.join(STATE, 'harness.lock');
const REQUIRED_BINS = [
  'swift-proxy-server',
  'swift-account-server',
  'swift-container-server',
  'swift-object-server',
  'swift-container-updater',
  'memcached',
];

export interface StartOptions {
  /** Stop everything and wipe stateDir first. */
  clean?: boolean;
  /** No "ready" line (errors still throw). */
  quiet?: boolean;
  timeoutMs?: number;
}

const log = (msg: string): void => void process.stderr.write(`${msg}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

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
