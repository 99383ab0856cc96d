/** URL paths below a region's endpoint. Object names keep their "/" (pseudo-folders); all else is escaped. */
const encodeSegment = (s: string): string => encodeURIComponent(s);
const encodeObjectName = (s: string): string => s.split('/').map(encodeSegment).join('/');

export const containerPath = (container: string): string => encodeSegment(container);

export const objectPath = (container: string, object: string): string =>
  `${encodeSegment(container)}/${encodeObjectName(object)}`;

/** The `/container/object` form Swift wants in X-Copy-From, Destination and bulk-delete bodies. */
export const sourceReference = (container: string, object?: string): string =>
  `/${object === undefined ? containerPath(container) : objectPath(container, object)}`;
