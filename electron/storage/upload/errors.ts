import path from 'node:path';
import { StorageError } from '../errors';
import { errorFromResponse, type HttpResponse } from '../http';
import { statusAndId } from '../response-parts';

/** Why an upload's part (a whole object or one segment) was refused, in words the person can act on. */
export function integrityError(what: string, res: HttpResponse): StorageError {
  return new StorageError(
    'server',
    `${what} failed: the data Swift stored does not match the file (checksum mismatch). Nothing was kept; try again.`,
    statusAndId(res),
  );
}

export function partError(res: HttpResponse, what: string, container: string): StorageError {
  if (res.status === 422) return integrityError(what, res);
  if (res.status === 404) {
    return new StorageError(
      'not_found',
      `${what} failed: the container "${container}" does not exist.`,
      statusAndId(res),
    );
  }
  return errorFromResponse(res, what);
}

/**
 * The file changed while it was read (another program writing it): what was sent is no one
 * version of it. Named by its file name only, as every message about a local file the page shows.
 */
export function fileChangedError(filePath: string, name: string, cause?: unknown): StorageError {
  return new StorageError(
    'conflict',
    `"${path.basename(filePath)}" changed while it was being uploaded; nothing was kept as "${name}". ` +
      'Upload it again once nothing is writing to it.',
    cause === undefined ? undefined : { cause },
  );
}
