import { describe, expect, it } from 'vitest';
import type { EditingSession } from '../../../shared/editing';
import { agoText, editingStatus, newlySaved } from './editingText';

const now = Date.parse('2026-11-28T10:30:00.000Z');
const edit = (over: Partial<EditingSession> = {}): EditingSession => ({
  id: '0123456789abcdef',
  region: 'RegionOne',
  container: 'docs',
  name: 'notes.txt',
  fileName: 'notes.txt',
  state: 'watching',
  savedAt: undefined,
  unsaved: false,
  error: undefined,
  ...over,
});

describe('what the transfers panel says of an edit', () => {
  it('says how long ago the last save reached Swift', () => {
    expect(agoText('2026-11-28T10:29:30.000Z', now)).toBe('just now');
    expect(agoText('2026-11-28T10:28:00.000Z', now)).toBe('2 min ago');
    expect(agoText('2026-11-28T07:00:00.000Z', now)).toBe('3 h ago');
    expect(agoText('2026-11-26T07:00:00.000Z', now)).toMatch(/^on /);
    expect(editingStatus(edit({ savedAt: '2026-11-28T10:28:00.000Z' }), now)).toBe('saved 2 min ago');
    expect(editingStatus(edit(), now)).toBe('open, nothing saved yet');
  });

  it('says at once that a save failed, and that the copy is kept', () => {
    const failed = edit({
      state: 'failed',
      unsaved: true,
      error: { code: 'network', message: 'Swift did not answer.' },
    });
    expect(editingStatus(failed, now)).toBe('not saved: Swift did not answer. Your copy is kept.');
    const conflict = edit({ state: 'conflict', error: { code: 'conflict', message: '"notes.txt" was changed.' } });
    expect(editingStatus(conflict, now)).toBe('not saved: "notes.txt" was changed.');
    expect(editingStatus(edit({ state: 'uploading' }), now)).toBe('saving…');
  });

  it('names the saves the listings have not seen: a newer save, or a numbered object', () => {
    const first = edit({ savedAt: '2026-11-28T10:28:00.000Z' });
    expect(newlySaved([], [edit()])).toEqual([]);
    expect(newlySaved([edit()], [first])).toEqual([first]);
    expect(newlySaved([first], [first])).toEqual([]);
    const numbered = { ...first, name: 'notes (2).txt' };
    expect(newlySaved([first], [numbered])).toEqual([numbered]);
  });
});
