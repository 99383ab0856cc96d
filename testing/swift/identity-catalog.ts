// What the identity front advertises: the v2.0 and v3 service catalogs (object-store endpoints for
// both regions plus identity) and the version discovery documents at /, /v2.0 and /v3.
import { storageUrl, type Harness, type HarnessUserName } from './config';
import type { Json } from './identity-http';
import { REGIONS } from './identity-lanes';

export function v2Catalog(h: Harness, who: HarnessUserName): Json[] {
  const tenantId = h.users[who].tenantId;
  return [
    {
      type: 'object-store',
      name: 'swift',
      endpoints: REGIONS.map((r) => ({
        id: `swift-${r}`,
        region: r,
        publicURL: storageUrl(r, who, h),
        internalURL: storageUrl(r, who, h),
        adminURL: h.regions[r].proxy,
        tenantId,
      })),
      endpoints_links: [],
    },
    {
      type: 'identity',
      name: 'keystone',
      endpoints: [
        {
          id: 'keystone-RegionOne',
          region: 'RegionOne',
          publicURL: h.authUrlV2,
          internalURL: h.authUrlV2,
          adminURL: h.authUrlV2,
        },
      ],
      endpoints_links: [],
    },
  ];
}

export function v3Catalog(h: Harness, who: HarnessUserName): Json[] {
  const swift = REGIONS.flatMap((r) =>
    (['public', 'internal', 'admin'] as const).map((iface) => ({
      id: `swift-${r}-${iface}`,
      region: r,
      region_id: r,
      interface: iface,
      url: iface === 'admin' ? h.regions[r].proxy : storageUrl(r, who, h),
    })),
  );
  const keystone = (['public', 'internal', 'admin'] as const).map((iface) => ({
    id: `keystone-${iface}`,
    region: 'RegionOne',
    region_id: 'RegionOne',
    interface: iface,
    url: h.authUrlV3,
  }));
  return [
    { id: 'swift', type: 'object-store', name: 'swift', endpoints: swift },
    { id: 'keystone', type: 'identity', name: 'keystone', endpoints: keystone },
  ];
}

export function versions(h: Harness): Json {
  const v = (id: string, status: string, href: string): Json => ({
    id,
    status,
    updated: '2022-09-07T00:00:00Z',
    links: [{ rel: 'self', href: `${href}/` }],
    'media-types': [{ base: 'application/json', type: `application/vnd.openstack.identity-${id.split('.')[0]}+json` }],
  });
  return { v3: v('v3.14', 'stable', h.authUrlV3), v2: v('v2.0', 'deprecated', h.authUrlV2) };
}
