import { describe, expect, it } from 'vitest';
import { defaultPolicy, findPolicy, policiesFromInfo, policyUsage, type StoragePolicy } from './storage-policies';

// The harness's /info, as Swift 2.30 sends `swift.policies`.
const INFO = [
  { name: 'Policy-0', aliases: 'Policy-0, yellow, orange', default: true },
  { name: 'archive', aliases: 'archive' },
];
const POLICIES: StoragePolicy[] = [
  { name: 'Policy-0', aliases: ['yellow', 'orange'], isDefault: true },
  { name: 'archive', aliases: [], isDefault: false },
];

describe('policiesFromInfo', () => {
  it('reads names, aliases (without the name itself) and the default', () => {
    expect(policiesFromInfo(INFO)).toEqual(POLICIES);
  });

  it('leaves out what Swift would never send, and answers [] for no list', () => {
    expect(policiesFromInfo(undefined)).toEqual([]);
    expect(policiesFromInfo({ name: 'gold' })).toEqual([]);
    expect(policiesFromInfo([null, 7, { name: 'a b' }, { name: 'gold', aliases: 'gold, g_1, silver' }])).toEqual([
      { name: 'gold', aliases: ['silver'], isDefault: false },
    ]);
  });
});

describe('findPolicy and defaultPolicy', () => {
  it('finds a policy by name or alias, whatever the case, as Swift does', () => {
    expect(findPolicy(POLICIES, 'ARCHIVE')?.name).toBe('archive');
    expect(findPolicy(POLICIES, 'Orange')?.name).toBe('Policy-0');
    expect(findPolicy(POLICIES, 'gold')).toBeUndefined();
  });

  it('is the one marked default, or the only one', () => {
    expect(defaultPolicy(POLICIES)?.name).toBe('Policy-0');
    expect(defaultPolicy([{ name: 'solo', aliases: [], isDefault: false }])?.name).toBe('solo');
    expect(defaultPolicy([])).toBeUndefined();
  });
});

describe('policyUsage', () => {
  // As undici's Headers give them (lower case); Swift sent "X-Account-Storage-Policy-Archive-…".
  const headers: [string, string][] = [
    ['x-account-container-count', '3'],
    ['x-account-storage-policy-policy-0-bytes-used', '24'],
    ['x-account-storage-policy-policy-0-container-count', '2'],
    ['x-account-storage-policy-policy-0-object-count', '7'],
    ['x-account-storage-policy-archive-bytes-used', '5'],
    ['x-account-storage-policy-archive-container-count', '1'],
    ['x-account-storage-policy-archive-object-count', '1'],
    ['x-account-meta-storage-policy-x-bytes-used', '99'],
  ];

  it("names each policy's figures as /info names the policy, in /info's order", () => {
    expect(policyUsage(headers, POLICIES)).toEqual([
      { name: 'Policy-0', containerCount: 2, objectCount: 7, bytesUsed: 24 },
      { name: 'archive', containerCount: 1, objectCount: 1, bytesUsed: 5 },
    ]);
  });

  it('gives a listed policy with no headers zeros, and keeps a policy /info does not list (deprecated)', () => {
    const onlyDefault = headers.filter(([h]) => !h.includes('archive'));
    expect(policyUsage(onlyDefault, POLICIES)[1]).toEqual({
      name: 'archive',
      containerCount: 0,
      objectCount: 0,
      bytesUsed: 0,
    });
    const old: [string, string][] = [['x-account-storage-policy-old-gold-object-count', '4']];
    expect(policyUsage(old, [])).toEqual([{ name: 'old-gold', containerCount: 0, objectCount: 4, bytesUsed: 0 }]);
  });
});
