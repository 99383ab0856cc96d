import type { AppError, ErrorCode } from '../../shared/errors';

/** A failure of a storage or identity call, carrying what the UI needs to explain it. */
export class StorageError extends Error {
  readonly code: ErrorCode;
  readonly status: number | undefined;
  readonly requestId: string | undefined;

  constructor(code: ErrorCode, message: string, opts: { status?: number; requestId?: string; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = 'StorageError';
    this.code = code;
    this.status = opts.status;
    this.requestId = opts.requestId;
  }

  toAppError(): AppError {
    const error: AppError = { code: this.code, message: this.message };
    if (this.status !== undefined) error.status = this.status;
    if (this.requestId !== undefined) error.requestId = this.requestId;
    return error;
  }
}

export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'auth_failed';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 413 || status === 429) return 'limit_exceeded';
  if (status >= 500) return 'server';
  return 'invalid_input';
}

/** Any thrown value as an AppError, without leaking stack traces or secrets to the renderer. */
export function toAppError(err: unknown): AppError {
  if (err instanceof StorageError) return err.toAppError();
  // An abort that surfaced as the platform's own AbortError (from a signal's reason) is still a cancel.
  if (err instanceof Error && err.name === 'AbortError')
    return { code: 'cancelled', message: 'The operation was cancelled.' };
  return { code: 'unexpected', message: 'Something went wrong inside Cirrus. Please try again.' };
}
