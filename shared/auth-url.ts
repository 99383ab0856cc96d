/**
 * Auth URLs with a user name or password in them (`http://user:pw@host/v2.0`).
 * Cirrus signs in with the fields of the form, never with these, and a URL is
 * shown back, put in error messages and saved in profiles.json: a password in
 * it would leak through every one of those. So such a URL is refused (and
 * stripped from profiles saved before this rule), and the message about it
 * never repeats the URL.
 */

/**
 * Userinfo as a WHATWG URL parser finds it in an http(s) URL: tabs and
 * newlines are dropped anywhere, any run of "/" or "\" may follow the scheme,
 * and the authority ends at the first "/", "\", "?" or "#". A regular
 * expression rather than `new URL`, because shared/ has no URL type. Leading
 * C0 controls and spaces are skipped, as URL parsing skips them.
 */
const USERINFO = /^([\0-\x20]*https?:[/\\]*)[^/\\?#]*@/i;

const withoutTabsAndNewlines = (url: string): string => url.replace(/[\t\n\r]/g, '');

export const hasUrlCredentials = (url: string): boolean => USERINFO.test(withoutTabsAndNewlines(url));

/** The URL without its user name and password; unchanged when it has none. */
export const withoutUrlCredentials = (url: string): string =>
  hasUrlCredentials(url) ? withoutTabsAndNewlines(url).replace(USERINFO, '$1') : url;

export const URL_CREDENTIALS_MESSAGE =
  'The auth URL must not contain a user name or password ("user:password@"); enter them in their own fields.';

const SCHEME = /^\s*https?:\/\//i;

/**
 * What is wrong with an auth URL, in one sentence a person can act on, or
 * undefined when it can be sent. Checked in the form before anything is sent
 * and again by the main process (the contract).
 */
export function authUrlProblem(url: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed === '') return 'Enter the auth URL of the identity service.';
  if (!SCHEME.test(trimmed)) {
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
      ? 'The auth URL must start with https:// or http://.'
      : `The auth URL needs its scheme: start it with https:// (or http:// for a service without TLS), e.g. https://${trimmed.replace(/^\/+/, '')}.`;
  }
  if (hasUrlCredentials(trimmed)) return URL_CREDENTIALS_MESSAGE;
  const host = /^\s*https?:\/\/([^/?#]*)/i.exec(trimmed)?.[1] ?? '';
  if (host === '' || /\s/.test(trimmed)) return 'The auth URL is not a valid address: check the host name and spaces.';
  return undefined;
}
