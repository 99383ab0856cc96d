import { describe, expect, it } from 'vitest';
import { TransferStore } from './transferStore';
import type { Transfer } from './types';

const transfer = (id: string): Transfer => ({
  id,
  request: { kind: 'upload', region: 'r', container: 'c', name: id, filePath: `/tmp/${id}` },
  label: id,
  state: 'running',
  loaded: 0,
  total: undefined,
  error: undefined,
  extract: undefined,
  filePath: undefined,
});

/** A store whose "animation frame" the test runs by hand. */
function storeWithFrames() {
  const frames: (() => void)[] = [];
  const store = new TransferStore(
    (flush) => frames.push(flush),
    () => undefined,
  );
  return { store, runFrame: () => frames.splice(0).forEach((f) => f()) };
}

describe('TransferStore', () => {
  it('applies many progress events in one change per frame, the latest value of each', () => {
    const { store, runFrame } = storeWithFrames();
    store.add(transfer('a'));
    store.add(transfer('b'));
    let changes = 0;
    store.subscribe(() => changes++);
    for (let i = 1; i <= 100; i++) {
      store.progress('a', i * 10, 1000);
      store.progress('b', i, 100);
    }
    expect(changes).toBe(0);
    runFrame();
    expect(changes).toBe(1);
    expect(store.getSnapshot().map((t) => [t.loaded, t.total])).toEqual([
      [1000, 1000],
      [100, 100],
    ]);
  });

  it('marks a transfer queued without touching how far it got, until its first progress', () => {
    const { store, runFrame } = storeWithFrames();
    store.add({ ...transfer('a'), loaded: 40, total: 100 });
    store.progress('a', 0, undefined, true);
    runFrame();
    expect(store.find('a')).toMatchObject({ queued: true, loaded: 40, total: 100 });
    store.progress('a', 50, 100);
    runFrame();
    expect(store.find('a')).toMatchObject({ queued: false, loaded: 50, total: 100 });
  });

  it('keeps the snapshot the same object until something changes (for useSyncExternalStore)', () => {
    const { store, runFrame } = storeWithFrames();
    store.add(transfer('a'));
    const before = store.getSnapshot();
    runFrame();
    expect(store.getSnapshot()).toBe(before);
  });

  it('lets no late progress overwrite a finished transfer', () => {
    const { store, runFrame } = storeWithFrames();
    store.add(transfer('a'));
    store.progress('a', 5, 10);
    store.update('a', { state: 'cancelled' });
    store.progress('a', 9, 10);
    runFrame();
    expect(store.getSnapshot()[0]).toMatchObject({ state: 'cancelled', loaded: 0 });
  });

  it('works out a smoothed speed from the progress over time', () => {
    const frames: (() => void)[] = [];
    let now = 0;
    const store = new TransferStore(
      (flush) => frames.push(flush),
      () => undefined,
      () => now,
    );
    store.add(transfer('a'));
    const step = (loaded: number, at: number) => {
      now = at;
      store.progress('a', loaded, 10_000);
      frames.splice(0).forEach((f) => f());
      return store.find('a')?.rate;
    };
    expect(step(0, 0)).toBeUndefined(); // one sample: no speed yet
    expect(step(1000, 1000)).toBe(1000);
    expect(step(4000, 2000)).toBe(1000 + 0.3 * (3000 - 1000));
  });
});
