// The harness's processes on disk and in /proc: a pid file per process (its pid and a marker from
// its command line, so a reused pid is never taken for ours), starting one detached with its log,
// telling whether it is still ours and current, and stopping it with its whole process group.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { harnessFor } from './config';
import type { ProcSpec } from './harness-processes';

// Lane 0's names: the harness is one whichever test worker starts it.
export const STATE = harnessFor(0).stateDir;
export const PIDS = path.join(STATE, 'pids');
export const LOGS = path.join(STATE, 'logs');

const log = (msg: string): void => void process.stderr.write(`${msg}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function cmdlineOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (/\) [ZX] /.test(stat)) return null; // zombie: already exited
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return null;
  }
}

export interface PidRecord {
  name: string;
  pid: number;
  marker: string;
}

export function readPid(name: string): PidRecord | null {
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

export function spawnProc(spec: ProcSpec): void {
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

export function isStale(spec: ProcSpec): boolean {
  const rec = readPid(spec.name);
  if (!rec || rec.marker !== spec.marker) return true;
  const started = fs.statSync(path.join(PIDS, `${spec.name}.pid`)).mtimeMs;
  return spec.configs.some((f) => fs.statSync(f).mtimeMs > started);
}

export async function stopPid(rec: PidRecord): Promise<boolean> {
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

export function logTail(name: string, lines = 15): string {
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

/** Stops every process with a pid file; how many were running. */
export async function stopAll(): Promise<number> {
  if (!fs.existsSync(PIDS)) return 0;
  const recs = fs
    .readdirSync(PIDS)
    .filter((f) => f.endsWith('.pid'))
    .map((f) => readPid(f.slice(0, -4)))
    .filter((r): r is PidRecord => r !== null);
  const stopped = await Promise.all(recs.map(stopPid));
  return stopped.filter(Boolean).length;
}
