import { describe, expect, it } from 'vitest';
import { TransferSlots } from './transfer-slots';

/** Work that ends when told to, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    open: () => open(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('TransferSlots', () => {
  it('runs at most `limit` at once and starts the others first come, first served', async () => {
    const slots = new TransferSlots(2);
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((n) => gate(log, n));
    const waited: string[] = [];
    const runs = gates.map((g, i) => slots.run(undefined, g.work, () => waited.push('abcd'[i]!)));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect(waited).toEqual(['c', 'd']);
    expect(slots.counts).toEqual({ running: 2, waiting: 2 });
    gates[1]!.open();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(slots.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the work fails', async () => {
    const slots = new TransferSlots(1);
    await expect(slots.run(undefined, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(undefined, () => Promise.resolve('next'))).toBe('next');
  });

  it('ends a transfer cancelled while it waits with `cancelled`, without running it or taking a slot', async () => {
    const slots = new TransferSlots(1);
    const log: string[] = [];
    const first = gate(log, 'first');
    const running = slots.run(undefined, first.work);
    const controller = new AbortController();
    let ran = false;
    const waiting = slots.run(controller.signal, async () => {
      ran = true;
    });
    const after = gate(log, 'after');
    const third = slots.run(undefined, after.work);
    await tick();
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
    expect(slots.counts).toEqual({ running: 1, waiting: 1 });
    first.open();
    await running;
    await tick();
    expect(log).toEqual(['start first', 'start after']);
    after.open();
    await third;
    expect(ran).toBe(false);
    await expect(slots.run(AbortSignal.abort(), async () => 'never')).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('applies a new limit to those waiting: raised, they start at once; lowered, no new one starts until below it', async () => {
    const slots = new TransferSlots(1);
    const log: string[] = [];
    const gates = ['a', 'b', 'c'].map((n) => gate(log, n));
    const runs = gates.map((g) => slots.run(undefined, g.work));
    await tick();
    expect(log).toEqual(['start a']);
    slots.limit = 3;
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    slots.limit = 1;
    const late = gate(log, 'late');
    const lateRun = slots.run(undefined, late.work);
    gates[0]!.open();
    gates[1]!.open();
    await Promise.all(runs.slice(0, 2));
    await tick();
    expect(log).not.toContain('start late');
    gates[2]!.open();
    await runs[2];
    await tick();
    expect(log).toContain('start late');
    late.open();
    await lateRun;
  });

  it('never goes below one slot', async () => {
    const slots = new TransferSlots(0);
    expect(slots.limit).toBe(1);
    slots.limit = -3;
    expect(await slots.run(undefined, async () => 'ran')).toBe('ran');
  });
});
