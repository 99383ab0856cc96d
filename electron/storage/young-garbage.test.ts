// The memory this saves is measured against real Swift in streaming.int.test.ts
// (a 1 GiB download grew RSS by 60-75 MiB without it); here, the mechanism.
import { describe, expect, it } from 'vitest';
import { collector, everyBytes } from './young-garbage';

describe('young garbage', () => {
  it("gets V8's collector without giving the app's own scope a gc", () => {
    const collect = collector();
    expect(typeof collect).toBe('function');
    expect(() => collect?.({ type: 'minor' })).not.toThrow();
    expect('gc' in globalThis).toBe(false);
  });

  it('collects once per `every` bytes, counting across calls', () => {
    let runs = 0;
    const passed = everyBytes(100, () => (runs += 1));
    passed(60);
    expect(runs).toBe(0);
    passed(40);
    expect(runs).toBe(1);
    passed(99);
    expect(runs).toBe(1);
    passed(250);
    expect(runs).toBe(2);
  });
});
