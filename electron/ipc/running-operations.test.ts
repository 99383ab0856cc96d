import { describe, expect, it } from 'vitest';
import { pausedBy } from '../storage/cancel';
import { RunningOperations } from './running-operations';

const untilAborted = (signal: AbortSignal) =>
  new Promise<string>((resolve) =>
    signal.addEventListener('abort', () => resolve(pausedBy(signal) ? 'paused' : 'cancelled')),
  );

describe('running operations', () => {
  it('tell a pause from a cancel, so a transfer knows whether to keep what it sent', async () => {
    const running = new RunningOperations();
    const paused = running.run('a', untilAborted);
    const cancelled = running.run('b', untilAborted);
    expect(running.isRunning('a')).toBe(true);
    expect(running.pause('a')).toBe(true);
    expect(running.cancel('b')).toBe(true);
    expect([await paused, await cancelled]).toEqual(['paused', 'cancelled']);
    expect(running.pause('a')).toBe(false);
  });

  it('pause everything when the app closes, and say when all of it has ended', async () => {
    const running = new RunningOperations();
    const ended: string[] = [];
    for (const id of ['x', 'y'])
      void running.run(id, async (signal) => {
        ended.push(`${id} ${await untilAborted(signal)}`);
      });
    running.pauseAll();
    await running.settled();
    expect(ended.sort()).toEqual(['x paused', 'y paused']);
    expect(running.isRunning('x')).toBe(false);
  });

  it('free the id of work that throws before it even starts', async () => {
    const running = new RunningOperations();
    const throwsAtOnce = (): Promise<never> => {
      throw new Error('not signed in');
    };
    await expect(running.run('c', throwsAtOnce)).rejects.toThrow('not signed in');
    await expect(running.run('c', async () => 'again')).resolves.toBe('again');
  });
});
