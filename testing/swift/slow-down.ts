/**
 * Slows one of the harness's real Swift processes down, or stops it for a
 * moment, with SIGSTOP and SIGCONT. On loopback a 200 MiB upload is over in
 * well under a second, faster than a test can see its progress and press
 * Cancel, and Swift has no setting that makes a proxy slow. The process is
 * real Swift throughout: it only gets less time to run, as on a busy or
 * distant server.
 */
import { LANE } from './config';
import { runningPid } from './harness';

export interface SlowedProcess {
  /** Stops it outright until `release`: no byte moves while a test looks. */
  freeze(): void;
  /** Lets it run at full speed again (safe to call more than once). */
  release(): void;
}

/**
 * Lets harness process `name` (e.g. `r1-proxy`) run `runMs` out of every
 * `runMs + stopMs` milliseconds until `freeze` or `release`. A proxy is this
 * worker's lane's own (`r1-proxy-l1` in lane 1), so the other lanes run on.
 */
export function slowDown(name: string, { runMs = 10, stopMs = 40 } = {}): SlowedProcess {
  const pid = runningPid(/^r[12]-proxy$/.test(name) && LANE ? `${name}-l${LANE}` : name);
  if (pid === null) throw new Error(`swift harness: ${name} is not running`);
  let timer: NodeJS.Timeout | undefined;
  let released = false;
  const signal = (s: NodeJS.Signals): void => {
    if (!released || s === 'SIGCONT') process.kill(pid, s);
  };
  const cycle = (): void => {
    signal('SIGSTOP');
    timer = setTimeout(() => {
      signal('SIGCONT');
      timer = setTimeout(cycle, runMs).unref();
    }, stopMs).unref();
  };
  cycle();
  // A test that dies mid-way must not leave the region's proxy stopped for the tests after it.
  process.once('exit', () => signal('SIGCONT'));
  return {
    freeze() {
      clearTimeout(timer);
      signal('SIGSTOP');
    },
    release() {
      clearTimeout(timer);
      released = true;
      signal('SIGCONT');
    },
  };
}
