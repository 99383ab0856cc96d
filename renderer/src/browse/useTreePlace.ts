/**
 * Keeps the tree's place, the row at the top of its view, when rows above or
 * under it change. The tree is one virtualized list: without this its view
 * keeps its pixel offset and shows other rows, and when the list gets shorter
 * the browser pulls the view up to the new end. That is what File → Refresh
 * did to a tree scrolled deep into a level of hundreds of folders: each
 * listing keeps its first page only (one call, not one per page), so the
 * level shrank to its first hundred entries and the person was left elsewhere.
 *
 * Rows above the place come or go: the view moves by as much. The place's row
 * is gone: the level it was in loads its next page (placeStep) until the row
 * is back and the view returns to it, unless that level has read past it,
 * ended, failed or was collapsed. Anything the person does meanwhile (a wheel,
 * a click, a key) ends the wait, and where they went is the place.
 */
import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { placeStep } from './treePlace';
import type { TreeNode, TreeRow } from './treeRows';

interface Place {
  node: TreeNode;
  id: string;
  index: number;
  /** Where the row's top is in the list, in pixels. */
  start: number;
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
  // The view is not at the place yet: its row is gone and being loaded again, or the list is too short
  // for it until the rest comes. Until then a scroll is the browser's (pulling the view up to the list's
  // new end), not the person's; whatever the person does themselves ends the wait (see below).
  const held = useRef(false);
  // What the scroll listener reads: the rows as last drawn.
  const latest = useRef({ rows, virtualizer });

  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const onScroll = () => {
      if (held.current) return;
      const { rows: shown, virtualizer: v } = latest.current;
      const item = el.scrollTop > 0 ? v.getVirtualItemForOffset(el.scrollTop) : undefined;
      const row = item && shown[item.index];
      // At the very top there is no place to keep: the top stays the top whatever arrives.
      place.current =
        item && row?.type === 'node'
          ? { node: row, id: row.id, index: item.index, start: item.start, within: el.scrollTop - item.start }
          : null;
    };
    // The person scrolls, drags the scroll bar or presses a key: where they go is the place now, and
    // nothing more is loaded to find the old one.
    const onPerson = () => {
      if (!held.current) return;
      held.current = false;
      place.current = null;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    for (const type of PERSON) el.addEventListener(type, onPerson, { capture: true, passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      for (const type of PERSON) el.removeEventListener(type, onPerson, { capture: true });
    };
  }, [scrollerRef]);

  // Before paint, so a view that rows above moved is never drawn moved.
  useLayoutEffect(() => {
    latest.current = { rows, virtualizer };
    const kept = place.current;
    const el = scrollerRef.current;
    if (!kept || !el) return;
    const index = kept.index < rows.length && rows[kept.index]?.id === kept.id ? kept.index : indexOf(rows, kept.id);
    if (index >= 0) {
      const start = virtualizer.measurementsCache[index]?.start;
      if (start === undefined) return;
      const end = el.scrollHeight - el.clientHeight;
      const wanted = start + kept.within;
      // Too few rows after it to show it where it was, and a level after it still loading (one cut short,
      // its next page on its way): wait for them, and take the browser's pull to the new end for its own.
      if (wanted > end + 1 && growsAfter(rows, index)) {
        held.current = true;
        return;
      }
      if (held.current) {
        // Back, or the rows after it came: where it was, or as near as the rows now allow.
        held.current = false;
        place.current = { ...kept, index, start };
        virtualizer.scrollToOffset(Math.min(wanted, end));
      } else if (start !== kept.start) {
        // Rows above it came or went: the view moves by as much. By as much, not to the place as recorded:
        // a scroll of the person's that its event has not reported yet is kept.
        place.current = { ...kept, index, start };
        virtualizer.scrollToOffset(el.scrollTop + start - kept.start);
      }
      return;
    }
    const step = placeStep(rows, kept.node);
    held.current = step !== 'gone';
    if (step === 'gone') place.current = null;
    else loadLevel(step.load);
  }, [rows, virtualizer, scrollerRef, loadLevel]);
}

/** What only a person does to a list (the browser's own scrolling sends none of these). */
const PERSON = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;

/** A level after `index` may bring more rows: its "more" row is there and has not failed. */
const growsAfter = (rows: readonly TreeRow[], index: number) =>
  rows.some((row, i) => i > index && row.type === 'more' && !row.error);

const indexOf = (rows: readonly TreeRow[], id: string) => rows.findIndex((row) => row.id === id);
