// What the observer hears of requests Swift cannot be made to fail on demand: a refused connection and a
// retry through 503 (a loopback server that answers exactly that, and says so), a cancel, and nothing at all
// once no one observes. Swift's own answers are checked in electron/activity/activity.int.test.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort } from '../../testing/electron/closed-port';
import { send } from './http';
import { observeRequests, type ObservedRequest } from './request-observer';

const fast = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 };
let server: http.Server | undefined;
const heard: ObservedRequest[] = [];

afterEach(async () => {
  observeRequests(undefined);
  heard.length = 0;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function answering(statuses: number[]): Promise<string> {
  let hits = 0;
  server = http.createServer((req, res) => {
    const status = statuses[Math.min(hits++, statuses.length - 1)]!;
    req.resume();
    res.writeHead(status, { 'x-trans-id': `tx-${hits}`, 'content-type': 'text/plain' });
    res.end(`answer ${status}`);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/AUTH_x/c`;
}

describe('the request observer (loopback servers, not Swift)', () => {
  it('hears each attempt of a retried request, with its status, id and bytes', async () => {
    observeRequests((request) => heard.push(request));
    const url = await answering([503, 200]);
    const res = await send({ method: 'PUT', url, body: 'twelve bytes' }, fast);
    expect(res.status).toBe(200);
    expect(heard.map((r) => [r.status, r.requestId])).toEqual([
      [503, 'tx-1'],
      [200, 'tx-2'],
    ]);
    expect(heard[1]).toMatchObject({ method: 'PUT', url, sentBytes: 12, receivedBytes: 10, errorCode: undefined });
    expect(heard[1]!.durationMs).toBeGreaterThan(0);
  });

  it('hears a refused connection and a cancelled request by their error codes', async () => {
    observeRequests((request) => heard.push(request));
    const refused = `http://127.0.0.1:${await closedPort()}/`;
    await expect(send({ method: 'POST', url: refused })).rejects.toMatchObject({ code: 'network' });
    const controller = new AbortController();
    controller.abort();
    await expect(send({ method: 'GET', url: await answering([200]), signal: controller.signal })).rejects.toMatchObject(
      { code: 'cancelled' },
    );
    expect(heard.map((r) => [r.status, r.errorCode])).toEqual([
      [undefined, 'network'],
      [undefined, 'cancelled'],
    ]);
  });

  it('hears nothing once no one observes', async () => {
    observeRequests((request) => heard.push(request));
    observeRequests(undefined);
    await send({ method: 'GET', url: await answering([200]) });
    expect(heard).toEqual([]);
  });
});
