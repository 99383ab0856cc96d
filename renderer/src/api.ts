/**
 * The renderer's only door to the main process: `window.cirrus`, exposed by
 * the preload. Results are unwrapped into values or thrown `ApiError`s so
 * React Query sees failures as errors.
 */
import type { CirrusApi, EventName, EventPayloads, PageOperation, Request, Response } from '../../shared/contract';
import type { AppError, ErrorCode, Result } from '../../shared/errors';

declare global {
  interface Window {
    cirrus: CirrusApi;
  }
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number | undefined;
  readonly requestId: string | undefined;

  constructor(error: AppError) {
    super(error.message);
    this.name = 'ApiError';
    this.code = error.code;
    this.status = error.status;
    this.requestId = error.requestId;
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new ApiError(result.error);
}

/** Operations whose request takes an `operationId`, so the main process can cancel them. */
// Its keys, not assignability: `{}` is assignable to `{ operationId?: string }`, and a request without the field
// would be refused (the contract's objects are strict).
type Cancellable<O extends PageOperation> = 'operationId' extends keyof Request<O> ? O : never;

let lastOperationId = 0;

/**
 * Calls one operation of the contract and unwraps its result. With a
 * `signal` (React Query gives every query one), the call gets an
 * `operationId` and aborting the signal cancels it in the main process too:
 * a person who leaves a slow folder does not leave its listing running.
 */
export async function call<O extends PageOperation>(
  operation: O,
  request: Request<O>,
  ...cancel: O extends Cancellable<O> ? [signal?: AbortSignal] : []
): Promise<Response<O>> {
  const api = window.cirrus as CirrusApi | undefined;
  if (!api) {
    throw new ApiError({ code: 'unexpected', message: 'Cirrus cannot reach its main process (no window.cirrus).' });
  }
  const fn = api[operation] as (request: Request<O>) => Promise<Result<Response<O>>>;
  const [signal] = cancel;
  if (!signal) return unwrap(await fn(request));
  const operationId = `call-${Date.now().toString(36)}-${++lastOperationId}`;
  const onAbort = () => void api.cancel({ operationId });
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return unwrap(await fn({ ...request, operationId }));
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

export function isApiError(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

/** Listens to one event from the main process; returns the function that stops listening. */
export function subscribe<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void {
  const api = window.cirrus as CirrusApi | undefined;
  return api ? api.on(event, listener) : () => undefined;
}

/** The local path of a file the person dropped (the preload asks Electron, and lets the main process read it); '' if none. */
export function pathForFile(file: File): string {
  const api = window.cirrus as CirrusApi | undefined;
  return api ? api.pathForFile(file) : '';
}
