// Bad input found deep in the storage client still stops before the first request.
import { afterEach, describe, expect, it } from 'vitest';
import { FAULT_REGION, faultSession, startFaultServer, type FaultServer } from '../../testing/electron/fault-server';
import { deleteIndividually, listObjects } from './objects';

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const answerEverything = () => startFaultServer((_req, reply) => reply.send(204, {}, ''));

describe('the storage client, given bad text where IPC did not look', () => {
  it('refuses a lone surrogate in a listing marker rather than sending U+FFFD', async () => {
    server = await answerEverything();
    const session = await faultSession(server);
    await expect(listObjects(session, FAULT_REGION, 'c', { marker: 'a\uD800' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a whole fallback delete when any name is bad, before deleting the others', async () => {
    server = await answerEverything();
    const session = await faultSession(server);
    const items = [
      { container: 'c', name: 'fine-1' },
      { container: 'c', name: 'fine-2' },
      { container: 'c/o', name: 'x' },
    ];
    await expect(deleteIndividually(session, FAULT_REGION, items)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(server.requests).toHaveLength(0);
  });
});
