// Swift cannot be made to answer 503 with Retry-After on demand, so these
// retry tests use a tiny loopback server that does exactly that, and say so.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort } from '../../testing/electron/closed-port';
import { send } from './http';

const fast = { attempts: 4, baseDelayMs: 1, maxDelayMs: 5 };
let server: http.Server | undefined;

async function faultServer(statuses: number[]): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  server = http.createServer((req, res) => {
    const status = statuses[Math.min(hits, statuses.length - 1)] ?? 200;
    hits++;
    req.resume();
    res.writeHead(status, status === 503 ? { 'retry-after': '0' } : {});
    res.end(String(status));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, hits: () => hits };
}

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('send (fault server, not Swift)', () => {
  it('retries an idempotent request through 503 and 502 until it succeeds', async () => {
    const fault = await faultServer([503, 502, 200]);
    const res = await send({ method: 'GET', url: fault.url }, fast);
    expect(res.status).toBe(200);
    expect(fault.hits()).toBe(3);
  });

  it('does not retry a POST, which may not be safe to repeat', async () => {
    const fault = await faultServer([503, 200]);
    const res = await send({ method: 'POST', url: fault.url, body: 'x' }, fast);
    expect(res.status).toBe(503);
    expect(fault.hits()).toBe(1);
  });

  it('gives up after the last attempt and returns the last answer', async () => {
    const fault = await faultServer([500]);
    const res = await send({ method: 'GET', url: fault.url }, fast);
    expect(res.status).toBe(500);
    expect(fault.hits()).toBe(4);
  });

  it('reports a refused connection as a network error naming the host', async () => {
    const port = await closedPort(); // a real refused connection, no fake involved
    await expect(send({ method: 'GET', url: `http://127.0.0.1:${port}/` }, fast)).rejects.toMatchObject({
      code: 'network',
      message: `Could not reach 127.0.0.1:${port}: the connection was refused. Check the port in the address, and that the service is running.`,
    });
  });

  it('reports a caller abort as cancelled, without retrying', async () => {
    const fault = await faultServer([503]);
    const controller = new AbortController();
    controller.abort();
    await expect(send({ method: 'GET', url: fault.url, signal: controller.signal }, fast)).rejects.toMatchObject({
      code: 'cancelled',
    });
  });

  it('keeps the connection open after a HEAD (undici closes it unless told), so HEADs in a row share it', async () => {
    const fault = await faultServer([200]);
    let connections = 0;
    server!.on('connection', () => connections++);
    for (let i = 0; i < 10; i++) expect((await send({ method: 'HEAD', url: fault.url }, fast)).status).toBe(200);
    expect(fault.hits()).toBe(10);
    // Without `reset: false`, ten; with it, undici may open a second while the first is checked idle.
    expect(connections).toBeLessThanOrEqual(2);
  });
});
