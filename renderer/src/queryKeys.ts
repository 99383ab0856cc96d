/**
 * Every React Query key, in one place, so a mutation can invalidate exactly
 * what it changed. Convention: [kind, region, container?, …] — region and
 * container are whole elements, so a predicate can match them.
 */
export const sessionKey = ['session'] as const;
export const limitsKey = (region: string) => ['limits', region] as const;
export const accountKey = (region: string) => ['account', region] as const;
export const containersKey = (region: string, prefix: string) => ['containers', region, prefix] as const;
export const containerKey = (region: string, container: string) => ['container', region, container] as const;
export const objectsKey = (region: string, container: string, prefix: string, delimiter: string) =>
  ['objects', region, container, prefix, delimiter] as const;
export const objectKey = (region: string, container: string, name: string) =>
  ['object', region, container, name] as const;
export const profilesKey = ['profiles'] as const;
export const archivePreviewKey = (region: string, container: string, prefix: string, filePath: string) =>
  ['archivePreview', region, container, prefix, filePath] as const;
