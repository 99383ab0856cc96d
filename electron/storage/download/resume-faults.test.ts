// Paused and resumed downloads against a server that breaks off or lies, which
// the real Swift harness cannot be made to do on demand (see
// testing/electron/fault-server.ts): a 206 for another part than the one
// asked, a body cut off during the resumed part, a Range ignored. What Swift
// itself does (If-Match on plain and large objects, 416, an overwritten
// object) is tested against Swift in download/resume.int.test.ts.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FAULT_ACCOUNT,
  FAULT_REGION,
  faultSession,
  startFaultServer,
  type FaultReply,
  type FaultRequest,
  type FaultServer,
} from '../../../testing/electron/fault-server';
import { downloadObject, type DownloadOptions, type PartialDownload } from './download';
import { tempNameFor } from '../local';

const MiB = 1024 * 1024;
const md5 = (data: Uint8Array | string): string => createHash('md5').update(data).digest('hex');
/** Eight 1 MiB blocks, each its own byte, so a misplaced block changes the MD5. */
const WHOLE = Buffer.concat(Array.from({ length: 8 }, (_, i) => Buffer.alloc(MiB, i + 1)));
const ETAG = md5(WHOLE);
const OBJECT = `${FAULT_ACCOUNT}/c/big.bin`;
/** What the earlier attempt left on disk. */
const HAVE = 3 * MiB + 17;

let work: string;
let server: FaultServer | undefined;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-resume-faults-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

