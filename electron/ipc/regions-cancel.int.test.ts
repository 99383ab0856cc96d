// A copy between the harness's two real regions, over IPC: followed by its progress events and
// cancelled by the operation id the renderer gave it; nothing half-written is left in the target.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { harnessCredentials } from '../../testing/electron/harness-session';
import { containerName, MiB, openSession, tempDir, writeRandomFile } from '../../testing/electron/transfers-testkit';
import { uploadFile } from '../storage/upload';
import { createHandlers } from './handlers';
import type { Emit } from './main-state';

const at = (container: string, name?: string) =>
  `/v1/${HARNESS.users.admin.account}/${encodeURIComponent(container)}${name ? `/${encodeURIComponent(name)}` : ''}`;

describe('copying between regions over IPC, cancelled by id', () => {
  const c = containerName('regions-cancel');
  let work: string;

  beforeAll(async () => {
    work = tempDir('regions-cancel');
    const file = path.join(work, 'large.bin');
    await writeRandomFile(file, 64 * MiB, 'large');
    await swiftRequest('RegionOne', 'PUT', at(c));
    await uploadFile(await openSession(), 'RegionOne', { container: c, name: 'large.bin', filePath: file });
  });

  afterAll(async () => {
    for (const region of ['RegionOne', 'RegionTwo'] as const) {
      await swiftRequest(region, 'DELETE', at(c, 'large.bin'));
      await swiftRequest(region, 'DELETE', at(c));
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('stops on cancel({operationId}) after the first progress event and leaves no object behind', async () => {
    const operationId = 'regions-cancel-1';
    const seen: number[] = [];
    const cancel = { requested: false };
    const emit: Emit = (event, payload) => {
      if (event !== 'progress' || !('operationId' in payload) || payload.operationId !== operationId) return;
      seen.push(payload.loaded);
      if (payload.loaded > 0 && !cancel.requested) {
        cancel.requested = true;
        void handlers.cancel({ operationId }).then((answer) => expect(answer).toEqual({ ok: true, value: true }));
      }
    };
    const handlers = createHandlers({ emit });
    expect(await handlers.signIn(harnessCredentials())).toMatchObject({ ok: true });
    const side = (region: string) => ({ region, container: c });
    const answer = await handlers.copyBetweenRegions({
      operationId,
      source: side('RegionOne'),
      target: side('RegionTwo'),
      items: [{ name: 'large.bin', bytes: 64 * MiB }],
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(cancel.requested).toBe(true);
    expect(seen.at(-1)!).toBeLessThan(64 * MiB);
    expect((await swiftRequest('RegionTwo', 'HEAD', at(c, 'large.bin'))).status).toBe(404);
  });
});
