import { describe, expect, it } from 'vitest';
import { regionsFromCatalog } from './v2';

describe('regionsFromCatalog', () => {
  it('lists one object-store endpoint per region, in catalog order', () => {
    const regions = regionsFromCatalog([
      { type: 'identity', endpoints: [{ region: 'RegionOne', publicURL: 'http://id/v2.0' }] },
      {
        type: 'object-store',
        endpoints: [
          { region: 'RegionTwo', publicURL: 'http://two/v1/AUTH_t/' },
          { region: 'RegionOne', publicURL: 'http://one/v1/AUTH_t' },
          { region: 'RegionOne', publicURL: 'http://one-duplicate/v1/AUTH_t' },
          { region: 'RegionThree' },
        ],
      },
    ]);
    expect(regions).toEqual([
      { name: 'RegionTwo', endpoint: 'http://two/v1/AUTH_t' },
      { name: 'RegionOne', endpoint: 'http://one/v1/AUTH_t' },
    ]);
  });

  it('names a region-less endpoint "default"', () => {
    expect(regionsFromCatalog([{ type: 'object-store', endpoints: [{ publicURL: 'http://x/v1/AUTH_t' }] }])).toEqual([
      { name: 'default', endpoint: 'http://x/v1/AUTH_t' },
    ]);
  });
});
