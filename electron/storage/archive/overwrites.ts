// Which of an archive's object names already exist in the container, found
// with a bounded number of listing requests rather than one HEAD per name.

/** One listing page: the names in (marker, endMarker), in Swift's order, at most `limit`. */
export type ListNames = (page: { marker: string | undefined; endMarker: string; limit: number }) => Promise<string[]>;

export interface ExistingNames {
  /** Names that exist, in Swift's order. */
  found: string[];
  /** Names not checked because the request budget ran out. */
  unchecked: number;
}

/** Swift orders names by their UTF-8 bytes, which is not JavaScript's UTF-16 order. */
export const swiftOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** A marker just below `name`: the name without its last character (any name between is merely listed too). */
const markerBelow = (name: string): string | undefined => {
  const chars = Array.from(name);
  return chars.length > 1 ? chars.slice(0, -1).join('') : undefined;
};

/**
 * Walks the sorted names against the container's listing. Each page covers
 * every existing name from its marker up to its last entry; after it, the
 * walk jumps straight below the next unresolved archive name, so a container
 * holding a million unrelated objects between two of the names costs one
 * request, not a hundred. Each request resolves at least one name.
 */
export async function findExistingNames(
  names: string[],
  list: ListNames,
  opts: { maxRequests: number; pageLimit: number },
): Promise<ExistingNames> {
  const sorted = [...new Set(names)].sort(swiftOrder);
  const last = sorted.at(-1);
  if (last === undefined) return { found: [], unchecked: 0 };
  // end_marker is exclusive; nothing valid sorts between `last` and `last` + U+0001.
  const endMarker = `${last}\u0001`;
  const found: string[] = [];
  let i = 0;
  let marker = markerBelow(sorted[0] ?? '');
  for (let requests = 0; i < sorted.length && requests < opts.maxRequests; requests++) {
    const page = await list({ marker, endMarker, limit: opts.pageLimit });
    const lastListed = page.at(-1);
    if (lastListed === undefined) return { found, unchecked: 0 }; // nothing more exists up to the last name
    const existing = new Set(page);
    for (; i < sorted.length && swiftOrder(sorted[i] ?? '', lastListed) <= 0; i++) {
      const name = sorted[i] ?? '';
      if (existing.has(name)) found.push(name);
    }
    const next = sorted[i];
    if (next === undefined) break;
    const below = markerBelow(next);
    marker = below !== undefined && swiftOrder(below, lastListed) > 0 ? below : lastListed;
  }
  return { found, unchecked: sorted.length - i };
}
