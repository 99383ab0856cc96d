/**
 * Listing rows written straight into a region's account and container
 * databases by Swift's own brokers (write_rows.py), as its servers write them
 * for each other: a container server tells the account server of a container
 * (swift/account/server.py PUT), an object server tells the container server
 * of an object (swift/container/server.py PUT). Only the listing learns of the
 * name: no container database or object body is made. That is for journeys
 * that list, scroll and search thousands of names and open none of them:
 * through the proxy, a fresh harness spent ~11 ms of Swift's CPU on each of a
 * 12,000-object container's objects (146 s of a lane before the journeys could
 * start) and ~33 ms on each of 2,500 containers; a backend PUT per row still
 * cost the one server ~1-2 ms (~10 s for the 12,000), one process for them all
 * under a second. A journey that opens, downloads or deletes a name must store
 * that one through the proxy as well.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HARNESS, type HarnessUserName, type RegionName } from './config';
import { PY, devicesDir, etcDir } from './harness-configs';

const WRITE_ROWS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'write_rows.py');

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

/** Swift's timestamp form: seconds with five decimals, ten digits before the point. */
const timestamp = (): string => (Date.now() / 1000).toFixed(5);

/** The name as a path would carry it; "." and ".." segments are refused, as a URL would fold them into another name. */
function checkName(name: string): void {
  if (name.split('/').some((p) => p === '.' || p === '..')) throw new Error(`a listing row cannot be named "${name}"`);
}

interface Job {
  account: string;
  container: string | null;
  rows: readonly (ObjectRow | { name: string; listed: boolean })[];
}

function writeRows(region: RegionName, job: Job): Promise<void> {
  const input = JSON.stringify({
    swiftDir: etcDir(region),
    devices: devicesDir(region),
    timestamp: timestamp(),
    ...job,
  });
  return new Promise((resolve, reject) => {
    const child = spawn(PY, [WRITE_ROWS], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`listing rows in ${region} (write_rows.py exited ${code}): ${output.trim()}`));
    });
    child.stdin.end(input);
  });
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
  for (const row of rows) checkName(row.name);
  await writeRows(region, { account: HARNESS.users[who].account, container, rows });
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
  await putContainerRows(region, who, names, true);
}

/** Takes these names out of the account's listing: what a container DELETE cannot do for a row with no database. */
export async function dropContainerRows(
  region: RegionName,
  who: HarnessUserName,
  names: readonly string[],
): Promise<void> {
  await putContainerRows(region, who, names, false);
}

async function putContainerRows(
  region: RegionName,
  who: HarnessUserName,
  names: readonly string[],
  listed: boolean,
): Promise<void> {
  if (names.length === 0) return;
  const rows = names.map((name) => ({ name, listed }));
  await writeRows(region, { account: HARNESS.users[who].account, container: null, rows });
}
