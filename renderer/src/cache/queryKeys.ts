/**
 * Every React Query key (and the one mutation key the toolbar watches), in
 * one place, ordered by scope: region, then container, then what is cached. A change invalidates by prefix — "all of
 * this container" is `containerScope(region, container)` — never by searching
 * keys for a name (a container called "account" must not match the account).
 */
export const sessionKey = ['session'] as const;
export const profilesKey = ['profiles'] as const;
/** The mutation that remembers a profile's region: the toolbar shows only its failure. */
export const rememberRegionKey = ['rememberRegion'] as const;
/** The transfers the main process kept to resume (its journal), for the signed-in account. */
export const stoppedTransfersKey = ['stoppedTransfers'] as const;
/** The objects being edited in place (the main process's list, followed through its `editing` events). */
export const editingKey = ['editing'] as const;
/** The app's own transfer settings, kept by the main process: the app's, not the session's. */
export const transferSettingsKey = ['settings', 'transfer'] as const;

export const regionScope = (region: string) => ['region', region] as const;
export const limitsKey = (region: string) => [...regionScope(region), 'limits'] as const;
export const accountKey = (region: string) => [...regionScope(region), 'account'] as const;
/** Who else has access to the account: apart from accountKey, so refreshing the figures does not ask again. */
export const accountAccessKey = (region: string) => [...regionScope(region), 'accountAccess'] as const;
/** A comparison of one container (or a folder of it) between two regions, under the source region. */
export const comparisonKey = (source: string, target: string, container: string, prefix: string) =>
  [...regionScope(source), 'compare', target, container, prefix] as const;
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
/** An object's versions, under its HEAD's key so that forgetting the object forgets them too. */
export const versionsKey = (region: string, container: string, name: string) =>
  [...objectKey(region, container, name), 'versions'] as const;
/** The preview dialog's read of an object's first bytes. */
export const previewKey = (region: string, container: string, name: string) =>
  [...objectKey(region, container, name), 'preview'] as const;
/** What a delete would take: the objects under the chosen names (folders counted out)… */
export const objectsUnderKey = (region: string, container: string, names: readonly string[]) =>
  [...containerScope(region, container), 'objectsUnder', names] as const;
/** …and which of them are large objects, with where their segments are. */
export const largeObjectsAmongKey = (region: string, container: string, names: readonly string[] | undefined) =>
  [...containerScope(region, container), 'largeObjectsAmong', names] as const;
