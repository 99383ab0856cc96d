/**
 * Going to a name in the objects grid: typing its start (type-ahead, as in a
 * desktop file list), Home and End. Where the loaded rows hold the place the
 * focus moves there; elsewhere the level is listed from a marker at that
 * name (or from its end) instead of loading every page before it.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { compareNames } from '../../../shared/listing-order';
import type { RowList } from './objectRows';
import { FROM_TOP, type ListingStart } from './queries';

/** Keys typed closer together than this make one name; a pause starts a new one. */
const TYPE_AHEAD_MS = 1000;
/** A name beyond the loaded rows is listed once typing pauses this long, not once per key. */
const LIST_AFTER_MS = 250;

interface Options {
  rows: RowList;
  prefix: string;
  hasMore: boolean;
  hasBefore: boolean;
  onJump: (start: ListingStart) => void;
  focus: (index: number) => number;
  /** Off while the rows are sorted by another column: names are not in order there (Home/End stay). */
  enabled: boolean;
}

/** The row a window that started at `start` should focus first. */
export function rowForStart(rows: RowList, start: ListingStart): number {
  if (start.at === 'end') return rows.length - 1;
  if (start.at === 'name') return Math.min(rows.seek(start.name), rows.length - 1);
  return 0;
}

export function useJumpTo({ rows, prefix, hasMore, hasBefore, onJump, focus, enabled }: Options) {
  const typed = useRef({ text: '', at: 0 });
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);

  /** Whether `name` lies within the loaded rows (or beyond them where nothing more exists). */
  function loaded(name: string): boolean {
    const first = rows.nameAt(0);
    const last = rows.nameAt(rows.length - 1);
    if (first === undefined || last === undefined) return !hasMore && !hasBefore;
    return (!hasBefore || compareNames(name, first) >= 0) && (!hasMore || compareNames(name, last) <= 0);
  }

  function goTo(name: string): void {
    clearTimeout(pending.current);
    if (loaded(name)) focus(Math.min(rows.seek(name), rows.length - 1));
    else pending.current = setTimeout(() => onJump({ at: 'name', name }), LIST_AFTER_MS);
  }

  /** Handles the key when it is a jump; answers whether it was. */
  function onKey(event: KeyboardEvent): boolean {
    if (event.altKey) return false;
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      clearTimeout(pending.current);
      const toEnd = event.key === 'End';
      if (toEnd ? hasMore : hasBefore) onJump(toEnd ? { at: 'end' } : FROM_TOP);
      else focus(toEnd ? rows.length - 1 : 0);
      return true;
    }
    // One printable character, no shortcut: type-ahead. Space picks (the grid's), so it only continues a name.
    const printable = enabled && [...event.key].length === 1 && !event.ctrlKey && !event.metaKey;
    const now = event.timeStamp;
    const continuing = typed.current.text !== '' && now - typed.current.at < TYPE_AHEAD_MS;
    if (!printable || (event.key === ' ' && !continuing)) return false;
    event.preventDefault();
    const text = continuing ? typed.current.text + event.key : event.key;
    typed.current = { text, at: now };
    goTo(prefix + text);
    return true;
  }

  return { onKey };
}
