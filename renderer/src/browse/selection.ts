/** What the person has selected in the browser; the details panel shows it. */
export type Selection =
  | { kind: 'account' }
  | { kind: 'container'; container: string }
  /** A pseudo-folder inside a container (a prefix ending in "/"). */
  | { kind: 'folder'; container: string; prefix: string }
  | { kind: 'object'; container: string; name: string };

/** The selection that stands for a place: a container, or a folder in it. */
export const selectionOfPlace = ({ container, prefix }: { container: string; prefix: string }): Selection =>
  prefix ? { kind: 'folder', container, prefix } : { kind: 'container', container };
