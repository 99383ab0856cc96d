// How an extraction's outcome follows from Swift's report (swift/common/middleware/bulk.py, handle_extract_iter); bulk-report.test.ts reads the report itself.
// The no-bulk_upload case uses a tiny loopback server, since both harness regions have bulk.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBulkReport } from './bulk-report';
import { extractArchive, extractOutcome } from './extract';
import { StorageSession } from './session';

const report = (fields: Record<string, unknown>): string =>
  JSON.stringify({
    'Response Status': '201 Created',
    'Response Body': '',
    'Number Files Created': 0,
    Errors: [],
    ...fields,
  });

describe('extractOutcome', () => {
  const parsed = (fields: Record<string, unknown>) => parseBulkReport('extract', report(fields), 'Extracting');

  it('returns a success as it is', () => {
    expect(extractOutcome(parsed({ 'Number Files Created': 4 }))).toEqual({
      created: 4,
      errors: [],
      status: '201 Created',
    });
  });

  it('returns per-member failures as a result even though Swift calls the whole request 400', () => {
    const result = extractOutcome(
      parsed({
        'Response Status': '400 Bad Request',
        'Number Files Created': 2,
        Errors: [['c/long', '400 Bad Request']],
      }),
    );
    expect(result).toEqual({
      created: 2,
      errors: [{ path: 'c/long', status: '400 Bad Request' }],
      status: '400 Bad Request',
    });
  });

  it('throws invalid_input for an unreadable or empty archive, quoting Swift', () => {
    const bad = parsed({ 'Response Status': '400 Bad Request', 'Response Body': 'Invalid Tar File: not a gzip file' });
    expect(() => extractOutcome(bad, 'tx1')).toThrow(
      expect.objectContaining({
        code: 'invalid_input',
        status: 400,
        requestId: 'tx1',
        message: 'The archive could not be read: Invalid Tar File: not a gzip file.',
      }),
    );
    const empty = parsed({ 'Response Status': '400 Bad Request', 'Response Body': 'Invalid Tar File: No Valid Files' });
    expect(() => extractOutcome(empty)).toThrow(/No Valid Files/);
  });

  it('throws with the matching code for other whole-request failures', () => {
    expect(() =>
      extractOutcome(parsed({ 'Response Status': '401 Unauthorized', Errors: [['c/x', '401 Unauthorized']] })),
    ).toThrow(expect.objectContaining({ code: 'auth_failed', status: 401 }));
    expect(() => extractOutcome(parsed({ 'Response Status': '500 Internal Error' }))).toThrow(
      expect.objectContaining({ code: 'server' }),
    );
    expect(() =>
      extractOutcome(
        parsed({ 'Response Status': '413 Request Entity Too Large', 'Response Body': '<html><h1>Too big</h1></html>' }),
      ),
    ).toThrow(/413 Request Entity Too Large \(Too big\)/);
  });
});

describe('extractArchive against a region without bulk_upload (fault server, not Swift)', () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('refuses before sending the archive', async () => {
    const methods: string[] = [];
    server = http.createServer((req, res) => {
      methods.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url === '/info' ? JSON.stringify({ swift: { version: '2.30.1' } }) : '');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/AUTH_x`;
    const session = await StorageSession.open(
      { authUrl: 'http://127.0.0.1:1/v2.0', userName: 'u', secret: { kind: 'password', value: 'p' } },
      async () => ({ token: 't', expiresAt: undefined, tenantName: 'x', regions: [{ name: 'Plain', endpoint }] }),
    );
    const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-extract-')), 'a.tar');
    fs.writeFileSync(archive, Buffer.alloc(1024));
    try {
      await expect(
        extractArchive(session, 'Plain', { container: 'c', filePath: archive, format: 'tar' }),
      ).rejects.toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/does not unpack archives/),
      });
      expect(methods).toEqual(['GET /info']);
    } finally {
      fs.rmSync(path.dirname(archive), { recursive: true, force: true });
    }
  });
});
