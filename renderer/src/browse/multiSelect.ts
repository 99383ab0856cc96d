/**
 * Multi-select as in a desktop file list: a click picks one, Ctrl/⌘-click
 * adds or removes one, Shift-click picks the range from the last click.
 */
export interface Picked {
  names: ReadonlySet<string>;
  /** Where a Shift-click range starts. */
  anchor: string | undefined;
}

export const NOTHING_PICKED: Picked = { names: new Set(), anchor: undefined };

export type PickMode = 'only' | 'toggle' | 'range';

/** The order Shift-click ranges follow: the listed rows (RowList), found by name, not copied into an array. */
export interface PickOrder {
  indexOf(name: string): number;
  /** The pickable names between two rows, both included. */
  pickableNamesBetween(from: number, to: number): string[];
}

/** An order over a plain list of names (every one pickable). */
export const listOrder = (names: readonly string[]): PickOrder => ({
  indexOf: (name) => names.indexOf(name),
  pickableNamesBetween: (from, to) => names.slice(from, to + 1),
});

export function pick(state: Picked, order: PickOrder, name: string, mode: PickMode): Picked {
  if (mode === 'only') return { names: new Set([name]), anchor: name };
  if (mode === 'toggle') {
    const names = new Set(state.names);
    if (names.has(name)) names.delete(name);
    else names.add(name);
    return { names, anchor: name };
  }
  const from = state.anchor === undefined ? -1 : order.indexOf(state.anchor);
  const to = order.indexOf(name);
  if (from < 0 || to < 0) return { names: new Set([name]), anchor: name };
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  return { names: new Set(order.pickableNamesBetween(lo, hi)), anchor: state.anchor };
}

export function pickAll(order: readonly string[]): Picked {
  return { names: new Set(order), anchor: order[0] };
}

/** The mode a mouse click means, from its modifier keys. */
export function modeOf(event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): PickMode {
  if (event.shiftKey) return 'range';
  return event.ctrlKey || event.metaKey ? 'toggle' : 'only';
}
