import { describe, expect, it } from 'vitest';
import type { Container } from '../../../shared/domain';
import { quotaWarning } from './quotaWarning';

const MiB = 1024 ** 2;
const container = (metadata: Record<string, string>, bytesUsed = 3 * MiB, objectCount = 4): Container => ({
  name: 'c',
  objectCount,
  bytesUsed,
  metadata,
  tempUrlKeys: { first: null, second: null },
  anybodyRead: false,
  readAcl: { referrers: [], listings: false, accounts: [] },
  read: '',
  write: '',
  versioning: { enabled: undefined, legacy: undefined },
  storagePolicy: undefined,
});

describe('quotaWarning', () => {
  it('says nothing without a quota or within it', () => {
    expect(quotaWarning('upload', container({}), { addBytes: 100 * MiB, addCount: 9 })).toBeUndefined();
    expect(
      quotaWarning('upload', container({ 'quota-bytes': String(10 * MiB) }), { addBytes: 7 * MiB, addCount: 1 }),
    ).toBeUndefined();
  });

  it('names the size, the quota and what is used', () => {
    expect(
      quotaWarning('upload', container({ 'quota-bytes': String(10 * MiB) }), { addBytes: 12 * MiB, addCount: 1 }),
    ).toBe(
      'This upload of 12 MiB would exceed the container’s quota (10 MiB, 3 MiB used). Swift will refuse what does not fit.',
    );
  });

  it('names the object limit too', () => {
    const c = container({ 'quota-bytes': String(4 * MiB), 'quota-count': '5' });
    expect(quotaWarning('extraction', c, { addBytes: 2 * MiB, addCount: 3 })).toBe(
      'This extraction of 2 MiB would exceed the container’s quota (4 MiB, 3 MiB used). Its 3 objects would exceed the container’s limit of 5 objects (4 stored). Swift will refuse what does not fit.',
    );
    expect(quotaWarning('upload', container({ 'quota-count': '4' }), { addBytes: 0, addCount: 1 })).toBe(
      'This upload’s 1 object would exceed the container’s limit of 4 objects (4 stored). Swift will refuse what does not fit.',
    );
  });
});
