// Shared set-up for the transfer integration tests: a session, throw-away
// containers, deterministic test files, and checks made through Swift directly.
import { execFile } from 'node:child_process';
import { createCipheriv, createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { HARNESS, tempauthUser, type HarnessUserName } from '../swift/config';
import { listAll, swiftRequest, swiftToken } from '../swift/swift-direct';
import { StorageSession } from '../../electron/storage/session';

export const REGION = 'RegionOne';
export const MiB = 1024 ** 2;

/** A session of `who` (the admin by default; a test that walks a whole account takes one of its own). */
export function openSession(who: HarnessUserName = 'admin'): Promise<StorageSession> {
  const user = HARNESS.users[who];
  return StorageSession.open({
    authUrl: HARNESS.authUrlV2,
    userName: user.user,
    secret: { kind: 'password', value: user.password },
    tenantName: user.tenantName,
  });
}

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
export const containerName = (suffix: string): string => `cirrus-xfer-${run}-${suffix}`;

export const directPath = (container: string, name?: string, who: HarnessUserName = 'admin'): string =>
  `/v1/${HARNESS.users[who].account}/${encodeURIComponent(container)}${name === undefined ? '' : `/${name.split('/').map(encodeURIComponent).join('/')}`}`;

export async function putContainer(container: string, who: HarnessUserName = 'admin'): Promise<void> {
  const res = await swiftRequest(REGION, 'PUT', directPath(container, undefined, who), { who });
  if (res.status >= 300) throw new Error(`PUT ${container}: ${res.status}`);
}

export const listObjects = (container: string, prefix?: string, who: HarnessUserName = 'admin'): Promise<string[]> =>
  listAll(REGION, directPath(container, undefined, who), who, prefix);

/** Deletes the container and its `_segments` twin with everything in them (a manifest first, so nothing points nowhere). */
export async function removeContainer(container: string, who: HarnessUserName = 'admin'): Promise<void> {
  for (const c of [container, `${container}_segments`]) {
    // Bulk delete names objects in its body, so names with ".." segments (which fetch would
    // rewrite in a URL path) are deleted exactly.
    const lines = (await listObjects(c, undefined, who)).map(
      (name) => `/${encodeURIComponent(c)}/${encodeURIComponent(name)}`,
    );
    for (let i = 0; i < lines.length; i += 1000) {
      await swiftRequest(REGION, 'POST', `/v1/${HARNESS.users[who].account}?bulk-delete`, {
        who,
        headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
        body: lines.slice(i, i + 1000).join('\n'),
      });
    }
    await swiftRequest(REGION, 'DELETE', directPath(c, undefined, who), { who });
  }
}

export const head = (container: string, name: string) => swiftRequest(REGION, 'HEAD', directPath(container, name));

/** MD5 and length of an object's content, streamed from Swift directly. */
export async function swiftMd5(container: string, name: string): Promise<{ md5: string; bytes: number }> {
  const { token } = await swiftToken(REGION);
  const res = await fetch(`${HARNESS.regions[REGION].proxy}${directPath(container, name)}`, {
    headers: { 'X-Auth-Token': token },
  });
  if (!res.ok || !res.body) throw new Error(`GET ${container}/${name}: ${res.status}`);
  const hash = createHash('md5');
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { md5: hash.digest('hex'), bytes };
}

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `cirrus-${label}-`));
}

/**
 * A temporary folder in memory (/dev/shm) where the machine has one, else on
 * disk: for a large source file only read. Written to disk, the streaming
 * test's 1 GiB took ~5 s on a quiet machine and ~20 s inside `npm test`,
 * where every gigabyte written also slows Swift's own writes.
 */
export function memoryTempDir(label: string): string {
  try {
    return fs.mkdtempSync(path.join('/dev/shm', `cirrus-${label}-`));
  } catch {
    return tempDir(label);
  }
}

/**
 * A file of `size` pseudo-random bytes, the same for the same seed: AES-CTR
 * over zeros is fast (hundreds of MB/s) and, unlike a repeated block, makes a
 * misplaced or missing chunk change the MD5.
 */
export async function writeRandomFile(filePath: string, size: number, seed = 'cirrus'): Promise<string> {
  const key = createHash('sha256').update(seed).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  const hash = createHash('md5');
  async function* blocks(): AsyncGenerator<Buffer> {
    const zeros = Buffer.alloc(MiB);
    for (let left = size; left > 0; left -= MiB) {
      const block = cipher.update(left >= MiB ? zeros : zeros.subarray(0, left));
      hash.update(block);
      yield block;
    }
  }
  await pipeline(blocks(), fs.createWriteStream(filePath));
  return hash.digest('hex');
}

export async function md5File(filePath: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(fs.createReadStream(filePath), hash);
  return hash.digest('hex');
}

/** Runs the swift CLI (python-swiftclient) as `who`, with tempauth against this region's proxy; its stdout. */
export async function swiftCli(args: string[], who: HarnessUserName = 'admin'): Promise<string> {
  const auth = [
    '-A',
    `${HARNESS.regions[REGION].proxy}/auth/v1.0`,
    '-U',
    tempauthUser(who),
    '-K',
    HARNESS.users[who].password,
  ];
  const { stdout } = await promisify(execFile)('swift', [...auth, ...args], {
    env: { ...process.env, PYTHONPATH: '' },
  });
  return stdout;
}

/**
 * `swift upload` as a person runs it (1 MiB segments; a DLO, the client's default, unless `slo`; `extra`: more
 * of its options, such as `--leave-segments`), so clean-up and checks are proven on the layout the swift client
 * writes, not only Cirrus's own.
 */
export async function swiftCliUpload(
  container: string,
  file: string,
  name: string,
  slo: boolean,
  { extra = [], who = 'admin' }: { extra?: string[]; who?: HarnessUserName } = {},
): Promise<void> {
  const args = ['upload', '--segment-size', String(MiB), ...extra, ...(slo ? ['--use-slo'] : [])];
  await swiftCli([...args, container, file, '--object-name', name], who);
}
