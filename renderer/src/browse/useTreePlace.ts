/**
 * Keeps the tree's place, the row at the top of its view, when rows above or
 * under it change. The tree is one virtualized list: without this its view
 * keeps its pixel offset and shows other rows, and when the list gets shorter
 * the browser pulls the view up to the new end. That is what File → Refresh
 * did to a tree scrolled deep into a level of hundreds of folders: each
 * listing keeps its first page only (one call, not one per page), so the
 * level shrank to its first hundred entries and the person was left there.
 *
 * While the row is among the rows, the view follows it. Once it is gone, the
 * level it was in loads its next page (placeStep) until the row is back and
 * the view returns to it, or until that level ends without it.
 */
import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { placeStep } from './treePlace';
import type { TreeNode, TreeRow } from './treeRows';

interface Place {
  node: TreeNode;
  id: string;
  index: number;
  /** How far the view's top is below the row's top, in pixels. */
  within: number;
}

interface Options {
  rows: readonly TreeRow[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** Loads a level's next page (undefined: the container list), unless one is on its way. */
  loadLevel: (levelId: string | undefined) => void;
}

export function useTreePlace({ rows, virtualizer, scrollerRef, loadLevel }: Options): void {
  const place = useRef<Place | null>(null);
  // The row was found gone: the scroll the browser makes as the list shrinks is not the person's.
  const lost = useRef(false);
  // What the scroll listener reads: the rows as last drawn.
  const latest = useRef({ rows, virtualizer });

  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const onScroll = () => {
      if (lost.current) return;
      const { rows: shown, virtualizer: v } = latest.current;
      const item = el.scrollTop > 0 ? v.getVirtualItemForOffset(el.scrollTop) : undefined;
      const row = item && shown[item.index];
      // At the very top there is no place to keep: the top stays the top whatever arrives.
      place.current =
        item && row?.type === 'node'
          ? { node: row, id: row.id, index: item.index, within: el.scrollTop - item.start }
          : null;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scrollerRef]);

  // Before paint, so a shifted view is never drawn.
  useLayoutEffect(() => {
    latest.current = { rows, virtualizer };
    const kept = place.current;
    if (!kept) return;
    const index = kept.index < rows.length && rows[kept.index]?.id === kept.id ? kept.index : indexOf(rows, kept.id);
    if (index >= 0) {
      if (index === kept.index && !lost.current) return;
      lost.current = false;
      place.current = { ...kept, index };
      const start = virtualizer.getOffsetForIndex(index, 'start')?.[0];
      if (start !== undefined) virtualizer.scrollToOffset(start + kept.within);
      return;
    }
    const step = placeStep(rows, kept.node);
    if (step === 'gone') {
      lost.current = false;
      place.current = null;
      return;
    }
    lost.current = true;
    loadLevel(step.load);
  }, [rows, virtualizer, loadLevel]);
}

const indexOf = (rows: readonly TreeRow[], id: string) => rows.findIndex((row) => row.id === id);
