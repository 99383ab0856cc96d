import { describe, expect, it } from 'vitest';
import { cancelledError, untilAborted } from './cancel';

describe('untilAborted', () => {
  it('passes the work through when there is no signal or it never fires', async () => {
    await expect(untilAborted(Promise.resolve(1), undefined)).resolves.toBe(1);
    await expect(untilAborted(Promise.resolve(2), new AbortController().signal)).resolves.toBe(2);
    await expect(untilAborted(Promise.reject(cancelledError('x')), undefined)).rejects.toMatchObject({
      code: 'cancelled',
    });
  });

  it('is cancelled at once, or as soon as the signal fires, while the work goes on', async () => {
    const aborted = AbortSignal.abort();
    await expect(untilAborted(new Promise(() => {}), aborted)).rejects.toMatchObject({
      code: 'cancelled',
      message: 'The operation was cancelled.',
    });
    const controller = new AbortController();
    let finish!: (value: string) => void;
    const work = new Promise<string>((resolve) => (finish = resolve));
    const waiting = untilAborted(work, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
    finish('done');
    await expect(work).resolves.toBe('done');
  });
});
