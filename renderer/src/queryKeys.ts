/**
 * Every React Query key, in one place, ordered by scope: region, then
 * container, then what is cached. A change invalidates by prefix — "all of
 * this container" is `containerScope(region, container)` — never by searching
 * keys for a name (a container called "account" must not match the account).
 */
export const sessionKey = ['session'] as const;
export const profilesKey = ['profiles'] as const;
/** The transfers the main process kept to resume (its journal), for the signed-in account. */
export const stoppedTransfersKey = ['stoppedTransfers'] as const;
/** The app's own transfer settings, kept by the main process: the app's, not the session's. */
export const transferSettingsKey = ['settings', 'transfer'] as const;

export const regionScope = (region: string) => ['region', region] as const;
export const limitsKey = (region: string) => [...regionScope(region), 'limits'] as const;
export const accountKey = (region: string) => [...regionScope(region), 'account'] as const;
/** Who else has access to the account: apart from accountKey, so refreshing the figures does not ask again. */
export const accountAccessKey = (region: string) => [...regionScope(region), 'accountAccess'] as const;
/** Every container listing of the region, whatever its filter. */
export const containerListsScope = (region: string) => [...regionScope(region), 'containers'] as const;
export const containersKey = (region: string, prefix: string) => [...containerListsScope(region), prefix] as const;

/** Everything cached about one container: its figures, listings, objects and archive previews. */
export const containerScope = (region: string, container: string) =>
  [...regionScope(region), 'container', container] as const;
export const containerKey = (region: string, container: string) =>
  [...containerScope(region, container), 'figures'] as const;
/** Every listing of the container (any prefix, any delimiter). */
export const objectListsScope = (region: string, container: string) =>
  [...containerScope(region, container), 'objects'] as const;
export const objectsKey = (region: string, container: string, prefix: string, delimiter: string) =>
  [...objectListsScope(region, container), prefix, delimiter] as const;
/** Whether a key is one of objectListsScope's, in any region and container. */
export const isObjectListingKey = (key: readonly unknown[]): boolean =>
  key[0] === 'region' && key[2] === 'container' && key[4] === 'objects';
/** A listing window that starts elsewhere than the top (see browse/queries ListingStart) adds where. */
export const objectsWindowKey = (
  region: string,
  container: string,
  prefix: string,
  delimiter: string,
  start: { at: 'top' } | { at: 'name'; name: string } | { at: 'end' },
) =>
  start.at === 'top'
    ? objectsKey(region, container, prefix, delimiter)
    : ([
        ...objectsKey(region, container, prefix, delimiter),
        start.at === 'end' ? 'end' : `from:${start.name}`,
      ] as const);
export const objectKey = (region: string, container: string, name: string) =>
  [...containerScope(region, container), 'object', name] as const;
export const archivePreviewKey = (region: string, container: string, prefix: string, filePath: string) =>
  [...containerScope(region, container), 'archivePreview', prefix, filePath] as const;
