// The Segments view's scan over IPC, against the real harness: its progress events carry the renderer's
// operation id and what they count, and cancel({operationId}) stops it in the main process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '../../shared/contract';
import { harnessCredentials } from '../../testing/electron/harness-session';
import { containerName, putContainer, removeContainer } from '../../testing/electron/transfers-testkit';
import { createHandlers } from './handlers';
import type { Emit } from './main-state';

// A tenant of its own walks fast (see storage/segments/orphans.int.test.ts); three containers make three progress events.
const who = 'other' as const;
const containers = ['a', 'b', 'c'].map((s) => containerName(`seg-cancel-${s}`));

describe('the leftover-segments scan over IPC', () => {
  beforeAll(async () => {
    for (const c of containers) await putContainer(c, who);
  });

  afterAll(async () => {
    for (const c of containers) await removeContainer(c, who);
  });

  function recorder(operationId: string, onFirst?: () => void) {
    const seen: EventPayloads['progress'][] = [];
    const emit: Emit = (event, payload) => {
      if (event !== 'progress' || !('operationId' in payload) || payload.operationId !== operationId) return;
      seen.push(payload);
      if (seen.length === 1) onFirst?.();
    };
    return { seen, emit };
  }

  it('tells its progress in containers under the operation id, and answers the scan', async () => {
    const { seen, emit } = recorder('seg-scan-1');
    const handlers = createHandlers({ emit });
    expect(await handlers.signIn(harnessCredentials(who))).toMatchObject({ ok: true });
    const answer = await handlers.scanOrphanSegments({ operationId: 'seg-scan-1', region: 'RegionOne' });
    expect(answer).toMatchObject({ ok: true, value: { containers: expect.any(Number), groups: expect.any(Array) } });
    const last = seen.filter((p) => p.unit === 'containers').at(-1);
    expect(last).toMatchObject({ operationId: 'seg-scan-1', unit: 'containers' });
    expect(last!.loaded).toBe(last!.total);
  });

  it('stops on cancel({operationId}) after the first progress event', async () => {
    let cancelled: Promise<unknown> | undefined;
    const { emit } = recorder('seg-scan-2', () => {
      cancelled = handlers.cancel({ operationId: 'seg-scan-2' });
    });
    const handlers = createHandlers({ emit });
    expect(await handlers.signIn(harnessCredentials(who))).toMatchObject({ ok: true });
    const answer = await handlers.scanOrphanSegments({ operationId: 'seg-scan-2', region: 'RegionOne' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await cancelled).toEqual({ ok: true, value: true });
  });
});
