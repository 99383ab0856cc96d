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
 * ended, failed or was collapsed. Whatever the person does meanwhile to
 * scroll (a wheel, a click or drag on the list or its scroll bar, a scrolling
 * key, a file dragged over it) ends the wait: the view is theirs again.
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
  /** Which list the rows are (the container filter): another list starts at its top, with no place. */
  list: string;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** Loads a level's next page (undefined: the container list), unless one is on its way. */
  loadLevel: (levelId: string | undefined) => void;
}

export function useTreePlace({ rows, list, virtualizer, scrollerRef, loadLevel }: Options): void {
  // The node row at the top of the view, as the last scroll event saw it; none at the very top, or when
  // the top row is a "Loading…" row: then nothing above is followed, and the top stays the top.
  const place = useRef<Place | null>(null);
  // The view is not at the place yet: its row is gone and being loaded again, or the list is too short
  // for it until the rest comes. Until then a scroll is the browser's (pulling the view up to the list's
  // new end), not the person's; whatever the person does to scroll ends the wait (PERSON).
  const held = useRef(false);
  // What the scroll listener reads: the rows as last drawn.
  const latest = useRef({ rows, virtualizer });
  const shownList = useRef(list);

  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const onScroll = () => {
      if (held.current) return;
      const { rows: shown, virtualizer: v } = latest.current;
      const item = el.scrollTop > 0 ? v.getVirtualItemForOffset(el.scrollTop) : undefined;
      const row = item && shown[item.index];
      place.current =
        item && row?.type === 'node'
          ? { node: row, id: row.id, index: item.index, start: item.start, within: el.scrollTop - item.start }
          : null;
    };
    const onPerson = (event: Event) => {
      if (!held.current || (event instanceof KeyboardEvent && !SCROLL_KEYS.has(event.key))) return;
      held.current = false;
      onScroll(); // where the view is now is the place, until their scroll says where they went
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
    const el = scrollerRef.current;
    if (shownList.current !== list) {
      shownList.current = list;
      place.current = null;
      held.current = false;
      virtualizer.scrollToOffset(0);
      return;
    }
    const kept = place.current;
    if (!kept || !el) return;
    const index = kept.index < rows.length && rows[kept.index]?.id === kept.id ? kept.index : indexOf(rows, kept.id);
    if (index < 0) {
      const step = placeStep(rows, kept.node);
      held.current = step !== 'gone';
      if (step === 'gone') place.current = null;
      else loadLevel(step.load);
      return;
    }
    const start = virtualizer.measurementsCache[index]?.start;
    if (start === undefined) return;
    const end = el.scrollHeight - el.clientHeight;
    const was = kept.start + kept.within;
    const wanted = start + kept.within;
    // Too few rows after it to show it where it was, and a level after it still loading (one cut short,
    // its next page on its way): wait for them, and take the browser's pull to the new end for its own.
    if (wanted > end + 1 && growsAfter(rows, index)) {
      held.current = true;
      return;
    }
    // The browser already pulled the view up to the list's new end (rows went, above or below).
    const pulled = el.scrollTop < was - 1 && el.scrollTop >= end - 1;
    if (!held.current && !pulled && start === kept.start) return;
    place.current = { ...kept, index, start };
    // Back from a wait or a pull: where it was, or as near as the rows now allow. Otherwise rows above it
    // came or went, and the view moves by as much: by as much, not to the place as recorded, so a scroll
    // of the person's that its event has not reported yet is kept.
    const target = held.current || pulled ? wanted : el.scrollTop + start - kept.start;
    held.current = false;
    virtualizer.scrollToOffset(Math.min(Math.max(0, target), end));
  }, [rows, list, virtualizer, scrollerRef, loadLevel]);
}

/**
 * What a person does to scroll a list; the browser's own scrolling sends none of these. A pointer down
 * covers the scroll bar, a drag and a middle-click's autoscroll; a dragged file scrolls the list near its
 * edges.
 */
const PERSON = ['wheel', 'pointerdown', 'touchstart', 'dragover', 'keydown'] as const;
/** The keys that scroll the tree (F5 itself, a modifier or a letter do not). */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/** A level after `index` may bring more rows: its "more" row is there and has not failed. */
const growsAfter = (rows: readonly TreeRow[], index: number) =>
  rows.some((row, i) => i > index && row.type === 'more' && !row.error);

const indexOf = (rows: readonly TreeRow[], id: string) => rows.findIndex((row) => row.id === id);
