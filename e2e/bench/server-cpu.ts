/**
 * The CPU time the harness's Swift servers spend while a tool works: Swift
 * shares the bench machine's two cores with the tool, so a client that needs
 * more CPU (Cirrus checks every byte's MD5; curl checks nothing) leaves Swift
 * less of them. Read from /proc (Linux only, as the harness is): user and
 * system ticks of every process started from the harness's state folder.
 */
import fs from 'node:fs';
import { HARNESS } from '../../testing/swift/config';
import { procCpuSeconds } from './peers';

/** Seconds of CPU the harness's processes have used so far; undefined where /proc cannot tell. */
function swiftCpuSeconds(): number | undefined {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let seconds = 0;
  for (const pid of pids) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes('swift-') && cmdline.includes(HARNESS.stateDir)) seconds += procCpuSeconds(pid);
    } catch {
      // Gone between the listing and the read: a process that is not a server.
    }
  }
  return seconds;
}

/** Runs `work`, and answers its result with the Swift servers' CPU seconds meanwhile (NaN where unknown). */
export async function withSwiftCpu<T>(work: () => Promise<T>): Promise<{ result: T; swiftCpu: number }> {
  const before = swiftCpuSeconds();
  const result = await work();
  const after = swiftCpuSeconds();
  return { result, swiftCpu: before === undefined || after === undefined ? NaN : after - before };
}
