import { afterEach, describe, expect, it } from 'vitest';
import { FAULT_REGION, faultSession, startFaultServer, type FaultServer } from '../../testing/electron/fault-server';
import { getLimits } from './info';

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('getLimits, cancelled by one caller', () => {
  it('stops that caller waiting, and the shared read still answers the others', async () => {
    let answer: (() => void) | undefined;
    server = await startFaultServer((_req, reply) => {
      // /info answers only when the test says so: a slow cluster.
      answer = () => reply.send(200, { 'content-type': 'application/json' }, '{"swift":{"max_file_size":1234}}');
    });
    const session = await faultSession(server);
    const impatient = new AbortController();
    const first = getLimits(session, FAULT_REGION, impatient.signal);
    const second = getLimits(session, FAULT_REGION);
    await expect.poll(() => answer).toBeDefined();
    impatient.abort();
    await expect(first).rejects.toMatchObject({ code: 'cancelled' });
    answer!();
    await expect(second).resolves.toMatchObject({ maxFileSize: 1234 });
    // One read for both callers.
    expect(server.requests.filter((r) => r.path === '/info')).toHaveLength(1);
  });
});
