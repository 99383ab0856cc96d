import type { Problem } from '../../shared/validation';
import { StorageError } from './errors';

/** Refuses to send what the region would reject, naming the offending key and the limit. */
export function assertNoProblems(problems: Problem[], what: string): void {
  if (problems.length === 0) return;
  const tooBig = problems.some((p) => /limit is|at most/.test(p.message));
  throw new StorageError(
    tooBig ? 'limit_exceeded' : 'invalid_input',
    `${what}: ${problems.map((p) => p.message).join(' ')}`,
  );
}
