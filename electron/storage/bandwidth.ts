// The bandwidth limit: one token bucket for all uploads and one for all downloads, each following the
// person's limit and its time-of-day window. The transfers ask their direction's bucket (`take`) before
// each piece they read from disk (upload/part.ts) or write to it (download/temp.ts).
import { limitAt, NO_BANDWIDTH_LIMITS, type BandwidthLimits } from '../../shared/bandwidth';
import { systemClock, TokenBucket, type Clock } from './token-bucket';

export { systemClock, type Clock, type Pace } from './token-bucket';

export class Bandwidth {
  #limits: BandwidthLimits = NO_BANDWIDTH_LIMITS;
  readonly upload: TokenBucket;
  readonly download: TokenBucket;

  constructor(clock: Clock = systemClock) {
    // Read on every ask: a change of limits, or the clock crossing the window's edge, applies at once.
    this.upload = new TokenBucket(() => this.#rateNow('upload', clock), clock);
    this.download = new TokenBucket(() => this.#rateNow('download', clock), clock);
  }

  get limits(): BandwidthLimits {
    return this.#limits;
  }

  /** New limits, for the transfers running now as for those to come. */
  set(limits: BandwidthLimits): void {
    const { uploadLimit, downloadLimit, limitFrom, limitTo } = limits;
    this.#limits = { uploadLimit, downloadLimit, limitFrom, limitTo };
    this.upload.changed();
    this.download.changed();
  }

  #rateNow(direction: 'upload' | 'download', clock: Clock): number | null {
    const limits = this.#limits;
    // No limit: no clock to read.
    if (limits.uploadLimit === null && limits.downloadLimit === null) return null;
    return limitAt(limits, direction, clock.minuteOfDay());
  }
}
