import { describe, expect, it } from 'vitest';
import { isDeleteMarkerType, VERSION_ID } from './versions';

describe('version ids and delete markers as Swift writes them', () => {
  it('accepts Swift’s version ids, and "null" for an object not changed since versioning began', () => {
    for (const id of ['1795615744.12330', '1795615744.12330_0000000000000001', 'null']) {
      expect(VERSION_ID.test(id), id).toBe(true);
    }
  });

  it('refuses anything that would change the request', () => {
    for (const id of ['', 'latest', '1795615744.12330&x=1', '../o', '1795615744', 'NULL', '1795615744.12330 ']) {
      expect(VERSION_ID.test(id), id).toBe(false);
    }
  });

  it('knows a delete marker by its content type, not by its size', () => {
    expect(isDeleteMarkerType('application/x-deleted;swift_versions_deleted=1')).toBe(true);
    expect(isDeleteMarkerType('application/x-deleted')).toBe(false);
    expect(isDeleteMarkerType('text/plain')).toBe(false);
  });
});
