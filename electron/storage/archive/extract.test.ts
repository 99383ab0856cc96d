// How an extraction's outcome follows from Swift's report (swift/common/middleware/bulk.py, handle_extract_iter); bulk-report.test.ts reads the report itself.
// The no-bulk_upload case uses a tiny loopback server, since both harness regions have bulk.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExtractReport } from '../bulk-report';
import { extractArchive, extractOutcome } from './extract';
import { StorageSession } from '../session';

describe('extractOutcome', () => {
  const parsed = (fields: Partial<ExtractReport>): ExtractReport => ({
    status: '201 Created',
    body: '',
    errors: [],
    created: 0,
    ...fields,
  });

  it('returns a success as it is', () => {
    expect(extractOutcome(parsed({ created: 4 }))).toEqual({
      created: 4,
      errors: [],
      status: '201 Created',
    });
  });

  it('returns per-member failures as a result even though Swift calls the whole request 400', () => {
    const result = extractOutcome(
      parsed({ status: '400 Bad Request', created: 2, errors: [{ path: 'c/long', status: '400 Bad Request' }] }),
    );
    expect(result).toEqual({
      created: 2,
      errors: [{ path: 'c/long', status: '400 Bad Request' }],
      status: '400 Bad Request',
    });
  });

  it('throws invalid_input for an unreadable or empty archive, quoting Swift', () => {
    const bad = parsed({ status: '400 Bad Request', body: 'Invalid Tar File: not a gzip file' });
    expect(() => extractOutcome(bad, 'tx1')).toThrow(
      expect.objectContaining({
        code: 'invalid_input',
        status: 400,
        requestId: 'tx1',
        message: 'The archive could not be read: Invalid Tar File: not a gzip file.',
      }),
    );
    const empty = parsed({ status: '400 Bad Request', body: 'Invalid Tar File: No Valid Files' });
    expect(() => extractOutcome(empty)).toThrow(/No Valid Files/);
  });

  it('throws with the matching code for other whole-request failures', () => {
    expect(() =>
      extractOutcome(parsed({ status: '401 Unauthorized', errors: [{ path: 'c/x', status: '401 Unauthorized' }] })),
    ).toThrow(expect.objectContaining({ code: 'auth_failed', status: 401 }));
    expect(() => extractOutcome(parsed({ status: '500 Internal Error' }))).toThrow(
      expect.objectContaining({ code: 'server' }),
    );
    expect(() =>
      extractOutcome(parsed({ status: '413 Request Entity Too Large', body: '<html><h1>Too big</h1></html>' })),
    ).toThrow(/413 Request Entity Too Large \(Too big\)/);
  });
});

describe('extractArchive refuses before sending the archive (fault server, not Swift)', () => {
  let server: http.Server | undefined;
  let work: string;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** A region whose /info is `info`, recording every request it gets, and a file holding `bytes`. */
  async function regionAndFile(info: object, bytes: Buffer) {
    const methods: string[] = [];
    server = http.createServer((req, res) => {
      methods.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url === '/info' ? JSON.stringify(info) : '');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/AUTH_x`;
    const session = await StorageSession.open(
      { authUrl: 'http://127.0.0.1:1/v2.0', userName: 'u', secret: { kind: 'password', value: 'p' } },
      async () => ({ token: 't', expiresAt: undefined, tenantName: 'x', regions: [{ name: 'Plain', endpoint }] }),
    );
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-extract-'));
    const filePath = path.join(work, 'a.tar.gz');
    fs.writeFileSync(filePath, bytes);
    return { methods, session, filePath };
  }

  it('in a region without bulk_upload', async () => {
    const { methods, session, filePath } = await regionAndFile({ swift: { version: '2.30.1' } }, Buffer.alloc(1024));
    await expect(extractArchive(session, 'Plain', { container: 'c', filePath })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/does not unpack archives/),
    });
    expect(methods).toEqual(['GET /info']);
  });

  it('when the bytes are no archive, whatever the name says', async () => {
    const info = { swift: { version: '2.30.1' }, bulk_upload: {} };
    const zip = await regionAndFile(info, Buffer.from('PK\x03\x04 a zip, named .tar.gz'));
    await expect(
      extractArchive(zip.session, 'Plain', { container: 'c', filePath: zip.filePath }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message:
        'This file is not a readable tar archive (it is a zip archive; Swift unpacks only tar, tar.gz and tar.bz2).',
    });
    expect(zip.methods).toEqual(['GET /info']);
  });
});
