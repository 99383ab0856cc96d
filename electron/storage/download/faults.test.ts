// Downloads from a server that breaks off or lies, which the real Swift harness
// cannot be made to do on demand (testing/electron/fault-server.ts says why it
// exists). Each case checks the typed error and that nothing is left behind:
// no file under the final name, no temporary file.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FAULT_ACCOUNT,
  FAULT_REGION,
  faultSession,
  startFaultServer,
  type FaultHandler,
  type FaultReply,
  type FaultServer,
} from '../../../testing/electron/fault-server';
import { downloadObject } from './download';

const MiB = 1024 * 1024;
const md5 = (data: Uint8Array | string): string => createHash('md5').update(data).digest('hex');
/** Eight 1 MiB segments, each its own byte, so a misplaced or damaged one changes its MD5. */
const SEGMENTS = Array.from({ length: 8 }, (_, i) => Buffer.alloc(MiB, i + 1));
const WHOLE = Buffer.concat(SEGMENTS);
const OBJECT = `${FAULT_ACCOUNT}/c/big.bin`;

/** The SLO manifest as Swift returns it for `?multipart-manifest=get` (shape seen on Swift 2.30). */
const MANIFEST = JSON.stringify(
  SEGMENTS.map((s, i) => ({
    name: `/c_segments/big.bin/${i}`,
    bytes: s.length,
    hash: md5(s),
    content_type: 'application/octet-stream',
    last_modified: '2026-01-01T00:00:00.000000',
  })),
);
const MANIFEST_ETAG = md5(MANIFEST);
const SLO_HEADERS = { 'x-static-large-object': 'True', 'x-manifest-etag': MANIFEST_ETAG, etag: '"slo-etag"' };

let work: string;
let server: FaultServer | undefined;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-faults-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Answers the manifest and listing requests a download makes besides its GET; `get` answers the GET itself. */
function objectServer(get: (reply: FaultReply) => void | Promise<void>): FaultHandler {
  return (req, reply) => {
    if (req.query.get('multipart-manifest') === 'get') {
      return reply.send(200, { 'x-static-large-object': 'True', etag: MANIFEST_ETAG }, MANIFEST);
    }
    if (req.path === `${FAULT_ACCOUNT}/c_segments`) {
      // The DLO's segment listing: one page, then the empty page that ends it.
      const rows = req.query.has('marker')
        ? []
        : SEGMENTS.map((s, i) => ({ name: `big.bin/${i}`, bytes: s.length, hash: md5(s) }));
      return reply.send(
        200,
        { 'content-type': 'application/json' },
        JSON.stringify(rows.map((r) => ({ ...r, content_type: 'x', last_modified: 'x' }))),
      );
    }
    if (req.method === 'HEAD') {
      reply.head(200, { 'content-length': String(WHOLE.length), etag: md5(WHOLE), connection: 'close' });
      return reply.end();
    }
    if (req.path === OBJECT) return get(reply);
    return reply.send(404);
  };
}

async function download(handler: FaultHandler, extra: { timeouts?: { bodyMs: number } } = {}) {
  server = await startFaultServer(handler);
  const session = await faultSession(server);
  const dir = fs.mkdtempSync(path.join(work, 'target-'));
  const result = downloadObject(session, FAULT_REGION, { container: 'c', name: 'big.bin', targetDir: dir, ...extra });
  return { result, dir };
}

/**
 * When the connection breaks, bytes undici had received but not yet handed on
 * are dropped with the error, so the count is "at most what was sent".
 */
const endedEarly = (sent: number | 'some') => ({
  code: 'network',
  message:
    sent === 'some'
      ? expect.stringMatching(new RegExp(`ended early \\(\\d+ of ${WHOLE.length} bytes\\): the connection was closed`))
      : expect.stringContaining(`ended early (${sent} of ${WHOLE.length} bytes); nothing was saved.`),
});

