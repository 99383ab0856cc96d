import { isWellFormed } from '../../shared/validation';
import type { Region, SessionInfo } from '../../shared/domain';
import { authenticate as authenticateAny, type AccessGrant, type Credentials } from './auth';
import { untilAborted } from './cancel';
import { StorageError } from './errors';
import { send, type BodySource, type HttpRequest, type HttpResponse } from './http';
import type { RequestRegion } from './request-observer';

/**
 * Renew this long before the token's stated expiry, so no call goes out with a
 * dying token; a quarter of the lifetime for short-lived tokens, so they are
 * not renewed on every call. Swift checks a token when a request starts, so a
 * segment PUT or a GET that outlives its token still finishes, and a long
 * upload renews between segments with none sent twice (token-lifetime.int.test.ts,
 * from the proxy's log).
 */
const RENEW_BEFORE_MS = 60_000;
const renewWindowMs = (grant: AccessGrant, obtainedAt: number): number =>
  grant.expiresAt ? Math.min(RENEW_BEFORE_MS, (grant.expiresAt.getTime() - obtainedAt) / 4) : 0;

export type Authenticate = (credentials: Credentials, signal?: AbortSignal) => Promise<AccessGrant>;

export interface StorageRequest {
  method: HttpRequest['method'];
  /** Path below the region's endpoint, already encoded (see paths.ts); '' is the account. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  body?: BodySource;
  signal?: AbortSignal | undefined;
  /** Return a 2xx body unread, as a stream. */
  stream?: boolean;
  /** Longer (or shorter) waits than http.ts's defaults, for calls known to answer late. */
  timeouts?: HttpRequest['timeouts'];
}

/**
 * One signed-in person: holds the credentials and the token, and makes every
 * authenticated call. Neither ever leaves this object, so nothing secret can
 * reach the renderer through a return value.
 */
export class StorageSession {
  readonly #credentials: Credentials;
  readonly #authenticate: Authenticate;
  #grant: AccessGrant;
  #obtainedAt = Date.now();
  #renewal: Promise<AccessGrant> | undefined;
  #changes = 0;

  private constructor(credentials: Credentials, authenticate: Authenticate, grant: AccessGrant) {
    this.#credentials = credentials;
    this.#authenticate = authenticate;
    this.#grant = grant;
  }

  /** Authenticates once; later calls reuse the token until it nears expiry or is refused. */
  static async open(
    credentials: Credentials,
    authenticate: Authenticate = authenticateAny,
    signal?: AbortSignal,
  ): Promise<StorageSession> {
    const grant = await authenticate(credentials, signal);
    return new StorageSession(credentials, authenticate, grant);
  }

  info(): SessionInfo {
    return {
      userName: this.#credentials.userName,
      tenantName: this.#grant.tenantName,
      authUrl: this.#credentials.authUrl,
      regions: this.#grant.regions.map((r) => ({ ...r })),
      expiresAt: this.#grant.expiresAt?.toISOString(),
    };
  }

  region(name: string): Region {
    const region = this.#grant.regions.find((r) => r.name === name);
    if (!region) throw new StorageError('not_found', `The service catalog has no region named "${name}".`);
    return region;
  }

  /**
   * Counts requests that may change something (anything but GET and HEAD),
   * once as each starts and once as it ends: a reading made while the count
   * stood still saw no change of this session's in flight (listing-read-ahead.ts).
   */
  get changes(): number {
    return this.#changes;
  }

  async request(regionName: string, req: StorageRequest): Promise<HttpResponse> {
    if (req.method === 'GET' || req.method === 'HEAD') return this.#request(regionName, req);
    this.#changes++;
    try {
      return await this.#request(regionName, req);
    } finally {
      this.#changes++;
    }
  }

  async #request(regionName: string, req: StorageRequest): Promise<HttpResponse> {
    const region = { name: regionName, endpoint: this.region(regionName).endpoint };
    const url = this.#url(region.endpoint, req);
    const grant = await this.#currentGrant(req.signal);
    const res = await this.#send(url, region, req, grant.token);
    if (res.status !== 401) return res;
    // The token may have been revoked or lost by the service: renew once and retry once.
    const renewed = await this.#renew(grant, req.signal);
    return this.#send(url, region, req, renewed.token);
  }

  #send(url: string, region: RequestRegion, req: StorageRequest, token: string): Promise<HttpResponse> {
    return send({
      method: req.method,
      url,
      region,
      headers: { ...req.headers, 'x-auth-token': token },
      ...(req.body !== undefined ? { body: req.body } : {}),
      ...(req.stream ? { stream: true } : {}),
      ...(req.timeouts ? { timeouts: req.timeouts } : {}),
      signal: req.signal,
    });
  }

  /** Joined as text, not through URL parsing, so object names reach Swift exactly (see HttpRequest.url). */
  #url(endpoint: string, req: StorageRequest): string {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(req.query ?? {})) {
      if (value === undefined) continue;
      // URLSearchParams would quietly send a lone surrogate as U+FFFD: a different marker or prefix.
      if (typeof value === 'string' && (!isWellFormed(value) || value.includes('\0'))) {
        throw new StorageError('invalid_input', `The ${key} is not valid Unicode text.`);
      }
      query.set(key, String(value));
    }
    const search = query.toString();
    return `${endpoint}${req.path ? `/${req.path}` : ''}${search ? `?${search}` : ''}`;
  }

  #currentGrant(signal: AbortSignal | undefined): Promise<AccessGrant> {
    const expiresAt = this.#grant.expiresAt?.getTime();
    if (expiresAt !== undefined && expiresAt - Date.now() < renewWindowMs(this.#grant, this.#obtainedAt)) {
      return this.#renew(this.#grant, signal);
    }
    return Promise.resolve(this.#grant);
  }

  /**
   * Concurrent callers that saw the same stale grant share one renewal. It
   * runs without any one caller's signal, so one caller cancelling does not
   * fail the others; each caller still stops waiting when its own signal fires
   * (the renewal itself is bounded by http.ts's timeouts).
   */
  #renew(stale: AccessGrant, signal: AbortSignal | undefined): Promise<AccessGrant> {
    if (this.#grant !== stale) return Promise.resolve(this.#grant);
    return untilAborted(this.#sharedRenewal(), signal);
  }

  #sharedRenewal(): Promise<AccessGrant> {
    this.#renewal ??= this.#authenticate(this.#credentials)
      .then((grant) => {
        this.#grant = grant;
        this.#obtainedAt = Date.now();
        return grant;
      })
      .finally(() => {
        this.#renewal = undefined;
      });
    return this.#renewal;
  }
}
