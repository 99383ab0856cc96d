import { describe, expect, it, vi } from 'vitest';
import { LinkStore, linkExpiryOf, linkLifeText, linkTargetText } from './tempLinks';

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

describe('linkLifeText', () => {
  it('says minutes, hours or days left, rounded down', () => {
    expect(linkLifeText(NOW + 59 * 60_000 + 30_000, NOW)).toBe('expires in 59 min');
    expect(linkLifeText(NOW + 119 * 60_000, NOW)).toBe('expires in 119 min');
    expect(linkLifeText(NOW + 5 * 3_600_000, NOW)).toBe('expires in 5 h');
    expect(linkLifeText(NOW + 3 * 86_400_000 + 10, NOW)).toBe('expires in 3 days');
    expect(linkLifeText(NOW + 30_000, NOW)).toBe('expires in less than a minute');
  });

  it('says expired once the time has come', () => {
    expect(linkLifeText(NOW, NOW)).toBe('expired');
    expect(linkLifeText(NOW - 1, NOW)).toBe('expired');
  });
});

describe('linkExpiryOf', () => {
  it('reads "in N" in the unit chosen, a date as a date, and never as nothing', () => {
    expect(linkExpiryOf({ kind: 'days', days: '2' }, 'hours')).toEqual({ kind: 'for', amount: '2', unit: 'hours' });
    expect(linkExpiryOf({ kind: 'date', date: '2030-01-02T10:00' }, 'days')).toEqual({
      kind: 'until',
      date: '2030-01-02T10:00',
    });
    expect(linkExpiryOf({ kind: 'never' }, 'days')).toBeUndefined();
  });
});

describe('linkTargetText', () => {
  it('names an object, a prefix and a whole container apart', () => {
    expect(linkTargetText('photos', { kind: 'object', name: 'cat.jpg' })).toBe('photos/cat.jpg');
    expect(linkTargetText('photos', { kind: 'prefix', prefix: '2024/' })).toBe('photos/2024/* (prefix)');
    expect(linkTargetText('photos', { kind: 'prefix', prefix: '' })).toBe('photos (whole container)');
  });
});

describe('LinkStore', () => {
  it('keeps links newest first, tells subscribers, and clears', () => {
    const store = new LinkStore();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    const link = {
      region: 'R',
      container: 'c',
      target: { kind: 'object', name: 'a' } as const,
      method: 'GET' as const,
      url: 'u',
      expiresAtMs: NOW,
    };
    store.add(link);
    store.add({ ...link, url: 'v' });
    expect(store.getSnapshot().map((l) => l.url)).toEqual(['v', 'u']);
    expect(new Set(store.getSnapshot().map((l) => l.id)).size).toBe(2);
    expect(listener).toHaveBeenCalledTimes(2);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    store.clear(); // nothing to clear: nobody is told
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
  });
});
