// Report bodies as swift/common/middleware/bulk.py (get_response_body, Swift 2.30) writes them.
import { describe, expect, it } from 'vitest';
import { parseBulkReport, reportError, reportSucceeded } from './bulk-report';

const deleteJson = (fields: Record<string, unknown>): string =>
  JSON.stringify({
    'Response Status': '200 OK',
    'Response Body': '',
    'Number Deleted': 0,
    'Number Not Found': 0,
    Errors: [],
    ...fields,
  });
const extractJson = (fields: Record<string, unknown>): string =>
  JSON.stringify({
    'Response Status': '201 Created',
    'Response Body': '',
    'Number Files Created': 0,
    Errors: [],
    ...fields,
  });
/** What Swift sends while it works: a space every 10 s, then "\r\n\r\n" before the report. */
const heartbeat = (report: string): string => `   \r\n\r\n${report}`;

describe('parseBulkReport, JSON or plain text (what bulk.py answers a request without Accept)', () => {
  it.each([
    [
      'JSON',
      deleteJson({
        'Response Status': '400 Bad Request',
        'Number Deleted': 3,
        'Number Not Found': 1,
        Errors: [['/c%20one/caf%C3%A9%3F', '409 Conflict']],
      }),
    ],
    [
      'plain text',
      'Number Deleted: 3\nNumber Not Found: 1\nResponse Body: \nResponse Status: 400 Bad Request\n' +
        'Errors:\n/c%20one/caf%C3%A9%3F, 409 Conflict\n',
    ],
  ])('reads a delete report in %s after the heartbeat, with readable paths', (_, text) => {
    expect(parseBulkReport('delete', heartbeat(text), 'Deleting')).toEqual({
      deleted: 3,
      notFound: 1,
      errors: [{ path: '/c one/café?', status: '409 Conflict' }],
      status: '400 Bad Request',
      body: '',
    });
  });

  it('reads an extract report after the heartbeat', () => {
    expect(parseBulkReport('extract', heartbeat(extractJson({ 'Number Files Created': 3 })), 'Extracting')).toEqual({
      created: 3,
      errors: [],
      status: '201 Created',
      body: '',
    });
  });

  it('keeps a path Swift cut mid-escape (its length limit) as it came', () => {
    const text = extractJson({
      'Response Status': '400 Bad Request',
      Errors: [
        ['c/dir/%C3%A9t%C3%A9%20x.txt', '400 Bad Request'],
        ['c/cut%C3', '412 Precondition Failed'],
      ],
    });
    expect(parseBulkReport('extract', text, 'Extracting').errors).toEqual([
      { path: 'c/dir/été x.txt', status: '400 Bad Request' },
      { path: 'c/cut%C3', status: '412 Precondition Failed' },
    ]);
  });

  it('reads a plain-text extract report whose body says why, even over several lines', () => {
    const text =
      'Number Files Created: 0\nResponse Body: Invalid Tar File: not a gzip file\nResponse Status: 400 Bad Request\nErrors:\n';
    expect(parseBulkReport('extract', text, 'Extracting')).toEqual({
      created: 0,
      errors: [],
      status: '400 Bad Request',
      body: 'Invalid Tar File: not a gzip file',
    });
    const long =
      'Number Files Created: 1\nResponse Body: <html>\n<h1>Nope</h1>\nResponse Status: 502 Bad Gateway\nErrors:\n';
    expect(parseBulkReport('extract', long, 'Extracting').body).toBe('<html>\n<h1>Nope</h1>');
  });
});

describe('parseBulkReport refuses what is not a report of its kind', () => {
  it.each([
    ['an error page', '<html>oops</html>'],
    ['JSON without the counts', '{"Response Status": "201 Created"}'],
    ['JSON without the status', '{"Number Deleted": 1, "Number Not Found": 0}'],
    ['text without "Errors:"', 'Number Deleted: 1\nResponse Status: 200 OK\n'],
    [
      'text whose count is not a number',
      'Number Deleted: many\nNumber Not Found: 0\nResponse Status: 200 OK\nErrors:\n',
    ],
    ['an extract report', extractJson({ 'Number Files Created': 2 })],
  ])('%s, as a server error naming the call', (_, text) => {
    expect(() => parseBulkReport('delete', text, 'Deleting objects')).toThrow(
      expect.objectContaining({
        code: 'server',
        message: 'Deleting objects failed: the service sent an answer Cirrus cannot read.',
      }),
    );
  });

  it('a delete report read as an extraction', () => {
    expect(() => parseBulkReport('extract', deleteJson({}), 'Extracting')).toThrow(
      expect.objectContaining({ code: 'server' }),
    );
  });
});

describe('the report status', () => {
  const report = (status: string) => ({ status, body: '', errors: [] });

  it('succeeds only on 2xx', () => {
    expect(['200 OK', '201 Created'].map((s) => reportSucceeded(report(s)))).toEqual([true, true]);
    expect(['400 Bad Request', '502 Bad Gateway', ''].map((s) => reportSucceeded(report(s)))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('maps a failed request to a code, with its status and request id', () => {
    expect(reportError(report('413 Request Entity Too Large'), 'Too many.', 'tx1')).toMatchObject({
      code: 'limit_exceeded',
      status: 413,
      requestId: 'tx1',
      message: 'Too many.',
    });
    const unknown = reportError(report('gibberish'), 'Odd.');
    expect(unknown).toMatchObject({ code: 'server', status: undefined, requestId: undefined });
  });
});
