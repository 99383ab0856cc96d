import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { TransferProgress } from '../../shared/domain';
import { bytesPassed } from './young-garbage';

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
 * Counts and hashes (MD5, the digest Swift puts in an ETag) the bytes of a
 * transfer as something else moves them: a sink or a source calls `count`
 * for each chunk, so the bytes are read from disk or network exactly once and
 * pass through no extra stream stage. `hash: false` only counts (an
 * extraction: Swift answers it with no checksum to compare).
 */
export class Meter {
  readonly #hash: Hash | undefined;
  readonly #onBytes: ((loaded: number) => void) | undefined;
  #loaded = 0;

  constructor(onBytes?: (loaded: number) => void, opts: { hash?: boolean } = {}) {
    this.#onBytes = onBytes;
    this.#hash = opts.hash === false ? undefined : createHash('md5');
  }

  get loaded(): number {
    return this.#loaded;
  }

  /** Hex MD5 of everything counted (call once, at the end). */
  md5(): string {
    return (this.#hash ?? createHash('md5')).digest('hex');
  }

  count(chunk: Buffer): void {
    this.#hash?.update(chunk);
    this.#loaded += chunk.length;
    this.#onBytes?.(this.#loaded);
    bytesPassed(chunk.length);
  }
}

/**
 * A Meter as a stream stage, where the bytes come from a stream Cirrus does
 * not make itself (a GET's body copied into a PUT, an archive): they pass
 * through unchanged, hashed before they are handed on, so once the other side
 * has had them all, `md5()` covers them all.
 */
export class MeteringStream extends Transform {
  readonly #meter: Meter;

  constructor(onBytes?: (loaded: number) => void, opts: { hash?: boolean } = {}) {
    super();
    this.#meter = new Meter(onBytes, opts);
  }

  get loaded(): number {
    return this.#meter.loaded;
  }

  /** Hex MD5 of everything that has passed (call once, at the end). */
  md5(): string {
    return this.#meter.md5();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#meter.count(chunk);
    callback(null, chunk);
  }
}

/** One segment of a large object as a download expects it. */
export interface ExpectedPiece {
  bytes: number;
  /** The MD5 of exactly these bytes, where it is known. */
  md5: string | undefined;
}

/**
 * Checks a large object segment by segment as its bytes pass: Swift serves
 * the segments back to back in manifest (or listing) order, so the bytes can
 * be cut at the known lengths and each part's MD5 compared as it completes.
 * A damaged part stops the transfer there, not after the last byte. Bytes
 * beyond the last part pass unchecked: the caller compares the total length.
 * The sink that writes the bytes calls `check` for each chunk, in order.
 */
export class SegmentCheck {
  readonly #pieces: readonly ExpectedPiece[];
  readonly #onMismatch: (index: number) => Error;
  #index = 0;
  #left = 0;
  #hash: Hash | undefined;

  constructor(pieces: readonly ExpectedPiece[], onMismatch: (index: number) => Error) {
    this.#pieces = pieces;
    this.#onMismatch = onMismatch;
    this.#begin(0);
  }

  #begin(index: number): void {
    const piece = this.#pieces[index];
    this.#index = index;
    this.#left = piece?.bytes ?? 0;
    this.#hash = piece?.md5 !== undefined ? createHash('md5') : undefined;
  }

  /** Closes every part that has all its bytes (empty ones too); the error for a damaged one. */
  #settle(): Error | undefined {
    while (this.#index < this.#pieces.length && this.#left === 0) {
      const expected = this.#pieces[this.#index]!.md5;
      if (this.#hash && this.#hash.digest('hex') !== expected) return this.#onMismatch(this.#index);
      this.#begin(this.#index + 1);
    }
    return undefined;
  }

  /** Takes the next chunk; the error for a damaged part, once the part is complete. */
  check(chunk: Buffer): Error | undefined {
    let error = this.#settle();
    for (let offset = 0; !error && offset < chunk.length && this.#index < this.#pieces.length;) {
      const take = Math.min(this.#left, chunk.length - offset);
      this.#hash?.update(chunk.subarray(offset, offset + take));
      this.#left -= take;
      offset += take;
      error = this.#settle();
    }
    return error;
  }
}
