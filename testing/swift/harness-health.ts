// Whether the harness's parts answer: HTTP health checks, a port's owner, memcached, and an
// end-to-end probe through tempauth on both regions.
import net from 'node:net';
import { LANES, PROBE_USER, harnessFor } from './config';
import { REGIONS } from './harness-configs';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function httpOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

export async function portTaken(port: number): Promise<boolean> {
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

export function memcachedOk(port: number): Promise<boolean> {
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

/** End-to-end probe on the private AUTH_harness account, in every lane: a token from the lane's
 * RegionOne proxy must work on both its regions (the lane's token cache), and PUT container + HEAD
 * account must succeed. */
export async function probe(): Promise<string | null> {
  const failures = await Promise.all(Array.from({ length: LANES }, (_, lane) => probeLane(lane)));
  return failures.find((f) => f !== null) ?? null;
}

async function probeLane(lane: number): Promise<string | null> {
  const { regions } = harnessFor(lane);
  const where = lane ? ` (lane ${lane})` : '';
  try {
    const auth = await fetch(`${regions.RegionOne.proxy}/auth/v1.0`, {
      headers: { 'X-Auth-User': PROBE_USER.tempauthUser, 'X-Auth-Key': PROBE_USER.key },
      signal: AbortSignal.timeout(5000),
    });
    const token = auth.headers.get('x-auth-token');
    if (!auth.ok || !token) return `auth on RegionOne${where} answered ${auth.status}`;
    for (const r of REGIONS) {
      const base = `${regions[r].proxy}/v1/${PROBE_USER.account}`;
      const headers = { 'X-Auth-Token': token };
      const put = await fetch(`${base}/probe`, { method: 'PUT', headers, signal: AbortSignal.timeout(10000) });
      if (put.status !== 201 && put.status !== 202) return `${r}${where}: PUT container answered ${put.status}`;
      const head = await fetch(base, { method: 'HEAD', headers, signal: AbortSignal.timeout(5000) });
      if (!head.ok) return `${r}${where}: HEAD account answered ${head.status}`;
      const info = await fetch(`${regions[r].proxy}/info`, { signal: AbortSignal.timeout(5000) });
      if (!info.ok) return `${r}${where}: GET /info answered ${info.status}`;
      await info.arrayBuffer();
    }
    return null;
  } catch (err) {
    return `${(err as Error).message}${where}`;
  }
}
