// Token issuing for the identity front: a real tempauth token from the lane's RegionOne proxy, or,
// with a token TTL set, a short-lived copy of it written straight into the lane's token memcached in
// tempauth's own format (so Swift itself rejects it once it expires).
import { createHash, randomUUID } from 'node:crypto';
import net from 'node:net';
import { tempauthUser, type HarnessUserName } from './config';
import { HttpError } from './identity-http';
import type { Lane } from './identity-lanes';

export interface Issued {
  id: string;
  issuedAt: Date;
  expiresAt: Date;
}

export async function issueToken(lane: Lane, who: HarnessUserName): Promise<Issued> {
  const u = lane.harness.users[who];
  const res = await fetch(`${lane.harness.regions.RegionOne.proxy}/auth/v1.0`, {
    headers: { 'X-Auth-User': tempauthUser(who, lane.harness), 'X-Auth-Key': u.password },
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  const token = res.headers.get('x-auth-token');
  if (!res.ok || !token) throw new HttpError(500, `tempauth on RegionOne answered ${res.status}`);
  const issuedAt = new Date();
  if (lane.tokenTtlSeconds === null) {
    const left = Number(res.headers.get('x-auth-token-expires') ?? 86400);
    return { id: token, issuedAt, expiresAt: new Date(issuedAt.getTime() + left * 1000) };
  }
  return mintShortToken(lane.tokenMemcached, token, lane.tokenTtlSeconds, issuedAt);
}

/** Copies tempauth's cache entry `AUTH_/token/<t>` = [expires, groups] under a new token. */
async function mintShortToken(port: number, source: string, ttl: number, issuedAt: Date): Promise<Issued> {
  const got = await memcache(port, `get ${mcKey(`AUTH_/token/${source}`)}\r\n`, 'END\r\n');
  const m = /^VALUE \S+ \d+ \d+\r\n(.*)\r\nEND\r\n$/s.exec(got);
  if (!m) throw new HttpError(500, 'tempauth token not found in the shared memcached');
  const [, groups] = JSON.parse(m[1]!) as [number, string];
  const id = `AUTH_tk${randomUUID().replace(/-/g, '')}`;
  const expiresAt = new Date(issuedAt.getTime() + ttl * 1000);
  const value = JSON.stringify([expiresAt.getTime() / 1000, groups]);
  // flags 2 = JSON, as swift.common.memcached writes it; exptime a little past expiry.
  const stored = await memcache(
    port,
    `set ${mcKey(`AUTH_/token/${id}`)} 2 ${Math.ceil(ttl) + 1} ${Buffer.byteLength(value)}\r\n${value}\r\n`,
    '\r\n',
  );
  if (!stored.startsWith('STORED')) throw new HttpError(500, `memcached answered ${stored.trim()}`);
  return { id, issuedAt, expiresAt };
}

const mcKey = (key: string): string => createHash('md5').update(key).digest('hex'); // swift hashes keys

function memcache(port: number, command: string, terminator: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    let buf = '';
    sock.setTimeout(3000, () => sock.destroy(new Error('memcached timeout')));
    sock.on('error', reject);
    sock.on('connect', () => sock.write(command));
    sock.on('data', (d) => {
      buf += d.toString('utf8');
      if (buf.endsWith(terminator) || /^(ERROR|CLIENT_ERROR|SERVER_ERROR)/.test(buf)) {
        sock.end();
        resolve(buf);
      }
    });
  });
}
