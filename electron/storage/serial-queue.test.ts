import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial-queue';

describe('SerialQueue', () => {
  it('runs work for one key one at a time, in order, and other keys alongside', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      queue.run('a', step('a1')),
      queue.run('a', step('a2')),
      queue.run('b', step('b1')),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    expect(queue.size).toBe(0);
  });

  it('does not let a failure block what is queued behind it', async () => {
    const queue = new SerialQueue();
    const failed = queue.run('a', async () => {
      throw new Error('boom');
    });
    const next = queue.run('a', async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });
});
