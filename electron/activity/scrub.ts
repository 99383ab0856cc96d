/**
 * A request as the activity log keeps it: the region, the decoded account/container/object, and a
 * query with every secret hidden. The URL is the only part of a request the log is given that can
 * hold one: a temporary URL's `temp_url_sig`, a token some service takes as a parameter, or
 * `user:password@` in the address. Header values other than the request id and bodies never reach
 * it (storage/request-observer.ts).
 */
import type { ActivityEntry } from '../../shared/activity';
import type { ObservedRequest } from '../storage/request-observer';

/** Query parameters whose values are hidden: signatures, tokens, keys, passwords, credentials. */
const SECRET_PARAM = /sig|token|key|secret|pass|credential|auth/i;
const HIDDEN = '(hidden)';

/** An entry (without its place in the log) for one observed request. */
export function scrubbedEntry(request: ObservedRequest): Omit<ActivityEntry, 'seq'> {
  const { host, rest } = splitAddress(request.url);
  const queryAt = rest.indexOf('?');
  const path = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const query = queryAt < 0 ? '' : scrubQuery(rest.slice(queryAt + 1));
  return {
    at: request.startedAt,
    region: request.region?.name ?? '',
    host,
    method: request.method,
    ...placeOf(path, request),
    ...(query ? { query } : {}),
    ...(request.status !== undefined ? { status: request.status } : {}),
    ...(request.errorCode !== undefined ? { error: request.errorCode } : {}),
    ...(request.sentBytes !== undefined ? { sent: request.sentBytes } : {}),
    ...(request.receivedBytes !== undefined ? { received: request.receivedBytes } : {}),
    ms: request.durationMs,
    ...(request.requestId !== undefined ? { requestId: request.requestId } : {}),
  };
}

/** `host:port` without `user:password@`, and what follows it. */
function splitAddress(url: string): { host: string; rest: string } {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)([^#]*)/i.exec(url);
  if (!match) return { host: '', rest: '' };
  const authority = match[1]!;
  return { host: authority.slice(authority.lastIndexOf('@') + 1), rest: match[2]! };
}

/** The query as sent, with the value of every secret-looking parameter hidden (its name kept). */
export function scrubQuery(query: string): string {
  const params = new URLSearchParams(query);
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) params.set(name, HIDDEN);
  }
  return decodeURIComponent(params.toString().replaceAll('+', '%20'));
}

type Place = Pick<ActivityEntry, 'account' | 'container' | 'object' | 'path'>;

/** The account, container and object a path below the region's endpoint names; else the path itself. */
function placeOf(path: string, request: ObservedRequest): Place {
  const endpointPath = request.region ? splitAddress(request.region.endpoint).rest.replace(/\/+$/, '') : undefined;
  if (endpointPath === undefined || (path !== endpointPath && !path.startsWith(`${endpointPath}/`))) {
    return { path: decoded(path) };
  }
  const account = decoded(endpointPath.slice(endpointPath.lastIndexOf('/') + 1));
  const below = path.slice(endpointPath.length + 1);
  if (!below) return { account };
  const slash = below.indexOf('/');
  if (slash < 0) return { account, container: decoded(below) };
  return { account, container: decoded(below.slice(0, slash)), object: decoded(below.slice(slash + 1)) };
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    // Not what Cirrus sends (paths.ts encodes every name); shown as sent rather than lost.
    return part;
  }
}
