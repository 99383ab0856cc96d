/** A container's versioning as its HEAD or listing headers say it (apart from versions.ts, which calls containers.ts). */
import type { ContainerVersioning } from '../../../shared/versions';
import { decodeHeaderValue } from '../headers';

/** The versioning headers of a container's HEAD or listing. */
export function versioningFromHeaders(headers: Headers): ContainerVersioning {
  const enabled = headers.get('x-versions-enabled');
  const stack = headers.get('x-versions-location');
  const history = headers.get('x-history-location');
  const legacy = history
    ? { mode: 'history' as const, location: decodeHeaderValue(history) }
    : stack
      ? { mode: 'stack' as const, location: decodeHeaderValue(stack) }
      : undefined;
  return { enabled: enabled === null ? undefined : enabled.toLowerCase() === 'true', legacy };
}
