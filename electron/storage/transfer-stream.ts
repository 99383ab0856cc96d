import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { TransferProgress } from '../../shared/domain';

/** Progress callbacks fire at most this often; a 1 GiB transfer would otherwise send ~16,000 IPC messages. */
export const PROGRESS_INTERVAL_MS = 100;

export type ProgressListener = (progress: TransferProgress) => void;

/**
 * Rate-limits progress reports: the first report goes out at once (so a UI,
 * or a test waiting to cancel, hears early), later ones at most every
 * `intervalMs`, and `finish` always reports the final figure.
 */
export class ProgressThrottle {
  readonly #listener: ProgressListener | undefined;
  readonly #total: number | undefined;
  readonly #intervalMs: number;
  #lastAt = -Infinity;
  #lastLoaded = -1;

  constructor(listener: ProgressListener | undefined, total: number | undefined, intervalMs = PROGRESS_INTERVAL_MS) {
    this.#listener = listener;
    this.#total = total;
    this.#intervalMs = intervalMs;
  }

  update(loaded: number): void {
    if (!this.#listener) return;
    const now = performance.now();
    if (now - this.#lastAt < this.#intervalMs) return;
    this.#emit(loaded, now);
  }

  finish(loaded: number): void {
    if (this.#listener && loaded !== this.#lastLoaded) this.#emit(loaded, performance.now());
  }

  #emit(loaded: number, now: number): void {
    this.#lastAt = now;
    this.#lastLoaded = loaded;
    try {
      this.#listener?.({ loaded, total: this.#total });
    } catch {
      // A failing listener (a closed window, say) must not break the transfer.
    }
  }
}

/**
 * Passes bytes through unchanged while counting them and hashing them (MD5,
 * the digest Swift puts in an ETag), so a transfer is read from disk or
 * network exactly once. Bytes are hashed before they are handed on, so once
 * the other side has had them all, `md5()` covers them all.
 */
export class MeteringStream extends Transform {
  readonly #hash: Hash = createHash('md5');
  readonly #onBytes: ((loaded: number) => void) | undefined;
  #loaded = 0;

  constructor(onBytes?: (loaded: number) => void) {
    super();
    this.#onBytes = onBytes;
  }

  get loaded(): number {
    return this.#loaded;
  }

  /** Hex MD5 of everything that has passed (call once, at the end). */
  md5(): string {
    return this.#hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#hash.update(chunk);
    this.#loaded += chunk.length;
    this.#onBytes?.(this.#loaded);
    callback(null, chunk);
  }
}

/** An ETag as Swift sends it, without the quotes it puts around manifests' ETags. */
export function bareEtag(etag: string | null | undefined): string {
  return (etag ?? '').trim().replace(/^"(.*)"$/, '$1');
}
