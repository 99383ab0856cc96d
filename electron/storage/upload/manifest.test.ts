// The manifest of a segmented upload carries the ETag Swift must compute from its segments (the MD5 of their
// MD5s), and a refusal of it leaves no segment behind. A server that accepts every segment and then refuses the
// manifest is a fault the real Swift cannot be made to produce (testing/electron/fault-server.ts); that Swift 2.30 does
// answer 422 to a manifest PUT whose Etag does not match, and stores nothing, was checked on the harness.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_ACCOUNT, FAULT_REGION, faultSession, startFaultServer } from '../../../testing/electron/fault-server';
import { uploadFile } from './upload';

const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-manifest-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Three segments of 1,000 bytes, 1,000 bytes and 500 bytes, each its own byte. */
const parts = [Buffer.alloc(1000, 'a'), Buffer.alloc(1000, 'b'), Buffer.alloc(500, 'c')];
const file = path.join(dir, 'big.bin');
fs.writeFileSync(file, Buffer.concat(parts));
const expected = md5(parts.map(md5).join(''));

describe('the manifest of a segmented upload', () => {
  it('is sent with the MD5 of its segments’ MD5s as ETag; refused, it fails as a checksum mismatch and its segments go', async () => {
    const server = await startFaultServer((req, reply) => {
      if (req.path === '/info') return reply.send(200, { 'content-type': 'application/json' }, '{}');
      if (req.method === 'HEAD') return reply.send(204);
      if (req.method === 'DELETE') return reply.send(204);
      if (req.query.get('multipart-manifest') === 'put') return reply.send(422, {}, 'Unprocessable Entity');
      // A segment: the MD5 of what this index holds, as Swift would answer after storing it.
      const index = Number(req.path.split('/').at(-1));
      return reply.send(201, { etag: `"${md5(parts[index]!)}"` });
    });
    try {
      const session = await faultSession(server);
      const upload = uploadFile(session, FAULT_REGION, {
        container: 'c',
        name: 'big.bin',
        filePath: file,
        threshold: 1000,
        segmentSize: 1000,
        concurrency: 1,
      });
      await expect(upload).rejects.toMatchObject({
        code: 'server',
        message: expect.stringContaining('checksum mismatch'),
      });
      const manifest = server.requests.find((r) => r.query.get('multipart-manifest') === 'put');
      expect(manifest?.headers.etag).toBe(expected);
      const segmentPaths = server.requests.filter((r) => r.method === 'PUT' && r !== manifest).map((r) => r.path);
      expect(segmentPaths).toHaveLength(3);
      expect(segmentPaths.every((p) => p.startsWith(`${FAULT_ACCOUNT}/c_segments/big.bin/slo/`))).toBe(true);
      const deleted = server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path);
      expect(deleted.sort()).toEqual([...segmentPaths].sort());
    } finally {
      await server.close();
    }
  });
});
