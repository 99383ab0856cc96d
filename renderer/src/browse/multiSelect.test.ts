import { describe, expect, it } from 'vitest';
import { listOrder, modeOf, NOTHING_PICKED, pick, pickAll } from './multiSelect';

describe('multi-select', () => {
  const names = ['a', 'b', 'c', 'd', 'e'];
  const order = listOrder(names);

  it('a click picks one; Ctrl-click adds and removes', () => {
    let state = pick(NOTHING_PICKED, order, 'b', 'only');
    expect([...state.names]).toEqual(['b']);
    state = pick(state, order, 'd', 'toggle');
    expect([...state.names].sort()).toEqual(['b', 'd']);
    state = pick(state, order, 'b', 'toggle');
    expect([...state.names]).toEqual(['d']);
  });

  it('Shift-click picks the range from the last click, either way', () => {
    const start = pick(NOTHING_PICKED, order, 'd', 'only');
    expect([...pick(start, order, 'b', 'range').names]).toEqual(['b', 'c', 'd']);
    expect([...pick(start, order, 'e', 'range').names]).toEqual(['d', 'e']);
    expect([...pick(NOTHING_PICKED, order, 'c', 'range').names]).toEqual(['c']);
  });

  it('picks everything loaded', () => {
    expect(pickAll(names).names.size).toBe(5);
  });

  it('reads the modifier keys', () => {
    expect(modeOf({ shiftKey: false, ctrlKey: false, metaKey: false })).toBe('only');
    expect(modeOf({ shiftKey: false, ctrlKey: true, metaKey: false })).toBe('toggle');
    expect(modeOf({ shiftKey: false, ctrlKey: false, metaKey: true })).toBe('toggle');
    expect(modeOf({ shiftKey: true, ctrlKey: true, metaKey: false })).toBe('range');
  });
});
