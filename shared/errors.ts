/** Stable error codes the UI can act on; every failure that crosses IPC carries one. */
export const ERROR_CODES = [
  'auth_failed',
  'not_signed_in',
  'not_found',
  'conflict',
  'invalid_input',
  'limit_exceeded',
  'network',
  'timeout',
  'server',
  'cancelled',
  'forbidden',
  /** The OS offers no encrypted storage and the person has not agreed to plain text. */
  'insecure_storage',
  'unexpected',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AppError {
  code: ErrorCode;
  message: string;
  /** HTTP status of the storage or identity response, when there was one. */
  status?: number;
  /** Swift's X-Trans-Id, so a person can quote it to the operator. */
  requestId?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: AppError): Result<never> => ({ ok: false, error });
