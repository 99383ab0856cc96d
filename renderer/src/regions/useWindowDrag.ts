/**
 * Objects dragged from one window's grid and dropped on another's: copied from the first window's
 * account and region into the second's, by the region copy in the main process, as a transfer of
 * the window they are dropped on. The drag carries an id and what it is (for the label), never a
 * token: main keeps the drag's objects under the session of the window they left, and the drop
 * names only the id, so this page never holds another window's credentials.
 */
import type { DragEvent } from 'react';
import { call } from '../api';
import { visibleName } from '../ui/untrustedText';
import { formatCountOf } from '../ui/format';
import { useTransfers } from '../transfers/TransfersProvider';

/** The drag data type of objects dragged out of a Cirrus window's grid. */
export const WINDOW_DRAG_TYPE = 'application/x-cirrus-objects';

/** What the drag data says: enough to label the transfer; main copies what it kept, not this. */
interface WindowDragData {
  dragId: string;
  region: string;
  container: string;
  names: string[];
}

/** The drag this page started and has not ended: dropped back on its own window, it is no copy. */
let ownDrag: string | undefined;

/** 32 hexadecimal digits, random; getRandomValues works in any page (randomUUID only in a secure one). */
function newDragId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function dragData(event: DragEvent): WindowDragData | undefined {
  try {
    const data = JSON.parse(event.dataTransfer.getData(WINDOW_DRAG_TYPE)) as Partial<WindowDragData>;
    const { dragId, region, container, names } = data;
    if (typeof dragId !== 'string' || typeof region !== 'string' || typeof container !== 'string') return undefined;
    return { dragId, region, container, names: Array.isArray(names) ? names.filter((n) => typeof n === 'string') : [] };
  } catch {
    return undefined;
  }
}

export function useWindowDrag(region: string, container: string) {
  const transfers = useTransfers();
  return {
    /** Rows leave the grid: main is told what they are, under this window's session. */
    start(event: DragEvent, items: { name: string; bytes: number }[]): void {
      if (items.length === 0) return;
      const dragId = newDragId();
      ownDrag = dragId;
      const data: WindowDragData = { dragId, region, container, names: items.map((i) => i.name) };
      event.dataTransfer.setData(WINDOW_DRAG_TYPE, JSON.stringify(data));
      event.dataTransfer.effectAllowed = 'copy';
      void call('offerWindowDrag', { dragId, source: { region, container }, items }).catch(() => undefined);
    },
    end(): void {
      ownDrag = undefined;
    },
    /** Whether the drag over this window is another window's objects (only the type shows before the drop). */
    accepts(event: DragEvent): boolean {
      return ownDrag === undefined && event.dataTransfer.types.includes(WINDOW_DRAG_TYPE);
    },
    /** Takes another window's objects: true when the drop was such a drag (handled, even if it is this page's own). */
    drop(event: DragEvent): boolean {
      if (!event.dataTransfer.types.includes(WINDOW_DRAG_TYPE)) return false;
      event.preventDefault();
      const data = dragData(event);
      if (!data || data.dragId === ownDrag) return true;
      const { dragId, names } = data;
      const items = names.map((name) => ({ name, bytes: 0 }));
      const label = `“${visibleName(data.container)}” ${data.region} → “${visibleName(container)}” ${region}: ${formatCountOf(names.length, 'object')}`;
      void transfers.start({ kind: 'regionCopy', region, container, from: data.region, items, dragId }, label);
      return true;
    },
  };
}