describe('a download that breaks off (fault server, not Swift)', () => {
  it('after Content-Length: network error, nothing saved', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, { 'content-length': String(WHOLE.length), etag: md5(WHOLE) });
        await reply.write(SEGMENTS[0]!);
        reply.end();
      }),
    );
    await expect(result).rejects.toMatchObject(endedEarly('some'));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('after Content-Length and Connection: close: network error, nothing saved', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, { 'content-length': String(WHOLE.length), etag: md5(WHOLE), connection: 'close' });
        await reply.write(SEGMENTS[0]!);
        reply.end();
      }),
    );
    await expect(result).rejects.toMatchObject(endedEarly('some'));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('with a reset connection: network error, nothing saved', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, { 'content-length': String(WHOLE.length), etag: md5(WHOLE) });
        await reply.write(SEGMENTS[0]!);
        reply.reset();
      }),
    );
    await expect(result).rejects.toMatchObject({ code: 'network' });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('when the body goes silent: timeout, nothing saved', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, { 'content-length': String(WHOLE.length), etag: md5(WHOLE) });
        await reply.write(SEGMENTS[0]!); // and then nothing, with the connection open
      }),
      { timeouts: { bodyMs: 300 } },
    );
    await expect(result).rejects.toMatchObject({ code: 'timeout', message: expect.stringContaining('ended early') });
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('a large object served without Content-Length (fault server, not Swift)', () => {
  const sloHead = (extra: Record<string, string>) => ({ ...SLO_HEADERS, ...extra });

  it('SLO, chunked, ending properly after 1 of 8 MiB: its manifest gives the size; network error, nothing saved', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, sloHead({ 'transfer-encoding': 'chunked' }));
        await reply.chunk(SEGMENTS[0]!);
        await reply.lastChunk();
      }),
    );
    await expect(result).rejects.toMatchObject(endedEarly(MiB));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('SLO, chunked, cut off without its last chunk: network error, nothing saved', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, sloHead({ 'transfer-encoding': 'chunked', connection: 'close' }));
        await reply.chunk(SEGMENTS[0]!);
        reply.end();
      }),
    );
    await expect(result).rejects.toMatchObject(endedEarly('some'));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('SLO delimited only by the connection closing: network error, nothing saved', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, sloHead({ connection: 'close' }));
        await reply.write(SEGMENTS[0]!);
        reply.end();
      }),
    );
    await expect(result).rejects.toMatchObject(endedEarly(MiB));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('DLO: its segment listing gives the size; network error, nothing saved', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, { 'x-object-manifest': 'c_segments/big.bin/', 'transfer-encoding': 'chunked' });
        await reply.chunk(SEGMENTS[0]!);
        await reply.lastChunk();
      }),
    );
    await expect(result).rejects.toMatchObject(endedEarly(MiB));
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(server!.requests.map((r) => r.path)).toContain(`${FAULT_ACCOUNT}/c_segments`);
  });

  it('plain object: a HEAD gives the size; network error, nothing saved', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, { etag: md5(WHOLE), connection: 'close' });
        await reply.write(SEGMENTS[0]!);
        reply.end();
      }),
    );
    await expect(result).rejects.toMatchObject(endedEarly(MiB));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('SLO complete and intact: saved byte for byte', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, sloHead({ 'transfer-encoding': 'chunked' }));
        for (const segment of SEGMENTS) await reply.chunk(segment);
        await reply.lastChunk();
      }),
    );
    const saved = await result;
    expect(saved.bytes).toBe(WHOLE.length);
    expect(md5(fs.readFileSync(saved.filePath))).toBe(md5(WHOLE));
    expect(fs.readdirSync(dir)).toEqual(['big.bin']);
  });

  it('SLO with one segment damaged (right length, wrong bytes): refused naming the part, nothing saved', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, sloHead({ 'content-length': String(WHOLE.length), connection: 'close' }));
        for (const [i, segment] of SEGMENTS.entries()) await reply.write(i === 2 ? Buffer.alloc(MiB, 0) : segment);
        reply.end();
      }),
    );
    await expect(result).rejects.toMatchObject({
      code: 'server',
      message: expect.stringContaining('part 3 of 8 does not match its checksum'),
    });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('SLO whose manifest is no longer the one streamed, and no Content-Length: refused as changed, nothing saved', async () => {
    const { result, dir } = await download(
      objectServer(async (reply) => {
        reply.head(200, sloHead({ 'x-manifest-etag': md5('an older manifest'), 'transfer-encoding': 'chunked' }));
        for (const segment of SEGMENTS) await reply.chunk(segment);
        await reply.lastChunk();
      }),
    );
    await expect(result).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('changed') });
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
