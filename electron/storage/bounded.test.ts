import { describe, expect, it } from 'vitest';
import { Bounded } from './bounded';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('Bounded', () => {
  it('runs at most `size` tasks at once and waits for them all', async () => {
    const bounded = new Bounded(3);
    let running = 0;
    let most = 0;
    let done = 0;
    for (let i = 0; i < 20; i++) {
      await bounded.run(async () => {
        most = Math.max(most, ++running);
        await tick();
        running--;
        done++;
      });
    }
    await bounded.drain();
    expect(most).toBe(3);
    expect(done).toBe(20);
  });

  it('fails the next run or the drain with the first failure', async () => {
    const bounded = new Bounded(2);
    await bounded.run(async () => {
      await tick();
      throw new Error('first');
    });
    await bounded.run(async () => {
      await tick();
      throw new Error('second');
    });
    await expect(bounded.run(async () => undefined)).rejects.toThrow('first');
    await expect(bounded.drain()).rejects.toThrow('first');
  });
});

describe('Bounded, handing places on', () => {
  it('never runs more than `size` even when callers do not wait for each other', async () => {
    const bounded = new Bounded(2);
    let running = 0;
    let most = 0;
    const started = Array.from({ length: 10 }, () =>
      bounded.run(async () => {
        most = Math.max(most, ++running);
        await tick();
        running--;
      }),
    );
    await Promise.all(started);
    await bounded.drain();
    expect(most).toBe(2);
    expect(running).toBe(0);
  });

  it('a place taken after a failure is given back, so the drain still ends', async () => {
    const bounded = new Bounded(1);
    await bounded.run(async () => {
      await tick();
      throw new Error('first');
    });
    const waiting = [bounded.run(async () => undefined), bounded.run(async () => undefined)];
    await expect(Promise.all(waiting)).rejects.toThrow('first');
    await expect(bounded.drain()).rejects.toThrow('first');
  });
});
