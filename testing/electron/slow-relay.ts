/**
 * A slow network between Cirrus and the real Swift: a loopback TCP relay that
 * forwards every byte unchanged, either way, but no faster than a rate, and
 * can stop for a while as a congested link does. Swift, the tokens and the
 * storage client stay real; only time is stretched, so a test can make an
 * upload or a download outlast a token without changing production code.
 */
import net from 'node:net';
import { pipeline, Transform, type TransformCallback } from 'node:stream';

/** Bytes are passed on in pieces this large, so a rate holds within a piece's time. */
const PIECE = 16 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One direction of the link, shared by every connection through the relay. */
export class Link {
  /** Bytes per second; Infinity: as fast as the machine goes. */
  rate = Infinity;
  #nextFree = 0;
  #stall: { after: number; ms: number } | undefined;

  /** The next `after` bytes pass, then the link stops for `ms`, then it carries on. */
  stallAfter(after: number, ms: number): void {
    this.#stall = { after, ms };
  }

  async pass(bytes: number): Promise<void> {
    if (this.#stall) {
      this.#stall.after -= bytes;
      if (this.#stall.after < 0) {
        const { ms } = this.#stall;
        this.#stall = undefined;
        await sleep(ms);
      }
    }
    if (this.rate === Infinity) return;
    // Pieces are given slots one after another, across all connections, at `rate`.
    const now = Date.now();
    const at = Math.max(now, this.#nextFree);
    this.#nextFree = at + (bytes / this.rate) * 1000;
    await sleep(this.#nextFree - now);
  }
}

const through = (link: Link) =>
  new Transform({
    transform(this: Transform, chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      void (async () => {
        for (let at = 0; at < chunk.length; at += PIECE) {
          const piece = chunk.subarray(at, at + PIECE);
          await link.pass(piece.length);
          this.push(piece);
        }
      })().then(() => done(), done);
    },
  });

export interface SlowRelay {
  /** `http://127.0.0.1:<port>`, to put in place of the target's origin. */
  origin: string;
  /** Client to server (uploads' bodies). */
  up: Link;
  /** Server to client (downloads' bodies). */
  down: Link;
  close(): Promise<void>;
}

export async function startSlowRelay(target: { host: string; port: number }): Promise<SlowRelay> {
  const up = new Link();
  const down = new Link();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const server = net.connect(target.port, target.host);
    for (const s of [client, server]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    // pipeline ends both sides when either fails or closes; the error itself is the test's to see through Cirrus.
    pipeline(client, through(up), server, () => client.destroy());
    pipeline(server, through(down), client, () => server.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    up,
    down,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
