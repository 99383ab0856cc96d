// A loopback HTTP server that misbehaves on purpose, for tests only. It exists
// only because the real Swift harness cannot produce these faults on demand: an
// answer cut off mid-body (with or without `Connection: close`), a server that
// accepts a connection and never answers, a 503 with a long `Retry-After`, a
// large object streamed without Content-Length that ends early. Everything
// Swift itself can do is tested against the real Swift harness instead.
//
// It speaks raw HTTP/1.1 over `net` rather than through `node:http`, because
// the faults are about exact bytes: which headers are sent, whether a chunked
// body gets its last chunk, whether the socket ends with FIN or RST.
import net from 'node:net';
import type { AccessGrant } from '../../electron/storage/auth';
import { StorageSession } from '../../electron/storage/session';

export interface FaultRequest {
  method: string;
  /** The path as sent, without the query. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
}

export interface FaultReply {
  /** The status line and exactly these headers: nothing (no Content-Length, no chunking) is added. */
  head(status: number, headers?: Record<string, string>): void;
  /** Raw bytes; resolves once the kernel has taken them (so never, if the client stops reading). */
  write(bytes: string | Uint8Array): Promise<void>;
  /** One chunk of a `Transfer-Encoding: chunked` body; `lastChunk()` ends such a body properly. */
  chunk(bytes: string | Uint8Array): Promise<void>;
  lastChunk(): Promise<void>;
  /** A complete, well-formed answer with Content-Length, then the connection is closed. */
  send(status: number, headers?: Record<string, string>, body?: string | Uint8Array): void;
  /** Closes the connection cleanly (FIN) once what was written is sent. */
  end(): void;
  /** Drops the connection (RST), discarding anything not yet sent. */
  reset(): void;
}

export type FaultHandler = (req: FaultRequest, reply: FaultReply) => void | Promise<void>;

export interface FaultServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Every request received, in order. */
  requests: FaultRequest[];
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 204: 'No Content', 404: 'Not Found', 503: 'Unavailable' };

function parseHead(text: string): FaultRequest {
  const [requestLine = '', ...lines] = text.split('\r\n');
  const [method = '', target = '/'] = requestLine.split(' ');
  const queryAt = target.indexOf('?');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    method,
    path: queryAt < 0 ? target : target.slice(0, queryAt),
    query: new URLSearchParams(queryAt < 0 ? '' : target.slice(queryAt + 1)),
    headers,
  };
}

function replyOn(socket: net.Socket): FaultReply {
  const write = (bytes: string | Uint8Array) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed) return resolve();
      socket.write(bytes, () => resolve());
    });
  const head = (status: number, headers: Record<string, string> = {}) => {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Status'}\r\n${lines.join('')}\r\n`);
  };
  return {
    head,
    write,
    chunk: async (bytes) => {
      const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
      await write(`${size.toString(16)}\r\n`);
      await write(bytes);
      await write('\r\n');
    },
    lastChunk: () => write('0\r\n\r\n'),
    send: (status, headers = {}, body = '') => {
      const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
      head(status, { ...headers, 'content-length': String(size), connection: 'close' });
      socket.end(body);
    },
    end: () => socket.end(),
    reset: () => socket.resetAndDestroy(),
  };
}

/**
 * Starts the server on a free loopback port. Each connection carries one
 * request (answers made with `send` close it); `handler` decides the answer.
 */
export async function startFaultServer(handler: FaultHandler): Promise<FaultServer> {
  const requests: FaultRequest[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined); // the client hanging up is part of every fault
    let received = '';
    const onData = (data: Buffer) => {
      received += data.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.resume(); // a request body, if any, is read and ignored
      const req = parseHead(received.slice(0, end));
      requests.push(req);
      void Promise.resolve(handler(req, replyOn(socket))).catch(() => socket.destroy());
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The account path the fault session's region points at. */
export const FAULT_ACCOUNT = '/v1/AUTH_fault';
export const FAULT_REGION = 'Fault';

/** A StorageSession whose only region is the fault server (no identity service involved). */
export function faultSession(server: Pick<FaultServer, 'origin'>): Promise<StorageSession> {
  const grant: AccessGrant = {
    token: 'fault-token',
    expiresAt: undefined,
    tenantName: 'fault',
    regions: [{ name: FAULT_REGION, endpoint: `${server.origin}${FAULT_ACCOUNT}` }],
  };
  return StorageSession.open(
    { authUrl: `${server.origin}/v2.0`, userName: 'fault', secret: { kind: 'password', value: 'unused' } },
    async () => grant,
  );
}
