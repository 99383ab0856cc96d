import { StorageError } from '../errors';

export const refused = (status: number): StorageError =>
  new StorageError('auth_failed', 'Sign-in failed: the user name, password or tenant was not accepted.', { status });

export const unreadable = (url: string, expected: string, status: number, cause: unknown): StorageError =>
  new StorageError('server', `Sign-in failed: ${url} did not answer with ${expected}.`, { status, cause });
