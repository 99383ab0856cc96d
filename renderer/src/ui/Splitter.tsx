/**
 * A handle between two panes that resizes the one beside it: drag it, or
 * focus it and use the arrow keys (Home/End: narrowest/widest), as the WAI-ARIA
 * window splitter pattern describes. The width is remembered on this device.
 */
import { useCallback, useState, type KeyboardEvent, type PointerEvent } from 'react';

const STEP_PX = 16;

interface PaneWidth {
  key: string;
  initial: number;
  min: number;
  max: number;
}

function stored({ key, initial, min, max }: PaneWidth): number {
  try {
    const value = Number(window.localStorage.getItem(key));
    return value >= min && value <= max ? value : initial;
  } catch {
    return initial; // storage refused (private mode): the default is fine
  }
}

/** A pane's width, clamped to its range and saved when it changes. */
export function usePaneWidth(spec: PaneWidth): [number, (width: number) => void] {
  const [width, setWidth] = useState(() => stored(spec));
  const { key, min, max } = spec;
  const set = useCallback(
    (next: number) => {
      const clamped = Math.round(Math.min(max, Math.max(min, next)));
      setWidth(clamped);
      try {
        window.localStorage.setItem(key, String(clamped));
      } catch {
        // Not remembered, still applied.
      }
    },
    [key, min, max],
  );
  return [width, set];
}

interface Props {
  label: string;
  width: number;
  min: number;
  max: number;
  /** +1 when dragging right widens the pane (it is on the left), -1 when it narrows it. */
  direction: 1 | -1;
  onWidth: (width: number) => void;
  /** Another look (a column's edge in a grid header); the default is the line between panes. */
  className?: string;
}

export function Splitter({ label, width, min, max, direction, onWidth, className = 'splitter' }: Props) {
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.preventDefault();
    event.stopPropagation(); // a column's edge sits in a sortable heading: a drag is not a click on it
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const [startX, startWidth] = [event.clientX, width];
    const move = (e: globalThis.PointerEvent) => onWidth(startWidth + direction * (e.clientX - startX));
    const stop = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', stop);
      handle.removeEventListener('pointercancel', stop);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', stop);
    handle.addEventListener('pointercancel', stop);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys: Record<string, number> = {
      ArrowLeft: width - direction * STEP_PX,
      ArrowRight: width + direction * STEP_PX,
      Home: min,
      End: max,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onWidth(next);
  }

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className={className}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
