/**
 * Listing rows written straight to a region's account and container servers,
 * with the backend requests Swift's own servers send each other: a container
 * server tells the account server of a container (swift/account/server.py
 * PUT), an object server tells the container server of an object
 * (swift/container/server.py PUT). Only the listing learns of the name: no
 * container database or object body is made. That is for journeys that list,
 * scroll and search thousands of names and open none of them: through the
 * proxy, a fresh harness spent ~11 ms of Swift's CPU on each of a 12,000-object
 * container's objects (146 s of a lane before the journeys could start) and
 * ~33 ms on each of 2,500 containers; a row here costs the one server ~1-2 ms.
 * A journey that opens, downloads or deletes a name must store that one
 * through the proxy as well.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { HARNESS, type HarnessUserName, type RegionName } from './config';
import { PY, etcDir } from './harness-configs';

/** Rows sent at once: the servers run as one process each, and more only queue there. */
const AT_ONCE = 8;

export interface ObjectRow {
  name: string;
  bytes: number;
  etag: string;
  contentType: string;
}

/** An object row for a body of this text, as if it had been stored. */
export const textRow = (name: string, body: string): ObjectRow => ({
  name,
  bytes: Buffer.byteLength(body),
  etag: createHash('md5').update(body).digest('hex'),
  contentType: 'text/plain',
});

/**
 * The server and partition that hold an account's (or a container's) database,
 * asked of Swift's own ring code: the partition hashes the names with
 * swift.conf's secret prefix and suffix, as the servers do.
 */
function placement(region: RegionName, ring: 'account' | 'container', account: string, container?: string): string {
  const script = `
import json, sys
from swift.common.ring import Ring
etc, ring, account, container = json.loads(sys.argv[1])
part, nodes = Ring(etc, ring_name=ring).get_nodes(account, container)
# One replica, as the harness's rings have: with more, a row written to one would show in some listings only.
assert len(nodes) == 1, 'expected one replica, found %d' % len(nodes)
node = nodes[0]
print(json.dumps('http://%s:%d/%s/%d' % (node['ip'], node['port'], node['device'], part)))
`;
  const args = JSON.stringify([etcDir(region), ring, account, container ?? null]);
  const res = spawnSync(PY, ['-c', script, args], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`the ${ring} ring of ${region}: ${res.stderr || res.error?.message}`);
  return JSON.parse(res.stdout) as string;
}

/** Swift's timestamp form: seconds with five decimals, ten digits before the point. */
const timestamp = (): string => (Date.now() / 1000).toFixed(5);

/** The name as a path; "." and ".." segments are refused, as a URL would fold them into another name. */
function segments(name: string): string {
  const parts = name.split('/');
  if (parts.some((p) => p === '.' || p === '..')) throw new Error(`a listing row cannot be named "${name}"`);
  return parts.map(encodeURIComponent).join('/');
}

/** Each request's limit: a harness too busy to answer a row in this long is not going to finish the rest. */
const REQUEST_TIMEOUT_MS = 30_000;

async function sendAll(
  urls: string[],
  headers: (i: number) => Record<string, string>,
  what: string,
  status = 201,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    // One failure stops every worker: the rest would only go on writing after the caller gave up.
    for (let i = next++; i < urls.length && !failed; i = next++) {
      try {
        const res = await fetch(urls[i]!, {
          method: 'PUT',
          headers: headers(i),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await res.arrayBuffer();
        if (res.status !== status) throw new Error(`${what} ${urls[i]}: HTTP ${res.status}`);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, urls.length) }, worker));
}

/**
 * Lists these names in an existing container (made through the proxy), each
 * with its size, ETag and type. The container's count and bytes include them.
 */
export async function addObjectRows(
  region: RegionName,
  who: HarnessUserName,
  container: string,
  rows: readonly ObjectRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const account = HARNESS.users[who].account;
  const base = `${placement(region, 'container', account, container)}/${account}/${encodeURIComponent(container)}`;
  // The row must carry the container's storage policy, or the listing leaves it out as misplaced.
  const head = await fetch(base, { method: 'HEAD' });
  const policy = head.headers.get('x-backend-storage-policy-index');
  if (head.status !== 204 || policy === null)
    throw new Error(`container ${container} in ${region}: HTTP ${head.status}`);
  const stamp = timestamp();
  await sendAll(
    rows.map((r) => `${base}/${segments(r.name)}`),
    (i) => ({
      'X-Timestamp': stamp,
      'X-Size': String(rows[i]!.bytes),
      'X-Etag': rows[i]!.etag,
      'X-Content-Type': rows[i]!.contentType,
      'X-Backend-Storage-Policy-Index': policy,
    }),
    'object row',
  );
}

/**
 * Lists these names as empty containers of an existing account (one made
 * through the proxy already). They have no database: opening one answers 404.
 */
export async function addContainerRows(
  region: RegionName,
  who: HarnessUserName,
  names: readonly string[],
): Promise<void> {
  await putContainerRows(region, who, names, 'listed');
}

/** Takes these names out of the account's listing: what a container DELETE cannot do for a row with no database. */
export async function dropContainerRows(
  region: RegionName,
  who: HarnessUserName,
  names: readonly string[],
): Promise<void> {
  await putContainerRows(region, who, names, 'dropped');
}

async function putContainerRows(
  region: RegionName,
  who: HarnessUserName,
  names: readonly string[],
  to: 'listed' | 'dropped',
): Promise<void> {
  if (names.length === 0) return;
  const account = HARNESS.users[who].account;
  const base = `${placement(region, 'account', account)}/${account}`;
  const stamp = timestamp();
  const never = '0000000000.00000';
  await sendAll(
    names.map((n) => `${base}/${encodeURIComponent(n)}`),
    () => ({
      // A row is deleted when its delete time is the later one.
      'X-Put-Timestamp': to === 'listed' ? stamp : never,
      'X-Delete-Timestamp': to === 'listed' ? never : stamp,
      'X-Object-Count': '0',
      'X-Bytes-Used': '0',
      'X-Backend-Storage-Policy-Index': '0',
    }),
    'container row',
    to === 'listed' ? 201 : 204,
  );
}
