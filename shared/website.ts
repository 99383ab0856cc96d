/**
 * A container as a static website (Swift's staticweb middleware) and its CORS
 * rules, as plain rules shared by the main process and the page. Both live in
 * container metadata, so one container POST sets or removes them all and
 * keeps every other key (Swift merges a container POST's metadata: verified
 * on 2.30, a key set before stayed beside the Web-* keys set after).
 *
 * What Swift 2.30 does with each (swift/common/middleware/staticweb.py and
 * swift/proxy/controllers/base.py, and checked with curl on the harness):
 * - Web-Index: served for the container's root and for any folder path
 *   ending in "/" (a path without the "/" is redirected, 301, to it).
 * - Web-Error: on a 404 (or 401) Swift serves the object `<status><suffix>`,
 *   e.g. `404error.html`, with the error's status.
 * - Web-Listings: read with config_true_value ("true", "yes", "on", "1", …);
 *   any other value turns listings off but still answers folders with a
 *   "Web Listing Disabled" page, so "off" here removes the key.
 * - Web-Listings-CSS: a name in the container (found from the container's
 *   root, whatever the folder), a path from the host ("/…") or an http(s) URL.
 * - staticweb answers anonymous requests only, and only where the read ACL
 *   lets them in: with `.r:*` alone the root answers 401 (Swift checks it as
 *   a listing, which needs `.rlistings`); objects by their full name are served.
 * - Access-Control-Allow-Origin: origins separated by single spaces, each
 *   compared with the request's Origin as an exact string (`*` allows any);
 *   a preflight from any other origin answers 401 and, in the default
 *   strict_cors_mode, other responses carry no Allow-Origin for it.
 * - Access-Control-Max-Age: passed to a preflight answer verbatim.
 * - Access-Control-Expose-Headers: names separated by spaces, added to the
 *   ones Swift always exposes (the simple response headers, ETag,
 *   X-Timestamp, X-Trans-Id and every X-Container-Meta/X-Object-Meta header).
 */
import type { Metadata } from './domain';
import type { MetadataChange } from './metadata-change';
import { byteLength, isWellFormed } from './utf8';

export const WEBSITE_TEXT_FIELDS = ['index', 'error', 'listingsCss', 'allowOrigin', 'maxAge', 'exposeHeaders'] as const;
export type WebsiteTextField = (typeof WEBSITE_TEXT_FIELDS)[number];

/** The metadata key (without `X-Container-Meta-`) each setting is stored under. */
export const WEBSITE_KEYS = {
  index: 'web-index',
  error: 'web-error',
  listings: 'web-listings',
  listingsCss: 'web-listings-css',
  allowOrigin: 'access-control-allow-origin',
  maxAge: 'access-control-max-age',
  exposeHeaders: 'access-control-expose-headers',
} as const satisfies Record<WebsiteTextField | 'listings', string>;

/** The settings as Swift holds them; '' where a key is not set. */
export type WebsiteSettings = Record<WebsiteTextField, string> & { listings: boolean };

/** What to change: a text sets its key, null removes it; listings on sets "true", off removes the key. */
export type WebsiteChange = Partial<Record<WebsiteTextField, string | null>> & { listings?: boolean };

/** Swift's config_true_value, which staticweb applies to Web-Listings. */
const TRUE_VALUES = new Set(['true', '1', 'yes', 'on', 't', 'y']);

export function websiteOf(metadata: Metadata): WebsiteSettings {
  const text = (field: WebsiteTextField) => (metadata[WEBSITE_KEYS[field]] ?? '').trim();
  return {
    index: text('index'),
    error: text('error'),
    listings: TRUE_VALUES.has((metadata[WEBSITE_KEYS.listings] ?? '').trim().toLowerCase()),
    listingsCss: text('listingsCss'),
    allowOrigin: text('allowOrigin'),
    maxAge: text('maxAge'),
    exposeHeaders: text('exposeHeaders'),
  };
}

