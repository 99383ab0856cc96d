import { describe, expect, it } from 'vitest';
import { bulkDeleteBodies, bulkStatusError, orderForDelete, parseBulkDeleteBody } from './objects-bulk-delete';

describe('parseBulkDeleteBody', () => {
  it('reads counts and errors after keep-alive white space, with readable paths', () => {
    const body =
      '   \r\n\r\n' +
      JSON.stringify({
        'Response Status': '400 Bad Request',
        'Response Body': '',
        'Number Deleted': 3,
        'Number Not Found': 1,
        Errors: [['/c%20one/caf%C3%A9%3F', '409 Conflict']],
      });
    expect(parseBulkDeleteBody(body, 'Deleting')).toEqual({
      deleted: 3,
      notFound: 1,
      errors: [{ path: '/c one/café?', status: '409 Conflict' }],
      status: '400 Bad Request',
      body: '',
    });
  });

  it('keeps a path it cannot decode as sent', () => {
    const body = JSON.stringify({
      'Response Status': '400 Bad Request',
      'Number Deleted': 0,
      'Number Not Found': 0,
      Errors: [['/c/%E0%A4%A', '412 Precondition Failed']],
    });
    expect(parseBulkDeleteBody(body, 'Deleting').errors[0]?.path).toBe('/c/%E0%A4%A');
  });

  it('refuses an answer that is not Swift JSON with a server error', () => {
    expect(() => parseBulkDeleteBody('<html>oops</html>', 'Deleting objects')).toThrow(
      expect.objectContaining({ code: 'server', message: expect.stringContaining('Deleting objects failed') }),
    );
    expect(() => parseBulkDeleteBody('{"Number Deleted": 1}', 'Deleting objects')).toThrow();
  });
});

describe('bulkStatusError', () => {
  it('maps a request-level failure to a code, its status and what was already done', () => {
    const err = bulkStatusError(
      {
        deleted: 2,
        notFound: 0,
        errors: [],
        status: '413 Request Entity Too Large',
        body: 'Maximum Bulk Deletes: 10000 per request',
      },
      'Deleting objects',
      'tx1',
    );
    expect(err).toMatchObject({ code: 'limit_exceeded', status: 413, requestId: 'tx1' });
    expect(err.message).toBe(
      'Deleting objects failed: Maximum Bulk Deletes: 10000 per request. 2 were deleted before it stopped.',
    );
  });
});

describe('bulkDeleteBodies', () => {
  it('URL-encodes each /container/object line, keeping "/" inside names', () => {
    const [body] = bulkDeleteBodies(
      [
        { container: 'my c', name: 'a/b c?#%.txt' },
        { container: 'c', name: '/lead' },
        { container: 'c', name: 'ü\nline' },
      ],
      10,
    );
    expect(body?.split('\n')).toEqual(['/my%20c/a/b%20c%3F%23%25.txt', '/c//lead', '/c/%C3%BC%0Aline']);
  });

  it('puts containers after all objects and splits into requests of the given size', () => {
    const items = [
      { container: 'gone' },
      ...Array.from({ length: 5 }, (_, i) => ({ container: 'gone', name: `o${i}` })),
    ];
    expect(orderForDelete(items).at(-1)).toEqual({ container: 'gone' });
    expect(bulkDeleteBodies(items, 2)).toEqual(['/gone/o0\n/gone/o1', '/gone/o2\n/gone/o3', '/gone/o4\n/gone']);
    expect(bulkDeleteBodies(items, 0)).toHaveLength(6); // never zero per request
  });
});
