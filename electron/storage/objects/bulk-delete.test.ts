import { describe, expect, it } from 'vitest';
import { bulkDeleteBodies, bulkStatusError, orderForDelete } from './bulk-delete';

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
