/**
 * The tools Cirrus is measured against, found on the PATH (the bench installs
 * nothing), and one way to run any of them: wall time from the parent, CPU
 * time and peak RSS of the tool's own process from GNU time (Debian `time`),
 * else from polling /proc.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HARNESS } from '../../testing/swift/config';

export interface Auth {
  token: string;
  storageUrl: string;
}

export interface PeerSet {
  curl: boolean;
  swift: boolean;
  rclone: boolean;
  versions: Record<string, string>;
  /** How peers' CPU and memory are read. */
  meter: 'GNU time' | '/proc polling';
}

const TIME = '/usr/bin/time';

function onPath(bin: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, bin), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const firstLine = (cmd: string, args: string[]): string =>
  (spawnSync(cmd, args, { encoding: 'utf8' }).stdout ?? '').split('\n')[0]!.trim();

export function findPeers(say: (line: string) => void): PeerSet {
  const apt: Record<string, string> = { curl: 'curl', swift: 'python3-swiftclient', rclone: 'rclone' };
  const found = Object.fromEntries(Object.keys(apt).map((bin) => [bin, onPath(bin)])) as Record<string, boolean>;
  for (const [bin, pkg] of Object.entries(apt)) {
    if (!found[bin]) say(`${bin} is not installed (Debian: apt-get install ${pkg}): its column is skipped.`);
  }
  const versions: Record<string, string> = {};
  if (found.curl) versions.curl = firstLine('curl', ['--version']);
  if (found.swift) versions.swift = firstLine('swift', ['--version']);
  if (found.rclone) versions.rclone = firstLine('rclone', ['version']);
  const timed = fs.existsSync(TIME);
  if (!timed) say(`${TIME} is missing (Debian: apt-get install time): peers' CPU and memory come from polling /proc.`);
  return {
    curl: found.curl!,
    swift: found.swift!,
    rclone: found.rclone!,
    versions,
    meter: timed ? 'GNU time' : '/proc polling',
  };
}

/** The swift CLI with the token it would get by signing in, as Cirrus's session already holds one. */
export const swiftAuthArgs = (auth: Auth): string[] => [
  '--os-auth-token',
  auth.token,
  '--os-storage-url',
  auth.storageUrl,
];

/** rclone configured only by environment (no config file), signing in with Keystone v2 as Cirrus does. */
export const RCLONE_REMOTE = 'bench:';
export function rcloneEnv(): Record<string, string> {
  const u = HARNESS.users.admin;
  const p = 'RCLONE_CONFIG_BENCH_';
  return {
    RCLONE_CONFIG: '/dev/null',
    [`${p}TYPE`]: 'swift',
    [`${p}AUTH`]: HARNESS.authUrlV2,
    [`${p}USER`]: u.user,
    [`${p}KEY`]: u.password,
    [`${p}TENANT`]: u.tenantName,
    [`${p}AUTH_VERSION`]: '2',
    [`${p}REGION`]: 'RegionOne',
  };
}

export interface ToolRun {
  seconds: number;
  cpuSeconds: number;
  peakRssMiB: number;
  stdout: string;
}

let runs = 0;

/** Runs a peer to completion; a non-zero exit is an error carrying the end of its stderr. */
export async function runTool(cmd: string, args: string[], env: Record<string, string> = {}): Promise<ToolRun> {
  const meterFile = fs.existsSync(TIME)
    ? path.join(os.tmpdir(), `cirrus-bench-time-${process.pid}-${++runs}`)
    : undefined;
  const [bin, argv] = meterFile ? [TIME, ['-f', '%U %S %M', '-o', meterFile, cmd, ...args]] : [cmd, args];
  const started = performance.now();
  const child = spawn(bin, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  const poll = meterFile ? undefined : pollProc(child.pid!);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  const polled = poll?.stop();
  if (code !== 0) {
    const tail = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-3).join(' | ');
    // Never print the token: it is in the arguments.
    const shown = args.map((a) => a.replace(/AUTH_tk\w+/g, '<token>')).join(' ');
    throw new Error(`${cmd} ${shown} exited ${code}: ${tail}`);
  }
  let cpuSeconds = polled?.cpuSeconds ?? 0;
  let peakRssMiB = polled?.peakRssMiB ?? 0;
  if (meterFile) {
    const [user, sys, maxKiB] = fs.readFileSync(meterFile, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
    fs.rmSync(meterFile, { force: true });
    cpuSeconds = user! + sys!;
    peakRssMiB = maxKiB! / 1024;
  }
  return { seconds, cpuSeconds, peakRssMiB, stdout: Buffer.concat(out).toString('utf8') };
}

/** CPU seconds a process has used so far, from /proc (throws once it has gone). */
export function procCpuSeconds(pid: number | string): number {
  // Fields 14 and 15 of stat (after the parenthesised name) are user and system ticks, 100 per second.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The fallback meter: the process's high-water mark and CPU ticks, read every 20 ms until it exits. */
function pollProc(pid: number): { stop(): { cpuSeconds: number; peakRssMiB: number } } {
  let cpuSeconds = 0;
  let peakRssMiB = 0;
  const read = () => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) peakRssMiB = Math.max(peakRssMiB, Number(hwm[1]) / 1024);
      cpuSeconds = procCpuSeconds(pid);
    } catch {
      // The process has exited between two reads: keep what was seen.
    }
  };
  read();
  const timer = setInterval(read, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return { cpuSeconds, peakRssMiB };
    },
  };
}