/** A plain object's server that checks If-Match as Swift does; `get` answers the object's GET. */
async function serve(get: (req: FaultRequest, reply: FaultReply) => void | Promise<void>) {
  server = await startFaultServer((req, reply) => {
    if (req.path !== OBJECT) return reply.send(404);
    const ifMatch = req.headers['if-match'];
    if (ifMatch !== undefined && ifMatch.replace(/"/g, '') !== ETAG) return reply.send(412, { etag: ETAG });
    if (req.method === 'HEAD') {
      reply.head(200, { 'content-length': String(WHOLE.length), etag: ETAG, connection: 'close' });
      return reply.end();
    }
    return get(req, reply);
  });
  return faultSession(server);
}

/** A target folder holding the partial file an earlier attempt left: the first `have` bytes. */
function partialOf(have = HAVE): { dir: string; tempPath: string } {
  const dir = fs.mkdtempSync(path.join(work, 'target-'));
  const tempPath = path.join(fs.realpathSync(dir), tempNameFor('big.bin'));
  fs.writeFileSync(tempPath, WHOLE.subarray(0, have));
  return { dir, tempPath };
}

const resumeOpts = (dir: string, tempPath: string, extra: Partial<DownloadOptions> = {}): DownloadOptions => ({
  container: 'c',
  name: 'big.bin',
  targetDir: dir,
  resume: { tempPath, etag: ETAG },
  ...extra,
});

const rangeOf = (req: FaultRequest) => req.headers.range;

describe('a resumed download from a server that misbehaves (fault server, not Swift)', () => {
  it('a 206 whose Content-Range starts elsewhere is refused: nothing appended, the partial kept as it was', async () => {
    const session = await serve(async (req, reply) => {
      const start = HAVE - 100; // overlapping what is on disk
      reply.head(206, {
        'content-range': `bytes ${start}-${WHOLE.length - 1}/${WHOLE.length}`,
        'content-length': String(WHOLE.length - start),
        etag: ETAG,
      });
      await reply.write(WHOLE.subarray(start));
      reply.end();
    });
    const { dir, tempPath } = partialOf();
    const kept: PartialDownload[] = [];
    await expect(
      downloadObject(session, FAULT_REGION, resumeOpts(dir, tempPath, { keepPartial: (p) => void kept.push(p) })),
    ).rejects.toMatchObject({
      code: 'server',
      message: expect.stringContaining(`another part of "big.bin" than the one asked for (bytes ${HAVE - 100}-`),
    });
    expect(server!.requests.map((r) => [r.method, rangeOf(r)])).toEqual([
      ['HEAD', undefined],
      ['GET', `bytes=${HAVE}-`],
    ]);
    expect(kept).toMatchObject([{ tempPath, bytes: HAVE, size: WHOLE.length, etag: ETAG }]);
    expect(fs.readFileSync(tempPath).equals(WHOLE.subarray(0, HAVE))).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([path.basename(tempPath)]);
  });

  it('a body cut during the resumed part: network error, the partial kept with what arrived, synced before it is reported', async () => {
    const session = await serve(async (req, reply) => {
      reply.head(206, {
        'content-range': `bytes ${HAVE}-${WHOLE.length - 1}/${WHOLE.length}`,
        'content-length': String(WHOLE.length - HAVE),
        etag: ETAG,
      });
      await reply.write(WHOLE.subarray(HAVE, HAVE + 2 * MiB));
      reply.end();
    });
    const { dir, tempPath } = partialOf();
    const events: string[] = [];
    const opened = await fs.promises.open(tempPath, 'r');
    const handleProto = Object.getPrototypeOf(opened) as fs.promises.FileHandle;
    await opened.close();
    const sync = handleProto.sync;
    vi.spyOn(handleProto, 'sync').mockImplementation(function (this: fs.promises.FileHandle) {
      events.push('sync');
      return sync.call(this);
    });
    const kept: PartialDownload[] = [];
    const keepPartial = (p: PartialDownload) => {
      events.push(`keep ${fs.statSync(p.tempPath).size}`);
      kept.push(p);
    };
    await expect(
      downloadObject(session, FAULT_REGION, resumeOpts(dir, tempPath, { keepPartial })),
    ).rejects.toMatchObject({
      code: 'network',
      message: expect.stringMatching(new RegExp(`ended early \\(\\d+ of ${WHOLE.length} bytes\\)`)),
    });
    expect(kept).toHaveLength(1);
    const { bytes } = kept[0]!;
    // At most what was sent: undici drops what it held when the connection broke.
    expect(bytes).toBeGreaterThan(HAVE);
    expect(bytes).toBeLessThanOrEqual(HAVE + 2 * MiB);
    expect(events.slice(-2)).toEqual(['sync', `keep ${bytes}`]);
    expect(fs.readFileSync(tempPath).equals(WHOLE.subarray(0, bytes))).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([path.basename(tempPath)]);
  });

  it('the same cut without keepPartial leaves no temporary file, as any failed download', async () => {
    const session = await serve(async (req, reply) => {
      reply.head(206, {
        'content-range': `bytes ${HAVE}-${WHOLE.length - 1}/${WHOLE.length}`,
        'content-length': String(WHOLE.length - HAVE),
      });
      await reply.write(WHOLE.subarray(HAVE, HAVE + MiB));
      reply.end();
    });
    const { dir, tempPath } = partialOf();
    await expect(downloadObject(session, FAULT_REGION, resumeOpts(dir, tempPath))).rejects.toMatchObject({
      code: 'network',
    });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a server that ignores Range (200, the whole object): the file starts again from zero and is saved byte for byte', async () => {
    const session = await serve(async (req, reply) => {
      reply.head(200, { 'content-length': String(WHOLE.length), etag: ETAG, connection: 'close' });
      await reply.write(WHOLE);
      reply.end();
    });
    const { dir, tempPath } = partialOf();
    fs.writeFileSync(tempPath, Buffer.alloc(HAVE, 0xee)); // and what was on disk was not even right
    const result = await downloadObject(session, FAULT_REGION, resumeOpts(dir, tempPath));
    expect(result.bytes).toBe(WHOLE.length);
    expect(md5(fs.readFileSync(result.filePath))).toBe(ETAG);
    expect(fs.readdirSync(dir)).toEqual(['big.bin']);
    expect(server!.requests.map((r) => [r.method, rangeOf(r)])).toEqual([
      ['HEAD', undefined],
      ['GET', `bytes=${HAVE}-`],
    ]);
  });

  it('a first attempt cut off keeps its partial, which a resume then completes', async () => {
    let attempt = 0;
    const session = await serve(async (req, reply) => {
      attempt++;
      const from = Number(/^bytes=(\d+)-$/.exec(rangeOf(req) ?? '')?.[1] ?? 0);
      const status = from > 0 ? 206 : 200;
      // The server ends the connection after each answer, and says so: undici may otherwise read the close
      // that follows the last byte as a connection lost before the answer was complete.
      reply.head(status, {
        'content-length': String(WHOLE.length - from),
        etag: ETAG,
        connection: 'close',
        ...(from > 0 ? { 'content-range': `bytes ${from}-${WHOLE.length - 1}/${WHOLE.length}` } : {}),
      });
      await reply.write(attempt === 1 ? WHOLE.subarray(0, 5 * MiB) : WHOLE.subarray(from));
      reply.end();
    });
    const dir = fs.mkdtempSync(path.join(work, 'target-'));
    const kept: PartialDownload[] = [];
    const opts = {
      container: 'c',
      name: 'big.bin',
      targetDir: dir,
      keepPartial: (p: PartialDownload) => void kept.push(p),
    };
    await expect(downloadObject(session, FAULT_REGION, opts)).rejects.toMatchObject({ code: 'network' });
    expect(kept).toHaveLength(1);
    const partial = kept[0]!;
    expect(fs.statSync(partial.tempPath).size).toBe(partial.bytes);
    const result = await downloadObject(session, FAULT_REGION, { ...opts, resume: partial });
    expect(md5(fs.readFileSync(result.filePath))).toBe(ETAG);
    expect(fs.readdirSync(dir)).toEqual(['big.bin']);
    expect(rangeOf(server!.requests.at(-1)!)).toBe(`bytes=${partial.bytes}-`);
  });
});
