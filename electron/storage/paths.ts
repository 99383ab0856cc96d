/**
 * URL paths below a region's endpoint. Object names keep their "/" (pseudo-folders); all else is escaped.
 *
 * Every storage call builds its path here, so this is where names no region
 * accepts are refused, whatever called: a container name with "/" would be
 * read by Swift as container + object (deleting object `x` of "container c/o"
 * deletes `o/x` of container `c`), and a lone surrogate makes
 * encodeURIComponent throw, which surfaced as an `unexpected` error.
 */
import { containerNameShapeProblems, objectNameShapeProblems, type Problem } from '../../shared/validation';
import { StorageError } from './errors';

function refuse(problems: Problem[]): void {
  if (problems.length > 0) throw new StorageError('invalid_input', problems.map((p) => p.message).join(' '));
}

const encodeSegment = (s: string): string => encodeURIComponent(s);
const encodeObjectName = (s: string): string => s.split('/').map(encodeSegment).join('/');

export function containerPath(container: string): string {
  refuse(containerNameShapeProblems(container));
  return encodeSegment(container);
}

export function objectPath(container: string, object: string): string {
  const path = containerPath(container);
  refuse(objectNameShapeProblems(object));
  return `${path}/${encodeObjectName(object)}`;
}

/** The `/container/object` form Swift wants in X-Copy-From, Destination and bulk-delete bodies. */
export const sourceReference = (container: string, object?: string): string =>
  `/${object === undefined ? containerPath(container) : objectPath(container, object)}`;
