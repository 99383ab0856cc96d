import { useCallback, useState } from 'react';
import { FROM_TOP, type ListingStart } from './queries';

const startKey = (start: ListingStart) => (start.at === 'name' ? `name:${start.name}` : start.at);

/**
 * Where the objects pane's listing window starts: the top, until a jump
 * (type-ahead, End, Home, a Refresh far down) moves it; a new place (another
 * container or folder) starts at the top again. `windowKey` names the window
 * for the grid's key, and counts the jumps: one to where the window already
 * starts (its rows were cut back to that page) still mounts a grid there.
 */
export function useListingStart(place: string) {
  const [jump, setJump] = useState<{ place: string; start: ListingStart; jumped: boolean; count: number }>();
  const start = jump?.place === place ? jump.start : FROM_TOP;
  const onJump = useCallback(
    (to: ListingStart, focus = true) =>
      setJump((old) => ({ place, start: to, jumped: focus, count: (old?.count ?? 0) + 1 })),
    [place],
  );
  // The count and `jumped` go with the person, not the place: a grid that a jump remounted, left for a
  // folder, is mounted again there with the focus on its first row, as before jumps were counted.
  return { start, jumped: jump?.jumped ?? false, windowKey: `${startKey(start)}#${jump?.count ?? 0}`, onJump };
}
