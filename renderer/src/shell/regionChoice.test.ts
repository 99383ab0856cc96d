import { describe, expect, it } from 'vitest';
import { pickRegion, regionStorageKey } from './regionChoice';

const regions = [
  { name: 'RegionOne', endpoint: 'http://one/v1/AUTH_a' },
  { name: 'RegionTwo', endpoint: 'http://two/v1/AUTH_a' },
];

describe('pickRegion', () => {
  it('keeps a remembered region the catalog still lists', () => {
    expect(pickRegion(regions, 'RegionTwo')).toBe('RegionTwo');
  });

  it('falls back to the first region', () => {
    expect(pickRegion(regions, null)).toBe('RegionOne');
    expect(pickRegion(regions, 'Gone')).toBe('RegionOne');
    expect(pickRegion([], 'RegionOne')).toBeUndefined();
  });
});

describe('regionStorageKey', () => {
  it('distinguishes auth URL, user and tenant without ambiguity', () => {
    const a = regionStorageKey({ authUrl: 'http://x/v3', userName: 'a|b', tenantName: 'c' });
    const b = regionStorageKey({ authUrl: 'http://x/v3', userName: 'a', tenantName: 'b|c' });
    expect(a).not.toBe(b);
    expect(regionStorageKey({ authUrl: 'u', userName: 'n', tenantName: undefined })).toBe(
      regionStorageKey({ authUrl: 'u', userName: 'n', tenantName: '' }),
    );
  });
});