/** The change as metadata: one set or remove per setting the change names. */
export function websiteMetadataChange(change: WebsiteChange): MetadataChange {
  const set: Metadata = {};
  const remove: string[] = [];
  for (const field of WEBSITE_TEXT_FIELDS) {
    const value = change[field];
    if (value === undefined) continue;
    if (value === null || value === '') remove.push(WEBSITE_KEYS[field]);
    else set[WEBSITE_KEYS[field]] = value;
  }
  if (change.listings === true) set[WEBSITE_KEYS.listings] = 'true';
  if (change.listings === false) remove.push(WEBSITE_KEYS.listings);
  return { set, remove };
}

/** A list a person typed (one per line, or separated by spaces or commas) as Swift stores it: space-separated. */
export const spaceList = (text: string): string =>
  text
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .join(' ');

// eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
const CONTROL = /[\0-\x1f\x7f]/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ORIGIN = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s:@[\]]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?(.*)$/i;
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * What is wrong with one origin. Swift compares it with the Origin header as
 * a string, so it must be written as browsers send it: scheme and host in
 * lower case, no default port, no path or trailing "/".
 */
export function originProblem(origin: string): string | undefined {
  if (origin === '*') return undefined;
  if (origin.includes(',')) return `“${origin}”: Swift separates origins with spaces, not commas.`;
  const m = ORIGIN.exec(origin);
  if (!m) return `“${origin}” is not an origin: write scheme://host, e.g. https://app.example.com, or * for any site.`;
  const [, scheme = '', host = '', port, rest = ''] = m;
  // eslint-disable-next-line no-control-regex -- anything beyond ASCII in a host
  if (/[^\x00-\x7f]/.test(host)) return `“${origin}”: write the host in its ASCII (xn--) form, as browsers send it.`;
  const bare = `${scheme}://${host}${port === undefined ? '' : `:${port}`}`;
  if (rest.startsWith(':')) return `“${origin}”: the port is a number, e.g. ${scheme}://${host}:8080.`;
  if (rest !== '') return `“${origin}” has a path; an origin ends at the host or port: ${bare}.`;
  if (port !== undefined && (Number(port) > 65535 || Number(port) === 0))
    return `“${origin}”: ${port} is not a port number.`;
  if (bare !== bare.toLowerCase()) return `“${origin}”: browsers send it in lower case, ${bare.toLowerCase()}.`;
  if (port !== undefined && DEFAULT_PORTS[scheme] === port)
    return `“${origin}”: browsers leave out the default port, so write ${scheme}://${host}.`;
  return undefined;
}

/**
 * What is wrong with a setting, given as Swift will store it (lists already
 * space-separated, see spaceList); '' removes the key and is always fine.
 * `maxValueBytes` is the region's max_meta_value_length, where it is known.
 */
export function websiteProblems(field: WebsiteTextField, value: string, maxValueBytes?: number): string[] {
  if (value === '') return [];
  if (!isWellFormed(value) || CONTROL.test(value)) return ['This field cannot hold control characters.'];
  if (value !== value.trim()) return ['This field starts or ends with a space, which Swift would drop.'];
  if (maxValueBytes !== undefined && byteLength(value) > maxValueBytes)
    return [`This region stores at most ${maxValueBytes} bytes per value; this is ${byteLength(value)}.`];
  switch (field) {
    case 'index':
      return value.startsWith('/') ? ['Name the page as it stands in a folder, without a leading “/”.'] : [];
    case 'error':
    case 'listingsCss':
      return [];
    case 'maxAge':
      return /^\d{1,10}$/.test(value) ? [] : ['The max age is a whole number of seconds.'];
    case 'allowOrigin':
      return value
        .split(' ')
        .map(originProblem)
        .filter((p): p is string => p !== undefined);
    case 'exposeHeaders':
      return value
        .split(' ')
        .filter((name) => !TOKEN.test(name))
        .map((name) => `“${name}” is not a header name.`);
  }
}
